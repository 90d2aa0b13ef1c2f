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
# client's and server's CPU per call. Prints the targets of issues 6 and 17; --write-doc puts the
# tables into docs/performance.md. Servers are stopped on exit.
set -euo pipefail

# ---- defaults (one place) -------------------------------------------------------------------
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
THREAD_COUNTS="1 64"             # closed-loop points ("none": no closed-loop table)
IN_FLIGHT="1 64"                 # in-flight points ("none": no in-flight and server-side tables)
REQUESTS="1:20000,64:3000"       # calls per thread (per slot in flight) per run, per count (N:R,...; or one R)
DIVISORS="grpc:4,grpc-tuned:4,grpc-stream:4,openfeign:20,openfeign-tuned:10,http-json:10,http-javaser:10"  # slower variants run R/D calls, so every run lasts seconds
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
READY_TIMEOUT_S=180
# issue 6 targets (closed loop)
T_GRPC=5                         # RPCX/gRPC calls/s at the most threads >=
T_GRPC_TUNED=2.5                 # RPCX/gRPC-tuned calls/s at the most threads >=
T_OPENFEIGN=10                   # RPCX/OpenFeign calls/s at the most threads >=
T_BARE=0.8                       # RPCX/bare calls/s at the most threads >=
T_P50_BARE=1.5                   # RPCX p50 / bare p50 at the fewest threads <=
T_P50_GRPC=0.5                   # RPCX p50 / gRPC p50 at the fewest threads <=
T_P99_US=2000                    # RPCX p99 at the most threads <= (µs)
# issue 17 targets (in flight, both clients async)
T_SERVER_CPU_TUNED=0.5           # RPCX server CPU/call / gRPC-tuned's at the most in flight <=
T_INFLIGHT_TUNED=2.5             # RPCX/gRPC-tuned calls/s at the most in flight >=
T_INFLIGHT_HTTP_JSON=3           # RPCX/http-json calls/s at the most in flight >=
T_P50_TUNED=0.5                  # RPCX p50 / gRPC-tuned p50 at the fewest in flight <=
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
point ROUNDS rounds; each round runs every variant once, the order rotating between rounds; one
value per round = the median over the runs after the warm-up runs. Servers on one CPU, the
client on the other (taskset), the same JVM flags for all; the harness measures the server's
CPU (--server-pid) and names what limited each run (client, server, link or none).

Prints three tables: closed loop, in flight, and the server side (from the largest in-flight
point: server CPU per call, calls/s per server core, and the capacity: measured when the server
was the limit, else its CPU-bound estimate), then the RPCX ratios against the targets of
issues 6 and 17, each with what limited both sides.

