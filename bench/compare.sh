#!/usr/bin/env bash
# Side-by-side benchmark on one machine (loopback, same JVM flags everywhere): every protocol of
# the harness's catalog (RPCX, gRPC, gRPC tuned, OpenFeign, the bare Netty baseline, ...) or the
# --variants given. For each thread count: ROUNDS rounds; in each round every variant runs once (one
# harness JVM: WARMUP of unrecorded calls for the JIT, then RUNS runs, the first WARMUP_RUNS
# dropped), the variant order rotating between rounds. Prints medians and spread over the rounds, the RPCX ratios against
# issue 6's targets, and with --write-doc puts the table into docs/performance.md. Servers are stopped on exit.
set -euo pipefail

# ---- defaults (one place) -------------------------------------------------------------------
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
THREAD_COUNTS="1 64"
REQUESTS="1:20000,64:3000"       # calls per thread per run, per thread count (T:R,...; or one R)
DIVISORS="grpc:4,grpc-tuned:4,grpc-stream:4,openfeign:20,http-json:10,http-javaser:10"  # slower variants run R/D calls, so every run lasts seconds
ROUNDS=5                         # rounds per thread count; every variant once per round
WARMUP=10s                       # harness --warmup: unrecorded calls before order 0 (JIT, caches)
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
# issue 6 targets
T_GRPC=5                         # RPCX/gRPC calls/s at 64 threads >=
T_GRPC_TUNED=2.5                 # RPCX/gRPC-tuned calls/s at 64 threads >=
T_OPENFEIGN=10                   # RPCX/OpenFeign calls/s at 64 threads >=
T_BARE=0.8                       # RPCX/bare calls/s at 64 threads >=
T_P50_BARE=1.5                   # RPCX p50 / bare p50 at 1 thread <=
T_P50_GRPC=0.5                   # RPCX p50 / gRPC p50 at 1 thread <=
T_P99_US=2000                    # RPCX p99 at 64 threads <= (µs)
# ----------------------------------------------------------------------------------------------

PERF_SCRIPT=compare.sh
# shellcheck source=bench/perf-lib.sh
source "$ROOT/bench/perf-lib.sh"
perf_jars

PINNED=()
READY_PORT=""
declare -A PORT=()
declare -A SPID=()
COMMAND_LINE="bench/compare.sh $*"

