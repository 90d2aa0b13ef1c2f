#!/usr/bin/env bash
# issue 31 outcome 3, the HTTP row again with the lean generator: the Tomcat server of http-json
# under wrk (the best outside HTTP generator), the harness's http-json (the JDK HttpClient, the
# library users pick) and the harness's http-json-lean (Netty's HTTP/1.1 codec, a generator), same
# server, same placement (server on CPU 1, generator on CPU 0), same concurrency (16 callers,
# closed loop, one call in flight each, keep-alive), under the measure lock: 15 s of warm-up by
# wrk, then 3 rounds alternating the three (wrk 10 s; each harness variant 6 runs of 16 x 5,000
# hello calls after its steady warm-up, run 0 dropped). Needs wrk (apt-get install wrk).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)"
OUT=${OUT:-$ROOT/docs/measurements/generators-2026-11-25/raw}
SECONDS_MEASURED=${SECONDS_MEASURED:-10}
HOST=127.0.0.1
READY_TIMEOUT_S=120
PINNED=()
# shellcheck source=bench/perf-lib.sh
source "$ROOT/bench/perf-lib.sh"

harness() {   # id round
  echo "harness $1 round $2" | tee -a "$OUT/summary.txt"
  taskset -c 0 java -jar "$HARNESS_JAR" --protocol "$1" --host "$HOST" --port "$1=$PORT" \
    --threads 16 --requests 5000 --runs 6 --warmup-mode steady --server-pid "$SERVER" \
    --out "$OUT/harness-$2" --force 2>&1 | grep -A3 '^protocol ' | tee -a "$OUT/summary.txt"
}

exec 9>/tmp/rpcx-bench-measure.lock
flock 9
trap perf_stop_servers EXIT
mkdir -p "$OUT"
: >"$OUT/summary.txt"
{ date -u; uptime; cat /proc/pressure/cpu; } | tee -a "$OUT/summary.txt"
perf_jars
perf_catalog
perf_server_cmd http-json
perf_pinned 1 java -Xms384m -Xmx384m -XX:+UseSerialGC "${SERVER_CMD[@]}"
perf_start_server http-json "$OUT/server.log" "${PINNED[@]}"
PORT=$READY_PORT
SERVER=$SPAWNED_PID
cat >"$OUT/hello.lua" <<'LUA'
wrk.method = "POST"
wrk.body = '{"name":"world"}'
wrk.headers["Content-Type"] = "application/json"
LUA
taskset -c 0 wrk -t1 -c16 -d15s -s "$OUT/hello.lua" "http://$HOST:$PORT/hello" >/dev/null  # warm-up
for round in 1 2 3; do
  echo "wrk round $round" | tee -a "$OUT/summary.txt"
  taskset -c 0 wrk -t1 -c16 -d"${SECONDS_MEASURED}s" --latency -s "$OUT/hello.lua" \
    "http://$HOST:$PORT/hello" | tee -a "$OUT/summary.txt"
  harness http-json "$round"
  harness http-json-lean "$round"
done
perf_stop_servers
{ date -u; uptime; cat /proc/pressure/cpu; } | tee -a "$OUT/summary.txt"
