#!/usr/bin/env bash
# sweep.sh: the paper's sweep. For every thread count, for every request count, for every
# protocol, one client-harness JVM runs one point (10 runs) under a 600 s limit (the harness's
# own --time-limit: a point that runs out of time keeps the runs that finished, status timeout);
# a point that crashes is recorded as a failed-point file (docs/raw-format.md) and the sweep goes
# on. Rerunning the same command resumes: points whose file exists are skipped. One sweep at a
# time per --out (a lock); the servers it starts die with it, or at the next start when it was
# killed. See docs/sweep.md.
set -euo pipefail

# A sweep started in the background by a script inherits SIGINT ignored, and a non-interactive
# bash can neither trap nor reset a signal ignored at entry: Ctrl-C and kill -INT would do
# nothing. Start again with SIGINT at its default (then the trap below works).
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

# ---- defaults (the paper's plan: both counts from 10, step 10; 600 s per point) ----
THREADS_SPEC=10:990:10
REQUESTS_SPEC=10:900:10
PROTOCOLS=rpcx,grpc,openfeign      # the paper's three; any ids of the catalog (--list-protocols)
RUNS=10
LIMIT_S=600
TIMEOUT_PER=point                  # --point-timeout bounds the point (the paper) or each run
KILL_AFTER_S=10
STOP_TIMEOUT_S=15
OUT=results/raw
STOP_AFTER_FAILURES=0
SKIP_DOMINATED=0                  # --skip-dominated: skip points beyond a failed one
RATES_SPEC=                        # --rates: open-loop points (calls/s) instead of the grid
DURATION=10s                       # --duration: each run's schedule with --rates
STOP_AFTER_OVERLOAD=2              # --rates: rates in a row a protocol did not keep up with
MODE=host
HOST=localhost
declare -A PORT=()                 # --port ID=PORT; the rest from the catalog or the ready lines
HARNESS_OPTS=()                    # --call, --payload, ..., --cold-start and everything after --
SCENARIO=single                    # single: one server per protocol; chain: a gateway + 2 services
WORK=0ms                           # the servers' --work per call (the services' in a chain)
WORK_KIND="sleep"                  # the servers' --work-kind: sleep or cpu
SERVER_STATS=''                    # proc | cgroup | ssh | off; '': proc with --local/--lab, else off
SERVER_SSH=''                      # --server-ssh: host B's ssh destination (implies ssh)
REMOTE_DIR=${RPCX_REMOTE_DIR:-rpcx-bench}   # where servers.sh is on B (deploy.sh --dir)
DRY_RUN=0
RETRY_FAILED=0
READY_TIMEOUT_S=${RPCX_READY_TIMEOUT:-180}
MIN_FREE_KB=${RPCX_SWEEP_MIN_FREE_KB:-8192}   # stop before a point when --out has less room
MAX_COUNTS=100000                  # values one --threads/--requests list may expand to
JAVA=${JAVA:-java}
CLIENT_JVM_OPTS=${CLIENT_JVM_OPTS:-}
EXIT_LOCKED=3                      # another sweep holds --out
EXIT_NO_SPACE=4                    # --out cannot be written (full disk)

SCRIPT_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ORIG_ARGS=("$@")
# the protocol catalog and server start/stop: deploy/catalog.sh, or beside sweep.sh when deployed
if [[ -f $SCRIPT_DIR/deploy/catalog.sh ]]; then
  # shellcheck source=deploy/catalog.sh
  source "$SCRIPT_DIR/deploy/catalog.sh"
else
  # shellcheck source=deploy/catalog.sh
  source "$SCRIPT_DIR/catalog.sh"
fi
# the servers' JVM flags: the same in every path (catalog.sh says why); recorded in every file
SERVER_JVM_FLAGS=${SERVER_JVM_OPTS-$DEFAULT_SERVER_JVM_FLAGS}
SERVER_FLAGS_GIVEN=0
[[ -n ${SERVER_JVM_OPTS+set} ]] && SERVER_FLAGS_GIVEN=1

usage() {
  cat <<USAGE
Usage: ./sweep.sh [--host B | --local | --lab] [options] [-- HARNESS_OPTIONS...]

Runs the paper's sweep: for each thread count, each request count, each protocol, one
client-harness run of --runs runs under --point-timeout seconds. Writes
<out>/<protocol>/t<T>-r<R>.csv (docs/raw-format.md). Rerun the same command to resume.
Protocols, labels, ports and server jars come from the harness's catalog
(java -jar client-harness.jar --list-protocols).

Target (pick one; default --host localhost):
  --host B                 servers already running on B (deploy/deploy.sh started them)
  --port ID=PORT           a protocol's server port with --host (repeatable; default: the catalog's)
  --local                  start the protocols' servers on 127.0.0.1 (free ports; a server
                           shared by several protocols once), stop them at the end
  --lab                    client in lab host A, servers in lab host B (deploy/lab.sh up first)
  --server-jvm-flags "F"   the servers' JVM flags with --local/--lab (default
                           "$DEFAULT_SERVER_JVM_FLAGS", as deploy/servers.sh); with --host,
                           the flags B's servers run with, for the record (deploy.sh prints them)

