#!/usr/bin/env bash
# The OpenAPI document is first checked against the OpenAPI specification (openapi-spec-validator, beside
# schemathesis in its virtualenv: unique operation ids, valid references and schemas). Then the API against
# its own document: schemathesis generates requests for every operation from
# the document and checks every answer (status documented, body on its schema, no server error, valid
# requests accepted, invalid ones refused; schemathesis.toml lists the few rules a schema cannot state),
# once as a visitor and once as an admin. The server runs on a free port of 127.0.0.1 with a throw-away
# SQLite database, so destructive calls harm nothing.
# Usage: run.sh SERVER_BINARY SCHEMATHESIS_BINARY
set -euo pipefail
server=$1
schemathesis=$2
here=$(cd "$(dirname "$0")" && pwd)
dir=$(mktemp -d)
trap 'kill "$pid" 2>/dev/null || true; rm -rf "$dir"' EXIT
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
# The analytics proxy forwards to a closed local port (502), never to the services themselves.
export PORT=$port HOST=127.0.0.1 DATABASE_URL="sqlite://$dir/contract.db" MAIL_TRANSPORT=file MAIL_DIR="$dir/mail" \
    BOT_CHECK=off WEB_DIST="$here/../../../web/dist" RUST_LOG=warn \
    ANALYTICS_PROXY_UPSTREAM=http://127.0.0.1:9
password='Contract-tests 1!'
printf '%s' "$password" | "$server" create-admin --username contract --email contract@pointe.test --password-stdin >/dev/null
"$server" serve >"$dir/server.log" 2>&1 &
pid=$!
for _ in $(seq 100); do
    (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null && break
    sleep 0.1
done
base="http://127.0.0.1:$port"
token=$(python3 "$here/sign_in.py" "$base" contract "$password" "$dir/mail")
status=0
python3 -c 'import sys, urllib.request; sys.stdout.buffer.write(urllib.request.urlopen(sys.argv[1]).read())' \
    "$base/api/openapi.json" >"$dir/openapi.json"
"$(dirname "$schemathesis")/openapi-spec-validator" "$dir/openapi.json" || status=1
# In the throw-away folder, which also takes schemathesis's own cache (.schemathesis/).
run() {
    (cd "$dir" && "$schemathesis" --config-file "$here/schemathesis.toml" run "$base/api/openapi.json" --url "$base" \
        --checks all --max-examples 15 --seed 1 --no-color --suppress-health-check all --workers 1 "$@") || status=1
}
echo "== as a visitor"
run
echo "== as an admin"
# Logging out, ending the admin's own sessions, or refreshing (which retires the token it was sent with a
# minute later) would end the token the rest of the run signs with: refreshing comes last.
run -H "Authorization: Bearer $token" --exclude-path /api/auth/logout --exclude-path /api/account/sessions \
    --exclude-path /api/sessions/revoke/{id} --exclude-path /api/sessions/revoke-user/{user_id} \
    --exclude-path /api/auth/refresh
echo "== refreshing, as the admin"
run -H "Authorization: Bearer $token" --include-path /api/auth/refresh
if [ "$status" -ne 0 ]; then
    echo "The server's log:"; tail -50 "$dir/server.log"
fi
exit "$status"
