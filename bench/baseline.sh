#!/usr/bin/env bash
# RPCX against the bare Netty baseline on loopback: both servers up, the client harness run
# alternately (bare, rpcx, bare, rpcx, ...) at each thread count, pinned (server CPU 1, client
# CPU 0) and unpinned, each timing run holding the shared measurement lock. Prints the median
# over the alternating runs of each run's median calls/s, p50 and p99, and RPCX/bare ratios.
set -euo pipefail

# ---- defaults (one place) -------------------------------------------------------------------
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
ROUNDS=5                          # alternating harness invocations per protocol and point
RUNS=5                            # runs per invocation; order 0 is dropped (median of 1..N-1)
THREAD_COUNTS="1 64"
REQUESTS_1=3000                   # calls per thread at 1 thread
REQUESTS_N=1000                   # calls per thread at more threads
PLACEMENTS="pinned unpinned"
JVM_FLAGS=(-Xms512m -Xmx512m -XX:+UseG1GC)
LOCK=/tmp/rpcx-bench-measure.lock
OUT=""
READY_TIMEOUT_S=120
# ----------------------------------------------------------------------------------------------

PERF_SCRIPT=baseline.sh
# shellcheck source=bench/perf-lib.sh
source "$ROOT/bench/perf-lib.sh"
perf_jars

SERVER_PIDS=()
PINNED=()
READY_PORT=""

usage() {
  cat <<EOF_USAGE
Usage: bench/baseline.sh [--rounds N] [--runs N] [--placements "pinned unpinned"] [--out DIR]

RPCX vs the bare Netty baseline (bench/, the floor), loopback, same JVM flags
(${JVM_FLAGS[*]}), alternating harness runs, each under flock $LOCK.
"pinned": servers on CPU 1, client on CPU 0 (taskset); "unpinned": no placement.

Options:
  --rounds N       alternating invocations per protocol and point (default: $ROUNDS)
  --runs N         runs per invocation, order 0 dropped (default: $RUNS)
  --placements P   "pinned", "unpinned" or both (default: "$PLACEMENTS")
  --out DIR        raw files and summary (default: results/baseline/<timestamp>)
  -h, --help       this text

Example:
  mvn -B -q -pl client-harness,bench install -DskipTests && bench/baseline.sh --rounds 5

Exit codes: 0 done; 1 calls failed or a server did not start; 2 bad usage or missing jars.
EOF_USAGE
}

die() { perf_die "$@"; }

parse_args() {
  while [[ $# -gt 0 ]]; do
    case "$1" in
      --rounds) ROUNDS="${2:?--rounds needs a value}"; shift ;;
      --runs) RUNS="${2:?--runs needs a value}"; shift ;;
      --placements) PLACEMENTS="${2:?--placements needs a value}"; shift ;;
      --out) OUT="${2:?--out needs a value}"; shift ;;
      -h | --help) usage; exit 0 ;;
      *) die "unknown option '$1' (try --help)" ;;
    esac
    shift
  done
  [[ "$ROUNDS" =~ ^[1-9][0-9]*$ ]] || die "--rounds must be a positive number"
  [[ "$RUNS" =~ ^[2-9]$|^[1-9][0-9]+$ ]] || die "--runs must be at least 2"
  local jar
  for jar in "$HARNESS_JAR" "$BARE_JAR" "$RPCX_JAR"; do
    [[ -f "$jar" ]] || die "missing $jar (mvn -B -q install -DskipTests)"
  done
  OUT="${OUT:-$ROOT/results/baseline/$(date -u +%Y%m%dT%H%M%SZ)}"
}

# start_server NAME CPUS COMMAND...: pinned to CPUS when set; sets READY_PORT.
start_server() {
  local name="$1" cpus="$2"
  shift 2
  perf_pinned "$cpus" "$@"
  perf_start_server "$name" "$OUT/$name-server.log" "${PINNED[@]}"
}