Options:
  --threads LIST     closed-loop thread counts, e.g. 1,64, or none (default: ${THREAD_COUNTS// /,})
  --in-flight LIST   in-flight counts, e.g. 1,64, or none (default: ${IN_FLIGHT// /,})
  --requests SPEC    calls per thread (per slot) per run: R for all, or N:R,... (default: $REQUESTS)
  --divisors SPEC    variants that run R/D calls, V:D,... or "none" (default: $DIVISORS)
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
  --write-doc        replace the comparison section of docs/performance.md with the tables
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
  [[ "$DIVISORS" == none ]] && DIVISORS=""
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
  awk '/^cpu / { t = 0; for (i = 2; i <= NF; i++) t += $i; print $9, t; exit }' /proc/stat
}

# The columns of $OUT/rounds.tsv, one line per (point, variant, round):
# 1 point, 2 variant, 3 round, then:
C_TPUT=4 C_P50=5 C_P99=6 C_ERRORS=7 C_SERVER_US=8 C_STEAL=9
C_CLIENT_US=10 C_LIMIT=11 C_SERVER_CORES=12 C_CONVERGED=13 C_ISSUED=14

# run_fairly VARIANT POINT R ROUND: run_variant, again (up to RETRIES times) while the
# hypervisor stole more than MAX_STEAL % of the CPU time during it; of the attempts, the one
# with the least steal counts (its line stays in rounds.tsv).
run_fairly() {
  local attempt=0 status best_status=0 line best="" steal best_steal=""
  while :; do
    status=0
    run_variant "$@" || status=$?
    line="$(tail -n1 "$OUT/rounds.tsv")"
    sed -i '$d' "$OUT/rounds.tsv"
    steal="$(cut -f"$C_STEAL" <<<"$line")"
    if [[ -z "$best" || "$best_steal" == nan ]] ||
      { [[ "$steal" != nan ]] && awk -v s="$steal" -v b="$best_steal" 'BEGIN { exit !(s < b) }'; }; then
      best="$line"; best_steal="$steal"; best_status=$status
    fi
    if [[ "$steal" == nan ]] || awk -v s="$steal" -v m="$MAX_STEAL" 'BEGIN { exit !(s <= m) }' ||
      [[ $attempt -ge $RETRIES ]]; then
      break
    fi
    attempt=$((attempt + 1))
    echo "  steal ${steal} % > ${MAX_STEAL} %: running $1 again ($attempt/$RETRIES)" >&2
  done
  printf '%s\n' "$best" >>"$OUT/rounds.tsv"
  [[ $attempt -gt 0 ]] && echo "  kept the attempt with $best_steal % steal" >&2
  return "$best_status"
}

# run_variant VARIANT POINT R ROUND: one harness JVM, pinned to the client CPU(s), measuring
# the variant's server; appends a line to $OUT/rounds.tsv.
run_variant() {
  local v="$1" point="$2" round="$4" dir log file status=0 r
  r="$(requests_of "$v" "$3")"
  # shellcheck disable=SC2206  # JVM_FLAGS is a list of flags
  local flags=($JVM_FLAGS)
  dir="$OUT/raw/$point/round$round/$v"
  log="$OUT/logs/$point-round$round-$v.log"
  load_args "$point" "$r"
  perf_pinned "$CLIENT_CPUS" java "${flags[@]}" -cp "$(perf_harness_cp)" "$HARNESS_MAIN" --protocol "$v" \
    "${LOAD_ARGS[@]}" --runs "$RUNS" --host "$HOST" --port "$v=${PORT[$v]}" \
    --server-pid "${SPID[$v]}" --out "$dir" --force "${HARNESS_EXTRA[@]}"
  local steal0 steal1 steal
  steal0="$(steal_ticks)"
  "${PINNED[@]}" >"$log" 2>&1 || status=$?
  steal1="$(steal_ticks)"
  steal="$(awk -v a="$steal0" -v b="$steal1" 'BEGIN { split(a, x, " "); split(b, y, " ");
    if (y[2] > x[2]) printf "%.1f", (y[1] - x[1]) * 100 / (y[2] - x[2]); else print "nan" }')"
  if [[ $status -eq 2 ]]; then
    cat "$log" >&2
    die "the harness refused its options (variant $v): ${PINNED[*]}"
  fi
  file="$(find "$dir" -name '*.csv' -print -quit 2>/dev/null || true)"
  if [[ -z "$file" ]]; then
    echo "  $point round $round $v: no result file (exit $status, see $log)" >&2
    printf '%s\t%s\t%s\tnan\tnan\tnan\t-1\tnan\t%s\tnan\t-\tnan\t-\t-\n' "$point" "$v" "$round" "$steal" >>"$OUT/rounds.tsv"
    return 1
  fi
  local m
  m="$(file_metrics "$file")" || { echo "  $point round $round $v: cannot read $file" >&2; m=""; }
  [[ -n "$m" ]] || m="$(printf 'nan\tnan\tnan\t-1\tnan\tnan\t-\tnan\t-\t-')"
  local tput p50 p99 errors server_us client_us limit cores converged issued
  IFS=$'\t' read -r tput p50 p99 errors server_us client_us limit cores converged issued <<<"$m"
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$point" "$v" "$round" "$tput" "$p50" "$p99" \
    "$errors" "$server_us" "$steal" "$client_us" "$limit" "$cores" "$converged" "$issued" >>"$OUT/rounds.tsv"
  printf '  %s round %s %-12s calls/s %10.1f  p50 %9.1f us  p99 %9.1f us  CPU us/call client %6s server %6s  limited by %-6s  warm-up converged %-5s  steal %5s %%  errors %s\n' \
    "$point" "$round" "$v" "$tput" "$p50" "$p99" "$client_us" "$server_us" "$limit" "$converged" "$steal" "$errors" >&2
  [[ $status -eq 0 && $errors -eq 0 ]]
}

# file_metrics FILE: "calls/s p50 p99 errors server_us client_us limited_by server_cores
# converged issued" of one raw file: medians over the kept runs (orders >= WARMUP_RUNS; all runs
# when none is left), CPU per call = the kept runs' CPU seconds over their calls, limited_by
# the kept runs' most frequent (client before server before link before none on a tie), errors
# over all runs; converged: the steady warm-up's (true/false, "-" without one); issued: async
# (the client's async API) or threads.
file_metrics() {
  local columns converged="" issued=""
  columns="$(perf_show "$1" --column order,calls,errors,throughput,p50_us,p99_us,server_cpu_s,client_cpu_s,limited_by,server_cores)" ||
    return 1
  if [[ "$WARMUP" == steady ]]; then
    converged="$(perf_show "$1" --provenance warmup_converged 2>/dev/null || true)"
  fi
  issued="$(perf_show "$1" --provenance calls_issued_by 2>/dev/null || true)"
  awk -F'\t' -v w="$WARMUP_RUNS" -v conv="$converged" -v iss="$issued" '
    function median(a, n,   i, j, t) {
      if (n == 0) return "nan"
      for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (a[j] + 0 < a[i] + 0) { t = a[i]; a[i] = a[j]; a[j] = t }
      return (n % 2) ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
    }
    function per_call(cpu, calls) { return calls > 0 ? sprintf("%.1f", cpu * 1e6 / calls) : "nan" }
    { rows++; line[rows] = $0; if ($1 >= w) kept++; errors += $3 }
    END {
      if (rows == 0) exit 1
      for (i = 1; i <= rows; i++) {
        split(line[i], f, "\t")
        if (kept > 0 && f[1] < w) continue
        n++; tp[n] = f[4]; p50[n] = f[5]; p99[n] = f[6]
        calls += f[2]; scpu += f[7]; ccpu += f[8]; if (f[7] != "") measured = 1
        if (f[10] != "") cores[++nc] = f[10]
        limits[f[9] == "" ? "-" : f[9]]++
      }
      converged = conv == "" ? "-" : conv; issued = iss ~ /^async/ ? "async" : "threads"
      split("client server link none -", order, " "); best = "-"; most = 0
      for (i = 1; i <= 5; i++) if (limits[order[i]] > most) { best = order[i]; most = limits[order[i]] }
      printf "%s\t%s\t%s\t%d\t%s\t%s\t%s\t%s\t%s\t%s\n", median(tp, n), median(p50, n), median(p99, n), errors,
        measured ? per_call(scpu, calls) : "nan", per_call(ccpu, calls), best, median(cores, nc), converged, issued
    }' <<<"$columns"
}

# stat POINT VARIANT COLUMN WHAT(median|min|max): over the rounds.
stat() {
  awk -F'\t' -v p="$1" -v v="$2" -v col="$3" -v what="$4" '
    $1 == p && $2 == v && $col != "nan" { x[++n] = $col + 0 }
    END {
      if (n == 0) { print "nan"; exit }
      for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (x[j] < x[i]) { s = x[i]; x[i] = x[j]; x[j] = s }
      if (what == "min") print x[1]
      else if (what == "max") print x[n]
      else if (n % 2) print x[(n + 1) / 2]
      else print (x[n / 2] + x[n / 2 + 1]) / 2
    }' "$OUT/rounds.tsv"
}

# word POINT VARIANT COLUMN: a text column over the rounds: "client" when every round says so,
# else the counts, "client 2/3, none 1/3".
word() {
  awk -F'\t' -v p="$1" -v v="$2" -v col="$3" '
    $1 == p && $2 == v { if (!($col in c)) seen[++k] = $col; c[$col]++; n++ }
    END {
      if (n == 0) { print "n/a"; exit }
      if (k == 1) { print seen[1]; exit }
      for (i = 1; i <= k; i++) printf "%s%s %d/%d", (i > 1 ? ", " : ""), seen[i], c[seen[i]], n
      print ""
    }' "$OUT/rounds.tsv"
}

# converged POINT VARIANT: "3/3" rounds whose steady warm-up converged; "-" without one.
converged() {
  awk -F'\t' -v p="$1" -v v="$2" -v col="$C_CONVERGED" '
    $1 == p && $2 == v { n++; if ($col == "true") y++; if ($col == "-") none++ }
    END { if (n == 0 || none == n) print "-"; else printf "%d/%d\n", y, n }' "$OUT/rounds.tsv"
}

errors_total() {
  awk -F'\t' -v p="$1" -v v="$2" -v col="$C_ERRORS" '$1 == p && $2 == v { if ($col < 0) bad = 1; else e += $col; n++ }
    END { if (n == 0) print "-"; else if (bad) print e + 0 " (+ failed runs)"; else print e + 0 }' "$OUT/rounds.tsv"
}

label() { catalog_get "$1" label; }

# verdict VALUE GOAL ge|le: "PASS" or "MISS (n % short)".
verdict() {
  awk -v a="$1" -v g="$2" -v op="$3" 'BEGIN {
    if (a == "nan" || a == "") { print "n/a"; exit }
    if (op == "ge") ok = (a + 0 >= g + 0); else ok = (a + 0 <= g + 0)
    if (ok) { print "PASS"; exit }
    if (op == "ge") printf "MISS (%.0f %% short of the target)\n", (1 - a / g) * 100
    else printf "MISS (%.0f %% over the target)\n", (a / g - 1) * 100
  }'
}

ratio() {
  awk -v a="$1" -v b="$2" 'BEGIN { if (a == "nan" || b == "nan" || b + 0 == 0) print "nan"; else printf "%.2f", a / b }'
}

fmt() {
  awk -v x="$1" -v d="$2" 'BEGIN { if (x == "nan" || x == "") print "n/a"; else printf "%.*f", d, x }'
}

# cpu_count RANGE: CPUs in a taskset range like 1 or 2-3 (nproc when not pinned).
cpu_count() {
  if [[ -z "$1" ]]; then nproc; elif [[ "$1" == *-* ]]; then echo $((${1#*-} - ${1%-*} + 1)); else echo 1; fi
}

# points_of KIND: the points of one kind, in order.
points_of() { tr ' ' '\n' <<<"$POINTS" | grep "^$1-" || true; }

# points_table KIND HEADING: the closed-loop or in-flight table, one row per (point, variant).
points_table() {
  local kind="$1" heading="$2" p v
  echo "| $heading | variant | calls/s (median) | calls/s min-max | p50 µs | p99 µs | client CPU µs/call | server CPU µs/call | limited by | calls issued by | warm-up converged | steal % (max) | errors |"
  echo "| ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- | ---: | ---: | ---: |"
  for p in $(points_of "$kind"); do
    for v in $VARIANTS; do
      printf '| %s | %s | %s | %s-%s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n' "$(point_count "$p")" "$(label "$v")" \
        "$(fmt "$(stat "$p" "$v" "$C_TPUT" median)" 0)" "$(fmt "$(stat "$p" "$v" "$C_TPUT" min)" 0)" "$(fmt "$(stat "$p" "$v" "$C_TPUT" max)" 0)" \
        "$(fmt "$(stat "$p" "$v" "$C_P50" median)" 1)" "$(fmt "$(stat "$p" "$v" "$C_P99" median)" 1)" \
        "$(fmt "$(stat "$p" "$v" "$C_CLIENT_US" median)" 1)" "$(fmt "$(stat "$p" "$v" "$C_SERVER_US" median)" 1)" \
        "$(word "$p" "$v" "$C_LIMIT")" "$(word "$p" "$v" "$C_ISSUED")" "$(converged "$p" "$v")" \
        "$(fmt "$(stat "$p" "$v" "$C_STEAL" max)" 1)" "$(errors_total "$p" "$v")"
    done
  done
}

# server_table POINT: each server's CPU per call at the point, what one server core gives
# (10^6 / µs per call), and its capacity: the measured calls/s when the server was the limit,
# else the CPU-bound estimate (server cores x that).
server_table() {
  local p="$1" v us tput limit per_core capacity rpcx_us="nan" cores
  cores="$(cpu_count "$SERVER_CPUS")"
  has_variant rpcx && rpcx_us="$(stat "$p" rpcx "$C_SERVER_US" median)"
  echo "| variant | server CPU µs/call | calls/s per server core | measured calls/s | server cores used | limited by | capacity calls/s ($cores server core(s)) | server CPU/call vs RPCX |"
  echo "| --- | ---: | ---: | ---: | ---: | --- | ---: | ---: |"
  for v in $VARIANTS; do
    us="$(stat "$p" "$v" "$C_SERVER_US" median)"
    tput="$(stat "$p" "$v" "$C_TPUT" median)"
    limit="$(word "$p" "$v" "$C_LIMIT")"
    per_core="$(awk -v u="$us" 'BEGIN { if (u == "nan" || u + 0 == 0) print "nan"; else printf "%.0f", 1e6 / u }')"
    if [[ "$limit" == server ]]; then
      capacity="$(fmt "$tput" 0) (measured)"
    else
      capacity="$(awk -v c="$per_core" -v n="$cores" 'BEGIN { if (c == "nan") print "n/a"; else printf "~%.0f (CPU-bound estimate)", c * n }')"
    fi
    printf '| %s | %s | %s | %s | %s | %s | %s | %s |\n' "$(label "$v")" "$(fmt "$us" 1)" "$(fmt "$per_core" 0)" \
      "$(fmt "$tput" 0)" "$(fmt "$(stat "$p" "$v" "$C_SERVER_CORES" median)" 2)" "$limit" "$capacity" \
      "$(fmt "$(ratio "$us" "$rpcx_us")" 2)x"
  done
  echo
  echo "Server side at $(point_count "$p") in flight. Capacity: measured where the server was the limit; elsewhere the"
  echo "client ($(perf_placement_text)) could not saturate it, and 10^6 x server cores / server CPU µs per call"
  echo "estimates it, assuming the server stays CPU-bound. Several client processes would share the client's"
  echo "CPU(s), so they would give the client no more CPU: compare.sh runs one, in flight through the async API."
}

# target_row NAME VALUE GOAL OP UNIT [WHY] [LIMITS]: one target row; VALUE may be nan.
target_row() {
  local name="$1" value="$2" goal="$3" op="$4" unit="$5" why="${6:-}" limits="${7:-}" shown sign
  if [[ "$op" == ge ]]; then sign=">="; else sign="<="; fi
  if [[ "$value" == nan ]]; then
    printf '| %s | %s | %s %s%s | n/a | %s |\n' "$name" "${why:-n/a}" "$sign" "$goal" "$unit" "$limits"
    return 0
  fi
  if [[ "$unit" == x ]]; then shown="$(fmt "$value" 2)x"; else shown="$(fmt "$value" 0)$unit"; fi
  printf '| %s | %s | %s %s%s | %s | %s |\n' "$name" "$shown" "$sign" "$goal" "$unit" "$(verdict "$value" "$goal" "$op")" "$limits"
}

side() { if has_variant "$2"; then stat "$1" "$2" "$3" median; else echo nan; fi; }
side_word() { if has_variant "$2"; then word "$1" "$2" "$C_LIMIT"; else echo n/a; fi; }

# rpcx_vs POINT PEER COLUMN GOAL OP NAME [WHY]: RPCX's value over the peer's, as a target row.
rpcx_vs() { variant_vs rpcx "$@"; }

# variant_vs MINE POINT PEER COLUMN GOAL OP NAME [WHY]: MINE's value over the peer's, as a target row.
variant_vs() {
  local me="$1" p="$2" peer="$3" col="$4" goal="$5" op="$6" name="$7" why="${8:-}" mine="nan"
  has_variant "$me" && mine="$(stat "$p" "$me" "$col" median)"
  target_row "$name" "$(ratio "$mine" "$(side "$p" "$peer" "$col")")" "$goal" "$op" x "$why" \
    "$(side_word "$p" "$me") / $(side_word "$p" "$peer")"
}

targets() {
  local hi lo bare_why=""
  catalog_has bare || bare_why="bare not in the catalog (bench jar not built)"
  echo "| target | measured | goal | verdict | limited by (RPCX / peer) |"
  echo "| --- | ---: | ---: | --- | --- |"
  if [[ -n "$THREAD_COUNTS" ]]; then
    hi="closed-$(max_of "$THREAD_COUNTS")"; lo="closed-$(min_of "$THREAD_COUNTS")"
    rpcx_vs "$hi" grpc "$C_TPUT" "$T_GRPC" ge "RPCX / gRPC calls/s, closed loop, $(point_count "$hi") threads (issue 6)"
    rpcx_vs "$hi" grpc-tuned "$C_TPUT" "$T_GRPC_TUNED" ge "RPCX / gRPC-tuned calls/s, closed loop, $(point_count "$hi") threads (issue 6)"
    rpcx_vs "$hi" openfeign "$C_TPUT" "$T_OPENFEIGN" ge "RPCX / OpenFeign calls/s, closed loop, $(point_count "$hi") threads (issue 6)"
    rpcx_vs "$hi" bare "$C_TPUT" "$T_BARE" ge "RPCX / bare calls/s, closed loop, $(point_count "$hi") threads (issue 6)" "$bare_why"
    rpcx_vs "$lo" bare "$C_P50" "$T_P50_BARE" le "RPCX p50 / bare p50, closed loop, $(point_count "$lo") thread(s) (issue 6)" "$bare_why"
    rpcx_vs "$lo" grpc "$C_P50" "$T_P50_GRPC" le "RPCX p50 / gRPC p50, closed loop, $(point_count "$lo") thread(s) (issue 6)"
    local r_p99="nan"
    has_variant rpcx && r_p99="$(stat "$hi" rpcx "$C_P99" median)"
    target_row "RPCX p99, closed loop, $(point_count "$hi") threads (issue 6)" "$r_p99" "$T_P99_US" le " µs" "" "$(side_word "$hi" rpcx)"
  fi
  if [[ -n "$IN_FLIGHT" ]]; then
    hi="inflight-$(max_of "$IN_FLIGHT")"; lo="inflight-$(min_of "$IN_FLIGHT")"
    rpcx_vs "$hi" grpc-tuned "$C_SERVER_US" "$T_SERVER_CPU_TUNED" le "RPCX / gRPC-tuned server CPU per call, $(point_count "$hi") in flight (issue 17)"
    rpcx_vs "$hi" grpc-tuned "$C_TPUT" "$T_INFLIGHT_TUNED" ge "RPCX / gRPC-tuned calls/s, $(point_count "$hi") in flight (issue 17)"
    rpcx_vs "$hi" http-json "$C_TPUT" "$T_INFLIGHT_HTTP_JSON" ge "RPCX / http-json calls/s, $(point_count "$hi") in flight (issue 17)"
    rpcx_vs "$lo" grpc-tuned "$C_P50" "$T_P50_TUNED" le "RPCX p50 / gRPC-tuned p50, $(point_count "$lo") in flight (issue 17)"
    if has_variant rpcx-epoll; then # gRPC's netty-shaded runs on native epoll: RPCX on the same transport
      variant_vs rpcx-epoll "$hi" grpc-tuned "$C_SERVER_US" "$T_SERVER_CPU_TUNED" le "RPCX epoll / gRPC-tuned server CPU per call, $(point_count "$hi") in flight (issue 17, both on epoll)"
      variant_vs rpcx-epoll "$hi" grpc-tuned "$C_TPUT" "$T_INFLIGHT_TUNED" ge "RPCX epoll / gRPC-tuned calls/s, $(point_count "$hi") in flight (issue 17, both on epoll)"
      variant_vs rpcx-epoll "$lo" grpc-tuned "$C_P50" "$T_P50_TUNED" le "RPCX epoll p50 / gRPC-tuned p50, $(point_count "$lo") in flight (issue 17, both on epoll)"
    fi
  fi
  echo
  echo "A ratio whose peer is limited by its client measures that client library on this box's client CPU,"
  echo "not the protocol or its server: the server-side table is the fair comparison of servers."
}

max_of() { tr ' ' '\n' <<<"$1" | grep . | sort -n | tail -n1; }
min_of() { tr ' ' '\n' <<<"$1" | grep . | sort -n | head -n1; }

# report: the three tables and the targets, as Markdown.
report() {
  if [[ -n "$THREAD_COUNTS" ]]; then
    echo "### Closed loop (the paper's method: T threads, blocking calls)"
    echo
    points_table closed threads
    echo
  fi
  if [[ -n "$IN_FLIGHT" ]]; then
    echo "### In flight (N calls outstanding: the async API, N threads for a client without one)"
    echo
    points_table inflight "in flight"
    echo
    echo "### Server side"
    echo
    server_table "inflight-$(max_of "$IN_FLIGHT")"
    echo
  fi
  echo "### Targets"
  echo
  targets
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
    echo "Each value is the median over $ROUNDS rounds (min-max beside calls/s); a round's value is the"
    echo "median of orders $WARMUP_RUNS..$((RUNS - 1)) of one harness JVM, which first warmed up ($(warmup_text))"
    echo "and then made $RUNS runs; orders 0..$((WARMUP_RUNS - 1)) are dropped too. Within a point the rounds alternate"
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
  : >"$OUT/rounds.tsv"
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

  report >"$OUT/compare.md"
  echo
  cat "$OUT/compare.md"
  echo
  echo "per-round values: $OUT/rounds.tsv; raw files and logs: $OUT"
  if [[ $WRITE_DOC -eq 1 ]]; then write_doc; fi
  return "$status"
}

main "$@"
