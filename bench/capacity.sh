#!/usr/bin/env bash
# Server capacity measured, not estimated (issue 31, outcome 4): each server pinned to one CPU in
# a cpu cgroup with a CPU quota smaller than its generator's share (e.g. 0.2 of a core), driven
# by the harness's in-flight model (--in-flight N) at doubling N until its calls/s stop rising
# and its CPU use reaches the quota; the calls/s per core it then makes (calls / server CPU
# seconds) beside the CPU-estimated figure of the same server on a whole core (unquota'd, not
# saturated: 10^6 / server us per call, as docs/performance.md estimates it), a second quota to
# check that the figure is linear in the quota, and the quota's throttling (cpu.stat
# nr_periods, nr_throttled, throttled time) per point.
#
# bash drives the OS here (the cgroup, taskset, the server processes) and launches the harness;
# the harness measures every run (server CPU from /proc/PID/stat with --server-pid, the server's
# read system calls, latency, the box's noise); the script copies the cgroup's counters before and
# after each harness JVM, and the report tool's capacity-point computes each line of points.tsv.
set -euo pipefail

# ---- defaults (one place) -------------------------------------------------------------------
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
PROTOCOLS="rpcx,grpc,grpc-tuned,http-json-lean,tcp-protobuf,resp,bert,thrift"
QUOTAS="0.2 0.4"              # server cores granted (cpu quota / period); the first is the curve's
IN_FLIGHT="16 64 256 1024"    # the first quota's saturation curve
CHECK_IN_FLIGHT="256 1024"    # the other quotas' points (linearity)
FULL_IN_FLIGHT="64 256"       # the whole-core points (no quota): the CPU estimate and cross-check
PERIOD_US=10000               # the CFS period: a quota of 0.2 runs 2 ms of every 10 ms
SERVER_CPU=1                  # the server's CPU (taskset)
GENERATOR_CPUS="0-1"          # the generator under a quota: CPU 0 and what the server leaves of 1
FULL_GENERATOR_CPUS="0"       # the generator against a whole-core server (compare.sh's placement)
RUN_S=4                       # each run's length, aimed at (calls per run sized from the last rate)
RUNS=4                        # runs per point; run 0 is dropped
SIZING_CALLS=30000            # the first point's calls per run, before any rate is known
SERVER_FLAGS="-Xms384m -Xmx384m -XX:+UseSerialGC"
HARNESS_FLAGS="-Xms512m -Xmx512m"
CGROUP_NAME="rpcx-capacity"
HOST=127.0.0.1
OUT=""                        # default: results/capacity/<timestamp>
READY_TIMEOUT_S=180
# ----------------------------------------------------------------------------------------------

PERF_SCRIPT=capacity.sh
# shellcheck source=bench/perf-lib.sh
source "$ROOT/bench/perf-lib.sh"
perf_jars
READY_PORT=""
COMMAND_LINE="bench/capacity.sh $*"

usage() {
  cat <<EOF
Usage: bench/capacity.sh [options]

Each server of --protocols in turn: pinned to CPU $SERVER_CPU in the cpu cgroup $CGROUP_NAME, first on the
whole core (in flight $FULL_IN_FLIGHT, generator on CPU $FULL_GENERATOR_CPUS: the CPU estimate), then under each
quota of --quotas (the first at in flight $IN_FLIGHT, the others at $CHECK_IN_FLIGHT; generator on
CPUs $GENERATOR_CPUS), $RUNS harness runs of ~$RUN_S s per point. Needs root and a cgroup cpu controller
(v2 cpu.max, or v1 cpu.cfs_quota_us with cpuacct).

Options:
  --protocols LIST     protocol ids of the catalog (default: $PROTOCOLS)
  --quotas "Q..."      server cores granted (default: "$QUOTAS")
  --in-flight "N..."   the first quota's points (default: "$IN_FLIGHT")
  --check-in-flight "N..."  the other quotas' points (default: "$CHECK_IN_FLIGHT")
  --full-in-flight "N..."   the whole-core points (default: "$FULL_IN_FLIGHT"; "" for none)
  --period-us US       the CFS period (default: $PERIOD_US)
  --run-seconds S      each run's length, aimed at (default: $RUN_S)
  --out DIR            result folder (default: results/capacity/<timestamp>)
  -h, --help           this text

Example (hold the shared measurement lock; ~3 min per protocol):
  flock /tmp/rpcx-bench-measure.lock bench/capacity.sh --protocols rpcx,grpc-tuned \\
    --out results/capacity/rpcx-grpc-tuned
EOF
}