Server CPU and memory per run (the harness's server_cpu_s, server_cores, server_rss_kb):
  --server-stats SOURCE    proc: /proc of the servers this sweep started (default with --local
                           and --lab); cgroup: lab host B's cgroup (--lab; all of B's processes);
                           ssh: /proc on B over ssh, the pids from B's servers.sh status (--host);
                           off (default with --host)
  --server-ssh DEST        with ssh: B's ssh destination, [USER@]HOST (default: --host's);
                           options from RPCX_SSH_OPTS, servers.sh in RPCX_REMOTE_DIR on B
                           (default rpcx-bench, deploy.sh's --dir)

Plan:
  --protocol ID[,ID...]    protocols of the catalog, or "all" (default: rpcx,grpc,openfeign)
  --threads LIST           thread counts (default 10:990:10)
  --requests LIST          request counts (default 10:900:10)
                           LIST: values and ranges FROM:TO:STEP, comma-separated: "100" is 100
                           only, "10:910:100,990" is 10, 110, ..., 910, 990; an empty range
                           field keeps the default (--requests :100 is 10:100:10)
  --runs N                 runs per point (default 10)
  --point-timeout S        seconds a point may take (default 600); the runs that finished
                           are kept, status timeout
  --timeout-per point|run  what --point-timeout bounds: the whole point (default, the paper's
                           reading) or each run; recorded as timeout_per
  --stop-after-failures N  after N failed points in a row for a protocol, move that protocol
                           on to the next thread count (default 0: never)
  --skip-dominated         once a protocol's point fails or times out at T threads x R requests,
                           skip its later points with at least T threads and R requests: they
                           ask for more calls through the same link (a 1 Mbit/s sweep's knee)

Rate sweep (the open loop, docs/load-models.md; instead of --threads/--requests):
  --rates LIST             offered rates in calls/s, a LIST as above ("1000:20000:1000",
                           "500,1000,2000"); one point per protocol per rate, written as
                           <out>/<protocol>/open-r<RATE>-d<S>s.csv; rate outermost
  --duration D             each run's schedule: whole seconds or minutes, "10s", "1m" (default 10s)
  --stop-after-overload N  after N rates in a row that a protocol did not keep up with (achieved
                           < 99 % of the rate, e.g. by dropped calls, failed calls, or the point did not
                           finish), skip its higher rates (default 2; 0: never)
                           --max-in-flight, --arrivals, --fail-after go after "--"

Passed to the harness at every point (recorded in every file, failed-point ones too):
  --call hello|echo|put|items, --payload BYTES (needs --call), --items N (needs --call),
  --warmup DURATION, --requests-per thread|total, --timeout DURATION (per-call deadline),
  --cold-start (order 0 includes building the client and its first call), and everything
  after "--" verbatim. Use a separate --out per call/payload: a point's file name holds only
  the protocol, threads and requests.

Microservice chain (docs/load-models.md, seed 002):
  --scenario single|chain  chain: per protocol three servers on B (with --local/--lab this
                           script starts them on free ports and stops them after the protocol's
                           points): services 1 and 2, and the gateway (--chain-to them) that the
                           harness calls; with --host they must run already (gateway on the
                           protocol's port). Points go to <out>/<protocol>/chain-t<T>-r<R>.csv;
                           protocols whose gateway refuses (redis-server's logic) are skipped
  --work DURATION          work per call in each service (the single server without a chain),
                           e.g. 100ms (default 0ms); files get a w100ms- prefix
  --work-kind sleep|cpu    how the work is spent: sleeping (default) or a busy CPU loop

Output and control:
  --out DIR                raw results folder (default results/raw); the log goes there too;
                           one sweep at a time per folder (a second one exits $EXIT_LOCKED)
  --retry-failed           rerun points whose file says status timeout, failed or incomplete
  --dry-run                print the plan (points in order) and exit
  -h, --help               this text

Progress: one line per run ("[12/99] grpc t110 r300 run 4/10 1.95 s") and per point, with an
ETA from the calls still planned and each protocol's measured rate.

Environment: RPCX_BENCH_CLIENT_JAR (client jar), RPCX_BENCH_REPORT_JAR (report jar, reads the
result files), JAVA (java binary), CLIENT_JVM_OPTS, SERVER_JVM_OPTS (as --server-jvm-flags),
RPCX_READY_TIMEOUT (server start, s), RPCX_SWEEP_MIN_FREE_KB (free space a point needs,
default 8192), RPCX_LAB_STATE_DIR (which lab, see deploy/lab.sh --help).

Exit: 0 every point complete without errors, 1 some point failed or timed out (or, with
--rates, a protocol did not keep up with a rate),
2 bad usage, $EXIT_LOCKED another sweep is running on --out, $EXIT_NO_SPACE --out cannot be written (full
disk; the resume command is printed), 130/143 interrupted (the resume command is printed).

Examples:
  ./sweep.sh --local --protocol rpcx,grpc --threads 2 --requests 10 --runs 2
  ./sweep.sh --local --threads 10,110 --requests 100 --requests-per total
  ./sweep.sh --local --protocol rpcx,grpc-tuned --call echo --payload 256 --out results/echo256
  ./sweep.sh --host 198.18.0.2 --port grpc=9082 --stop-after-failures 3 -- --warmup 5s
  ./sweep.sh --lab --threads 10:910:100,990 --requests 100,300,500 --dry-run
  ./sweep.sh --local --protocol rpcx,grpc --rates 1000:20000:1000 --duration 10s --runs 3
  ./sweep.sh --local --scenario chain --work 100ms --protocol rpcx,grpc --threads 10,100 --requests 20
USAGE
}

die_usage() {
  printf 'sweep.sh: %s\n' "$*" >&2
  printf 'try: ./sweep.sh --help\n' >&2
  exit 2
}

is_posint() { [[ $1 =~ ^[1-9][0-9]{0,8}$ ]]; }
is_nonneg() { [[ $1 =~ ^(0|[1-9][0-9]{0,8})$ ]]; }

# parse_counts NAME SPEC DEF_FROM DEF_TO DEF_STEP: SPEC is a comma list of values and ranges
# FROM[:TO[:STEP]] (a value without a colon is that value only; empty range fields keep the
# defaults). Sets COUNTS (ascending, each once) and COUNTS_DESC (each item as FROM:TO:STEP).
parse_counts() {
  local name=$1 spec=$2 item from to step f1 f2 f3 extra v total=0
  local -a items desc=() values=()
  [[ -n $spec && $spec != ,* && $spec != *, && $spec != *,,* ]] ||
    die_usage "$name: expected values or ranges FROM:TO:STEP separated by commas, got '$spec'"
  IFS=, read -r -a items <<<"$spec"
  for item in "${items[@]}"; do
    if [[ $item != *:* ]]; then
      is_posint "$item" || die_usage "$name: expected a positive integer, got '$item'"
      from=$item; to=$item; step=1
    else
      IFS=: read -r f1 f2 f3 extra <<<"$item"
      [[ -z $extra && $item != *:*:*:* ]] || die_usage "$name: expected FROM[:TO[:STEP]], got '$item'"
      from=$3; to=$4; step=$5
      [[ -n $f1 ]] && from=$f1
      [[ -n ${f2:-} ]] && to=$f2
      [[ -n ${f3:-} ]] && step=$f3
      is_posint "$from" || die_usage "$name: FROM must be a positive integer, got '$from'"
      is_posint "$to" || die_usage "$name: TO must be a positive integer, got '$to'"
      is_posint "$step" || die_usage "$name: STEP must be a positive integer, got '$step'"
      ((from <= to)) || die_usage "$name: FROM ($from) is greater than TO ($to)"
    fi
    total=$((total + (to - from) / step + 1))
    ((total <= MAX_COUNTS)) || die_usage "$name: more than $MAX_COUNTS values in '$spec'"
    desc+=("$from:$to:$step")
    for ((v = from; v <= to; v += step)); do values+=("$v"); done
  done
  mapfile -t COUNTS < <(printf '%s\n' "${values[@]}" | sort -n -u)
  COUNTS_DESC=$(IFS=,; printf '%s' "${desc[*]}")
}

parse_args() {
  local modes=0 arg value call_given=0 sized='' grid_given='' failures_given=''
  PORT_SPECS=()
  while (($# > 0)); do
    arg=$1
    if [[ $arg == --*=* ]]; then
      value=${arg#*=}; arg=${arg%%=*}
      set -- "$arg" "$value" "${@:2}"
    fi
    case $arg in
      -h|--help) usage; exit 0 ;;
      --) shift; HARNESS_OPTS+=("$@"); break ;;
      --local) MODE=local; modes=$((modes + 1)); shift; continue ;;
      --lab) MODE=lab; modes=$((modes + 1)); shift; continue ;;
      --dry-run) DRY_RUN=1; shift; continue ;;
      --retry-failed) RETRY_FAILED=1; shift; continue ;;
      --skip-dominated) SKIP_DOMINATED=1; failures_given=$arg; shift; continue ;;
      --cold-start) HARNESS_OPTS+=("$arg"); shift; continue ;;
      --host|--protocol|--protocols|--threads|--requests|--runs|--point-timeout|--out|\
      --stop-after-failures|--port|--call|--payload|--items|--warmup|--requests-per|--timeout|\
      --timeout-per|--server-jvm-flags|--rates|--duration|--stop-after-overload|--scenario|--work|\
      --work-kind|--server-stats|--server-ssh)
        (($# >= 2)) || die_usage "$arg needs a value"
        value=$2 ;;
      *) die_usage "unknown argument '$arg'" ;;
    esac
    case $arg in
      --host) HOST=$value; MODE=host; modes=$((modes + 1))
              [[ -n $HOST ]] || die_usage "--host needs a host name or address" ;;
      --protocol|--protocols) PROTOCOLS=$value ;;
      --threads) THREADS_SPEC=$value; grid_given=$arg ;;
      --requests) REQUESTS_SPEC=$value; grid_given=$arg ;;
      --rates) RATES_SPEC=$value
               [[ -n $value ]] || die_usage "--rates needs a LIST of rates (calls/s)" ;;
      --duration) DURATION=$value; DURATION_GIVEN=1 ;;
      --stop-after-overload) is_nonneg "$value" || die_usage "--stop-after-overload must be an integer >= 0, got '$value'"
                             STOP_AFTER_OVERLOAD=$value ;;
      --runs) is_posint "$value" || die_usage "--runs must be a positive integer, got '$value'"
              RUNS=$value ;;
      --point-timeout) is_posint "$value" || die_usage "--point-timeout must be a positive number of seconds, got '$value'"
                       LIMIT_S=$value ;;
      --timeout-per) [[ $value == point || $value == run ]] || die_usage "--timeout-per must be point or run, got '$value'"
                     TIMEOUT_PER=$value ;;
      --server-jvm-flags) SERVER_JVM_FLAGS=$value; SERVER_FLAGS_GIVEN=1 ;;
      --server-stats) [[ $value =~ ^(proc|cgroup|ssh|off)$ ]] || die_usage "--server-stats must be proc, cgroup, ssh or off, got '$value'"
                      SERVER_STATS=$value ;;
      --server-ssh) [[ -n $value && $value != -* ]] || die_usage "--server-ssh needs an ssh destination, [USER@]HOST"
                    SERVER_SSH=$value ;;
      --timeout)
        # the harness's per-call deadline; a bare number was this script's point limit once
        [[ $value =~ [a-zA-Z] ]] || die_usage "--timeout is the harness's per-call deadline, a duration like 30s; the point's limit in seconds is --point-timeout $value"
        HARNESS_OPTS+=("$arg" "$value") ;;
      --out) [[ -n $value ]] || die_usage "--out needs a folder"; OUT=$value ;;
      --stop-after-failures) is_nonneg "$value" || die_usage "--stop-after-failures must be an integer >= 0, got '$value'"
                             STOP_AFTER_FAILURES=$value; ((value == 0)) || failures_given=$arg ;;
      --port)
        if ! [[ $value =~ ^([a-z][a-z0-9-]*)=([0-9]{1,5})$ ]] || ((BASH_REMATCH[2] < 1 || BASH_REMATCH[2] > 65535)); then
          die_usage "--port must be ID=PORT with PORT 1..65535, got '$value'"
        fi
              PORT_SPECS+=("$value") ;;
      --call) call_given=1; HARNESS_OPTS+=("$arg" "$value") ;;
      --payload|--items)
        is_nonneg "$value" || die_usage "$arg must be an integer >= 0, got '$value'"
        sized=$arg; HARNESS_OPTS+=("$arg" "$value") ;;
      --requests-per)
        [[ $value == thread || $value == total ]] || die_usage "--requests-per must be thread or total, got '$value'"
        HARNESS_OPTS+=("$arg" "$value") ;;
      --warmup) HARNESS_OPTS+=("$arg" "$value") ;;
      --scenario) SCENARIO=$value ;;
      --work) WORK=$value ;;
      --work-kind) WORK_KIND=$value ;;
    esac
    shift 2
  done
  ((modes <= 1)) || die_usage "--host, --local and --lab are mutually exclusive"
  # without --call the harness makes hello calls, which have no payload or items
  [[ -z $sized || $call_given -eq 1 ]] ||
    die_usage "$sized needs --call (e.g. --call echo --payload 256): without it the harness measures hello"
  check_server_stats
  if [[ -n $RATES_SPEC ]]; then
    parse_rates "$grid_given" "$failures_given"
    scenario_setup
    harness_readings
    return 0
  fi
  [[ -z ${DURATION_GIVEN:-} ]] || die_usage "--duration is the schedule of a rate sweep: give --rates too"
  parse_counts --threads "$THREADS_SPEC" 10 990 10
  THREADS=("${COUNTS[@]}"); THREADS_DESC=$COUNTS_DESC
  parse_counts --requests "$REQUESTS_SPEC" 10 900 10
  REQUESTS=("${COUNTS[@]}"); REQUESTS_DESC=$COUNTS_DESC
  scenario_setup
  harness_readings
}

# check_server_stats: --server-stats against the target; sets its default
check_server_stats() {
  if [[ -z $SERVER_STATS ]]; then
    if [[ -n $SERVER_SSH ]]; then SERVER_STATS=ssh
    elif [[ $MODE == host ]]; then SERVER_STATS=off
    else SERVER_STATS=proc
    fi
  fi
  case $SERVER_STATS in
    proc) [[ $MODE != host ]] || die_usage "--server-stats proc needs --local or --lab (servers this sweep starts); for --host B use ssh" ;;
    cgroup) [[ $MODE == lab ]] || die_usage "--server-stats cgroup needs --lab (host B's cgroup)" ;;
    ssh) [[ $MODE == host ]] || die_usage "--server-stats ssh goes with --host B (with --local/--lab use proc)" ;;
  esac
  [[ -z $SERVER_SSH || $SERVER_STATS == ssh ]] || die_usage "--server-ssh goes with --server-stats ssh"
}

