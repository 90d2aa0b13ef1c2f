#!/usr/bin/env bash
# Side-by-side benchmark on one machine: RPCX vs gRPC vs OpenFeign, loopback, same JVM flags.
# Starts the three server fat jars, runs the client harness for all three protocols at each
# thread count, prints calls/s and p50/p99 with the ratios RPCX/gRPC and RPCX/OpenFeign,
# and stops the servers on exit.
set -euo pipefail

# ---- defaults (one place) -------------------------------------------------------------------
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
REQUESTS=200                     # calls per thread per run (--requests-per thread)
RUNS=10                          # runs per point; order 0 is dropped from the medians
THREAD_COUNTS="1 64"
OUT=""                           # default: a fresh folder under results/compare/
JVM_FLAGS="-Xms512m -Xmx512m -XX:+UseG1GC"
READY_TIMEOUT_S=180              # how long a server may take to print its ready line
HOST=127.0.0.1
HARNESS_JAR="$ROOT/client-harness/target/client-harness.jar"
RPCX_JAR="$ROOT/server-rpcx/target/server-rpcx.jar"
GRPC_JAR="$ROOT/server-grpc/target/server-grpc.jar"
OPENFEIGN_JAR="$ROOT/server-openfeign/target/server-openfeign.jar"
# ----------------------------------------------------------------------------------------------

SERVER_PIDS=()
PINNED=()
READY_PORT=""
SERVER_CPUS=""
CLIENT_CPUS=""

