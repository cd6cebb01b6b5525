#!/usr/bin/env bash
# A small cluster on this machine: two release instances of Pointe on the local PostgreSQL and Redis,
# behind nginx on 127.0.0.1:8080 (deploy/nginx.conf).
#   deploy/cluster.sh start SERVER   (make cluster)       starts it and prints the address
#   deploy/cluster.sh stop           (make cluster-stop)  ends exactly what start started (its pid files)
# State, logs and mail are in data/cluster/; the database is pointe_cluster (CLUSTER_DATABASE) and stays.
set -euo pipefail
cd "$(dirname "$0")/.."
dir=$PWD/data/cluster
database=${CLUSTER_DATABASE:-pointe_cluster}
ports=(8081 8082)

answers() { curl -fsS -o /dev/null --max-time 2 "$1" 2>/dev/null; }

start() {
  local server=${1:?usage: deploy/cluster.sh start PATH-TO-pointe-server}
  if [ -f "$dir/nginx.pid" ] || compgen -G "$dir/instance-*.pid" >/dev/null; then
    echo "The cluster is running (or was not stopped): make cluster-stop first." >&2
    exit 1
  fi
  command -v nginx >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx-light >/dev/null; }
  mkdir -p "$dir/tmp" "$dir/mail"
  if ! psql -h 127.0.0.1 -U postgres -tAc "SELECT 1 FROM pg_database WHERE datname = '$database'" | grep -q 1; then
    createdb -h 127.0.0.1 -U postgres "$database"
  fi
  # Every instance signs and checks the same tokens: one key, made once, kept outside the repository.
  [ -f "$dir/secret-key" ] || (umask 077 && head -c 48 /dev/urandom | base64 -w0 >"$dir/secret-key")
  for port in "${ports[@]}"; do
    DATABASE_URL="postgres://postgres@127.0.0.1:5432/$database" REDIS_URL=redis://127.0.0.1:6379 \
      SECRET_KEY="$(cat "$dir/secret-key")" PORT="$port" PUBLIC_URL=http://127.0.0.1:8080 TRUST_PROXY=true \
      MAIL_DIR="$dir/mail" WEB_DIST=web/dist RUST_LOG=info \
      "$server" serve >"$dir/instance-$port.log" 2>&1 &
    echo $! >"$dir/instance-$port.pid"
    # One after the other: the first applies the migrations and loads the seed content.
    for _ in $(seq 150); do answers "http://127.0.0.1:$port/api/health/ready" && break; sleep 0.2; done
    answers "http://127.0.0.1:$port/api/health/ready" || { echo "instance :$port did not start: $dir/instance-$port.log" >&2; stop; exit 1; }
  done
  nginx -p "$dir/" -c "$PWD/deploy/nginx.conf"
  for _ in $(seq 50); do answers http://127.0.0.1:8080/api/health && break; sleep 0.1; done
  echo "Pointe (two instances behind nginx) is serving http://127.0.0.1:8080"
  echo "Instances on :${ports[0]} and :${ports[1]}; logs and e-mails in data/cluster/; stop with make cluster-stop"
  echo "First admin: DATABASE_URL=postgres://postgres@127.0.0.1:5432/$database $server create-admin --username NAME --email ADDRESS"
}

stop() {
  if [ -f "$dir/nginx.pid" ]; then
    kill -QUIT "$(cat "$dir/nginx.pid")" 2>/dev/null || true
    rm -f "$dir/nginx.pid"
  fi
  for pidfile in "$dir"/instance-*.pid; do
    [ -f "$pidfile" ] || continue
    local pid
    pid=$(cat "$pidfile")
    # SIGTERM: requests in flight finish and queues are written; the instance is gone within 10 s.
    kill -TERM "$pid" 2>/dev/null || true
    for _ in $(seq 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -KILL "$pid" 2>/dev/null || true
    rm -f "$pidfile"
  done
  echo "The cluster is stopped (the database $database stays)."
}

case "${1:-}" in
  start) start "${2:-}" ;;
  stop) stop ;;
  *) echo "usage: deploy/cluster.sh start PATH-TO-pointe-server | stop" >&2; exit 2 ;;
esac
