#!/usr/bin/env bash
# issue 31 outcome 3, the RPCX and gRPC rows with outside generators in Go: the harness against
# bench/generators/go's loadgen (a lean RPCX client written from docs/wire-format.md alone; grpc-go
# 1.85.0) and ghz, same server, same placement (server on CPU 1, generators on CPU 0), same
# concurrency (16 callers, closed loop, one call in flight each, on one connection: the Java RPCX
# client's and ghz --connections 1), under the measure lock (taken here: run it as is, not under
# flock(1), which would deadlock).
#   rpcx        (server-rpcx.jar)          loadgen -protocol rpcx           vs the harness's rpcx
#   grpc-tuned  (server-grpc.jar, direct)  loadgen -protocol grpc, ghz      vs the harness's grpc-tuned
# Per server: 15 s of warm-up by loadgen, then 3 rounds alternating the generators (loadgen 2 s
# warm-up + 10 s measured; ghz 10 s; the harness 6 runs of 16 x N hello calls after its steady
# warm-up, run 0 dropped, with 16 threads and then --in-flight 16). The box's noise (load
# average, CPU pressure) is written before every generator's turn.
#
#   mvn -B -q -pl client-harness,server-rpcx,server-grpc,report -am package -DskipTests
#   bench/generators/go/build.sh && go install github.com/bojand/ghz/cmd/ghz@v0.120.0
#   docs/measurements/generators-go-2026-11-25/run.sh
#   ONLY=rpcx ROUNDS=5 OUT=.../raw-run3 docs/measurements/generators-go-2026-11-25/run.sh  # RPCX only
#   ONLY=rpcx CLOSED_LOOP=no RPCX_IN_FLIGHT=rpcx,rpcx-epoll ...  # in flight, NIO and epoll clients
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)"
OUT=${OUT:-$ROOT/docs/measurements/generators-go-2026-11-25/raw}
SECONDS_MEASURED=${SECONDS_MEASURED:-10}
WARMUP_S=${WARMUP_S:-15}
ROUNDS=${ROUNDS:-3}
ONLY=${ONLY:-rpcx,grpc-tuned}            # the servers to measure, e.g. ONLY=rpcx ROUNDS=5
RPCX_IN_FLIGHT=${RPCX_IN_FLIGHT:-rpcx}   # the harness's clients of server-rpcx in flight (rpcx-epoll: native)
CLOSED_LOOP=${CLOSED_LOOP:-yes}          # no: leave out the harness's 16-thread closed loop
CALLERS=16
RPCX_REQUESTS=${RPCX_REQUESTS:-20000}    # 16 x 20,000 calls: a run of a few seconds at ~100 k/s
GRPC_REQUESTS=${GRPC_REQUESTS:-5000}     # as the 2026-11-24 run
LOADGEN=${LOADGEN:-$ROOT/bench/generators/go/target/loadgen}
GHZ=${GHZ:-$(command -v ghz || echo "$HOME/go/bin/ghz")}
JVM=(java -Xms384m -Xmx384m -XX:+UseSerialGC)
HOST=127.0.0.1
READY_TIMEOUT_S=120
PINNED=()
PERF_SCRIPT=generators-go
# shellcheck source=bench/perf-lib.sh
source "$ROOT/bench/perf-lib.sh"

usage() {
  sed -n '2,19p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'
}

say() { echo "$*" | tee -a "$OUT/summary.txt"; }

# The box is shared: its load and CPU pressure beside every figure.
noise() {
  say "noise $1: $(date -u +%H:%M:%S) load $(cut -d' ' -f1-3 /proc/loadavg); cpu pressure $(head -n1 /proc/pressure/cpu)"
}

loadgen() {   # protocol round
  noise "loadgen-$1 round $2"
  say "loadgen $1 round $2"
  taskset -c 0 "$LOADGEN" -protocol "$1" -target "$HOST:$PORT" -callers "$CALLERS" -conns 1 \
    -warmup 2s -duration "${SECONDS_MEASURED}s" -server-pid "$SERVER" \
    -histogram-out "$OUT/loadgen-$1-$2.hdr" | tee -a "$OUT/summary.txt" || say "loadgen exit $?"
}

ghz_round() {   # round
  noise "ghz round $1"
  say "ghz round $1"
  local before after
  before="$(server_cpu_ticks)"
  taskset -c 0 "$GHZ" "${GHZ_ARGS[@]}" -z "${SECONDS_MEASURED}s" "$HOST:$PORT" >"$OUT/ghz-$1.txt"
  after="$(server_cpu_ticks)"
  grep -E 'Count|Total|Requests/sec|Average|Fastest|Slowest|(50|90|99) % in|\[OK\]|Error' "$OUT/ghz-$1.txt" \
    | tee -a "$OUT/summary.txt"
  # ghz's own CPU is not read (it is its own process); the server's over ghz's whole run:
  say "server_cpu_cores (over ghz's run incl. its connect): $(awk -v t=$((after - before)) -v s="$SECONDS_MEASURED" 'BEGIN { printf "%.2f", t / 100 / s }')"
}

server_cpu_ticks() {
  awk '{ sub(/.*\) /, ""); print $12 + $13 }' "/proc/$SERVER/stat"
}

