#!/usr/bin/env bash
# GC check of a benchmark server (issue 6, target 5): the server with -Xmx256m and a unified GC
# log; phase 1: 64 client threads calling for about 60 s (the share of wall time spent in GC
# pauses, and the number of full GCs, from the log); phase 2: 990 client threads, several
# harness runs, and the server's heap after GC per run (young/mixed pauses' "after" sizes, and
# the live set after an explicit GC.run at the end of each run): it must not grow run over run.
# This script drives the OS (servers, harness JVMs, jcmd); the report tool's gc-check reads the GC
# log, sizes the runs and writes the report with its verdicts.
set -euo pipefail

# ---- defaults (one place) -------------------------------------------------------------------
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
SERVERS="rpcx"                   # protocol ids of the catalog (each protocol's server in turn, same flags)
SERVER_FLAGS="-Xmx256m -XX:+UseG1GC"          # + -Xlog:gc*:file=<log>:uptime,level,tags
CLIENT_FLAGS="-Xms512m -Xmx512m -XX:+UseG1GC"
LOAD_SECONDS=60                  # phase 1 length (aimed at; the runs' real length is measured)
LOAD_THREADS=64
LOAD_RUNS=6                      # phase 1: runs of about LOAD_SECONDS / LOAD_RUNS each
MANY_THREADS=990
MANY_REQUESTS=20                 # phase 2: calls per thread per run
MANY_ROUNDS=4                    # phase 2: harness JVMs, each --runs MANY_RUNS, then GC.run
MANY_RUNS=2
GC_SHARE_MAX=2                   # % of wall time in GC pauses, phase 1
HOST=127.0.0.1
OUT=""                           # default: results/gc-check/<timestamp>
WRITE_DOC=0
DOC="$ROOT/docs/performance.md"
READY_TIMEOUT_S=180
# ----------------------------------------------------------------------------------------------

PERF_SCRIPT=gc-check.sh
# shellcheck source=bench/perf-lib.sh
source "$ROOT/bench/perf-lib.sh"
perf_jars

PINNED=()
READY_PORT=""
COMMAND_LINE="bench/gc-check.sh $*"

usage() {
  cat <<EOF
Usage: bench/gc-check.sh [options]

Starts a server ($SERVERS by default; pinned like compare.sh) with "$SERVER_FLAGS" and
-Xlog:gc*:file=<log>:uptime,level,tags, then
  phase 1: $LOAD_THREADS client threads for about $LOAD_SECONDS s ($LOAD_RUNS harness runs, sized by a short
           calibration run): GC pause time / wall time (< $GC_SHARE_MAX %?) and full GCs (0?),
  phase 2: $MANY_THREADS client threads, $MANY_ROUNDS harness JVMs x $MANY_RUNS runs x $MANY_REQUESTS calls per thread, each followed by
           jcmd GC.run: heap after GC per round (max of the pauses' "after" sizes, and the
           live set after GC.run), bounded if the last round is not above the first.
The window of each phase is the server's own uptime (jcmd VM.uptime) before and after it.

Options:
  --servers LIST     protocol ids of the catalog, e.g. rpcx,grpc,openfeign, or all (default: $SERVERS)
  --seconds S        phase 1 length (default: $LOAD_SECONDS)
  --many-rounds N    phase 2 rounds (default: $MANY_ROUNDS)
  --many-requests R  phase 2 calls per thread per run (default: $MANY_REQUESTS)
  --out DIR          result folder (default: results/gc-check/<timestamp>)
  --write-doc        replace the GC section of docs/performance.md with the table
  -h, --help         this text

Example (hold the shared measurement lock):
  flock /tmp/rpcx-bench-measure.lock bench/gc-check.sh --servers rpcx,grpc,openfeign --write-doc

Exit codes: 0 measured and every verdict PASS; 1 a verdict MISS or a run failed; 2 bad usage.
EOF
}

die() { perf_die "$@"; }

