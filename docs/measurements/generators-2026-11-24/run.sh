#!/usr/bin/env bash
# issue 31 outcome 3: the harness as a generator against the best outside generator per protocol,
# same server, same placement (server on CPU 1, generator on CPU 0), same concurrency (16 callers,
# closed loop, one call in flight each), under the measure lock. Per protocol: 15 s of warm-up by
# the outside generator, then 3 rounds alternating the two generators (outside 10 s, then the
# harness: 6 runs of 16 x 5,000 calls after its steady warm-up), so neither gets the warmer server.
#   http-json  wrk 4.1 (16 keep-alive connections, POST /hello)   vs the harness's JDK HttpClient
#   grpc-tuned ghz (16 workers on 1 connection, Bench/Hello)       vs the harness's blocking stub
#   resp       redis-benchmark (16 clients, BENCH.HELLO)           vs the harness's Jedis
# Needs wrk, redis-benchmark (redis-tools) and ghz (go install github.com/bojand/ghz/cmd/ghz@v0.120.0).
set -euo pipefail
cd "$(dirname "$0")/../../.." || exit 1   # the checkout
OUT=${OUT:-results/generators}
GHZ=${GHZ:-$(command -v ghz || echo "$HOME/go/bin/ghz")}
SECONDS_MEASURED=${SECONDS_MEASURED:-10}
JVM=(java -Xms384m -Xmx384m -XX:+UseSerialGC)

wait_port() {
  local port=$1
  for _ in $(seq 1 120); do
    (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null && return 0
    sleep 0.5
  done
  return 1
}

start_server() {   # id port jar [args...]
  local id=$1 port=$2 jar=$3
  shift 3
  taskset -c 1 "${JVM[@]}" -jar "$jar" --port "$port" "$@" >"$OUT/server-$id.log" 2>&1 &
  SERVER=$!
  wait_port "$port" || { echo "$id: server did not start"; exit 1; }
}

stop_server() { kill "$SERVER"; wait "$SERVER" 2>/dev/null || true; }

harness() {   # id port round
  echo "harness round $3" | tee -a "$OUT/summary.txt"
  taskset -c 0 java -jar client-harness/target/client-harness.jar --protocol "$1" --host 127.0.0.1 \
    --port "$1=$2" --threads 16 --requests 5000 --runs 6 --server-pid "$SERVER" \
    --out "$OUT/harness-$3" --force 2>&1 | grep -A3 '^protocol ' | tee -a "$OUT/summary.txt"
}

exec 9>/tmp/rpcx-bench-measure.lock
flock 9
mkdir -p "$OUT"
: >"$OUT/summary.txt"
{ date -u; uptime; cat /proc/pressure/cpu; } | tee -a "$OUT/summary.txt"

# http-json: Tomcat + Spring MVC
start_server http-json 8083 server-openfeign/target/server-openfeign.jar
cat >"$OUT/hello.lua" <<'LUA'
wrk.method = "POST"
wrk.body = '{"name":"world"}'
wrk.headers["Content-Type"] = "application/json"
LUA
taskset -c 0 wrk -t1 -c16 -d15s -s "$OUT/hello.lua" http://127.0.0.1:8083/hello >/dev/null   # warm-up
for round in 1 2 3; do
  echo "wrk round $round" | tee -a "$OUT/summary.txt"
  taskset -c 0 wrk -t1 -c16 -d"${SECONDS_MEASURED}s" --latency -s "$OUT/hello.lua" \
    http://127.0.0.1:8083/hello | tee -a "$OUT/summary.txt"
  harness http-json 8083 "$round"
done
stop_server

# gRPC, direct executor (its documented tuning)
start_server grpc-tuned 8084 server-grpc/target/server-grpc.jar --direct-executor
GHZ_ARGS=(--insecure --proto server-grpc/src/main/protobuf/rpcxbench/bench.proto
  --call rpcxbench.Bench.Hello -d '{"name":"world"}' -c 16 --connections 1)
taskset -c 0 "$GHZ" "${GHZ_ARGS[@]}" -z 15s 127.0.0.1:8084 >/dev/null   # warm-up
for round in 1 2 3; do
  echo "ghz round $round" | tee -a "$OUT/summary.txt"
  taskset -c 0 "$GHZ" "${GHZ_ARGS[@]}" -z "${SECONDS_MEASURED}s" 127.0.0.1:8084 \
    | grep -E 'Requests/sec|Average|99 % in|Count|Error' | tee -a "$OUT/summary.txt"
  harness grpc-tuned 8084 "$round"
done
stop_server

# RESP: our netty-codec-redis server
start_server resp 8094 protocols/resp/target/resp-server.jar
taskset -c 0 redis-benchmark -p 8094 -c 16 -n 600000 -q BENCH.HELLO world >/dev/null   # warm-up
for round in 1 2 3; do
  echo "redis-benchmark round $round" | tee -a "$OUT/summary.txt"
  taskset -c 0 redis-benchmark -p 8094 -c 16 -n 600000 -q BENCH.HELLO world | tr '\r' '\n' \
    | grep -v '^$' | tail -n 1 | tee -a "$OUT/summary.txt"
  harness resp 8094 "$round"
done
stop_server
{ date -u; uptime; cat /proc/pressure/cpu; } | tee -a "$OUT/summary.txt"