# one_run PLACEMENT PROTOCOL THREADS ROUND PORT_OPTION...
one_run() {
  local placement="$1" protocol="$2" threads="$3" round="$4"
  shift 4
  local requests=$REQUESTS_N
  [[ "$threads" -eq 1 ]] && requests=$REQUESTS_1
  local dir="$OUT/$placement/round$round"
  local pin=()
  [[ "$placement" == pinned ]] && pin=(taskset -c 0)
  flock "$LOCK" "${pin[@]}" java "${JVM_FLAGS[@]}" -cp "$HARNESS_JAR:$BARE_JAR" \
    io.rpcxbench.harness.HarnessMain --protocol "$protocol" "$@" --threads "$threads" \
    --requests "$requests" --runs "$RUNS" --out "$dir" --force \
    >>"$OUT/summary-$placement.txt" 2>>"$OUT/progress.log"
}

measure_placement() {
  local placement="$1" cpus=""
  [[ "$placement" == pinned ]] && cpus=1
  start_server bare "$cpus" java "${JVM_FLAGS[@]}" -cp "$BARE_JAR" "$BARE_MAIN" \
    --bind 127.0.0.1 --port 0
  local bare_port="$READY_PORT"
  start_server rpcx "$cpus" java "${JVM_FLAGS[@]}" -jar "$RPCX_JAR" --bind 127.0.0.1 --port 0
  local rpcx_port="$READY_PORT"
  echo "$placement: servers on CPU ${cpus:-any}, client on CPU $([[ -n "$cpus" ]] && echo 0 || echo any);" \
    "bare :$bare_port, rpcx :$rpcx_port" | tee -a "$OUT/placement.txt"
  local threads round
  for threads in $THREAD_COUNTS; do
    for round in $(seq 1 "$ROUNDS"); do
      one_run "$placement" bare "$threads" "$round" --port "bare=$bare_port"
      one_run "$placement" rpcx "$threads" "$round" --rpcx-port "$rpcx_port"
    done
  done
  perf_stop_servers
}

# Median over rounds of each file's median (orders 1..N-1) of a column.
report() {
  python3 - "$OUT" "$PLACEMENTS" "$THREAD_COUNTS" <<'EOF_PY'
import csv, glob, os, statistics, sys
out, placements, threads = sys.argv[1], sys.argv[2].split(), sys.argv[3].split()
def med(placement, proto, t, col):
    vals = []
    for f in sorted(glob.glob(os.path.join(out, placement, "round*", proto, f"t{t}-r*.csv"))):
        rows = [r for r in csv.DictReader(l for l in open(f) if not l.startswith("#"))]
        vals.append(statistics.median(float(r[col]) for r in rows if int(r["order"]) > 0))
    return (statistics.median(vals), min(vals), max(vals), len(vals)) if vals else None
print(f"{'placement':<9} {'threads':>7} {'protocol':<5} {'calls/s':>10} {'(min..max)':>19} {'p50_us':>8} {'p99_us':>9}")
for p in placements:
    for t in threads:
        res = {}
        for proto in ("bare", "rpcx"):
            c, p50, p99 = (med(p, proto, t, k) for k in ("throughput", "p50_us", "p99_us"))
            if c is None:
                continue
            res[proto] = (c, p50, p99)
            print(f"{p:<9} {t:>7} {proto:<5} {c[0]:>10.0f} {f'({c[1]:.0f}..{c[2]:.0f})':>19} {p50[0]:>8.1f} {p99[0]:>9.1f}   n={c[3]}")
        if len(res) == 2:
            b, r = res["bare"], res["rpcx"]
            print(f"{p:<9} {t:>7} rpcx/bare: calls/s {r[0][0]/b[0][0]:.2f}x, p50 {r[1][0]/b[1][0]:.2f}x, p99 {r[2][0]/b[2][0]:.2f}x")
EOF_PY
}

main() {
  parse_args "$@"
  mkdir -p "$OUT"
  trap 'perf_stop_servers; perf_drop_snapshot' EXIT
  perf_snapshot_jars "$OUT/jars"
  {
    echo "date: $(date -u +%FT%TZ)"
    perf_machine
    echo "jvm flags: ${JVM_FLAGS[*]}"
  } >"$OUT/machine.txt"
  local placement
  for placement in $PLACEMENTS; do
    measure_placement "$placement"
  done
  report | tee "$OUT/summary.txt"
}

main "$@"