# harness_readings: what the harness options say about the calls a point makes and what its
# files record, wherever they were given (own flags or after --): REQUESTS_PER, COLD_START.
harness_readings() {
  local i a
  REQUESTS_PER=thread; COLD_START=false; MAX_IN_FLIGHT=256; ARRIVALS=uniform
  for ((i = 0; i < ${#HARNESS_OPTS[@]}; i++)); do
    a=${HARNESS_OPTS[i]}
    case $a in
      --max-in-flight) MAX_IN_FLIGHT=${HARNESS_OPTS[i + 1]:-256} ;;
      --max-in-flight=*) MAX_IN_FLIGHT=${a#*=} ;;
      --arrivals) ARRIVALS=${HARNESS_OPTS[i + 1]:-uniform} ;;
      --arrivals=*) ARRIVALS=${a#*=} ;;
      --requests-per) REQUESTS_PER=${HARNESS_OPTS[i + 1]:-thread} ;;
      --requests-per=*) REQUESTS_PER=${a#*=} ;;
      --cold-start) COLD_START=true ;;
    esac
  done
}

# load_catalog: the harness's protocol table; checks --protocol and --port against it.
load_catalog() {
  catalog_load "$JAVA" -jar "$CLIENT_JAR" ||
    die_usage "cannot read the protocol catalog from the client harness: $CATALOG_ERROR"
  catalog_select "$PROTOCOLS" || die_usage "--protocol: $CATALOG_ERROR"
  PROTOCOL_LIST=("${CATALOG_SELECTED[@]}")
  local p spec
  for p in "${PROTOCOL_LIST[@]}"; do PORT[$p]=$(catalog_get "$p" port); done
  for spec in "${PORT_SPECS[@]}"; do
    p=${spec%%=*}
    catalog_has "$p" || die_usage "--port: unknown protocol '$p'; known: $(catalog_known)"
    PORT[$p]=${spec#*=}
  done
}

build_plan() {
  PLAN_P=(); PLAN_T=(); PLAN_R=()
  local t r p
  if [[ -n $RATES_SPEC ]]; then build_rate_plan; return 0; fi
  if chain_starts_servers; then
    # a protocol's three chain servers run once, for all of its points
    for p in "${PROTOCOL_LIST[@]}"; do
      for t in "${THREADS[@]}"; do
        for r in "${REQUESTS[@]}"; do
          PLAN_P+=("$p"); PLAN_T+=("$t"); PLAN_R+=("$r")
        done
      done
    done
    return 0
  fi
  for t in "${THREADS[@]}"; do
    for r in "${REQUESTS[@]}"; do
      for p in "${PROTOCOL_LIST[@]}"; do
        PLAN_P+=("$p"); PLAN_T+=("$t"); PLAN_R+=("$r")
      done
    done
  done
}

# calls_per_point T R: the calls a point makes over its runs (the harness's --requests-per)
calls_per_point() {
  if [[ $REQUESTS_PER == total ]]; then printf '%s' $((RUNS * $2)); else printf '%s' $((RUNS * $1 * $2)); fi
}

# ---- rate sweeps (--rates): one open-loop point per protocol per rate (docs/load-models.md) ----
# In a rate sweep PLAN_T holds the rate (calls/s) and PLAN_R the duration (s): a point makes
# rate x duration calls per run, the same product as threads x requests.

# parse_rates GRID_OPTION FAILURES_GIVEN: checks --rates and --duration; sets RATES, RATES_DESC,
# DURATION_S
parse_rates() {
  [[ -z $1 ]] || die_usage "--rates runs open-loop points (one per rate), $1 belongs to the closed loop's grid: give one or the other"
  [[ -z $2 ]] || die_usage "$2 moves on along the grid's thread counts; with --rates use --stop-after-overload N"
  if [[ $DURATION =~ ^([1-9][0-9]{0,5})s$ ]]; then
    DURATION_S=${BASH_REMATCH[1]}
  elif [[ $DURATION =~ ^([1-9][0-9]{0,3})m$ ]]; then
    DURATION_S=$((BASH_REMATCH[1] * 60))
  else
    die_usage "--duration must be whole seconds or minutes like 10s or 1m, got '$DURATION'"
  fi
  parse_counts --rates "$RATES_SPEC" 1000 20000 1000
  RATES=("${COUNTS[@]}"); RATES_DESC=$COUNTS_DESC
}

build_rate_plan() {
  local rate p
  if chain_starts_servers; then
    # protocol outermost: a protocol's three chain servers run once, for all of its rates
    for p in "${PROTOCOL_LIST[@]}"; do
      for rate in "${RATES[@]}"; do
        PLAN_P+=("$p"); PLAN_T+=("$rate"); PLAN_R+=("$DURATION_S")
      done
    done
    return 0
  fi
  for rate in "${RATES[@]}"; do
    for p in "${PROTOCOL_LIST[@]}"; do
      PLAN_P+=("$p"); PLAN_T+=("$rate"); PLAN_R+=("$DURATION_S")
    done
  done
}

# point_file P T R: the file of a point, named as the harness names it
point_file() {
  if [[ -n $RATES_SPEC ]]; then
    local suffix=''
    [[ $ARRIVALS == uniform ]] || suffix="-$ARRIVALS"
    printf '%s/%s/%sopen-r%s-d%ss%s.csv' "$OUT" "$1" "$FILE_PREFIX" "$2" "$3" "$suffix"
  else
    printf '%s/%s/%st%s-r%s.csv' "$OUT" "$1" "$FILE_PREFIX" "$2" "$3"
  fi
}

# point_label T R: "t10 r100", or "1000/s" in a rate sweep
point_label() {
  if [[ -n $RATES_SPEC ]]; then printf '%s/s' "$1"; else printf 't%s r%s' "$1" "$2"; fi
}

# point_load_options T R: the harness options of the point's load (LOAD_OPTIONS) and the keys a
# file sweep.sh writes for it (POINT_KEYS), as the harness would write them
point_load_options() {
  if [[ -n $RATES_SPEC ]]; then
    LOAD_OPTIONS=(--rate "$1" --duration "${2}s")
    POINT_KEYS=(--set "threads=$MAX_IN_FLIGHT" --set "requests=$(($1 * $2))" --set "requests_per=total"
                --set "load_model=open" --set "rate=$1" --set "duration=PT${2}S"
                --set "arrivals=$ARRIVALS" --set "max_in_flight=$MAX_IN_FLIGHT")
  else
    LOAD_OPTIONS=(--threads "$1" --requests "$2")
    POINT_KEYS=(--set "threads=$1" --set "requests=$2" --set "requests_per=$REQUESTS_PER")
  fi
}

# planned_calls: the calls a rate sweep plans, runs x rate x duration over rates and protocols
planned_calls() {
  local rate total=0
  for rate in "${RATES[@]}"; do total=$((total + RUNS * rate * DURATION_S)); done
  printf '%s' $((total * ${#PROTOCOL_LIST[@]}))
}

# plan_ms T R: a rate point's planned time in ms (its runs' schedules), 0 for a grid point
plan_ms() {
  if [[ -n $RATES_SPEC ]]; then printf '%s' $((RUNS * $2 * 1000)); else printf 0; fi
}

# kept_up FILE STATE: "yes", or why the protocol did not keep up with the point's rate, or the
# state of a point that did not finish. Judged on the kept runs (orders 1..N-1, the report's
# `show --cleaned`: achieved < 99 % of the target (drops lower it), failed calls), like every number of the
# point: a harness exit 1 for calls order 0 dropped while the client was cold does not count.
kept_up() {
  local file=$1 state=$2 line
  case $state in
    complete|errors) ;;
    *) printf '%s' "$state"; return 0 ;;
  esac
  line=$(show "$file" --cleaned | awk -F'\t' '$1 == "kept_up" { print $2; exit }' || true)
  [[ -n $line ]] || line=$state
  [[ $line != complete ]] || line=yes
  printf '%s' "${line#no: }"
}

declare -A OVER_STREAK=() OVER_RATES=() OVERLOADED=()
# rate_outcome P RATE FILE STATE: KEPT_UP 1 or 0; counts the rates in a row P did not keep up
# with; after STOP_AFTER_OVERLOAD of them P's higher rates are skipped (OVERLOADED[P]: the rate
# it stopped at)
rate_outcome() {
  local p=$1 rate=$2 file=$3 state=$4 why
  why=$(kept_up "$file" "$state")
  KEPT_UP=0
  if [[ $why == yes ]]; then
    KEPT_UP=1
    OVER_STREAK[$p]=0; OVER_RATES[$p]=''
    return 0
  fi
  log "$p at $rate/s: did not keep up ($why)"
  OVER_STREAK[$p]=$((${OVER_STREAK[$p]:-0} + 1))
  OVER_RATES[$p]="${OVER_RATES[$p]:+${OVER_RATES[$p]}, }$rate"
  if ((STOP_AFTER_OVERLOAD > 0 && OVER_STREAK[$p] >= STOP_AFTER_OVERLOAD)); then
    OVERLOADED[$p]=$rate
    log "$p: did not keep up at $STOP_AFTER_OVERLOAD rates in a row (${OVER_RATES[$p]} calls/s); its higher rates are not run"
  fi
}

# overload_summary: one line per protocol whose higher rates were skipped
overload_summary() {
  local p
  for p in "${PROTOCOL_LIST[@]}"; do
    [[ -z ${OVERLOADED[$p]:-} ]] || log "overloaded: $p stopped after ${OVERLOADED[$p]}/s (did not keep up at ${OVER_RATES[$p]} calls/s)"
  done
}

# ---- reading result files: the report tool's `show` (docs/report.md), never columns here ----
# show FILE OPTION...: java -jar report.jar show FILE OPTION...
show() {
  local file=$1
  shift
  "$JAVA" -jar "$REPORT_JAR" show "$file" "$@" 2>/dev/null
}

# file_state FILE -> complete | errors (complete but some calls failed) | timeout | incomplete
# | failed
file_state() {
  local status errors
  status=$(show "$1" --provenance status || true)
  [[ -n $status ]] || status=failed
  if [[ $status == complete ]]; then
    errors=$(show "$1" --column errors | awk '$1 + 0 > 0 { e = 1 } END { print e + 0 }' || echo 0)
    ((errors == 0)) || status=errors
  fi
  printf '%s' "$status"
}

# point_summary FILE RC: one `show --cleaned` for a point just run: sets SUMMARY_STATE (as
# file_state; a complete file whose harness exited 1 has errors) and SUMMARY_THROUGHPUT (the
# cleaned calls/s over the kept runs 1..N-1, or -)
point_summary() {
  local file=$1 rc=$2 cleaned status
  cleaned=$(show "$file" --cleaned || true)
  status=$(awk -F'\t' '$1 == "status" { print $2; exit }' <<<"$cleaned")
  SUMMARY_THROUGHPUT=$(awk -F'\t' '$1 == "throughput" { print $2; exit }' <<<"$cleaned")
  SUMMARY_THROUGHPUT=${SUMMARY_THROUGHPUT:--}
  if [[ -z $status ]]; then
    SUMMARY_STATE=$(file_state "$file")
  elif [[ $status == complete && $rc -ne 0 ]]; then
    SUMMARY_STATE=errors
  else
    SUMMARY_STATE=$status
  fi
}

require_report_jar() {
  [[ -n $REPORT_JAR ]] || die_usage "report jar not found (it reads the result files): set RPCX_BENCH_REPORT_JAR, or build it (mvn -B -q package -DskipTests) so report/target/report.jar exists"
}

now_iso() { date -u +%Y-%m-%dT%H:%M:%SZ; }
now_ms() { date +%s%3N; }

fmt_ms() { printf '%d.%03ds' $(($1 / 1000)) $(($1 % 1000)); }

fmt_duration() {
  local s=$1
  printf '%d:%02d:%02d' $((s / 3600)) $((s % 3600 / 60)) $((s % 60))
}

# log MESSAGE: a timed line on stderr and in the log; a log that cannot be written stops the
# sweep with one clear line and the resume command (a full disk), never with "write error"
log() {
  local line
  line="$(date +%H:%M:%S) $*"
  printf '%s\n' "$line" >&2
  log_only "$line"
}

# log_only TEXT: the log alone
log_only() {
  [[ -n ${LOG_FILE:-} ]] || return 0
  if ! { printf '%s\n' "$1" >>"$LOG_FILE"; } 2>/dev/null; then
    stop_no_space "cannot append to the log $LOG_FILE"
  fi
}

# ---- a full disk: one line, the resume command, no temp files ----
# free_kb DIR: the space left for DIR in KB
free_kb() { df -Pk "$1" 2>/dev/null | awk 'NR == 2 { print $4 }'; }

# check_space: stop before a point when --out is (nearly) full
check_space() {
  local free
  free=$(free_kb "$OUT")
  if [[ -n $free ]] && ((free < MIN_FREE_KB)); then
    stop_no_space "only ${free} KB free there (a point needs ${MIN_FREE_KB} KB, RPCX_SWEEP_MIN_FREE_KB)"
  fi
}

# stop_no_space WHY: --out cannot be written; stops the point in progress, leaves no temp file,
# prints one line and the resume command, exits EXIT_NO_SPACE (servers stop in the EXIT trap)
stop_no_space() {
  local why=$1 free
  trap - INT TERM
  LOG_FILE=''
  stop_point
  if [[ -n ${CURRENT_FILE:-} ]]; then
    remove_point_temps "$CURRENT_FILE"
    discard_unfinished "$CURRENT_FILE"
  fi
  free=$(free_kb "$OUT")
  printf 'sweep.sh: stopped: cannot write to %s (%s; %s KB free): free some space, then resume with: %s\n' \
    "$OUT" "$why" "${free:-?}" "$(resume_command)" >&2
  exit "$EXIT_NO_SPACE"
}

# find_jar ENV_VALUE ENV_NAME REL: $ENV_NAME when set (must exist), else REL in the repo, else
# its basename beside sweep.sh (the flat folder deploy.sh copies to).
find_jar() {
  local value=$1 name=$2 rel=$3
  if [[ -n $value ]]; then
    [[ -f $value ]] || die_usage "$name: no such file '$value'"
    printf '%s' "$value"; return 0
  fi
  catalog_find_jar "$rel" "$SCRIPT_DIR" || true
}

find_lab_sh() {
  local c
  for c in "$SCRIPT_DIR/deploy/lab.sh" "$SCRIPT_DIR/lab.sh"; do
    if [[ -x $c ]]; then printf '%s' "$c"; return 0; fi
  done
  return 1
}

# ---- one sweep per --out: a lock (flock on <out>/sweep.lock) ----
# take_lock: refuses a second sweep on the same --out with one line (exit EXIT_LOCKED). The lock
# is held by this shell alone (its children get the descriptor closed), so it goes the moment
# this sweep dies, even with kill -9.
take_lock() {
  local lock="$OUT/sweep.lock" holder
  exec {LOCK_FD}>>"$lock" || stop_no_space "cannot open $lock"
  if ! command -v flock >/dev/null 2>&1; then
    log "flock (util-linux) not found: --out $OUT is not locked against a second sweep"
    return 0
  fi
  if ! flock -n "$LOCK_FD"; then
    holder=$(head -n 1 "$lock" 2>/dev/null || true)
    printf 'sweep.sh: another sweep is running on %s (%s); wait for it, stop it, or use another --out\n' \
      "$OUT" "${holder:-its pid unknown}" >&2
    exit "$EXIT_LOCKED"
  fi
  { printf 'pid %s, started %s: %s\n' "$$" "$(now_iso)" "$(resume_command)" >"$lock"; } 2>/dev/null || true
}

# ---- processes this sweep started: <out>/sweep.pids, for the next start after a kill -9 ----
declare -A OWN_PIDS=()             # pid -> "KIND START_TIME [FILE]"

# own_pid KIND PID [FILE]: remember a process this sweep started (a server, a point)
own_pid() {
  OWN_PIDS[$2]="$1 $(proc_start_time "$2") ${3:-}"
  write_pids
}

forget_pid() {
  unset "OWN_PIDS[$1]"
  write_pids
}

# write_pids: the pid file, replaced atomically; best effort (a full disk must not stop a stop)
write_pids() {
  local f="$OUT/sweep.pids" pid kind start file
  {
    for pid in "${!OWN_PIDS[@]}"; do
      read -r kind start file <<<"${OWN_PIDS[$pid]}"
      printf '%s %s %s %s\n' "$kind" "$pid" "$start" "$file"
    done >"$f.tmp" && mv -f "$f.tmp" "$f"
  } 2>/dev/null || rm -f "$f.tmp" 2>/dev/null || true
}

# clean_strays: a sweep killed with SIGKILL could not stop what it started; its pid file names
# them (with their start times: a reused pid is left alone). Stops them before anything starts
# here, and removes the file a stopped point left unfinished (this sweep runs that point again).
clean_strays() {
  local f="$OUT/sweep.pids" kind pid start file i alive
  local -a pids=() files=()
  [[ -f $f ]] || return 0
  while read -r kind pid start file; do
    [[ $pid =~ ^[0-9]+$ && -n $start ]] || continue
    [[ $(proc_start_time "$pid") == "$start" ]] || continue
    kill -TERM -- "-$pid" 2>/dev/null || kill -TERM "$pid" 2>/dev/null || true
    pids+=("$pid")
    if [[ $kind == point && -n $file ]]; then files+=("$file"); fi
  done <"$f"
  for ((i = 0; i < STOP_TIMEOUT_S * 10; i++)); do
    alive=0
    for pid in "${pids[@]}"; do kill -0 "$pid" 2>/dev/null && alive=1; done
    ((alive)) || break
    sleep 0.1
  done
  for pid in "${pids[@]}"; do kill -KILL -- "-$pid" 2>/dev/null || kill -KILL "$pid" 2>/dev/null || true; done
  for file in "${files[@]}"; do
    remove_point_temps "$file"
    discard_unfinished "$file"
  done
  rm -f "$f"
  if ((${#pids[@]} > 0)); then
    log "a sweep on $OUT was killed before it could stop what it started: stopped its processes (pids ${pids[*]})"
  fi
}

# ---- lab mode: settings from deploy/lab.sh's state file ----
load_lab() {
  LAB_SH=$(find_lab_sh) || die_usage "--lab: deploy/lab.sh not found next to sweep.sh"
  local state
  state=$("$LAB_SH" env 2>/dev/null) || die_usage "--lab: the lab is down; start it (as root) with: deploy/lab.sh up"
  declare -gA LAB=()
  local k v
  while IFS='=' read -r k v; do
    [[ -n $k ]] && LAB[$k]=$v
  done <<<"$state"
  [[ -n ${LAB[addr_b]:-} && -n ${LAB[ns_a]:-} && -n ${LAB[if_a]:-} ]] ||
    die_usage "--lab: incomplete lab state from $LAB_SH env"
  HOST=${LAB[addr_b]}
  LAB_NOTE="rate=${LAB[rate]:-?} cpus=${LAB[cpus]:-?} memory=${LAB[memory]:-?} delay=${LAB[delay]:-?} measured=${LAB[measured]:-?}"
}

# lab_link_bytes -> "A_TO_B B_TO_A": bytes A's end of the link sent (tx) and received (rx)
lab_link_bytes() {
  local stats="/sys/class/net/${LAB[if_a]}/statistics"
  ip netns exec "${LAB[ns_a]}" cat "$stats/tx_bytes" "$stats/rx_bytes" | tr '\n' ' '
}

# point_provenance: the facts every file of this sweep records beside the harness's own
# (--provenance for the harness, --set for the files written here): KEY=VALUE in PROVENANCE
point_provenance() {
  local flags=${SERVER_JVM_FLAGS:-none}
  if [[ $MODE == host && $SERVER_FLAGS_GIVEN -eq 0 ]]; then
    flags="unknown (servers not started by sweep.sh; pass --server-jvm-flags)"
  fi
  PROVENANCE=("server_jvm_flags=$flags")
  if [[ $MODE == lab ]]; then
    PROVENANCE+=("link_rate=${LAB[rate]:-?}" "link_burst=${LAB[burst]:-?}" "lab=$LAB_NOTE")
  fi
}

# ---- --local / --lab servers: each distinct server of the selected protocols once ----
# start_servers BIND [RUNNER...]: port 0 (a free one), the port read from each ready line and
# given to every protocol that shares the server.
start_servers() {
  local bind=$1; shift
  local runner=("$@") name jar log_file id
  local -a args pids=() flags=()
  read -r -a flags <<<"$SERVER_JVM_FLAGS"
  catalog_servers "${PROTOCOL_LIST[@]}"
  for id in "${EXTERNALS[@]}"; do
    log "$(catalog_external_note "$id" 1)"
  done
  for name in "${SERVER_NAMES[@]}"; do
    jar=$(catalog_find_jar "${SERVER_JAR[$name]}" "$SCRIPT_DIR") ||
      die_usage "server jar ${SERVER_JAR[$name]} (for ${SERVER_IDS[$name]}) not found in the repo or beside sweep.sh; build with: mvn -B -q package -DskipTests"
    log_file="$LOG_DIR/server-$name.log"
    read -r -a args <<<"${SERVER_ARGS[$name]}"
    # the lock stays with this shell: a server holding it would lock out the resume
    server_spawn "$log_file" "${runner[@]}" "$JAVA" "${flags[@]}" -jar "$jar" --bind "$bind" --port 0 "${args[@]}" "${SERVER_WORK_ARGS[@]}" {LOCK_FD}>&-
    pids+=("$SPAWNED_PID")
    own_pid server "$SPAWNED_PID"
    log "started the server of ${SERVER_IDS[$name]} (pid $SPAWNED_PID, JVM flags ${SERVER_JVM_FLAGS:-none}, log $log_file)"
  done
  local i=0
  for name in "${SERVER_NAMES[@]}"; do
    if ! server_await "${pids[i]}" "$LOG_DIR/server-$name.log" "$READY_TIMEOUT_S"; then
      log "the server of ${SERVER_IDS[$name]} did not start: $READY_ERROR"
      exit 1
    fi
    for id in ${SERVER_IDS[$name]}; do PORT[$id]=$READY_PORT; done
    log "server of ${SERVER_IDS[$name]} ready on $bind:$READY_PORT ($READY_LINE)"
    i=$((i + 1))
  done
}

stop_servers() {
  ((${#SERVER_PIDS[@]} > 0)) || return 0
  local pid
  server_stop_all "$STOP_TIMEOUT_S"
  for pid in "${!OWN_PIDS[@]}"; do
    [[ ${OWN_PIDS[$pid]} == server* ]] && unset "OWN_PIDS[$pid]"
  done
  write_pids
  log "servers stopped"
}

# ---- --scenario chain: a gateway and two services per protocol (docs/load-models.md) ----
CHAIN_CURRENT=''                   # the protocol whose chain runs now
CHAIN_PIDS=()
declare -A CHAIN_REFUSED=()        # protocols whose gateway refused --chain-to (exit 2)

# scenario_setup: checks --scenario/--work/--work-kind; gives them to the harness (which records
# them and names its files after them) and the work to the servers; sets FILE_PREFIX as the
# harness names files: chain-, then w<work>- (w100ms-, w1s-), then cpu- for CPU work.
scenario_setup() {
  local ms
  [[ $SCENARIO == single || $SCENARIO == chain ]] || die_usage "--scenario must be single or chain, got '$SCENARIO'"
  [[ $WORK_KIND == sleep || $WORK_KIND == cpu ]] || die_usage "--work-kind must be sleep or cpu, got '$WORK_KIND'"
  [[ $WORK =~ ^([0-9]{1,9})(ms|s|m|h)$ ]] || die_usage "--work must be a duration like 100ms or 2s, got '$WORK'"
  case ${BASH_REMATCH[2]} in
    ms) ms=$((10#${BASH_REMATCH[1]})) ;;
    s) ms=$((10#${BASH_REMATCH[1]} * 1000)) ;;
    m) ms=$((10#${BASH_REMATCH[1]} * 60000)) ;;
    h) ms=$((10#${BASH_REMATCH[1]} * 3600000)) ;;
  esac
  FILE_PREFIX='' SERVER_WORK_ARGS=()
  if [[ $SCENARIO == chain ]]; then FILE_PREFIX=chain-; HARNESS_OPTS+=(--scenario chain); fi
  if ((ms > 0)); then
    if ((ms % 1000 == 0)); then FILE_PREFIX+="w$((ms / 1000))s-"; else FILE_PREFIX+="w${ms}ms-"; fi
    [[ $WORK_KIND == sleep ]] || FILE_PREFIX+="$WORK_KIND-"
    SERVER_WORK_ARGS=(--work "$WORK" --work-kind "$WORK_KIND")
    HARNESS_OPTS+=(--work "$WORK" --work-kind "$WORK_KIND")
  fi
}

# chain_starts_servers: whether this sweep starts chains (--scenario chain with --local/--lab)
chain_starts_servers() { [[ $SCENARIO == chain && $MODE != host ]]; }

# servers_or_chain BIND [RUNNER...]: the single servers now, or where the chains will start
servers_or_chain() {
  if chain_starts_servers; then
    CHAIN_BIND=$1; shift
    CHAIN_RUNNER=("$@")
  else
    start_servers "$@"
  fi
}

# chain_ready P: P's chain runs (the previous protocol's is stopped first), its gateway on
# PORT[P]; returns 1 when P cannot be a chain (its gateway refused), so its points are skipped
chain_ready() {
  chain_starts_servers || return 0
  [[ -z ${CHAIN_REFUSED[$1]:-} ]] || return 1
  [[ $CHAIN_CURRENT != "$1" ]] || return 0
  chain_stop
  chain_start "$1"
}

# chain_spawn P ROLE ARGS...: one of P's chain servers on a free port of CHAIN_BIND; the gateway
# runs from the catalog's gateway_jar (the server jar, or one that holds P's client)
chain_spawn() {
  local p=$1 role=$2 jar column=server_jar
  local -a args flags
  shift 2
  [[ $role != gateway ]] || column=gateway_jar
  jar=$(catalog_find_jar "$(catalog_get "$p" "$column")" "$SCRIPT_DIR") ||
    die_usage "server jar $(catalog_get "$p" "$column") (for $p's $role) not found in the repo or beside sweep.sh; build with: mvn -B -q package -DskipTests"
  read -r -a flags <<<"$SERVER_JVM_FLAGS"
  read -r -a args <<<"$(catalog_get "$p" server_args)"
  server_spawn "$LOG_DIR/server-$p-$role.log" "${CHAIN_RUNNER[@]}" "$JAVA" "${flags[@]}" -jar "$jar" \
    --bind "$CHAIN_BIND" --port 0 "${args[@]}" "$@" {LOCK_FD}>&-
  CHAIN_PIDS+=("$SPAWNED_PID")
  own_pid server "$SPAWNED_PID"
}

# chain_start P: services 1 and 2 (with the work), then the gateway with --chain-to them
chain_start() {
  local p=$1 i rc gateway log_file
  local -a ports=()
  [[ -z $(catalog_get "$p" external) ]] || log "$(catalog_external_note "$p:$(catalog_get "$p" external)" 1)"
  chain_spawn "$p" service-1 "${SERVER_WORK_ARGS[@]}"
  chain_spawn "$p" service-2 "${SERVER_WORK_ARGS[@]}"
  for i in 1 2; do
    if ! server_await "${CHAIN_PIDS[i - 1]}" "$LOG_DIR/server-$p-service-$i.log" "$READY_TIMEOUT_S"; then
      log "$p: chain service $i did not start: $READY_ERROR"
      exit 1
    fi
    ports+=("$READY_PORT")
  done
  chain_spawn "$p" gateway --chain-to "$CHAIN_BIND:${ports[0]},$CHAIN_BIND:${ports[1]}" --chain-protocol "$p"
  gateway=$SPAWNED_PID
  log_file="$LOG_DIR/server-$p-gateway.log"
  if ! server_await "$gateway" "$log_file" "$READY_TIMEOUT_S"; then
    rc=0
    wait "$gateway" 2>/dev/null || rc=$?
    if ((rc == 2)); then
      log "$p cannot be a chain gateway, its points are skipped: $(grep -m1 -F 'error:' "$log_file" || true)"
      CHAIN_REFUSED[$p]=1
      CHAIN_CURRENT=$p
      chain_stop
      return 1
    fi
    log "$p: chain gateway did not start: $READY_ERROR"
    exit 1
  fi
  PORT[$p]=$READY_PORT
  CHAIN_CURRENT=$p
  [[ $SERVER_STATS != proc ]] || STATS_PID[$p]="${CHAIN_PIDS[*]}"
  log "chain of $p ready: gateway $CHAIN_BIND:$READY_PORT -> services $CHAIN_BIND:${ports[0]}, $CHAIN_BIND:${ports[1]} (work $WORK $WORK_KIND; logs $LOG_DIR/server-$p-*.log)"
}

# chain_stop: the running chain's three servers, SIGTERM then SIGKILL
chain_stop() {
  ((${#CHAIN_PIDS[@]} > 0)) || return 0
  local pid
  server_stop "$STOP_TIMEOUT_S" "${CHAIN_PIDS[@]}"
  for pid in "${CHAIN_PIDS[@]}"; do unset "OWN_PIDS[$pid]"; done
  write_pids
  log "chain of $CHAIN_CURRENT stopped"
  CHAIN_PIDS=()
  CHAIN_CURRENT=''
}

# ---- server CPU and memory: what the harness is told to read at each point ----
declare -A STATS_PID=()            # protocol id -> its server's pid (this host, or B for ssh)
# server_stats_setup: after the servers started, the pids (proc, ssh) or cgroup folders (cgroup)
server_stats_setup() {
  local i name id
  STATS_CGROUPS=()
  case $SERVER_STATS in
    proc)
      # server_spawn appended SERVER_PIDS in the order of SERVER_NAMES; a chain's pids are set
      # when it starts (chain_start)
      chain_starts_servers ||
      for ((i = 0; i < ${#SERVER_NAMES[@]}; i++)); do
        name=${SERVER_NAMES[i]}
        for id in ${SERVER_IDS[$name]}; do STATS_PID[$id]=${SERVER_PIDS[i]}; done
      done ;;
    cgroup) lab_cgroup_dirs ;;
    ssh) remote_server_pids ;;
  esac
  log "server CPU and memory: $SERVER_STATS${STATS_CGROUPS[*]:+ (${STATS_CGROUPS[*]})}"
}

# lab_cgroup_dirs: host B's cgroup folders from the lab's state into STATS_CGROUPS (v1: the
# memory folder and one with cpuacct.usage)
lab_cgroup_dirs() {
  local root=${LAB[cgroup_root]:-} name="${LAB[cgroup_name]:-}-b" c
  case ${LAB[cgroup_version]:-none} in
    2) STATS_CGROUPS=("$root/$name") ;;
    1)
      STATS_CGROUPS=("$root/memory/$name")
      for c in "$root/cpuacct/$name" "$root/cpu,cpuacct/$name" "$root/cpu/$name"; do
        if [[ -f $c/cpuacct.usage ]]; then STATS_CGROUPS+=("$c"); return 0; fi
      done
      die_usage "--server-stats cgroup: the lab's cgroup v1 has no CPU accounting for host B (no cpuacct.usage under $root/cpuacct/$name or $root/cpu/$name: deploy/lab.sh makes memory and cpu cgroups, and cpuacct is not mounted with cpu here); use --server-stats proc" ;;
    *) die_usage "--server-stats cgroup: the lab runs without cgroups (deploy/lab.sh found no memory/cpu controllers); use --server-stats proc" ;;
  esac
}

# remote_server_pids: one ssh to B asks servers.sh status for the pids of the protocols' servers
remote_server_pids() {
  local -a ssh=(ssh -o BatchMode=yes -o ConnectTimeout=15) extra=()
  local out line id remote
  read -r -a extra <<<"${RPCX_SSH_OPTS:-}"
  ssh+=("${extra[@]}" "${SERVER_SSH:-$HOST}")
  remote="$(printf '%q' "$REMOTE_DIR/servers.sh") status --protocol $(IFS=,; printf '%s' "${PROTOCOL_LIST[*]}")"
  out=$("${ssh[@]}" "$remote" </dev/null 2>&1) || [[ $out == *": running (pid "* || $out == *": not running"* ]] ||
    die_usage "--server-stats ssh: cannot ask ${SERVER_SSH:-$HOST} for its servers ($remote): $(tail -n 1 <<<"$out")"
  catalog_servers "${PROTOCOL_LIST[@]}"
  while IFS= read -r line; do
    if [[ $line =~ ^([a-z0-9-]+):\ running\ \(pid\ ([0-9]+)\) && -n ${SERVER_IDS[${BASH_REMATCH[1]}]:-} ]]; then
      for id in ${SERVER_IDS[${BASH_REMATCH[1]}]}; do STATS_PID[$id]=${BASH_REMATCH[2]}; done
    fi
  done <<<"$out"
  for id in "${PROTOCOL_LIST[@]}"; do
    [[ -n ${STATS_PID[$id]:-} ]] || log "$id: no server of it running on ${SERVER_SSH:-$HOST} (servers.sh status): its server CPU is not measured"
  done
}

# server_stats_args P: the harness options that read P's server (SERVER_STATS_ARGS)
server_stats_args() {
  local p=$1 dir pid
  SERVER_STATS_ARGS=()
  case $SERVER_STATS in
    proc)
      # a chain's gateway and two services: every pid (the harness sums them)
      for pid in ${STATS_PID[$p]:-}; do SERVER_STATS_ARGS+=(--server-pid "$p=$pid"); done ;;
    ssh) [[ -z ${STATS_PID[$p]:-} ]] ||
           SERVER_STATS_ARGS=(--server-ssh "${SERVER_SSH:-$HOST}" --server-pid "$p=${STATS_PID[$p]}") ;;
    cgroup) for dir in "${STATS_CGROUPS[@]}"; do SERVER_STATS_ARGS+=(--server-cgroup "$dir"); done ;;
  esac
}

# ---- one point ----
# write_failed_point FILE STATUS P T R EXIT_CODE STARTED: a point with no rows, written through
# the raw-format library (report.jar annotate: the harness's writer, atomic), with the same
# facts a harness-written file has
write_failed_point() {
  local file=$1 status=$2 p=$3 t=$4 r=$5 rc=$6 started=$7 kv
  point_load_options "$t" "$r"
  local -a set=(
    --set "protocol=$p" --set "type=$(catalog_get "$p" type)" "${POINT_KEYS[@]}"
    --set "runs=$RUNS" --set "runs_completed=0"
  )
  if [[ $status == timeout ]]; then set+=(--set "limit_s=$LIMIT_S"); fi
  set+=(
    --set "timeout_per=$TIMEOUT_PER" --set "cold_start=$COLD_START"
    --set "exit_code=$rc" --set "started=$started" --set "finished=$(now_iso)"
    --set "client_host=$(hostname)" --set "target=$HOST:${PORT[$p]}"
    --set "jvm_flags=$CLIENT_JVM_OPTS"
    --set "os=$(uname -s) $(uname -r) $(uname -m), $(nproc) cpus"
    --set "options=${POINT_OPTIONS[*]}" --set "written_by=sweep.sh"
  )
  for kv in "${PROVENANCE[@]}"; do set+=(--set "$kv"); done
  if ! "$JAVA" -jar "$REPORT_JAR" annotate "$file" --status "$status" "${set[@]}" >>"$LOG_FILE" 2>&1; then
    check_space
    log "cannot write $file (report.jar annotate failed; see $LOG_FILE)"
    exit 1
  fi
}

# add_provenance FILE KEY=VALUE...: set provenance keys of a written point (report.jar annotate)
add_provenance() {
  local file=$1 kv
  shift
  local -a set=()
  for kv in "$@"; do set+=(--set "$kv"); done
  "$JAVA" -jar "$REPORT_JAR" annotate "$file" "${set[@]}" >>"$LOG_FILE" 2>&1 ||
    log "could not add ${*} to $file (see $LOG_FILE)"
}

# remove_point_temps FILE: temp files of this point, ours (.NAME.sweep.PID) and a killed
# harness's (.NAME.* or NAME.tmp*); the final FILE itself is never touched here.
remove_point_temps() {
  local dir base
  dir=$(dirname "$1"); base=$(basename "$1")
  rm -f "$dir/.$base".* "$dir/$base".tmp* "$dir/$base".part* 2>/dev/null || true
}

# discard_unfinished FILE: a point stopped from outside (Ctrl-C, a killed sweep) is run again by
# the resume: the file its harness wrote on the way out (status incomplete) goes
discard_unfinished() {
  [[ -f $1 ]] || return 0
  [[ -n ${REPORT_JAR:-} && $(file_state "$1") == complete ]] || rm -f "$1"
}

# point_progress HEAD: reads the harness's output; every line to stdout (the log), and per run
# one console line "HH:MM:SS [12/99] grpc t110 r300 run 4/10 1.95 s"; the runs' calls and ms to
# $STATS_FILE for the ETA. Ignores SIGINT: the sweep stops the harness and its last words count.
point_progress() {
  local head=$1 line ms ms_int
  trap '' INT
  while IFS= read -r line; do
    printf '%s\n' "$line" 2>/dev/null || :
    if [[ $line =~ ^[^[:space:]]+[[:space:]]+order\ ([0-9]+)/([0-9]+):\ time\ ([0-9]+)(\.[0-9]*)?\ ms,.*\ calls\ ([0-9]+), ]]; then
      ms=${BASH_REMATCH[3]}
      ms_int=$((10#$ms))
      printf '%s %s run %d/%d %d.%02d s\n' "$(date +%H:%M:%S)" "$head" \
        $((BASH_REMATCH[1] + 1)) "${BASH_REMATCH[2]}" $((ms_int / 1000)) $((ms_int % 1000 / 10)) >&2
      printf '%s %s\n' "${BASH_REMATCH[5]}" "$ms_int" >>"$STATS_FILE" 2>/dev/null || :
    elif [[ ($line == *"time limit "*" reached after "* || $line == *"stopped from outside"*) &&
            $line =~ ^[^[:space:]]+[[:space:]]+(.*)$ ]]; then
      printf '%s %s %s\n' "$(date +%H:%M:%S)" "$head" "${BASH_REMATCH[1]}" >&2
    fi
  done
}

POINT_PID=
PROGRESS_PID=
CURRENT_FILE=
# run_point I P T R: one harness JVM; the harness keeps to --point-timeout itself (and writes
# the runs that finished), `timeout` stops it GRACE_S later if it does not. Afterwards the
# point's file exists (the harness's, or a timeout/failed one written here). Sets POINT_RC,
# POINT_MS, POINT_STATE, POINT_THROUGHPUT, POINT_RUNS and the protocol's measured rate.
run_point() {
  local i=$1 p=$2 t=$3 r=$4 file rc started start_ms before='' after='' head kv
  file=$(point_file "$p" "$t" "$r")
  check_space
  mkdir -p "$OUT/$p" 2>/dev/null || stop_no_space "cannot create $OUT/$p"
  point_load_options "$t" "$r"
  POINT_OPTIONS=(--protocol "$p" "${LOAD_OPTIONS[@]}" --runs "$RUNS" --host "$HOST"
                 --port "$p=${PORT[$p]}" --out "$OUT" --time-limit "${LIMIT_S}s"
                 --time-limit-per "$TIMEOUT_PER" "${HARNESS_OPTS[@]}")
  local -a args=("${POINT_OPTIONS[@]}")
  for kv in "${PROVENANCE[@]}"; do args+=(--provenance "$kv"); done
  server_stats_args "$p"
  args+=("${SERVER_STATS_ARGS[@]}")
  started=$(now_iso)
  start_ms=$(now_ms)
  if [[ $MODE == lab ]]; then read -r -a before <<<"$(lab_link_bytes)"; fi
  CURRENT_FILE=$file
  head="[$((i + 1))/${#PLAN_P[@]}] $p $(point_label "$t" "$r")"
  log_only $'\n'"==== $started $p $(point_label "$t" "$r"): ${args[*]}"
  : >"$STATS_FILE"
  # the harness's output goes through point_progress (console lines per run) into the log
  point_progress "$head" <"$FIFO" >>"$LOG_FILE" {LOCK_FD}>&- &
  PROGRESS_PID=$!
  # timeout makes itself a process-group leader: killing -PID reaches the JVM too.
  # shellcheck disable=SC2086 # CLIENT_JVM_OPTS is a list of flags
  timeout --signal=TERM --kill-after="$KILL_AFTER_S" "$BACKSTOP_S" \
    "${CLIENT_RUNNER[@]}" "$JAVA" $CLIENT_JVM_OPTS -jar "$CLIENT_JAR" "${args[@]}" \
    </dev/null >"$FIFO" 2>&1 {LOCK_FD}>&- &
  POINT_PID=$!
  own_pid point "$POINT_PID" "$file"
  set +e
  wait "$POINT_PID"
  rc=$?
  set -e
  forget_pid "$POINT_PID"
  POINT_PID=
  await_progress
  POINT_MS=$(($(now_ms) - start_ms))
  remove_point_temps "$file"
  read_run_stats
  POINT_THROUGHPUT=-
  if [[ -f $file ]]; then
    # the harness wrote the point: complete (exit 0, or 1 with failed calls), timeout at its
    # own limit, or incomplete when the backstop stopped it (its shutdown hook wrote the runs)
    point_summary "$file" "$rc"
    POINT_STATE=$SUMMARY_STATE
    POINT_THROUGHPUT=$SUMMARY_THROUGHPUT
  elif ((rc == 2)); then
    check_space
    local last
    last=$(tail -n 5 "$LOG_FILE" || true)
    log "the harness rejected its arguments (exit 2); it said:"
    printf '%s\n' "$last" >&2
    exit 2
  elif ((rc == 124 || (rc == 137 && POINT_MS >= BACKSTOP_S * 1000))); then
    write_failed_point "$file" timeout "$p" "$t" "$r" "$rc" "$started"
    POINT_STATE=timeout
  else
    check_space
    write_failed_point "$file" failed "$p" "$t" "$r" "$rc" "$started"
    POINT_STATE=failed
    local last
    last=$(tail -n 3 "$LOG_FILE" || true)
    log "$p $(point_label "$t" "$r"): the harness exited with $rc and wrote no file; it said:"
    printf '%s\n' "$last" >&2
  fi
  if [[ $MODE == lab ]]; then
    read -r -a after <<<"$(lab_link_bytes)"
    add_provenance "$file" "link_bytes_a_to_b=$((after[0] - before[0]))" \
      "link_bytes_b_to_a=$((after[1] - before[1]))"
  fi
  measure_rate "$p"
  CURRENT_FILE=
  POINT_RC=$rc
}

# await_progress: point_progress ends at the harness's EOF; a process the harness left behind
# holding the pipe must not hang the sweep
await_progress() {
  local n
  [[ -n $PROGRESS_PID ]] || return 0
  for ((n = 0; n < 50; n++)); do
    kill -0 "$PROGRESS_PID" 2>/dev/null || break
    sleep 0.1
  done
  kill "$PROGRESS_PID" 2>/dev/null || true
  wait "$PROGRESS_PID" 2>/dev/null || true
  PROGRESS_PID=
}

# read_run_stats: the point's runs from $STATS_FILE: POINT_RUNS, POINT_RUN_CALLS, POINT_RUN_MS
read_run_stats() {
  local calls ms
  POINT_RUNS=0; POINT_RUN_CALLS=0; POINT_RUN_MS=0
  while read -r calls ms; do
    POINT_RUNS=$((POINT_RUNS + 1))
    POINT_RUN_CALLS=$((POINT_RUN_CALLS + calls))
    POINT_RUN_MS=$((POINT_RUN_MS + ms))
  done <"$STATS_FILE"
}

# ---- progress: the ETA from the calls still planned and each protocol's measured rate ----
declare -A RATE_CALLS=() RATE_MS=() START_MS=() START_N=()

# measure_rate P: P's rate (calls per ms of run time) becomes that of the point's runs: the rate
# depends on the thread count, and in the plan's order the latest point is the nearest one
# measured (a cumulative rate made a 3-minute sweep's ETA 10 minutes); for a point that ran to
# its end, its time outside the runs (JVM start, client, writing) goes to P's mean start cost
measure_rate() {
  local p=$1
  if ((POINT_RUN_MS > 0 && POINT_RUN_CALLS > 0)); then
    RATE_CALLS[$p]=$POINT_RUN_CALLS
    RATE_MS[$p]=$POINT_RUN_MS
  fi
  if [[ $POINT_STATE == complete || $POINT_STATE == errors ]]; then
    local outside=$((POINT_MS - POINT_RUN_MS))
    ((outside > 0)) || outside=0
    START_MS[$p]=$((${START_MS[$p]:-0} + outside))
    START_N[$p]=$((${START_N[$p]:-0} + 1))
  fi
}

# write_plan_file: one line per planned point, "PROTOCOL CALLS TODO MS THREADS REQUESTS" (TODO 0:
# its file exists and will be skipped), for eta_after
write_plan_file() {
  local i file todo
  for ((i = 0; i < ${#PLAN_P[@]}; i++)); do
    file=$(point_file "${PLAN_P[i]}" "${PLAN_T[i]}" "${PLAN_R[i]}")
    todo=1
    [[ -e $file && $RETRY_FAILED -eq 0 ]] && todo=0
    printf '%s %s %s %s %s %s\n' "${PLAN_P[i]}" "$(calls_per_point "${PLAN_T[i]}" "${PLAN_R[i]}")" "$todo" \
      "$(plan_ms "${PLAN_T[i]}" "${PLAN_R[i]}")" "${PLAN_T[i]}" "${PLAN_R[i]}"
  done >"$PLAN_FILE"
}

# eta_after I: "H:MM:SS" for the planned points after index I (each: its protocol's start cost
# plus its calls at the protocol's measured rate, at most its time limit), or "? (no rate yet
# for P,...)" while a protocol with points left has not run one
eta_after() {
  local i=$1 p rates='' cap_ms failed='' point
  for p in "${PROTOCOL_LIST[@]}"; do
    # main's failed_at (--skip-dominated): those points' dominated ones are not run
    if ((SKIP_DOMINATED)); then
      for point in ${failed_at[$p]:-}; do failed+="$p:$point "; done
    fi
    ((${RATE_MS[$p]:-0} > 0 && ${RATE_CALLS[$p]:-0} > 0)) || continue
    rates+="$p=${RATE_CALLS[$p]}/${RATE_MS[$p]}/${START_MS[$p]:-0}/${START_N[$p]:-0} "
  done
  if [[ $TIMEOUT_PER == point ]]; then cap_ms=$((BACKSTOP_S * 1000)); else cap_ms=$(((RUNS * LIMIT_S + GRACE_S) * 1000)); fi
  awk -v from="$((i + 1))" -v rates="$rates" -v cap="$cap_ms" -v skip=" ${!OVERLOADED[*]} " \
      -v failed="$failed" '
    BEGIN {
      n = split(rates, a, " ")
      for (k = 1; k <= n; k++) {
        split(a[k], kv, "="); split(kv[2], v, "/")
        rate[kv[1]] = v[1] / v[2]; start[kv[1]] = v[4] > 0 ? v[3] / v[4] : 0
      }
      nf = split(failed, f, " ")
      for (k = 1; k <= nf; k++) { split(f[k], x, ":"); fp[k] = x[1]; ft[k] = x[2] + 0; fr[k] = x[3] + 0 }
    }
    NR > from && index(skip, " " $1 " ") { next }    # its higher rates are not run
    NR > from && $3 == 1 {                            # at least the threads and requests of a failed point
      for (k = 1; k <= nf; k++) if (fp[k] == $1 && $5 + 0 >= ft[k] && $6 + 0 >= fr[k]) next
    }
    NR > from && $3 == 1 && $4 > 0 {
      # a rate point takes its schedules whatever the rate: runs x duration, plus the start
      total += start[$1] + $4; next
    }
    NR > from && $3 == 1 {
      if (!($1 in rate)) { missing[$1] = 1; next }
      ms = start[$1] + $2 / rate[$1]
      total += ms > cap ? cap : ms
    }
    END {
      m = ""
      for (p in missing) m = m (m == "" ? "" : ",") p
      if (m != "") { printf "? (no rate yet for %s)", m; exit }
      s = int(total / 1000)
      printf "%d:%02d:%02d", s / 3600, s % 3600 / 60, s % 60
    }' "$PLAN_FILE"
}

# ---- interrupts ----
resume_command() {
  local cmd
  printf -v cmd '%q ' "$0" "${ORIG_ARGS[@]}"
  printf 'cd %q && %s' "$PWD" "${cmd% }"
}

# stop_point: SIGTERM to the running point's process group (the harness's hook writes its
# finished runs), SIGKILL KILL_AFTER_S later
stop_point() {
  [[ -n ${POINT_PID:-} ]] || return 0
  kill -TERM -- "-$POINT_PID" 2>/dev/null || kill -TERM "$POINT_PID" 2>/dev/null || true
  local i
  for ((i = 0; i < (KILL_AFTER_S + 2) * 10; i++)); do
    kill -0 "$POINT_PID" 2>/dev/null || break
    sleep 0.1
  done
  kill -KILL -- "-$POINT_PID" 2>/dev/null || true
  wait "$POINT_PID" 2>/dev/null || true
  forget_pid "$POINT_PID"
  POINT_PID=
  await_progress
}

on_signal() {
  local sig=$1 code=130
  [[ $sig == TERM ]] && code=143
  trap - INT TERM
  stop_point
  if [[ -n $CURRENT_FILE ]]; then
    remove_point_temps "$CURRENT_FILE"
    discard_unfinished "$CURRENT_FILE"
  fi
  log "interrupted (SIG$sig); the point in progress was discarded (a resume runs it again), finished points are kept"
  log "resume with: $(resume_command)"
  exit "$code"
}

on_exit() {
  stop_servers
  if [[ -n ${LOCK_FD:-} ]]; then rm -f "$OUT/sweep.pids" 2>/dev/null || true; fi
  if [[ -n ${WORK_DIR:-} ]]; then rm -rf "$WORK_DIR"; fi
}

# ---- main ----
main() {
  parse_args "$@"
  command -v "$JAVA" >/dev/null 2>&1 || die_usage "java not found (set JAVA or PATH)"
  CLIENT_JAR=$(find_jar "${RPCX_BENCH_CLIENT_JAR:-}" RPCX_BENCH_CLIENT_JAR client-harness/target/client-harness.jar)
  [[ -n $CLIENT_JAR ]] || die_usage "client jar not found: set RPCX_BENCH_CLIENT_JAR, or build it (mvn -B -q package -DskipTests) so client-harness/target/client-harness.jar exists"
  REPORT_JAR=$(find_jar "${RPCX_BENCH_REPORT_JAR:-}" RPCX_BENCH_REPORT_JAR report/target/report.jar)
  load_catalog
  build_plan
  # the harness writes its file at --point-timeout; `timeout` stops it GRACE_S later if it hangs
  GRACE_S=$((LIMIT_S / 10))
  ((GRACE_S >= 2)) || GRACE_S=2
  ((GRACE_S <= 30)) || GRACE_S=30
  if [[ $TIMEOUT_PER == point ]]; then
    BACKSTOP_S=$((LIMIT_S + GRACE_S))
  else
    # each run may take LIMIT_S; one more for the start, the client and a warm-up
    BACKSTOP_S=$(((RUNS + 1) * LIMIT_S + GRACE_S))
  fi
  local n=${#PLAN_P[@]} i p t r file state
  if ((DRY_RUN)); then
    if [[ -n $RATES_SPEC ]]; then
      printf 'plan: %d points; protocols %s; rates %s calls/s; duration %ss; runs %s; planned calls %s; limit %ss per %s; out %s\n' \
        "$n" "${PROTOCOL_LIST[*]}" "$RATES_DESC" "$DURATION_S" "$RUNS" "$(planned_calls)" "$LIMIT_S" "$TIMEOUT_PER" "$OUT"
    else
    printf 'plan: %d points; protocols %s; threads %s; requests %s; runs %s; limit %ss per %s; out %s\n' \
      "$n" "${PROTOCOL_LIST[*]}" "$THREADS_DESC" "$REQUESTS_DESC" "$RUNS" "$LIMIT_S" "$TIMEOUT_PER" "$OUT"
    fi
    if ((${#HARNESS_OPTS[@]} > 0)); then printf 'harness options: %s\n' "${HARNESS_OPTS[*]}"; fi
    for ((i = 0; i < n; i++)); do
      file=$(point_file "${PLAN_P[i]}" "${PLAN_T[i]}" "${PLAN_R[i]}")
      if [[ -e $file ]]; then require_report_jar; state=" (exists: $(file_state "$file"))"; else state=; fi
      printf '%d/%d %s %s %s%s\n' $((i + 1)) "$n" "${PLAN_P[i]}" "$(point_label "${PLAN_T[i]}" "${PLAN_R[i]}")" "$file" "$state"
    done
    exit 0
  fi

  require_report_jar
  command -v timeout >/dev/null 2>&1 || die_usage "timeout (coreutils) not found"
  mkdir -p "$OUT" 2>/dev/null || stop_no_space "cannot create $OUT"
  LOG_DIR=$(cd "$OUT" && pwd)
  take_lock
  trap on_exit EXIT
  WORK_DIR=$(mktemp -d "${TMPDIR:-/tmp}/sweep.XXXXXX")
  FIFO="$WORK_DIR/harness-output"
  STATS_FILE="$WORK_DIR/runs"
  PLAN_FILE="$WORK_DIR/plan"
  mkfifo "$FIFO"
  LOG_FILE="$LOG_DIR/sweep-$(date +%Y%m%d-%H%M%S).log"
  { : >>"$LOG_FILE"; } 2>/dev/null || stop_no_space "cannot create the log $LOG_FILE"
  trap 'on_signal INT' INT
  trap 'on_signal TERM' TERM
  clean_strays
  write_plan_file

  CLIENT_RUNNER=()
  case $MODE in
    local) HOST=127.0.0.1 ;;
    lab) load_lab; CLIENT_RUNNER=("$LAB_SH" exec a --) ;;
  esac
  point_provenance
  case $MODE in
    local) servers_or_chain 127.0.0.1 ;;
    lab) servers_or_chain "${LAB[addr_b]}" "$LAB_SH" exec b -- ;;
  esac
  server_stats_setup

  local plan
  if [[ -n $RATES_SPEC ]]; then
    plan="rates $RATES_DESC calls/s, duration ${DURATION_S}s, planned calls $(planned_calls)"
  else
    plan="threads $THREADS_DESC, requests $REQUESTS_DESC"
  fi
  log "sweep: $n points, protocols ${PROTOCOL_LIST[*]}, $plan, runs $RUNS, limit ${LIMIT_S}s per $TIMEOUT_PER, target $MODE $HOST, out $OUT, log $LOG_FILE"
  local sweep_start=$SECONDS ran=0 failed=0 skipped=0 detail
  declare -A streak=() streak_t=() stopped_t=() failed_at=()
  for ((i = 0; i < n; i++)); do
    p=${PLAN_P[i]}; t=${PLAN_T[i]}; r=${PLAN_R[i]}
    file=$(point_file "$p" "$t" "$r")
    if [[ -n ${OVERLOADED[$p]:-} ]]; then
      skipped=$((skipped + 1))
      log_only "$(date +%H:%M:%S) [$((i + 1))/$n] $p $t/s: not run (did not keep up at ${OVER_RATES[$p]} calls/s)"
      continue
    fi
    if [[ ${streak_t[$p]:-} != "$t" ]]; then streak[$p]=0; streak_t[$p]=$t; fi
    if [[ ${stopped_t[$p]:-} == "$t" ]]; then
      skipped=$((skipped + 1))
      log_only "$(date +%H:%M:%S) [$((i + 1))/$n] $p $(point_label "$t" "$r"): not run (stop-after-failures)"
      continue
    fi
    if ((SKIP_DOMINATED)) && dominated_by "${failed_at[$p]:-}" "$t" "$r"; then
      skipped=$((skipped + 1))
      log "[$((i + 1))/$n] $p $(point_label "$t" "$r"): not run (at least $DOMINATING_T threads x $DOMINATING_R requests, which did not finish)"
      continue
    fi
    state=
    if [[ -e $file ]]; then
      state=$(file_state "$file")
      if ((RETRY_FAILED)) && [[ $state == timeout || $state == failed || $state == incomplete ]]; then
        log "[$((i + 1))/$n] $p $(point_label "$t" "$r"): exists ($state), retrying"
        rm -f "$file"
        state=
      else
        skipped=$((skipped + 1))
        [[ $state == complete ]] || failed_at[$p]+="$t:$r "
        log "[$((i + 1))/$n] $p $(point_label "$t" "$r"): exists ($state), skipped"
      fi
    fi
    if [[ -z $state ]] && ! chain_ready "$p"; then
      skipped=$((skipped + 1))
      log_only "$(date +%H:%M:%S) [$((i + 1))/$n] $p $(point_label "$t" "$r"): not run (no chain for $p)"
      continue
    fi
    if [[ -z $state ]]; then
      run_point "$i" "$p" "$t" "$r"
      ran=$((ran + 1))
      state=$POINT_STATE
      [[ $state == complete ]] || failed_at[$p]+="$t:$r "
      detail=''
      if [[ $state != complete && $state != errors ]]; then detail=", $POINT_RUNS/$RUNS runs kept"; fi
      log "[$((i + 1))/$n] $p $(point_label "$t" "$r"): $state (exit $POINT_RC$detail) in $(fmt_ms "$POINT_MS") | elapsed $(fmt_duration $((SECONDS - sweep_start))) | ETA $(eta_after "$i") | throughput $POINT_THROUGHPUT calls/s"
    fi
    if [[ -n $RATES_SPEC ]]; then
      rate_outcome "$p" "$t" "$file" "$state"
      ((KEPT_UP)) || failed=$((failed + 1))
      continue
    fi
    if [[ $state == complete ]]; then
      streak[$p]=0
    else
      failed=$((failed + 1))
      streak[$p]=$((streak[$p] + 1))
      if ((STOP_AFTER_FAILURES > 0 && streak[$p] >= STOP_AFTER_FAILURES)); then
        stopped_t[$p]=$t
        log "$p: $STOP_AFTER_FAILURES failed points in a row at $t threads; moving on to the next thread count"
      fi
    fi
  done
  overload_summary
  chain_stop
  log "sweep done: $n points, $ran run, $skipped skipped, $failed failed or timed out; elapsed $(fmt_duration $((SECONDS - sweep_start))); results in $OUT; log $LOG_FILE"
  ((failed == 0)) || exit 1
}

# dominated_by "T:R T:R ..." T R: whether the point T x R has at least the threads and requests of
# one of the failed points listed; sets DOMINATING_T and DOMINATING_R to that point
dominated_by() {
  local point
  for point in $1; do
    if (($2 >= ${point%%:*} && $3 >= ${point##*:})); then
      DOMINATING_T=${point%%:*}; DOMINATING_R=${point##*:}
      return 0
    fi
  done
  return 1
}

main "$@"