parse_args() {
  while (($# > 0)); do
    case "$1" in
      --protocols) PROTOCOLS="$2"; shift 2 ;;
      --quotas) QUOTAS="$2"; shift 2 ;;
      --in-flight) IN_FLIGHT="$2"; shift 2 ;;
      --check-in-flight) CHECK_IN_FLIGHT="$2"; shift 2 ;;
      --full-in-flight) FULL_IN_FLIGHT="$2"; shift 2 ;;
      --period-us) PERIOD_US="$2"; shift 2 ;;
      --run-seconds) RUN_S="$2"; shift 2 ;;
      --out) OUT="$2"; shift 2 ;;
      -h | --help) usage; exit 0 ;;
      *) echo "capacity.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
    esac
  done
  if ! [[ "$PERIOD_US" =~ ^[0-9]+$ ]] || ((PERIOD_US < 1000 || PERIOD_US > 1000000)); then
    perf_die "--period-us $PERIOD_US: the kernel takes 1000..1000000"
  fi
  local q n
  for q in $QUOTAS; do
    quota_us "$q" >/dev/null ||
      perf_die "--quotas $q: not a share of a core whose quota (x --period-us $PERIOD_US) is at least the kernel's 1000 us and at most $(nproc) cores"
  done
  for n in $IN_FLIGHT $CHECK_IN_FLIGHT $FULL_IN_FLIGHT; do
    [[ "$n" =~ ^[1-9][0-9]*$ ]] || perf_die "in flight $n: not a positive whole number"
  done
}

# ---- the cgroup: v2 (one folder) or v1 (cpu and cpuacct folders) ----------------------------
# cgroup_setup: creates the cgroup (no quota yet) or refuses with one line.
cgroup_setup() {
  if [[ -f /sys/fs/cgroup/cgroup.controllers ]] && grep -qw cpu /sys/fs/cgroup/cgroup.controllers; then
    CG_VERSION=2
    CG_CPU="/sys/fs/cgroup/$CGROUP_NAME"
    CG_ACCT="$CG_CPU"
    echo "+cpu" >/sys/fs/cgroup/cgroup.subtree_control 2>/dev/null || true
    mkdir -p "$CG_CPU"
    [[ -f "$CG_CPU/cpu.max" ]] || perf_die "cgroup v2: no cpu controller in $CG_CPU (cpu not in the root's cgroup.subtree_control)"
  elif [[ -f /sys/fs/cgroup/cpu/cpu.cfs_quota_us && -f /sys/fs/cgroup/cpuacct/cpuacct.usage ]] ||
    [[ -f /sys/fs/cgroup/cpu,cpuacct/cpu.cfs_quota_us ]]; then
    CG_VERSION=1
    if [[ -f /sys/fs/cgroup/cpu,cpuacct/cpu.cfs_quota_us ]]; then
      CG_CPU="/sys/fs/cgroup/cpu,cpuacct/$CGROUP_NAME"
      CG_ACCT="$CG_CPU"
    else
      CG_CPU="/sys/fs/cgroup/cpu/$CGROUP_NAME"
      CG_ACCT="/sys/fs/cgroup/cpuacct/$CGROUP_NAME"
    fi
    mkdir -p "$CG_CPU" "$CG_ACCT"
  else
    perf_die "no cgroup cpu controller (neither v2 cpu.max nor v1 cpu.cfs_quota_us under /sys/fs/cgroup): cannot give the server a CPU quota"
  fi
  cgroup_quota max
}

# cgroup_quota CORES|max: the server's CPU quota.
cgroup_quota() {
  local quota_us=-1
  if [[ "$1" != max ]]; then
    quota_us="$(quota_us "$1")"
  fi
  if [[ "$CG_VERSION" == 2 ]]; then
    if [[ "$1" == max ]]; then echo "max $PERIOD_US" >"$CG_CPU/cpu.max"; else echo "$quota_us $PERIOD_US" >"$CG_CPU/cpu.max"; fi
  else
    echo "$PERIOD_US" >"$CG_CPU/cpu.cfs_period_us"
    echo "$quota_us" >"$CG_CPU/cpu.cfs_quota_us"
  fi
}

