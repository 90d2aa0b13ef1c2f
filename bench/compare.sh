#!/usr/bin/env bash
# Side-by-side benchmark on one machine (loopback, same JVM flags everywhere): every protocol of
# the harness's catalog (RPCX, gRPC, gRPC tuned, OpenFeign, http-json, the bare Netty baseline,
# ...) or the --variants given, at two kinds of point, with three tables:
#   closed loop  T threads x R blocking calls, the paper's method (each --threads count);
#   in flight    N calls outstanding through the client's async API, N threads for a client
#                without one (each --in-flight count);
#   server side  from the largest in-flight point: each server's CPU per call and what one
#                server core gives, whoever limited the run.
# For each point ROUNDS rounds; in each round every variant runs once (one harness JVM: a
# steady-state warm-up, then RUNS runs, the first WARMUP_RUNS dropped), the order rotating. Every
# row says what limited it (the harness's limited_by: client, server, link or none) and the
# client's and server's CPU per call. This script runs the JVMs (servers, rounds, pinning, steal);
# the tables come from `report compare` (one statistics engine, docs/performance.md). --write-doc
# puts them into docs/performance.md with the project's targets (bench/compare-targets.tsv).
# Servers are stopped on exit.
set -euo pipefail

# ---- defaults (one place) -------------------------------------------------------------------
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
THREAD_COUNTS="1 64"             # closed-loop points ("none": no closed-loop table)
IN_FLIGHT="1 64"                 # in-flight points ("none": no in-flight and server-side tables)
REQUESTS="1:20000,64:3000"       # calls per thread (per slot in flight) per run, per count (N:R,...; or one R)
DIVISORS_FILE="$ROOT/bench/compare-divisors.tsv"  # slower variants run R/D calls, so every run lasts seconds
DIVISORS=""                      # V:D,... from --divisors; default: DIVISORS_FILE
ROUNDS=3                         # rounds per point; every variant once per round
WARMUP=steady                    # steady (JMH-style, until converged) or a fixed DURATION (harness --warmup)
WARMUP_ITERATION=1s              # steady: each warm-up iteration's length
WARMUP_TOLERANCE=3%              # steady: converged when two iterations in a row differ by less
WARMUP_MAX=30s                   # steady: the cap (the runs start then, the table says so)
RUNS=4                           # runs per harness JVM
WARMUP_RUNS=1                    # the first runs (orders 0..WARMUP_RUNS-1) are dropped as well
MAX_STEAL=5                      # % of CPU time the hypervisor took during a harness JVM; above: run it again
RETRIES=2                        # times a variant is run again in its round when steal was above MAX_STEAL
VARIANTS=all                     # protocol ids of the catalog (--list-protocols), or all of them
JVM_FLAGS="-Xms512m -Xmx512m -XX:+UseG1GC"   # servers and clients alike: the one variable is the protocol
HOST=127.0.0.1
OUT=""                           # default: results/compare/<timestamp>
WRITE_DOC=0
HARNESS_EXTRA=()                 # after "--": harness options for every run, e.g. --call items --items 10
DOC="$ROOT/docs/performance.md"
TARGETS=""                       # --targets FILE; --write-doc: the project's bench/compare-targets.tsv
READY_TIMEOUT_S=180
# ----------------------------------------------------------------------------------------------

PERF_SCRIPT=compare.sh
# shellcheck source=bench/perf-lib.sh
source "$ROOT/bench/perf-lib.sh"
perf_jars

PINNED=()
READY_PORT=""
POINTS=""
declare -A PORT=()
declare -A SPID=()
COMMAND_LINE="bench/compare.sh $*"