usage() {
  cat <<EOF
Usage: bench/compare.sh [--requests R] [--runs N] [--out DIR]

Runs RPCX, gRPC and OpenFeign side by side on loopback (servers: the three fat jars;
client: client-harness.jar, one forked JVM per protocol) at ${THREAD_COUNTS// /, } threads and
prints calls/s, p50 and p99 (medians over runs 1..N-1) with the ratios RPCX/gRPC and
RPCX/OpenFeign. With taskset and 2+ CPUs the servers and the client are pinned to separate
CPUs; the placement is printed and saved.

Options:
  --requests R   calls per thread per run (default: $REQUESTS)
  --runs N       runs per point, order 0 dropped from the medians (default: $RUNS)
  --out DIR      result folder (default: results/compare/<timestamp>)
  -h, --help     this text

Example:
  mvn -B -q install -DskipTests && bench/compare.sh --requests 500 --runs 10

Exit codes: 0 all calls answered; 1 some calls failed (see the raw files); 2 bad usage or
missing jars.
EOF
}

die() {
  echo "compare.sh: $*" >&2
  exit 2
}

parse_args() {
  while [[ $# -gt 0 ]]; do
    case "$1" in
      --requests) [[ $# -ge 2 ]] || die "--requests needs a value"; REQUESTS="$2"; shift 2 ;;
      --runs) [[ $# -ge 2 ]] || die "--runs needs a value"; RUNS="$2"; shift 2 ;;
      --out) [[ $# -ge 2 ]] || die "--out needs a value"; OUT="$2"; shift 2 ;;
      -h|--help) usage; exit 0 ;;
      *) die "unknown option '$1' (try --help)" ;;
    esac
  done
  [[ "$REQUESTS" =~ ^[1-9][0-9]*$ ]] || die "--requests must be a positive count, got '$REQUESTS'"
  [[ "$RUNS" =~ ^[1-9][0-9]*$ ]] || die "--runs must be a positive count, got '$RUNS'"
  if [[ -z "$OUT" ]]; then
    OUT="$ROOT/results/compare/$(date -u +%Y%m%dT%H%M%SZ)"
  fi
}

check_jars() {
  local jar
  for jar in "$HARNESS_JAR" "$RPCX_JAR" "$GRPC_JAR" "$OPENFEIGN_JAR"; do
    [[ -f "$jar" ]] || die "missing $jar (build first: mvn -B -q install -DskipTests)"
  done
}

cpu_range() {
  if [[ "$1" == "$2" ]]; then echo "$1"; else echo "$1-$2"; fi
}

# Servers on the upper half of the CPUs, the client on the lower half (2 CPUs: 1 and 0).
plan_placement() {
  local cpus
  cpus="$(nproc)"
  if command -v taskset >/dev/null 2>&1 && [[ "$cpus" -ge 2 ]]; then
    local half=$((cpus / 2))
    CLIENT_CPUS="$(cpu_range 0 $((half - 1)))"
    SERVER_CPUS="$(cpu_range "$half" $((cpus - 1)))"
  fi
}

# pinned_command CPUS CMD...: CMD, under taskset when CPUS is set (as an array in PINNED).
pinned_command() {
  local cpus="$1"
  shift
  if [[ -n "$cpus" ]]; then
    PINNED=(taskset -c "$cpus" "$@")
  else
    PINNED=("$@")
  fi
}

stop_servers() {
  local pid
  for pid in "${SERVER_PIDS[@]}"; do
    kill -TERM "$pid" 2>/dev/null || true
  done
  for pid in "${SERVER_PIDS[@]}"; do
    wait "$pid" 2>/dev/null || true
  done
}

# start_server NAME JAR: starts it on a free port; sets READY_PORT once the ready line is in.
# (Not called in $(...): the pid must reach SERVER_PIDS of this shell for the EXIT trap.)
start_server() {
  local name="$1" jar="$2" log="$OUT/server-$1.log"
  # shellcheck disable=SC2086  # JVM_FLAGS is a list of flags
  pinned_command "$SERVER_CPUS" java $JVM_FLAGS -jar "$jar" --bind "$HOST" --port 0
  # A simple command in the background: $! is the server's own pid (taskset execs java).
  "${PINNED[@]}" >"$log" 2>&1 &
  local pid=$!
  SERVER_PIDS+=("$pid")
  local waited=0 line=""
  while [[ $waited -lt $((READY_TIMEOUT_S * 10)) ]]; do
    line="$(grep -m1 -o "$name listening on [^ ]*" "$log" || true)"
    if [[ -n "$line" ]]; then
      READY_PORT="${line##*:}"
      return 0
    fi
    kill -0 "$pid" 2>/dev/null || { cat "$log" >&2; die "$name server exited before it was ready"; }
    sleep 0.1
    waited=$((waited + 1))
  done
  die "$name server printed no ready line within ${READY_TIMEOUT_S}s (see $log)"
}

# median FILE COLUMN: median of a raw file's column over the rows with order > 0
# (all rows when there is only one run).
median() {
  local file="$1" column="$2"
  awk -F, -v col="$column" '
    /^#/ || /^type,/ { next }
    { all[++n] = $col; if ($4 > 0) kept[++k] = $col }
    END {
      if (k == 0) { for (i = 1; i <= n; i++) kept[i] = all[i]; k = n }
      if (k == 0) { print "nan"; exit }
      for (i = 1; i <= k; i++) for (j = i + 1; j <= k; j++)
        if (kept[j] + 0 < kept[i] + 0) { t = kept[i]; kept[i] = kept[j]; kept[j] = t }
      if (k % 2) print kept[(k + 1) / 2]; else print (kept[k / 2] + kept[k / 2 + 1]) / 2
    }' "$file"
}

ratio() {
  awk -v a="$1" -v b="$2" 'BEGIN { if (b + 0 == 0) print "n/a"; else printf "%.2f", a / b }'
}

errors_in() {
  awk -F, '/^#/ || /^type,/ { next } { e += $8 } END { print e + 0 }' "$1"
}

report() {
  local threads protocol other file tput p50 p99
  printf '%-8s %-16s %12s %10s %10s %8s\n' threads protocol calls/s p50_us p99_us errors
  for threads in $THREAD_COUNTS; do
    declare -A T=() P50=() P99=()
    for protocol in rpcx grpc openfeign; do
      file="$OUT/raw/$protocol/t$threads-r$REQUESTS.csv"
      if [[ ! -f "$file" ]]; then
        printf '%-8s %-16s %12s\n' "$threads" "$protocol" "no result"
        T[$protocol]=0; P50[$protocol]=0; P99[$protocol]=0
        continue
      fi
      tput="$(median "$file" 9)"; p50="$(median "$file" 10)"; p99="$(median "$file" 12)"
      T[$protocol]="$tput"; P50[$protocol]="$p50"; P99[$protocol]="$p99"
      printf '%-8s %-16s %12.1f %10.1f %10.1f %8s\n' \
        "$threads" "$protocol" "$tput" "$p50" "$p99" "$(errors_in "$file")"
    done
    for other in grpc openfeign; do
      printf '%-8s %-16s %12s %10s %10s\n' "$threads" "rpcx/$other" \
        "$(ratio "${T[rpcx]}" "${T[$other]}")" \
        "$(ratio "${P50[rpcx]}" "${P50[$other]}")" \
        "$(ratio "${P99[rpcx]}" "${P99[$other]}")"
    done
    unset T P50 P99
  done
  echo "(medians over orders 1..$((RUNS - 1)) of $RUNS runs, $REQUESTS calls per thread per run;"
  echo " calls/s ratio > 1: RPCX faster; latency ratio < 1: RPCX lower)"
}

main() {
  parse_args "$@"
  check_jars
  mkdir -p "$OUT"
  trap stop_servers EXIT
  trap 'exit 130' INT TERM
  plan_placement

  local rpcx_port grpc_port openfeign_port
  echo "starting servers (flags: $JVM_FLAGS) ..." >&2
  start_server rpcx "$RPCX_JAR"; rpcx_port="$READY_PORT"
  start_server grpc "$GRPC_JAR"; grpc_port="$READY_PORT"
  start_server openfeign "$OPENFEIGN_JAR"; openfeign_port="$READY_PORT"

  {
    echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
    echo "host: $(hostname) ($(nproc) cpus)"
    echo "commit: $(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null || echo unknown)"
    echo "jvm_flags: $JVM_FLAGS"
    echo "placement: servers on cpus ${SERVER_CPUS:-any}, client on cpus ${CLIENT_CPUS:-any}"
    echo "ports: rpcx $rpcx_port, grpc $grpc_port, openfeign $openfeign_port (loopback)"
    echo "requests: $REQUESTS per thread, runs: $RUNS, threads: $THREAD_COUNTS"
  } | tee "$OUT/placement.txt" >&2

  local threads status=0
  for threads in $THREAD_COUNTS; do
    # shellcheck disable=SC2086  # JVM_FLAGS is a list of flags
    pinned_command "$CLIENT_CPUS" java $JVM_FLAGS -jar "$HARNESS_JAR" \
      --protocol rpcx,grpc,openfeign --threads "$threads" --requests "$REQUESTS" \
      --runs "$RUNS" --host "$HOST" --rpcx-port "$rpcx_port" --grpc-port "$grpc_port" \
      --openfeign-port "$openfeign_port" --out "$OUT/raw"
    "${PINNED[@]}" >"$OUT/harness-t$threads.txt" || status=1
  done

  echo
  report | tee "$OUT/compare.txt"
  echo "raw files, logs and placement: $OUT"
  return "$status"
}

main "$@"
