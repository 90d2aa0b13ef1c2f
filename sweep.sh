#!/usr/bin/env bash
# sweep.sh: the paper's sweep, as its users know it. A launcher of `rpcx-bench sweep` (the runner
# in Java, the runner module's io.rpcxbench.runner): for every thread count, every request
# count, every protocol, one point (10 runs) in a harness JVM of its own under a 600 s limit, the
# paper's cold method (--paper: no warm-up) unless a warm-up option is given.
# Rerunning with the same --out resumes (the printed resume command names it); one sweep at a
# time per --out; the servers it starts die with it, or at the next start when it was killed. See docs/sweep.md.
set -euo pipefail

# A sweep started in the background by a script inherits SIGINT ignored, and the JVM keeps a
# signal ignored at its start ignored: Ctrl-C and kill -INT would do nothing. Start again with
# SIGINT at its default.
if [[ $(trap -p INT) == "trap -- '' SIGINT" && -z ${RPCX_SWEEP_SIGINT_RESET:-} ]]; then
  export RPCX_SWEEP_SIGINT_RESET=1
  if env --default-signal=INT true 2>/dev/null; then
    exec env --default-signal=INT "$BASH" "$0" "$@"
  elif command -v perl >/dev/null 2>&1; then
    exec perl -e '$SIG{INT} = "DEFAULT"; exec @ARGV or die "sweep.sh: exec: $!\n"' "$BASH" "$0" "$@"
  fi
  printf 'sweep.sh: SIGINT was ignored when this sweep started and cannot be restored here (no env --default-signal, no perl): stop it with kill -TERM %s\n' "$$" >&2
fi
unset RPCX_SWEEP_SIGINT_RESET

# ---- defaults ----
MAIN=io.rpcxbench.runner.RpcxBenchMain
JAR_REL=runner/target/rpcx-bench.jar
JAVA=${JAVA:-java}
SCRIPT_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)

usage() {
  cat <<'USAGE'
Usage: ./sweep.sh [--host B | --local | --lab] [options] [-- HARNESS_OPTIONS...]

Runs the paper's sweep: for each thread count, each request count, each protocol, one
client-harness run of --runs runs under --point-timeout seconds, in a JVM of its own. Writes
<out>/<protocol>/t<T>-r<R>.csv (docs/raw-format.md). Rerun with the same --out to resume
(the resume command it prints names the folder).
Protocols, ports and server jars come from the harness's catalog (./rpcx-bench list).
The runner is `rpcx-bench sweep` (Java); this script finds its jar and starts it.

Target (pick one; default --host localhost):
  --host B                 servers already running on B (deploy/deploy.sh started them)
  --port ID=PORT           a protocol's port with --host (repeatable; default: the catalog's)
  --local                  start the servers on 127.0.0.1 (free ports), stop them at the end
  --lab                    client in lab host A, servers in lab host B (deploy/lab.sh up first)
  --server-jvm-flags "F"   the servers' JVM flags (default "-Xms384m -Xmx384m -XX:+UseSerialGC")
  --server-stats SOURCE    proc (default with --local/--lab), cgroup (--lab), ssh (--host), off
  --server-ssh DEST        with ssh: B's ssh destination (default: --host's)

Plan:
  --protocol ID[,ID...]    protocols of the catalog, or "all" (default: rpcx,grpc,openfeign)
  --threads LIST           thread counts (default 10:990:10)
  --requests LIST          request counts (default 10:900:10); LIST: values and ranges
                           FROM:TO:STEP, comma-separated ("10:910:100,990")
  --runs N                 runs per point (default 10)
  --point-timeout S        seconds a point may take (default 600); finished runs are kept
  --timeout-per point|run  what --point-timeout bounds (default point)
  --stop-after-failures N  after N failed points in a row, a protocol moves on to the next
                           thread count (default 0: never)
  --skip-dominated         skip a protocol's points with at least the threads and requests
                           of one that failed or timed out
  --rates LIST             open-loop rates (calls/s) instead of the grid: <out>/<p>/open-r<R>-d<S>s.csv
  --duration D             each run's schedule with --rates (default 10s)
  --stop-after-overload N  after N rates in a row not kept up with, skip the higher ones (default 2)
  --scenario single|chain  chain: per protocol a gateway and two services (chain-t<T>-r<R>.csv)
  --work D, --work-kind sleep|cpu   work per call in each service (files get a w<D>- prefix)

