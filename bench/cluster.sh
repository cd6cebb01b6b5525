#!/usr/bin/env bash
# Two instances behind nginx (make cluster: deploy/) against one of them directly, on the public reads:
# requests/s and latency with wrk. bench/run.sh runs it when PostgreSQL and Redis answer.
# Usage: bench/cluster.sh PATH-TO-pointe-server SECONDS CONNECTIONS
set -euo pipefail
server=${1:?usage: bench/cluster.sh PATH-TO-pointe-server SECONDS CONNECTIONS}
duration=${2:-10}
connections=${3:-32}
cd "$(dirname "$0")/.."
database="pointe_bench_cluster_$$"
trap './deploy/cluster.sh stop >/dev/null; dropdb -h 127.0.0.1 -U postgres --if-exists --force "$database"' EXIT
CLUSTER_DATABASE=$database ./deploy/cluster.sh start "$server" >/dev/null
measure() { # url -> "requests/s p50 p99 errors"
  wrk -t2 -c"$connections" -d"${duration}s" --latency -H 'Accept-Encoding: gzip' "$1" |
    awk '/Non-2xx/ {bad=$NF} /Requests\/sec/ {rps=$2} /^ +50%/ {p50=$2} /^ +99%/ {p99=$2} END {print rps, p50, p99, bad + 0}'
}
printf '| public read | nginx + 2 instances req/s | p50 | p99 | one instance req/s | p50 | p99 | ratio |\n|---|---|---|---|---|---|---|---|\n'
for path in "/api/brands?lang=en" "/?lang=en" "/brand/bloch?lang=en"; do
  read -r c_rps c_p50 c_p99 c_bad <<<"$(measure "http://127.0.0.1:8080$path")"
  read -r o_rps o_p50 o_p99 o_bad <<<"$(measure "http://127.0.0.1:8081$path")"
  [ "$c_bad" = 0 ] && [ "$o_bad" = 0 ] || { echo "bench: error answers on $path" >&2; exit 1; }
  ratio=$(python3 -c "print(f'{$c_rps / $o_rps:.2f}')")
  printf '| %s | %s | %s | %s | %s | %s | %s | %s |\n' "$path" "$c_rps" "$c_p50" "$c_p99" "$o_rps" "$o_p50" "$o_p99" "$ratio"
done
echo "(CPU cores: $(nproc); nginx, both instances and wrk share them)"