usage() {
  cat <<EOF
Usage: bench/compare.sh [options] [-- HARNESS_OPTIONS...]

Runs the variants (protocol ids of the harness's catalog; default: all of them) side by side
on loopback: servers = the catalog's server jars and arguments (a server shared by several
protocols runs once; bare is listed when bench/target/bench.jar is built), client =
client-harness.jar (with the bench jar on its class path), one JVM per (variant, point, round),
labels from the catalog. Points: the closed loop (--threads, the paper's method) and N calls in
flight (--in-flight: the client's async API; N threads for a client without one). For each
point ROUNDS rounds; each round runs every variant once, the order rotating between rounds; the
runs after the warm-up runs are kept. Servers on one CPU, the
client on the other (taskset), the same JVM flags for all; the harness measures the server's
CPU (--server-pid) and names what limited each run (client, server, link or none).

Prints three tables (java -jar report.jar compare OUT): closed loop, in flight, and the server
side (from the largest in-flight point: server CPU per call, calls/s per server core, and the
capacity: measured when the server was the limit, else its CPU-bound estimate). Calls/s: the mean
of the rounds with its 95 % t interval; p50/p99: of the merged histogram of the kept runs of every
round, with a 95 % bootstrap interval over rounds. With --targets (or --write-doc) also the
project's targets.

Options:
  --threads LIST     closed-loop thread counts, e.g. 1,64, or none (default: ${THREAD_COUNTS// /,})
  --in-flight LIST   in-flight counts, e.g. 1,64, or none (default: ${IN_FLIGHT// /,})
  --requests SPEC    calls per thread (per slot) per run: R for all, or N:R,... (default: $REQUESTS)
  --divisors SPEC    variants that run R/D calls, V:D,... or "none" (default: bench/compare-divisors.tsv)
  --warmup steady|DURATION
                     steady: the harness's --warmup-mode steady, warm-up iterations until two
                     in a row agree (JMH-style); DURATION: a fixed --warmup (default: $WARMUP)
  --warmup-iteration DURATION, --warmup-tolerance PCT, --warmup-max DURATION
                     the steady warm-up's settings (default: $WARMUP_ITERATION, $WARMUP_TOLERANCE, $WARMUP_MAX)
  --rounds N         rounds per point (default: $ROUNDS)
  --runs N           runs per harness JVM (default: $RUNS)
  --warmup-runs N    first runs of each JVM dropped after the warm-up (default: $WARMUP_RUNS)
  --max-steal PCT    a harness JVM during which the hypervisor stole more than PCT % of the
                     CPU time (/proc/stat) is run again, up to --retries times; the attempt
                     with the least steal counts (default: $MAX_STEAL)
  --retries N        (default: $RETRIES; 0: keep every run, steal is still reported)
  --variants LIST    protocol ids, e.g. rpcx,grpc,grpc-tuned,openfeign,http-json,bare (default: all)
  --jvm-flags FLAGS  JVM flags of servers and clients (default: "$JVM_FLAGS")
  --out DIR          result folder (default: results/compare/<timestamp>)
  --targets FILE     also check these goals (e.g. bench/compare-targets.tsv, the project's own)
  --write-doc        replace the comparison section of docs/performance.md with the tables
                     (and the targets of bench/compare-targets.tsv)
  -- OPTIONS...       harness options for every run, e.g. -- --call items --items 10
  -h, --help         this text

Example (hold the shared measurement lock):
  mvn -B -q package -DskipTests
  flock /tmp/rpcx-bench-measure.lock bench/compare.sh \\
    --variants rpcx,grpc,grpc-tuned,openfeign,http-json,tcp-protobuf,bare --write-doc
  bench/compare.sh --threads none --in-flight 64 --rounds 1 --variants rpcx,bare   # a quick look

Exit codes: 0 all calls answered; 1 some calls failed or a harness run failed (see the
logs); 2 bad usage or missing jars.
EOF
}

die() { perf_die "$@"; }

parse_args() {
  while [[ $# -gt 0 ]]; do
    case "$1" in
      --threads) [[ $# -ge 2 ]] || die "--threads needs a value"; THREAD_COUNTS="${2//,/ }"; shift 2 ;;
      --in-flight) [[ $# -ge 2 ]] || die "--in-flight needs a value"; IN_FLIGHT="${2//,/ }"; shift 2 ;;
      --requests) [[ $# -ge 2 ]] || die "--requests needs a value"; REQUESTS="$2"; shift 2 ;;
      --rounds) [[ $# -ge 2 ]] || die "--rounds needs a value"; ROUNDS="$2"; shift 2 ;;
      --divisors) [[ $# -ge 2 ]] || die "--divisors needs a value"; DIVISORS="$2"; shift 2 ;;
      --warmup) [[ $# -ge 2 ]] || die "--warmup needs a value"; WARMUP="$2"; shift 2 ;;
      --warmup-iteration) [[ $# -ge 2 ]] || die "--warmup-iteration needs a value"; WARMUP_ITERATION="$2"; shift 2 ;;
      --warmup-tolerance) [[ $# -ge 2 ]] || die "--warmup-tolerance needs a value"; WARMUP_TOLERANCE="$2"; shift 2 ;;
      --warmup-max) [[ $# -ge 2 ]] || die "--warmup-max needs a value"; WARMUP_MAX="$2"; shift 2 ;;
      --max-steal) [[ $# -ge 2 ]] || die "--max-steal needs a value"; MAX_STEAL="$2"; shift 2 ;;
      --retries) [[ $# -ge 2 ]] || die "--retries needs a value"; RETRIES="$2"; shift 2 ;;
      --runs) [[ $# -ge 2 ]] || die "--runs needs a value"; RUNS="$2"; shift 2 ;;
      --warmup-runs) [[ $# -ge 2 ]] || die "--warmup-runs needs a value"; WARMUP_RUNS="$2"; shift 2 ;;
      --variants) [[ $# -ge 2 ]] || die "--variants needs a value"; VARIANTS="${2//,/ }"; shift 2 ;;
      --jvm-flags) [[ $# -ge 2 ]] || die "--jvm-flags needs a value"; JVM_FLAGS="$2"; shift 2 ;;
      --out) [[ $# -ge 2 ]] || die "--out needs a value"; OUT="$2"; shift 2 ;;
      --targets) [[ $# -ge 2 ]] || die "--targets needs a value"; TARGETS="$2"; shift 2 ;;
      --write-doc) WRITE_DOC=1; shift ;;
      -h|--help) usage; exit 0 ;;
      --) shift; HARNESS_EXTRA=("$@"); break ;;
      *) die "unknown option '$1' (try --help)" ;;
    esac
  done
  [[ "$THREAD_COUNTS" == none ]] && THREAD_COUNTS=""
  [[ "$IN_FLIGHT" == none ]] && IN_FLIGHT=""
  local t
  for t in $THREAD_COUNTS $IN_FLIGHT; do
    [[ "$t" =~ ^[1-9][0-9]*$ ]] || die "--threads/--in-flight: '$t' is not a positive count"
    requests_for "$t" >/dev/null
  done
  [[ -n "${THREAD_COUNTS// /}${IN_FLIGHT// /}" ]] || die "--threads and --in-flight: no point left to run"
  POINTS="$(for t in $THREAD_COUNTS; do printf 'closed-%s ' "$t"; done)$(for t in $IN_FLIGHT; do printf 'inflight-%s ' "$t"; done)"
  [[ "$MAX_STEAL" =~ ^[0-9]+$ && "$MAX_STEAL" -le 100 ]] || die "--max-steal must be 0..100 (%), got '$MAX_STEAL'"
  [[ "$RETRIES" =~ ^[0-9]+$ ]] || die "--retries must be a count, got '$RETRIES'"
  local d
  for d in "$WARMUP_ITERATION" "$WARMUP_MAX" "${WARMUP/#steady/1s}"; do
    [[ "$d" =~ ^[0-9]+(ms|s|m)$ ]] || die "--warmup*: '$d' is not steady or a duration like 10s, 500ms, 1m"
  done
  [[ "$WARMUP_TOLERANCE" =~ ^[0-9]+(\.[0-9]+)?%?$ ]] || die "--warmup-tolerance: '$WARMUP_TOLERANCE' is not a percentage like 3%"
  if [[ -z "$DIVISORS" ]]; then
    DIVISORS="$(divisors_of_file "$DIVISORS_FILE")"
  fi
  [[ "$DIVISORS" == none ]] && DIVISORS=""
  [[ -z "$TARGETS" && $WRITE_DOC -eq 1 ]] && TARGETS="$ROOT/bench/compare-targets.tsv"
  [[ -z "$TARGETS" || -f "$TARGETS" ]] || die "--targets: no file $TARGETS"
  local item
  for item in ${DIVISORS//,/ }; do
    [[ "$item" =~ ^([a-z][a-z0-9-]*):([1-9][0-9]*)$ ]] ||
      die "--divisors: bad item '$item' (VARIANT:D, e.g. openfeign:20)"
  done
  [[ "$ROUNDS" =~ ^[1-9][0-9]*$ ]] || die "--rounds must be a positive count, got '$ROUNDS'"
  [[ "$RUNS" =~ ^[1-9][0-9]*$ ]] || die "--runs must be a positive count, got '$RUNS'"
  [[ "$WARMUP_RUNS" =~ ^[0-9]+$ && "$WARMUP_RUNS" -lt "$RUNS" ]] ||
    die "--warmup-runs must be 0..$((RUNS - 1)) (below --runs), got '$WARMUP_RUNS'"
  if [[ -z "$OUT" ]]; then
    OUT="$ROOT/results/compare/$(date -u +%Y%m%dT%H%M%SZ)"
  fi
}

# divisors_of_file FILE: its "variant<TAB>D" lines as V:D,... ("" without the file).
divisors_of_file() {
  local v d out=""
  [[ -f "$1" ]] || return 0
  while IFS=$'\t' read -r v d; do
    [[ -z "$v" || "$v" == \#* ]] && continue
    out+="${out:+,}$v:$d"
  done <"$1"
  printf '%s' "$out"
}

# requests_for N: R for thread or in-flight count N from the REQUESTS spec (exit 2 when none fits).
requests_for() {
  local t="$1" item
  if [[ "$REQUESTS" =~ ^[1-9][0-9]*$ ]]; then echo "$REQUESTS"; return 0; fi
  for item in ${REQUESTS//,/ }; do
    [[ "$item" =~ ^([1-9][0-9]*):([1-9][0-9]*)$ ]] || die "--requests: bad item '$item' (R or N:R,...)"
    if [[ "${BASH_REMATCH[1]}" == "$t" ]]; then echo "${BASH_REMATCH[2]}"; return 0; fi
  done
  die "--requests: no R for $t in '$REQUESTS'"
}

# requests_of VARIANT R: R divided by the variant's divisor (at least 1).
requests_of() {
  local v="$1" r="$2" item d=1
  for item in ${DIVISORS//,/ }; do
    [[ "${item%%:*}" == "$v" ]] && d="${item#*:}"
  done
  echo $(((r + d - 1) / d))
}

has_variant() { [[ " $VARIANTS " == *" $1 "* ]]; }

# A point is closed-T (T threads, blocking calls) or inflight-N (N calls outstanding).
point_kind() { echo "${1%-*}"; }
point_count() { echo "${1##*-}"; }

# load_args POINT R: the harness's load options of a point (in LOAD_ARGS).
load_args() {
  local n
  n="$(point_count "$1")"
  if [[ "$(point_kind "$1")" == closed ]]; then
    LOAD_ARGS=(--threads "$n" --requests "$2")
  else
    LOAD_ARGS=(--in-flight "$n" --requests "$2")
  fi
  if [[ "$WARMUP" == steady ]]; then
    LOAD_ARGS+=(--warmup-mode steady --warmup-iteration "$WARMUP_ITERATION"
      --warmup-tolerance "$WARMUP_TOLERANCE" --warmup-max "$WARMUP_MAX")
  else
    LOAD_ARGS+=(--warmup "$WARMUP")
  fi
}

# select_variants: --variants checked against the catalog; VARIANTS becomes the ids.
select_variants() {
  perf_select --variants "$VARIANTS"
  VARIANTS="${PERF_IDS[*]}"
}

# start_servers: each distinct server of the variants once; PORT and SPID of every variant.
start_servers() {
  local name id
  # shellcheck disable=SC2206  # JVM_FLAGS is a list of flags
  local flags=($JVM_FLAGS)
  # shellcheck disable=SC2086  # VARIANTS is a list of ids
  catalog_servers $VARIANTS
  for name in "${SERVER_NAMES[@]}"; do
    perf_server_cmd "$name"
    perf_pinned "$SERVER_CPUS" java "${flags[@]}" "${SERVER_CMD[@]}"
    echo "starting the server of ${SERVER_IDS[$name]}: ${PINNED[*]}" >&2
    perf_start_server "$name" "$OUT/server-$name.log" "${PINNED[@]}"
    for id in ${SERVER_IDS[$name]}; do
      PORT[$id]="$READY_PORT"
      SPID[$id]="$SPAWNED_PID"
    done
  done
}

# steal_ticks: "steal total" jiffies of all CPUs together (/proc/stat, first line).
steal_ticks() {
  local -a f
  read -r -a f </proc/stat
  local total=0 i
  for ((i = 1; i < ${#f[@]}; i++)); do total=$((total + f[i])); done
  echo "${f[8]} $total"
}

# steal_percent BEFORE AFTER: the steal share between two steal_ticks, "12.3", or nan.
steal_percent() {
  local s0 t0 s1 t1 tenths
  read -r s0 t0 <<<"$1"
  read -r s1 t1 <<<"$2"
  if ((t1 <= t0)); then echo nan; return 0; fi
  tenths=$(((s1 - s0) * 1000 / (t1 - t0)))
  printf '%d.%d' $((tenths / 10)) $((tenths % 10))
}

# tenths PCT: "12.3" as 123 (nan: a large number, the worst).
tenths() { if [[ "$1" == nan ]]; then echo 1000000; else echo $((10#${1%.*} * 10 + 10#${1#*.})); fi; }

# run_fairly VARIANT POINT R ROUND: run_variant, again (up to RETRIES times) while the
# hypervisor stole more than MAX_STEAL % of the CPU time during it; of the attempts, the one
# with the least steal counts: its folder becomes the round's, its steal goes to steal.tsv.
run_fairly() {
  local v="$1" point="$2" round="$4" attempt=0 status best_status=0 best="" best_steal=nan
  local dir="$OUT/raw/$point/round$round/$v"
  while :; do
    status=0
    run_variant "$v" "$point" "$3" "$round" "$dir.try$attempt" || status=$?
    if [[ -z "$best" || $(tenths "$STEAL") -lt $(tenths "$best_steal") ]]; then
      best="$attempt"; best_steal="$STEAL"; best_status=$status
    fi
    if [[ "$STEAL" == nan || $(tenths "$STEAL") -le $((MAX_STEAL * 10)) || $attempt -ge $RETRIES ]]; then
      break
    fi
    attempt=$((attempt + 1))
    echo "  steal ${STEAL} % > ${MAX_STEAL} %: running $v again ($attempt/$RETRIES)" >&2
  done
  rm -rf "$dir"
  mv "$dir.try$best" "$dir"
  rm -rf "$dir".try*
  printf '%s\t%s\t%s\t%s\n' "$point" "$v" "$round" "$best_steal" >>"$OUT/steal.tsv"
  [[ $attempt -gt 0 ]] && echo "  kept the attempt with $best_steal % steal" >&2
  return "$best_status"
}

# run_variant VARIANT POINT R ROUND DIR: one harness JVM, pinned to the client CPU(s), measuring
# the variant's server, its raw file under DIR; sets STEAL.
run_variant() {
  local v="$1" point="$2" round="$4" dir="$5" log status=0 r steal0
  r="$(requests_of "$v" "$3")"
  # shellcheck disable=SC2206  # JVM_FLAGS is a list of flags
  local flags=($JVM_FLAGS)
  log="$OUT/logs/$point-round$round-$v.log"
  load_args "$point" "$r"
  perf_pinned "$CLIENT_CPUS" java "${flags[@]}" -cp "$(perf_harness_cp)" "$HARNESS_MAIN" --protocol "$v" \
    "${LOAD_ARGS[@]}" --runs "$RUNS" --host "$HOST" --port "$v=${PORT[$v]}" \
    --server-pid "${SPID[$v]}" --out "$dir" --force "${HARNESS_EXTRA[@]}"
  steal0="$(steal_ticks)"
  "${PINNED[@]}" >"$log" 2>&1 || status=$?
  STEAL="$(steal_percent "$steal0" "$(steal_ticks)")"
  if [[ $status -eq 2 ]]; then
    cat "$log" >&2
    die "the harness refused its options (variant $v): ${PINNED[*]}"
  fi
  echo "  $point round $round $v: exit $status, steal $STEAL % (log: $log)" >&2
  return "$status"
}

# cpu_count RANGE: CPUs in a taskset range like 1 or 2-3 (nproc when not pinned).
cpu_count() {
  if [[ -z "$1" ]]; then nproc; elif [[ "$1" == *-* ]]; then echo $((${1#*-} - ${1%-*} + 1)); else echo 1; fi
}

# report: the tables (and the targets when asked for), as Markdown, from report compare.
report() {
  local -a targets=()
  [[ -z "$TARGETS" ]] || targets=(--targets "$TARGETS")
  # shellcheck disable=SC2086  # VARIANTS is a list of ids
  java -jar "$REPORT_JAR" compare "$OUT" --variants "$(tr ' ' ',' <<<"$VARIANTS")" \
    --warmup-runs "$WARMUP_RUNS" --server-cores "$(cpu_count "$SERVER_CPUS")" \
    --placement "$(perf_placement_text)" "${targets[@]}"
}

write_doc() {
  local body="$OUT/doc-section.md"
  {
    echo "## Side by side (bench/compare.sh)"
    echo
    echo "Command: \`flock /tmp/rpcx-bench-measure.lock $COMMAND_LINE\`"
    echo
    sed 's/^/- /' "$OUT/machine.txt"
    echo
    echo "$ROUNDS rounds; a round is one harness JVM, which first warmed up ($(warmup_text)) and then made"
    echo "$RUNS runs; orders 0..$((WARMUP_RUNS - 1)) are dropped. Calls/s: the mean of the rounds' calls/s (a round's:"
    echo "its kept runs' calls over their time) with its 95 % t interval, min-max beside it; p50 and p99: of the"
    echo "merged histogram of the kept runs of every round, with a 95 % bootstrap interval over rounds (the"
    echo "estimator is in each header; docs/performance.md, \"Estimators\"). Within a point the rounds alternate"
    echo "the variants, the order rotating by one each round. CPU µs/call: the harness's own CPU time and the"
    echo "server process's (--server-pid, /proc/PID/stat) over the kept runs, divided by their calls. Limited by:"
    echo "the harness's limited_by of the kept runs (client or server: that side used at least 90 % of the cores"
    echo "it may run on; none: neither did, the calls waited on each other). Steal: the share of CPU time the"
    echo "hypervisor took from this VM while a harness JVM ran (/proc/stat); a JVM with more than $MAX_STEAL %"
    echo "was run again (up to $RETRIES times; the attempt with the least steal counts)."
    echo
    cat "$OUT/compare.md"
  } >"$body"
  perf_doc_section "$DOC" compare "$body"
  echo "wrote the tables to $DOC" >&2
}

warmup_text() {
  if [[ "$WARMUP" == steady ]]; then
    echo "steady: $WARMUP_ITERATION iterations until two in a row differ by less than $WARMUP_TOLERANCE, at most $WARMUP_MAX"
  else
    echo "a fixed $WARMUP"
  fi
}

main() {
  parse_args "$@"
  perf_catalog
  select_variants
  mkdir -p "$OUT/logs"
  : >"$OUT/steal.tsv"
  trap 'perf_stop_servers; perf_drop_snapshot' EXIT
  trap 'exit 130' INT TERM
  perf_plan_placement
  # shellcheck disable=SC2086  # VARIANTS is a list of ids
  perf_snapshot_jars "$OUT/jars" $VARIANTS

  {
    echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
    perf_machine
    echo "pinning: $(perf_placement_text)"
    echo "jvm flags (servers and clients): $JVM_FLAGS"
    echo "steal limit: $MAX_STEAL % per harness JVM, up to $RETRIES re-runs"
    echo "points: closed loop at ${THREAD_COUNTS:-no} thread counts, ${IN_FLIGHT:-no} calls in flight; calls per thread (slot) per run: $REQUESTS (divided by: ${DIVISORS:-none}); rounds: $ROUNDS; per JVM: warm-up $(warmup_text), then $RUNS runs (first $WARMUP_RUNS dropped)"
  } >"$OUT/machine.txt"
  cat "$OUT/machine.txt" >&2

  start_servers
  local p v round i n status=0 r
  local -a order vs
  read -r -a vs <<<"$VARIANTS"
  n=${#vs[@]}
  for p in $POINTS; do
    r="$(requests_for "$(point_count "$p")")"
    for ((round = 1; round <= ROUNDS; round++)); do
      order=()
      for ((i = 0; i < n; i++)); do order+=("${vs[$(((i + round - 1) % n))]}"); done
      echo "$p, round $round/$ROUNDS: ${order[*]}" >&2
      for v in "${order[@]}"; do
        run_fairly "$v" "$p" "$r" "$round" || status=1
      done
    done
  done

  report >"$OUT/compare.md" || die "report compare failed (raw files: $OUT/raw)"
  echo
  cat "$OUT/compare.md"
  echo
  echo "raw files per round: $OUT/raw; steal per round: $OUT/steal.tsv; logs: $OUT/logs"
  if [[ $WRITE_DOC -eq 1 ]]; then write_doc; fi
  return "$status"
}

main "$@"