# cgroup_snapshot DIR: copies what the OS says now into DIR, for the report tool's capacity-point to
# read: the cgroup's cpu.stat (and v1's cpuacct.usage), the clock, the load average and the CPU
# pressure (PSI, where the kernel has it).
cgroup_snapshot() {
  local dir="$1"
  mkdir -p "$dir"
  cat "$CG_CPU/cpu.stat" >"$dir/cpu.stat"
  if [[ "$CG_VERSION" == 1 ]]; then cat "$CG_ACCT/cpuacct.usage" >"$dir/cpuacct.usage"; fi
  date +%s.%N >"$dir/epoch"
  cat /proc/loadavg >"$dir/loadavg"
  if [[ -r /proc/pressure/cpu ]]; then cat /proc/pressure/cpu >"$dir/pressure-cpu"; fi
}

cgroup_remove() {
  rmdir "$CG_CPU" 2>/dev/null || true
  if [[ "$CG_ACCT" != "$CG_CPU" ]]; then rmdir "$CG_ACCT" 2>/dev/null || true; fi
}

# ---- one server --------------------------------------------------------------------------------
# start_server ID: the server of ID on SERVER_CPU inside the cgroup (it joins before exec, so every
# thread it ever has is in it); sets PORT and SERVER_PID.
start_server() {
  local id="$1"
  local -a flags
  read -r -a flags <<<"$SERVER_FLAGS"
  perf_server_cmd "$id"
  # shellcheck disable=SC2016  # $1, $2, $$ and $@ are the inner shell's
  perf_start_server "$id" "$OUT/$id/server.log" \
    bash -c 'for f in "$1" "$2"; do echo "$$" >"$f"; done; shift 2; exec "$@"' _ \
    "$CG_CPU/cgroup.procs" "$CG_ACCT/cgroup.procs" \
    taskset -c "$SERVER_CPU" java "${flags[@]}" "${SERVER_CMD[@]}"
  PORT="$READY_PORT"
  SERVER_PID="$SPAWNED_PID"
}

# point ID QUOTA N GENERATOR_CPUS CALLS_PER_RUN RUNS: one harness JVM at in flight N; appends a
# line to points.tsv and sets LAST_RATE (the kept runs' calls/s).
point() {
  local id="$1" quota="$2" n="$3" cpus="$4" calls="$5" runs="$6"
  local dir="$OUT/$id/q$quota-n$n" file line rc=0
  local -a hflags
  read -r -a hflags <<<"$HARNESS_FLAGS"
  mkdir -p "$dir"
  cgroup_quota "$quota"
  cgroup_snapshot "$dir/before"
  taskset -c "$cpus" java "${hflags[@]}" -cp "$(perf_harness_cp)" "$HARNESS_MAIN" \
    --protocol "$id" --host "$HOST" --port "$id=$PORT" --in-flight "$n" \
    --requests "$calls" --requests-per total --runs "$runs" \
    --warmup-mode steady --warmup-max 10s --server-pid "$SERVER_PID" \
    --provenance "server_cpu_quota=$quota" --provenance "server_cpu_period_us=$PERIOD_US" \
    --provenance "server_cpus=$SERVER_CPU" --provenance "generator_cpus=$cpus" \
    --provenance "server_jvm_flags=$SERVER_FLAGS" \
    --out "$dir" --force >"$dir/harness.log" 2>&1 || rc=$?
  cgroup_snapshot "$dir/after"
  file="$(find "$dir" -name '*.csv' -print -quit)"
  if [[ -z "$file" ]]; then
    echo "  $id quota $quota in flight $n: no result file (exit $rc): $(tail -n 2 "$dir/harness.log" | tr '\n' ' ')" | tee -a "$OUT/summary.txt"
    return 0
  fi
  # the kept runs' calls/s, server cores and calls per server core, the cgroup's CPU and throttling
  # between the snapshots, the box's noise: computed by the report tool, not here
  line="$(java -jar "$REPORT_JAR" capacity-point "$dir" --exit "$rc" --relative-to "$OUT")" || {
    echo "  $id quota $quota in flight $n: $file not summarised (exit $rc)" | tee -a "$OUT/summary.txt"
    return 0
  }
  echo "$line" >>"$OUT/points.tsv"
  echo "  $line" | tee -a "$OUT/summary.txt"
  LAST_RATE="$(cut -f5 <<<"$line")"
  {
    echo "== $id quota $quota in flight $n (exit $rc)"
    perf_show "$file" --cleaned | grep -E '^(throughput|p50_us|p99_us|limited_by)'$'\t'  || true
  } >>"$OUT/summary.txt"
}