parse_args() {
  while [[ $# -gt 0 ]]; do
    case "$1" in
      --servers) [[ $# -ge 2 ]] || die "--servers needs a value"; SERVERS="${2//,/ }"; shift 2 ;;
      --seconds) [[ $# -ge 2 ]] || die "--seconds needs a value"; LOAD_SECONDS="$2"; shift 2 ;;
      --many-rounds) [[ $# -ge 2 ]] || die "--many-rounds needs a value"; MANY_ROUNDS="$2"; shift 2 ;;
      --many-requests) [[ $# -ge 2 ]] || die "--many-requests needs a value"; MANY_REQUESTS="$2"; shift 2 ;;
      --out) [[ $# -ge 2 ]] || die "--out needs a value"; OUT="$2"; shift 2 ;;
      --write-doc) WRITE_DOC=1; shift ;;
      -h|--help) usage; exit 0 ;;
      *) die "unknown option '$1' (try --help)" ;;
    esac
  done
  [[ "$LOAD_SECONDS" =~ ^[1-9][0-9]*$ ]] || die "--seconds must be a positive count, got '$LOAD_SECONDS'"
  [[ "$MANY_ROUNDS" =~ ^[1-9][0-9]*$ ]] || die "--many-rounds must be a positive count, got '$MANY_ROUNDS'"
  [[ "$MANY_REQUESTS" =~ ^[1-9][0-9]*$ ]] || die "--many-requests must be a positive count, got '$MANY_REQUESTS'"
  if [[ -z "$OUT" ]]; then
    OUT="$ROOT/results/gc-check/$(date -u +%Y%m%dT%H%M%SZ)"
  fi
}

check_env() {
  command -v jcmd >/dev/null 2>&1 || die "needs jcmd (a JDK)"
  perf_catalog
  perf_select --servers "$SERVERS"
  SERVERS="${PERF_IDS[*]}"
}

# uptime_of PID: the JVM's uptime in seconds, as jcmd VM.uptime prints it ("12.345 s"); fails
# without one (the server is gone).
uptime_of() {
  local line up=""
  while IFS= read -r line; do
    if [[ "$line" == *" s" ]]; then up="${line%% *}"; fi
  done < <(jcmd "$1" VM.uptime)
  [[ -n "$up" ]] || return 1
  echo "$up"
}

# gc_check ACTION ARG...: the report tool's gc-check, which computes every number of this script
# and its report (window: a GC log's pauses in an uptime window; size, next: phase 1's harness
# sizes; table: gc.md with the verdicts).
gc_check() {
  java -jar "$REPORT_JAR" gc-check "$@"
}

# harness SERVER PORT THREADS R RUNS OUTDIR LOG: no warm-up of its own (--warmup 0s; the
# calibration runs warm the server up): phase 1 sizes its runs from their counted calls, and the
# harness's default steady warm-up (since dc21135) added up to a minute of uncounted calls a JVM
harness() {
  local s="$1" port="$2" t="$3" r="$4" runs="$5" dir="$6" log="$7"
  # shellcheck disable=SC2206  # CLIENT_FLAGS is a list of flags
  local flags=($CLIENT_FLAGS)
  perf_pinned "$CLIENT_CPUS" java "${flags[@]}" -cp "$(perf_harness_cp)" "$HARNESS_MAIN" --protocol "$s" \
    --threads "$t" --requests "$r" --runs "$runs" --warmup 0s --host "$HOST" --port "$s=$port" \
    --out "$dir" --force
  "${PINNED[@]}" >"$log" 2>&1
}

check_server() {
  local s="$1"
  local dir="$OUT/$1" gclog pid port
  mkdir -p "$dir"
  gclog="$dir/gc.log"
  # shellcheck disable=SC2206  # SERVER_FLAGS is a list of flags
  local flags=($SERVER_FLAGS "-Xlog:gc*:file=$gclog:uptime,level,tags")
  perf_server_cmd "$s"
  perf_pinned "$SERVER_CPUS" java "${flags[@]}" "${SERVER_CMD[@]}"
  echo "starting $s server: ${PINNED[*]}" >&2
  perf_start_server "$s" "$dir/server.log" "${PINNED[@]}"
  port="$READY_PORT"
  pid="${SERVER_PIDS[-1]}"

  # calibration (also the warm-up): calls/s of the last (warmest) of 3 runs at LOAD_THREADS threads
  harness "$s" "$port" "$LOAD_THREADS" 200 3 "$dir/raw-calibrate" "$dir/calibrate.log" ||
    { cat "$dir/calibrate.log" >&2; return 1; }
  local tput r shape=(--seconds "$LOAD_SECONDS" --runs "$LOAD_RUNS" --threads "$LOAD_THREADS")
  tput="$(perf_show "$dir/raw-calibrate/$s/t$LOAD_THREADS-r200.csv" --column throughput | tail -n1)"
  tput="${tput:-0}"
  r="$(gc_check size --rate "$tput" "${shape[@]}")" || return 1
  echo "$s: calibration $tput calls/s at $LOAD_THREADS threads -> $r calls per thread per run" >&2

  # phase 1: harness JVMs one after another until the window reaches LOAD_SECONDS (each sized
  # from the rate measured so far, the first from the calibration's; gc-check next says when the
  # window is full; the few JVM start-ups in between count as wall time)
  local u0 u1 p1_status=0 inv=0 ua ub c file calls=0 errors=0 plan so_far next_r
  u0="$(uptime_of "$pid")" || return 1
  u1="$u0"
  while [[ "$r" != "done" ]]; do
    inv=$((inv + 1))
    ua="$(uptime_of "$pid")" || return 1
    harness "$s" "$port" "$LOAD_THREADS" "$r" "$LOAD_RUNS" "$dir/raw-load-$inv" "$dir/load-$inv.log" || p1_status=1
    ub="$(uptime_of "$pid")" || return 1
    file="$dir/raw-load-$inv/$s/t$LOAD_THREADS-r$r.csv"
    c="$(perf_sum "$file" calls 2>/dev/null || echo 0)"
    calls=$((calls + c))
    errors=$((errors + $(perf_sum "$file" errors 2>/dev/null || echo 1)))
    plan="$(gc_check next --rate "$tput" --calls "$c" --harness-from "$ua" --to "$ub" --from "$u0" \
      --harnesses "$inv" "${shape[@]}")" || return 1
    read -r tput so_far next_r <<<"$plan"
    u1="$ub"
    echo "$s: phase 1 harness $inv: $r calls per thread x $LOAD_RUNS runs, $c calls; window so far $so_far s" >&2
    r="$next_r"
  done
  local stats pause_ms pauses full max_after wall share
  stats="$(gc_check window "$gclog" --from "$u0" --to "$u1")" || return 1
  read -r pause_ms pauses full max_after _ wall share <<<"$stats"
  echo "$s phase1 $wall $pause_ms $pauses $full $max_after $share $calls $errors $p1_status" >>"$OUT/phase1.txt"

  # phase 2
  local round a b m live st
  for ((round = 1; round <= MANY_ROUNDS; round++)); do
    a="$(uptime_of "$pid")" || return 1
    st=0
    harness "$s" "$port" "$MANY_THREADS" "$MANY_REQUESTS" "$MANY_RUNS" "$dir/raw-many-$round" \
      "$dir/many-$round.log" || st=1
    jcmd "$pid" GC.run >/dev/null
    sleep 0.5
    b="$(uptime_of "$pid")" || return 1
    stats="$(gc_check window "$gclog" --from "$a" --to "$b")" || return 1
    read -r _ _ _ m live _ <<<"$stats"
    errors="$(perf_sum "$dir/raw-many-$round/$s/t$MANY_THREADS-r$MANY_REQUESTS.csv" errors 2>/dev/null || echo "no file")"
    echo "$s $round $m $live $errors $st" >>"$OUT/phase2.txt"
    echo "$s: 990-thread round $round: max heap after GC ${m} MB, live after GC.run ${live} MB, errors $errors" >&2
  done
  perf_stop_servers
}

# report: gc.md from phase1.txt and phase2.txt, by the report tool; exits 99 when a verdict is MISS.
report() {
  gc_check table "$OUT" --share-max "$GC_SHARE_MAX" --load-threads "$LOAD_THREADS" \
    --load-seconds "$LOAD_SECONDS" --many-threads "$MANY_THREADS" --many-rounds "$MANY_ROUNDS" \
    --many-runs "$MANY_RUNS" --many-requests "$MANY_REQUESTS"
}

write_doc() {
  local body="$OUT/doc-section.md"
  {
    echo "## GC (bench/gc-check.sh)"
    echo
    echo "Command: \`flock /tmp/rpcx-bench-measure.lock $COMMAND_LINE\`"
    echo
    sed 's/^/- /' "$OUT/machine.txt"
    echo
    cat "$OUT/gc.md"
  } >"$body"
  perf_doc_section "$DOC" gc "$body"
  echo "wrote the table to $DOC" >&2
}

main() {
  parse_args "$@"
  check_env
  mkdir -p "$OUT"
  trap 'perf_stop_servers; perf_drop_snapshot' EXIT
  trap 'exit 130' INT TERM
  perf_plan_placement
  # shellcheck disable=SC2086  # SERVERS is a list of ids
  perf_snapshot_jars "$OUT/jars" $SERVERS
  {
    echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
    perf_machine
    echo "pinning: $(perf_placement_text)"
    echo "server flags: $SERVER_FLAGS -Xlog:gc*:file=<log>:uptime,level,tags; client flags: $CLIENT_FLAGS"
  } >"$OUT/machine.txt"
  cat "$OUT/machine.txt" >&2
  : >"$OUT/phase1.txt"
  : >"$OUT/phase2.txt"
  local s status=0
  for s in $SERVERS; do
    check_server "$s" || { echo "$s: a run failed (see $OUT/$s)" >&2; status=1; perf_stop_servers; }
  done
  local verdicts=0
  report >"$OUT/gc.md" || verdicts=$?
  case "$verdicts" in
    0) ;;
    99) status=1 ;; # a verdict is MISS
    *) echo "the report failed (exit $verdicts)" >&2; return 1 ;;
  esac
  echo
  cat "$OUT/gc.md"
  echo "(GC logs: $OUT/<server>/gc.log)"
  if [[ $WRITE_DOC -eq 1 ]]; then write_doc; fi
  return "$status"
}

main "$@"
