#!/usr/bin/env bash
# The OpenAPI document is first checked against the OpenAPI specification (openapi-spec-validator, beside
# schemathesis in its virtualenv: unique operation ids, valid references and schemas). Then the API against
# its own document: schemathesis generates requests for every operation from
# the document and checks every answer (status documented, body on its schema, no server error, valid
# requests accepted, invalid ones refused; schemathesis.toml lists the few rules a schema cannot state),
# once as a visitor and once as an admin. Each pass has its own server on a free port of 127.0.0.1 with a
# throw-away SQLite database, so destructive calls harm nothing and neither pass sees the other's changes;
# the two run at once (each is one Python process, about one core).
# Usage: run.sh SERVER_BINARY SCHEMATHESIS_BINARY
set -euo pipefail
server=$1
schemathesis=$2
here=$(cd "$(dirname "$0")" && pwd)
dir=$(mktemp -d)
pids=()
trap 'kill "${pids[@]}" 2>/dev/null || true; rm -rf "$dir"' EXIT
# The analytics proxy forwards to a closed local port (502), never to the services themselves.
export HOST=127.0.0.1 MAIL_TRANSPORT=file BOT_CHECK=off WEB_DIST="$here/../../../web/dist" RUST_LOG=warn \
    ANALYTICS_PROXY_UPSTREAM=http://127.0.0.1:9
password='Contract-tests 1!'

# Starts a server over its own folder ($dir/NAME) and prints its address once it answers.
start() {
    local name=$1 port
    port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
    mkdir -p "$dir/$name"
    export PORT=$port DATABASE_URL="sqlite://$dir/$name/contract.db" MAIL_DIR="$dir/$name/mail"
    printf '%s' "$password" | "$server" create-admin --username contract --email contract@pointe.test --password-stdin >/dev/null
    "$server" serve >"$dir/$name/server.log" 2>&1 &
    pids+=($!)
    for _ in $(seq 100); do
        (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null && break
        sleep 0.1
    done
    echo "http://127.0.0.1:$port"
}
# `start` runs in this shell (not in $(...)) so that its server's pid is kept for the trap.
start visitor >"$dir/visitor.base"
start admin >"$dir/admin.base"
visitor=$(cat "$dir/visitor.base")
admin=$(cat "$dir/admin.base")
token=$(python3 "$here/sign_in.py" "$admin" contract "$password" "$dir/admin/mail")

status=0
python3 -c 'import sys, urllib.request; sys.stdout.buffer.write(urllib.request.urlopen(sys.argv[1]).read())' \
    "$visitor/api/openapi.json" >"$dir/openapi.json"
"$(dirname "$schemathesis")/openapi-spec-validator" "$dir/openapi.json" || status=1

# One schemathesis run against the server at $1, in the current folder (that server's, which also takes
# schemathesis's own cache, .schemathesis/).
run() {
    local base=$1
    shift
    "$schemathesis" --config-file "$here/schemathesis.toml" run "$base/api/openapi.json" --url "$base" \
        --checks all --max-examples 15 --seed 1 --no-color --suppress-health-check all --workers 1 "$@"
}
as_visitor() {
    cd "$dir/visitor" && run "$visitor"
}
# Logging out, ending the admin's own sessions, or refreshing (which retires the token it was sent with a
# minute later) would end the token the rest of the run signs with: refreshing comes last.
as_admin() {
    local failed=0
    cd "$dir/admin" || return 1
    run "$admin" -H "Authorization: Bearer $token" --exclude-path /api/auth/logout --exclude-path /api/account/sessions \
        --exclude-path /api/sessions/revoke/{id} --exclude-path /api/sessions/revoke-user/{user_id} \
        --exclude-path /api/auth/refresh || failed=1
    echo "== refreshing, as the admin"
    run "$admin" -H "Authorization: Bearer $token" --include-path /api/auth/refresh || failed=1
    return "$failed"
}
as_visitor >"$dir/visitor.out" 2>&1 &
visitor_pass=$!
as_admin >"$dir/admin.out" 2>&1 &
admin_pass=$!
wait "$visitor_pass" || status=1
wait "$admin_pass" || status=1
echo "== as a visitor"
cat "$dir/visitor.out"
echo "== as an admin"
cat "$dir/admin.out"
if [ "$status" -ne 0 ]; then
    for name in visitor admin; do
        echo "The $name server's log:"; tail -50 "$dir/$name/server.log"
    done
fi
exit "$status"