# quota_us CORES: CORES x --period-us, checked (the report tool's capacity-size: bash has no
# decimals); fails on a share the kernel or this machine cannot take.
quota_us() {
  [[ -f $REPORT_JAR ]] || perf_die "missing $REPORT_JAR (build first: mvn -B -q package -DskipTests)"
  java -jar "$REPORT_JAR" capacity-size quota-us "$1" --period-us "$PERIOD_US" --cpus "$(nproc)" 2>/dev/null
}

# calls_for RATE QUOTA_FROM QUOTA_TO: calls per run for ~RUN_S s at RATE scaled by the quotas.
calls_for() {
  java -jar "$REPORT_JAR" capacity-size calls --rate "$1" --from "$2" --to "$3" --seconds "$RUN_S"
}

measure_server() {
  local id="$1" quota n first=1 last_quota=max calls
  local -a quotas
  read -r -a quotas <<<"$QUOTAS"
  mkdir -p "$OUT/$id"
  echo "== $id ($(date -u +%H:%M:%S))" | tee -a "$OUT/summary.txt"
  start_server "$id"
  LAST_RATE=0
  # sizing (and JIT warm-up) on the whole core: discarded, the rate sizes the next runs
  point "$id" max 64 "$FULL_GENERATOR_CPUS" "$SIZING_CALLS" 2
  mv "$OUT/$id/qmax-n64" "$OUT/$id/sizing"
  sed -i '$ s/^/#sizing\t/' "$OUT/points.tsv"
  for n in $FULL_IN_FLIGHT; do
    point "$id" max "$n" "$FULL_GENERATOR_CPUS" "$(calls_for "$LAST_RATE" max max)" "$RUNS"
  done
  for quota in "${quotas[@]}"; do
    calls="$(calls_for "$LAST_RATE" "$last_quota" "$quota")"
    for n in $([[ "$first" == 1 ]] && echo "$IN_FLIGHT" || echo "$CHECK_IN_FLIGHT"); do
      point "$id" "$quota" "$n" "$GENERATOR_CPUS" "$calls" "$RUNS"
      calls="$(calls_for "$LAST_RATE" "$quota" "$quota")"
    done
    first=0
    last_quota="$quota"
  done
  cgroup_quota max
  perf_stop_servers
}

main() {
  parse_args "$@"
  [[ "$(id -u)" == 0 ]] || perf_die "needs root: the server's CPU quota is a cgroup"
  [[ -n "$OUT" ]] || OUT="$ROOT/results/capacity/$(date -u +%Y%m%d-%H%M%S)"
  mkdir -p "$OUT"
  cgroup_setup
  perf_catalog
  perf_select --protocols "$PROTOCOLS"
  perf_snapshot_jars "$OUT/.jars" "${PERF_IDS[@]}"
  trap 'perf_stop_servers; cgroup_quota max 2>/dev/null || true; cgroup_remove; perf_drop_snapshot' EXIT
  {
    echo "command: $COMMAND_LINE"
    echo "started: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
    perf_machine
    echo "cgroup: v$CG_VERSION $CG_CPU (period $PERIOD_US us)"
    echo "server: CPU $SERVER_CPU, $SERVER_FLAGS; generator under a quota: CPUs $GENERATOR_CPUS, on a whole core: CPU $FULL_GENERATOR_CPUS"
    echo "cpu pressure at start: $(tr '\n' ' ' </proc/pressure/cpu 2>/dev/null || echo unknown)"
  } | tee "$OUT/summary.txt"
  java -jar "$REPORT_JAR" capacity-point --header >"$OUT/points.tsv"
  local id
  for id in "${PERF_IDS[@]}"; do
    measure_server "$id"
  done
  {
    echo "ended: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
    echo "cpu pressure at end: $(tr '\n' ' ' </proc/pressure/cpu 2>/dev/null || echo unknown)"
  } | tee -a "$OUT/summary.txt"
}

main "$@"
