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
FLOOR=bare                        # the floor protocol (bench jar) and the one measured against it
SUBJECT=rpcx
JVM_FLAGS=(-Xms512m -Xmx512m -XX:+UseG1GC)
LOCK=/tmp/rpcx-bench-measure.lock
OUT=""
READY_TIMEOUT_S=120
HOST=127.0.0.1
# ----------------------------------------------------------------------------------------------

PERF_SCRIPT=baseline.sh
# shellcheck source=bench/perf-lib.sh
source "$ROOT/bench/perf-lib.sh"
perf_jars

PINNED=()
READY_PORT=""

usage() {
  cat <<EOF_USAGE
Usage: bench/baseline.sh [--rounds N] [--runs N] [--placements "pinned unpinned"] [--out DIR]

$SUBJECT vs the bare Netty baseline ($FLOOR: bench/, the floor; servers from the catalog), loopback, same JVM flags
(${JVM_FLAGS[*]}), alternating harness runs, each under flock $LOCK.
"pinned": servers on CPU 1, client on CPU 0 (taskset); "unpinned": no placement.

Options:
  --rounds N       alternating invocations per protocol and point (default: $ROUNDS)
  --runs N         runs per invocation, order 0 dropped (default: $RUNS)
  --placements P   "pinned", "unpinned" or both (default: "$PLACEMENTS")
  --out DIR        raw files and summary (default: results/baseline/<timestamp>)
  -h, --help       this text

Example:
  mvn -B -q package -DskipTests && bench/baseline.sh --rounds 5

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
  OUT="${OUT:-$ROOT/results/baseline/$(date -u +%Y%m%dT%H%M%SZ)}"
}

# start_server ID CPUS: protocol ID's server from the catalog, pinned to CPUS when set; sets
# READY_PORT.
start_server() {
  local id="$1" cpus="$2"
  perf_server_cmd "$id"
  perf_pinned "$cpus" java "${JVM_FLAGS[@]}" "${SERVER_CMD[@]}"
  perf_start_server "$id" "$OUT/$id-server.log" "${PINNED[@]}"
}

# one_run PLACEMENT PROTOCOL THREADS ROUND PORT
one_run() {
  local placement="$1" protocol="$2" threads="$3" round="$4" port="$5"
  local requests=$REQUESTS_N
  [[ "$threads" -eq 1 ]] && requests=$REQUESTS_1
  local dir="$OUT/$placement/round$round"
  local pin=()
  [[ "$placement" == pinned ]] && pin=(taskset -c 0)
  flock "$LOCK" "${pin[@]}" java "${JVM_FLAGS[@]}" -cp "$(perf_harness_cp)" \
    "$HARNESS_MAIN" --protocol "$protocol" --port "$protocol=$port" --threads "$threads" \
    --requests "$requests" --runs "$RUNS" --out "$dir" --force \
    >>"$OUT/summary-$placement.txt" 2>>"$OUT/progress.log"
}

measure_placement() {
  local placement="$1" cpus=""
  [[ "$placement" == pinned ]] && cpus=1
  start_server "$FLOOR" "$cpus"
  local floor_port="$READY_PORT"
  start_server "$SUBJECT" "$cpus"
  local subject_port="$READY_PORT"
  echo "$placement: servers on CPU ${cpus:-any}, client on CPU $([[ -n "$cpus" ]] && echo 0 || echo any);" \
    "$FLOOR :$floor_port, $SUBJECT :$subject_port" | tee -a "$OUT/placement.txt"
  local threads round
  for threads in $THREAD_COUNTS; do
    for round in $(seq 1 "$ROUNDS"); do
      one_run "$placement" "$FLOOR" "$threads" "$round" "$floor_port"
      one_run "$placement" "$SUBJECT" "$threads" "$round" "$subject_port"
    done
  done
  perf_stop_servers
}

# medians PLACEMENT PROTOCOL THREADS: one line per round's file: "calls/s p50_us p99_us", each
# the median over orders 1..N-1 (read with report show, by column name).
medians() {
  local f col
  echo "# $2"   # never empty: the summary counts one file per protocol
  for f in "$OUT/$1"/round*/"$2"/t"$3"-r*.csv; do
    [[ -f "$f" ]] || continue
    for col in throughput p50_us p99_us; do
      paste <(perf_show "$f" --column order) <(perf_show "$f" --column "$col") |
        awk '$1 > 0 { v[++n] = $2 } END {
          for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (v[j] + 0 < v[i] + 0) { t = v[i]; v[i] = v[j]; v[j] = t }
          printf "%s ", (n == 0 ? "nan" : (n % 2 ? v[(n + 1) / 2] : (v[n / 2] + v[n / 2 + 1]) / 2)) }'
    done
    echo
  done
}

# Median over rounds of each file's median (orders 1..N-1) of calls/s, p50 and p99, and the
# ratios SUBJECT / FLOOR.
report() {
  printf '%-9s %7s %-5s %10s %19s %8s %9s\n' placement threads proto calls/s '(min..max)' p50_us p99_us
  local p t proto
  for p in $PLACEMENTS; do
    for t in $THREAD_COUNTS; do
      for proto in "$FLOOR" "$SUBJECT"; do
        medians "$p" "$proto" "$t" >"$OUT/medians-$p-$proto-t$t.txt"
      done
      awk -v p="$p" -v t="$t" -v floor="$FLOOR" -v subject="$SUBJECT" '
        function med(a, n,   i, j, x) {
          for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (a[j] < a[i]) { x = a[i]; a[i] = a[j]; a[j] = x }
          return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2 }
        FNR == 1 { f++; n[f] = 0; name[f] = (f == 1 ? floor : subject) }
        /^#/ { next }
        { k = ++n[f]; c[f, k] = $1 + 0; l5[f, k] = $2 + 0; l9[f, k] = $3 + 0 }
        END {
          for (g = 1; g <= f; g++) {
            if (n[g] == 0) continue
            delete a; for (i = 1; i <= n[g]; i++) a[i] = c[g, i]; mc[g] = med(a, n[g]); lo = a[1]; hi = a[n[g]]
            delete a; for (i = 1; i <= n[g]; i++) a[i] = l5[g, i]; m5[g] = med(a, n[g])
            delete a; for (i = 1; i <= n[g]; i++) a[i] = l9[g, i]; m9[g] = med(a, n[g])
            printf "%-9s %7s %-5s %10.0f %19s %8.1f %9.1f   n=%d\n", p, t, name[g], mc[g], sprintf("(%.0f..%.0f)", lo, hi), m5[g], m9[g], n[g]
          }
          if (f == 2 && n[1] > 0 && n[2] > 0)
            printf "%-9s %7s %s/%s: calls/s %.2fx, p50 %.2fx, p99 %.2fx\n", p, t, subject, floor, mc[2] / mc[1], m5[2] / m5[1], m9[2] / m9[1]
        }' "$OUT/medians-$p-$FLOOR-t$t.txt" "$OUT/medians-$p-$SUBJECT-t$t.txt"
    done
  done
}

main() {
  parse_args "$@"
  perf_catalog
  perf_select "protocols" "$FLOOR,$SUBJECT"
  mkdir -p "$OUT"
  trap 'perf_stop_servers; perf_drop_snapshot' EXIT
  perf_snapshot_jars "$OUT/jars" "$FLOOR" "$SUBJECT"
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