Passed to the harness at every point (recorded in every file, failed-point ones too):
  --call KIND, --payload BYTES, --items N, --requests-per thread|total,
  --timeout D (per-call deadline), --cold-start, and everything after "--"
  --warmup D, --warmup-mode steady, --warmup-iteration D, --warmup-tolerance PCT, --warmup-max D:
                           a warm-up; without one, sweep.sh passes --paper (the paper's cold
                           method: no warm-up, order 0 dropped by the report), where
                           `rpcx-bench sweep` would warm every point up to steady state
  --threshold EXPR         checked on every point after the sweep, e.g. 'p99<5ms' (repeatable)

Output and control:
  --out DIR                raw results folder; the log goes there too (default: a new
                           experiment's results/<UTC time>-sweep/raw; --out shares or resumes one)
  --retry-failed           rerun points whose file says timeout, failed or incomplete
  --dry-run [--json]       print the plan (points in order, file names) and its size, and exit
  --yes                    start a plan of over 1,000 points or known to take over an hour
                           without asking (without a terminal it is refused otherwise)
  -h, --help               this text (all options: ./rpcx-bench sweep --help)

Environment: RPCX_BENCH_JAR (the runner's rpcx-bench.jar), JAVA, CLIENT_JVM_OPTS (each point's JVM),
SERVER_JVM_OPTS, RPCX_READY_TIMEOUT, RPCX_SWEEP_MIN_FREE_KB, RPCX_LAB_STATE_DIR.

Exit: 0 every point complete without errors, 1 some point failed or timed out (or, with
--rates, a protocol did not keep up), 2 bad usage, 3 another sweep is running on --out,
4 --out cannot be written (full disk; the resume command is printed), 99 a --threshold
failed and nothing above did, 130/143 interrupted (the resume command is printed).

Examples:
  ./sweep.sh --local --protocol rpcx,grpc --threads 2 --requests 10 --runs 2
  ./sweep.sh --local --protocol rpcx,grpc-tuned --call echo --payload 256 --out results/echo256
  ./sweep.sh --host 198.18.0.2 --port grpc=9082 --stop-after-failures 3 -- --warmup 5s
  ./sweep.sh --lab --threads 10:910:100,990 --requests 100,300,500 --dry-run
  ./sweep.sh --local --protocol rpcx,grpc --rates 1000:20000:1000 --duration 10s --runs 3
USAGE
}

# find_jar: RPCX_BENCH_JAR (must exist), the checkout's jar, or the one beside this
# script (the flat folder deploy.sh copies to host A)
find_jar() {
  local c
  if [[ -n ${RPCX_BENCH_JAR:-} ]]; then
    [[ -f $RPCX_BENCH_JAR ]] || die_usage "RPCX_BENCH_JAR: no such file '$RPCX_BENCH_JAR'"
    printf '%s' "$RPCX_BENCH_JAR"; return 0
  fi
  for c in "$SCRIPT_DIR/$JAR_REL" "$SCRIPT_DIR/${JAR_REL##*/}"; do
    if [[ -f $c ]]; then printf '%s' "$c"; return 0; fi
  done
  die_usage "rpcx-bench.jar not found: set RPCX_BENCH_JAR, or build it (mvn -B -q -pl runner -am package -DskipTests) so $JAR_REL exists"
}

die_usage() {
  printf 'sweep.sh: %s\n' "$*" >&2
  printf 'try: ./sweep.sh --help\n' >&2
  exit 2
}

# warmup_chosen ARGS: whether ARGS choose the warm-up themselves (a --warmup* option or --paper,
# also after "--"); else sweep.sh passes --paper, the paper's method
warmup_chosen() {
  local arg
  for arg in "$@"; do
    case $arg in
      --warmup* | --paper) return 0 ;;
    esac
  done
  return 1
}

# resume_command: what a stopped sweep prints to be resumed
resume_command() {
  local cmd
  printf -v cmd '%q ' "$0" "$@"
  printf 'cd %q && %s' "$PWD" "${cmd% }"
}

main() {
  local arg
  for arg in "$@"; do
    [[ $arg != -- ]] || break
    if [[ $arg == -h || $arg == --help ]]; then usage; exit 0; fi
  done
  command -v "$JAVA" >/dev/null 2>&1 || die_usage "java not found (set JAVA or PATH)"
  local jar
  jar=$(find_jar)
  RPCX_SWEEP_RESUME=$(resume_command "$@")
  # each point's JVM gets exactly CLIENT_JVM_OPTS (none when unset), as it always did
  export RPCX_SWEEP_RESUME RPCX_BENCH_HOME=$SCRIPT_DIR CLIENT_JVM_OPTS=${CLIENT_JVM_OPTS-}
  local method=(--paper)
  if warmup_chosen "$@"; then method=(); fi
  exec "$JAVA" -cp "$jar" "$MAIN" sweep ${method[@]+"${method[@]}"} "$@"
}

main "$@"