harness() {   # id requests round
  noise "harness-$1 round $3"
  say "harness $1 round $3"
  local dir="$OUT/harness-$3"
  taskset -c 0 java -jar "$HARNESS_JAR" --protocol "$1" --host "$HOST" --port "$1=$PORT" \
    --threads "$CALLERS" --requests "$2" --runs 6 --warmup-mode steady --server-pid "$SERVER" \
    --out "$dir" --force 2>&1 | grep -A3 '^protocol ' | tee -a "$OUT/summary.txt"
  say "per run (order, calls/s, client CPU s, server CPU s, time ms, limited_by, load, cpu pressure, contended):"
  perf_show "$dir/$1/t$CALLERS-r$2.csv" \
    --column order,throughput,client_cpu_s,server_cpu_s,timeTotal,limited_by,noise_load,noise_cpu_pressure,contended \
    | tee -a "$OUT/summary.txt"
}

# The harness's in-flight model at the same concurrency: 16 calls always outstanding on the
# client's connection, no thread per call (what the Go generators' 16 goroutines on one
# multiplexed connection are; grpc-java's AsyncClient and ghz -c are the same model).
harness_in_flight() {   # id requests round
  noise "harness-in-flight-$1 round $3"
  say "harness in-flight $1 round $3"
  local dir="$OUT/harness-in-flight-$3"
  [[ $1 == rpcx ]] || dir="$OUT/harness-in-flight-$1-$3"
  taskset -c 0 java -jar "$HARNESS_JAR" --protocol "$1" --host "$HOST" --port "$1=$PORT" \
    --in-flight "$CALLERS" --requests "$2" --runs 6 --warmup-mode steady --server-pid "$SERVER" \
    --out "$dir" --force 2>&1 | grep -A3 '^protocol ' | tee -a "$OUT/summary.txt"
  say "per run (order, calls/s, client CPU s, server CPU s, time ms, limited_by, load, cpu pressure, contended):"
  perf_show "$(find "$dir/$1" -name '*.csv' | head -n1)" \
    --column order,throughput,client_cpu_s,server_cpu_s,timeTotal,limited_by,noise_load,noise_cpu_pressure,contended \
    | tee -a "$OUT/summary.txt"
}

start() {   # id
  perf_server_cmd "$1"
  perf_pinned 1 "${JVM[@]}" "${SERVER_CMD[@]}"
  perf_start_server "$1" "$OUT/server-$1.log" "${PINNED[@]}"
  PORT=$READY_PORT
  SERVER=$SPAWNED_PID
  say "server $1: pid $SERVER port $PORT: ${PINNED[*]}"
}

measure_rpcx() {
  start rpcx
  taskset -c 0 "$LOADGEN" -protocol rpcx -target "$HOST:$PORT" -callers "$CALLERS" -warmup 0s \
    -duration "${WARMUP_S}s" >/dev/null
  for round in $(seq 1 "$ROUNDS"); do
    loadgen rpcx "$round"
    if [[ $CLOSED_LOOP == yes ]]; then harness rpcx "$RPCX_REQUESTS" "$round"; fi
    for id in ${RPCX_IN_FLIGHT//,/ }; do harness_in_flight "$id" "$RPCX_REQUESTS" "$round"; done
  done
  perf_stop_servers
}

measure_grpc_tuned() {
  start grpc-tuned
  GHZ_ARGS=(--insecure --proto "$ROOT/server-grpc/src/main/protobuf/rpcxbench/bench.proto"
    --call rpcxbench.Bench.Hello -d '{"name":"world"}' -c "$CALLERS" --connections 1)
  taskset -c 0 "$LOADGEN" -protocol grpc -target "$HOST:$PORT" -callers "$CALLERS" -warmup 0s \
    -duration "${WARMUP_S}s" >/dev/null
  for round in $(seq 1 "$ROUNDS"); do
    loadgen grpc "$round"
    ghz_round "$round"
    harness grpc-tuned "$GRPC_REQUESTS" "$round"
    harness_in_flight grpc-tuned "$GRPC_REQUESTS" "$round"
  done
  perf_stop_servers
}

main() {
  case "${1:-}" in
    -h | --help) usage; return 0 ;;
    '') ;;
    *) usage >&2; return 2 ;;
  esac
  [[ -x "$LOADGEN" ]] || perf_die "missing $LOADGEN (bench/generators/go/build.sh)"
  if [[ ,$ONLY, == *,grpc-tuned,* ]]; then
    [[ -x "$GHZ" ]] || perf_die "missing ghz (go install github.com/bojand/ghz/cmd/ghz@v0.120.0)"
  fi
  mkdir -p "$OUT"
  exec 9>/tmp/rpcx-bench-measure.lock
  echo "waiting for the measure lock ($(date -u +%H:%M:%S))"
  flock 9
  trap 'perf_stop_servers; perf_drop_snapshot' EXIT
  : >"$OUT/summary.txt"
  { date -u; uptime; cat /proc/pressure/cpu; } | tee -a "$OUT/summary.txt"
  perf_jars
  perf_catalog
  perf_snapshot_jars "$(mktemp -d)" rpcx grpc-tuned
  perf_machine | tee -a "$OUT/summary.txt"
  local ghz_version=missing
  if [[ -x "$GHZ" ]]; then ghz_version="$("$GHZ" --version 2>&1) (go install of v0.120.0 reports dev)"; fi
  say "loadgen: $(go version "$LOADGEN"); ghz $ghz_version"
  if [[ ,$ONLY, == *,rpcx,* ]]; then measure_rpcx; fi
  if [[ ,$ONLY, == *,grpc-tuned,* ]]; then measure_grpc_tuned; fi
  { date -u; uptime; cat /proc/pressure/cpu; } | tee -a "$OUT/summary.txt"
}

main "$@"