usage() {
  cat <<EOF
Usage: bench/compare.sh [options] [-- HARNESS_OPTIONS...]

Runs the variants (protocol ids of the harness's catalog; default: all of them) side by side
on loopback: servers = the catalog's server jars and arguments (a server shared by several
protocols runs once; bare is listed when bench/target/bench.jar is built), client =
client-harness.jar (with the bench jar on its class path), one JVM per (variant, round),
labels from the catalog. For each thread count,
ROUNDS rounds; each round runs every variant once, the order rotating between rounds; one
value per round = the median over the runs after the warm-up runs. Servers on one CPU, the client on the
other (taskset), the same JVM flags for all. Prints median and min-max over the rounds and the
RPCX ratios against the targets of issue 6.

Options:
  --threads LIST     thread counts, e.g. 1,64 (default: ${THREAD_COUNTS// /,})
  --requests SPEC    calls per thread per run: R for all, or T:R,... (default: $REQUESTS)
  --divisors SPEC    variants that run R/D calls, V:D,... or "none" (default: $DIVISORS)
  --warmup DURATION  unrecorded warm-up of each harness JVM before its runs (default: $WARMUP)
  --rounds N         rounds per thread count (default: $ROUNDS)
  --runs N           runs per harness JVM (default: $RUNS)
  --warmup-runs N    first runs of each JVM dropped after the warm-up (default: $WARMUP_RUNS)
  --max-steal PCT    a harness JVM during which the hypervisor stole more than PCT % of the
                     CPU time (/proc/stat) is run again, up to --retries times; the attempt
                     with the least steal counts (default: $MAX_STEAL)
  --retries N        (default: $RETRIES; 0: keep every run, steal is still reported)
  --variants LIST    protocol ids, e.g. rpcx,grpc,grpc-tuned,openfeign,bare (default: all)
  --jvm-flags FLAGS  JVM flags of servers and clients (default: "$JVM_FLAGS")
  --out DIR          result folder (default: results/compare/<timestamp>)
  --write-doc        replace the comparison section of docs/performance.md with the table
  -- OPTIONS...       harness options for every run, e.g. -- --call items --items 10
  -h, --help         this text

Example (hold the shared measurement lock; about 20 minutes on 2 vCPUs):
  mvn -B -q package -DskipTests
  flock /tmp/rpcx-bench-measure.lock bench/compare.sh --write-doc
  bench/compare.sh --threads 64 --rounds 3 --variants rpcx,bare   # a quick look

Exit codes: 0 all calls answered; 1 some calls failed or a harness run failed (see the
logs); 2 bad usage or missing jars.
EOF
}

die() { perf_die "$@"; }

parse_args() {
  while [[ $# -gt 0 ]]; do
    case "$1" in
      --threads) [[ $# -ge 2 ]] || die "--threads needs a value"; THREAD_COUNTS="${2//,/ }"; shift 2 ;;
      --requests) [[ $# -ge 2 ]] || die "--requests needs a value"; REQUESTS="$2"; shift 2 ;;
      --rounds) [[ $# -ge 2 ]] || die "--rounds needs a value"; ROUNDS="$2"; shift 2 ;;
      --divisors) [[ $# -ge 2 ]] || die "--divisors needs a value"; DIVISORS="$2"; shift 2 ;;
      --warmup) [[ $# -ge 2 ]] || die "--warmup needs a value"; WARMUP="$2"; shift 2 ;;
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
  local t
  for t in $THREAD_COUNTS; do
    [[ "$t" =~ ^[1-9][0-9]*$ ]] || die "--threads: '$t' is not a positive count"
    requests_for "$t" >/dev/null
  done
  [[ -n "${THREAD_COUNTS// /}" ]] || die "--threads: no thread count"
  [[ "$MAX_STEAL" =~ ^[0-9]+$ && "$MAX_STEAL" -le 100 ]] || die "--max-steal must be 0..100 (%), got '$MAX_STEAL'"
  [[ "$RETRIES" =~ ^[0-9]+$ ]] || die "--retries must be a count, got '$RETRIES'"
  [[ "$WARMUP" =~ ^[0-9]+(ms|s|m)$ ]] || die "--warmup: '$WARMUP' is not a duration like 10s, 500ms, 1m"
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

# requests_for T: R for thread count T from the REQUESTS spec (exit 2 when none fits).
requests_for() {
  local t="$1" item
  if [[ "$REQUESTS" =~ ^[1-9][0-9]*$ ]]; then echo "$REQUESTS"; return 0; fi
  for item in ${REQUESTS//,/ }; do
    [[ "$item" =~ ^([1-9][0-9]*):([1-9][0-9]*)$ ]] || die "--requests: bad item '$item' (R or T:R,...)"
    if [[ "${BASH_REMATCH[1]}" == "$t" ]]; then echo "${BASH_REMATCH[2]}"; return 0; fi
  done
  die "--requests: no R for $t threads in '$REQUESTS'"
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

# run_fairly VARIANT THREADS R ROUND: run_variant, again (up to RETRIES times) while the
# hypervisor stole more than MAX_STEAL % of the CPU time during it; of the attempts, the one
# with the least steal counts (its line stays in rounds.tsv).
run_fairly() {
  local attempt=0 status best_status=0 line best="" steal best_steal=""
  while :; do
    status=0
    run_variant "$@" || status=$?
    line="$(tail -n1 "$OUT/rounds.tsv")"
    sed -i '$d' "$OUT/rounds.tsv"
    steal="$(cut -f9 <<<"$line")"
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

# run_variant VARIANT THREADS R ROUND: one harness JVM; appends a line to $OUT/rounds.tsv.
run_variant() {
  local v="$1" t="$2" round="$4" dir log file status=0 r
  r="$(requests_of "$v" "$3")"
  # shellcheck disable=SC2206  # JVM_FLAGS is a list of flags
  local flags=($JVM_FLAGS)
  dir="$OUT/raw/t$t/round$round/$v"
  log="$OUT/logs/t$t-round$round-$v.log"
  file="$dir/$v/t$t-r$r.csv"
  perf_pinned "$CLIENT_CPUS" java "${flags[@]}" -cp "$(perf_harness_cp)" "$HARNESS_MAIN" --protocol "$v" \
    --threads "$t" --requests "$r" --warmup "$WARMUP" --runs "$RUNS" --host "$HOST" --port "$v=${PORT[$v]}" \
    --out "$dir" --force "${HARNESS_EXTRA[@]}"
  local cpu0 cpu1 steal0 steal1 steal
  cpu0="$(cpu_ticks "${SPID[$v]}")"
  steal0="$(steal_ticks)"
  "${PINNED[@]}" >"$log" 2>&1 || status=$?
  cpu1="$(cpu_ticks "${SPID[$v]}")"
  steal1="$(steal_ticks)"
  steal="$(awk -v a="$steal0" -v b="$steal1" 'BEGIN { split(a, x, " "); split(b, y, " ");
    if (y[2] > x[2]) printf "%.1f", (y[1] - x[1]) * 100 / (y[2] - x[2]); else print "nan" }')"
  if [[ $status -eq 2 ]]; then
    cat "$log" >&2
    die "the harness refused its options (variant $v): ${PINNED[*]}"
  fi
  if [[ ! -f "$file" ]]; then
    echo "  t=$t round $round $v: no result file (exit $status, see $log)" >&2
    printf '%s\t%s\t%s\tnan\tnan\tnan\t-1\tnan\tnan\n' "$t" "$v" "$round" >>"$OUT/rounds.tsv"
    return 1
  fi
  local tput p50 p99 errors calls warmup_calls cpu_us
  tput="$(file_median "$file" throughput)"; p50="$(file_median "$file" p50_us)"; p99="$(file_median "$file" p99_us)"
  errors="$(perf_sum "$file" errors)"
  calls="$(perf_sum "$file" calls)"
  warmup_calls="$(perf_show "$file" --provenance warmup_calls 2>/dev/null || true)"
  [[ "$warmup_calls" =~ ^[0-9]+$ ]] || warmup_calls=0
  # server CPU per call: the server's CPU time (user + sys) over the whole harness JVM / all its
  # calls (warm-up included)
  cpu_us="$(awk -v d="$((cpu1 - cpu0))" -v hz="$CLK_TCK" -v c="$((calls + warmup_calls))" \
    'BEGIN { if (c > 0) printf "%.1f", d * 1e6 / hz / c; else print "nan" }')"
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$t" "$v" "$round" "$tput" "$p50" "$p99" "$errors" "$cpu_us" "$steal" >>"$OUT/rounds.tsv"
  printf '  t=%s round %s %-10s calls/s %10.1f  p50 %9.1f us  p99 %9.1f us  server CPU %6s us/call  steal %5s %%  errors %s\n' \
    "$t" "$round" "$v" "$tput" "$p50" "$p99" "$cpu_us" "$steal" "$errors" >&2
  [[ $status -eq 0 && $errors -eq 0 ]]
}

# cpu_ticks PID: user + sys CPU time of a process, in clock ticks (0 when it is gone).
cpu_ticks() {
  awk '{ sub(/^.*\) /, ""); print $12 + $13 }' "/proc/$1/stat" 2>/dev/null || echo 0
}
CLK_TCK="$(getconf CLK_TCK)"

# file_median FILE COLUMN: median of a raw file's column (by name, read with report show) over
# the runs after the warm-up runs (order >= WARMUP_RUNS; all runs when none is left).
file_median() {
  paste <(perf_show "$1" --column order) <(perf_show "$1" --column "$2") | awk -v w="$WARMUP_RUNS" '
    { all[++n] = $2; if ($1 >= w) kept[++k] = $2 }
    END {
      if (k == 0) { for (i = 1; i <= n; i++) kept[i] = all[i]; k = n }
      if (k == 0) { print "nan"; exit }
      for (i = 1; i <= k; i++) for (j = i + 1; j <= k; j++)
        if (kept[j] + 0 < kept[i] + 0) { t = kept[i]; kept[i] = kept[j]; kept[j] = t }
      if (k % 2) print kept[(k + 1) / 2]; else print (kept[k / 2] + kept[k / 2 + 1]) / 2
    }'
}

# stat T VARIANT COLUMN(4 calls/s, 5 p50, 6 p99, 8 server CPU µs/call, 9 steal %) WHAT(median|min|max):
# over the rounds.
stat() {
  awk -F'\t' -v t="$1" -v v="$2" -v col="$3" -v what="$4" '
    $1 == t && $2 == v && $col != "nan" { x[++n] = $col + 0 }
    END {
      if (n == 0) { print "nan"; exit }
      for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (x[j] < x[i]) { s = x[i]; x[i] = x[j]; x[j] = s }
      if (what == "min") print x[1]
      else if (what == "max") print x[n]
      else if (n % 2) print x[(n + 1) / 2]
      else print (x[n / 2] + x[n / 2 + 1]) / 2
    }' "$OUT/rounds.tsv"
}

errors_total() {
  awk -F'\t' -v t="$1" -v v="$2" '$1 == t && $2 == v { if ($7 < 0) bad = 1; else e += $7; n++ }
    END { if (n == 0) print "-"; else if (bad) print e + 0 " (+ failed runs)"; else print e + 0 }' "$OUT/rounds.tsv"
}

label() { catalog_get "$1" label; }

# verdict VALUE GOAL ge|le: "x.xx | >= g | PASS" or "... | MISS (n % short)".
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
  awk -v x="$1" -v d="$2" 'BEGIN { if (x == "nan") print "n/a"; else printf "%.*f", d, x }'
}

# One target row: NAME VALUE GOAL OP UNIT, where VALUE may be nan (a side is missing).
target_row() {
  local name="$1" value="$2" goal="$3" op="$4" unit="$5" why="${6:-}" shown sign
  if [[ "$op" == ge ]]; then sign=">="; else sign="<="; fi
  if [[ "$value" == nan ]]; then
    printf '| %s | %s | %s %s%s | n/a |\n' "$name" "${why:-n/a}" "$sign" "$goal" "$unit"
    return 0
  fi
  if [[ "$unit" == x ]]; then shown="$(fmt "$value" 2)x"; else shown="$(fmt "$value" 0)$unit"; fi
  printf '| %s | %s | %s %s%s | %s |\n' "$name" "$shown" "$sign" "$goal" "$unit" "$(verdict "$value" "$goal" "$op")"
}

report() {
  local t v med
  echo "| threads | variant | calls/s (median) | calls/s min-max | p50 µs (median) | p50 min-max | p99 µs (median) | p99 min-max | server CPU µs/call | steal % (max) | errors |"
  echo "| ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
  for t in $THREAD_COUNTS; do
    for v in $VARIANTS; do
      med="$(stat "$t" "$v" 4 median)"
      printf '| %s | %s | %s | %s-%s | %s | %s-%s | %s | %s-%s | %s | %s | %s |\n' "$t" "$(label "$v")" \
        "$(fmt "$med" 0)" "$(fmt "$(stat "$t" "$v" 4 min)" 0)" "$(fmt "$(stat "$t" "$v" 4 max)" 0)" \
        "$(fmt "$(stat "$t" "$v" 5 median)" 1)" "$(fmt "$(stat "$t" "$v" 5 min)" 1)" "$(fmt "$(stat "$t" "$v" 5 max)" 1)" \
        "$(fmt "$(stat "$t" "$v" 6 median)" 1)" "$(fmt "$(stat "$t" "$v" 6 min)" 1)" "$(fmt "$(stat "$t" "$v" 6 max)" 1)" \
        "$(fmt "$(stat "$t" "$v" 8 median)" 1)" "$(fmt "$(stat "$t" "$v" 9 max)" 1)" "$(errors_total "$t" "$v")"
    done
  done
  echo
  echo "| target (issue 6) | measured | goal | verdict |"
  echo "| --- | ---: | ---: | --- |"
  local hi lo bare_why=""
  hi="$(max_threads)"; lo="$(min_threads)"
  catalog_has bare || bare_why="bare not in the catalog (bench jar not built)"
  local r_tput="nan" r_p50="nan"
  if has_variant rpcx; then r_tput="$(stat "$hi" rpcx 4 median)"; r_p50="$(stat "$lo" rpcx 5 median)"; fi
  target_row "RPCX / gRPC calls/s, $hi threads" "$(ratio "$r_tput" "$(side "$hi" grpc 4)")" "$T_GRPC" ge x
  target_row "RPCX / gRPC-tuned calls/s, $hi threads" "$(ratio "$r_tput" "$(side "$hi" grpc-tuned 4)")" "$T_GRPC_TUNED" ge x
  target_row "RPCX / OpenFeign calls/s, $hi threads" "$(ratio "$r_tput" "$(side "$hi" openfeign 4)")" "$T_OPENFEIGN" ge x
  target_row "RPCX / bare calls/s, $hi threads" "$(ratio "$r_tput" "$(side "$hi" bare 4)")" "$T_BARE" ge x "$bare_why"
  target_row "RPCX p50 / bare p50, $lo thread(s)" "$(ratio "$r_p50" "$(side "$lo" bare 5)")" "$T_P50_BARE" le x "$bare_why"
  target_row "RPCX p50 / gRPC p50, $lo thread(s)" "$(ratio "$r_p50" "$(side "$lo" grpc 5)")" "$T_P50_GRPC" le x
  local r_p99="nan"
  has_variant rpcx && r_p99="$(stat "$hi" rpcx 6 median)"
  target_row "RPCX p99, $hi threads" "$r_p99" "$T_P99_US" le " µs"
}

side() { if has_variant "$2"; then stat "$1" "$2" "$3" median; else echo nan; fi; }
max_threads() { tr ' ' '\n' <<<"$THREAD_COUNTS" | grep . | sort -n | tail -n1; }
min_threads() { tr ' ' '\n' <<<"$THREAD_COUNTS" | grep . | sort -n | head -n1; }

write_doc() {
  local body="$OUT/doc-section.md"
  {
    echo "## Side by side (bench/compare.sh)"
    echo
    echo "Command: \`flock /tmp/rpcx-bench-measure.lock $COMMAND_LINE\`"
    echo
    sed 's/^/- /' "$OUT/machine.txt"
    echo
    echo "Each value is the median over $ROUNDS rounds (min-max beside it); a round's value is the"
    echo "median of orders $WARMUP_RUNS..$((RUNS - 1)) of one harness JVM, which first made $WARMUP of"
    echo "unrecorded calls (the harness's --warmup: the JIT settles) and then $RUNS runs; orders 0..$((WARMUP_RUNS - 1)) are dropped too."
    echo "Within a thread count the rounds alternate the variants, the order rotating by one each round."
    echo "Server CPU µs/call: the server process's CPU time (user + sys, /proc/PID/stat) while one harness"
    echo "JVM ran divided by all its calls (warm-up calls included); with the server pinned to one CPU,"
    echo "10^6 / that is the most calls/s the server side could give. Steal: the share of CPU time the"
    echo "hypervisor took from this VM while a harness JVM ran (/proc/stat); a JVM with more than $MAX_STEAL %"
    echo "was run again (up to $RETRIES times; the attempt with the least steal counts); the column shows the"
    echo "worst steal among the kept attempts."
    echo
    cat "$OUT/compare.md"
  } >"$body"
  perf_doc_section "$DOC" compare "$body"
  echo "wrote the table to $DOC" >&2
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
    echo "threads: $THREAD_COUNTS; calls per thread per run: $REQUESTS (divided by: ${DIVISORS:-none}); rounds: $ROUNDS; per JVM: warm-up $WARMUP, then $RUNS runs (first $WARMUP_RUNS dropped)"
  } >"$OUT/machine.txt"
  cat "$OUT/machine.txt" >&2

  start_servers
  local t v round i n status=0
  local -a order
  local -a vs
  read -r -a vs <<<"$VARIANTS"
  n=${#vs[@]}
  for t in $THREAD_COUNTS; do
    local r
    r="$(requests_for "$t")"
    for ((round = 1; round <= ROUNDS; round++)); do
      order=()
      for ((i = 0; i < n; i++)); do order+=("${vs[$(((i + round - 1) % n))]}"); done
      echo "threads $t, round $round/$ROUNDS: ${order[*]}" >&2
      for v in "${order[@]}"; do
        run_fairly "$v" "$t" "$r" "$round" || status=1
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
