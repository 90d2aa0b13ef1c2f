#!/usr/bin/env bash
# sweep.sh: the paper's sweep. For every thread count, for every request count, for every
# protocol, one client-harness JVM runs one point (10 runs) under a 600 s limit; a point that
# runs out of time or crashes is recorded as a failed-point file (docs/raw-format.md) and the
# sweep goes on. Rerunning the same command resumes: points whose file exists are skipped.
# See docs/sweep.md.
set -euo pipefail

# ---- defaults (the paper's plan: both counts from 10, step 10; 600 s per point) ----
THREADS_FROM=10; THREADS_TO=990; THREADS_STEP=10
REQUESTS_FROM=10; REQUESTS_TO=900; REQUESTS_STEP=10
PROTOCOLS=rpcx,grpc,openfeign      # the paper's three; any ids of the catalog (--list-protocols)
RUNS=10
LIMIT_S=600
KILL_AFTER_S=10
STOP_TIMEOUT_S=15
OUT=results/raw
STOP_AFTER_FAILURES=0
MODE=host
HOST=localhost
declare -A PORT=()                 # --port ID=PORT; the rest from the catalog or the ready lines
HARNESS_OPTS=()                    # --call, --payload, --items, --warmup, ... and everything after --
DRY_RUN=0
RETRY_FAILED=0
READY_TIMEOUT_S=${RPCX_READY_TIMEOUT:-180}
JAVA=${JAVA:-java}
CLIENT_JVM_OPTS=${CLIENT_JVM_OPTS:-}
SERVER_JVM_OPTS=${SERVER_JVM_OPTS:-}

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

usage() {
  cat <<'USAGE'
Usage: ./sweep.sh [--host B | --local | --lab] [options] [-- HARNESS_OPTIONS...]

Runs the paper's sweep: for each thread count, each request count, each protocol, one
client-harness run of --runs runs, killed after --point-timeout seconds. Writes
<out>/<protocol>/t<T>-r<R>.csv (docs/raw-format.md). Rerun the same command to resume.
Protocols, labels, ports and server jars come from the harness's catalog
(java -jar client-harness.jar --list-protocols).

Target (pick one; default --host localhost):
  --host B                 servers already running on B (deploy/deploy.sh started them)
  --port ID=PORT           a protocol's server port with --host (repeatable; default: the catalog's)
  --local                  start the protocols' servers on 127.0.0.1 (free ports; a server
                           shared by several protocols once), stop them at the end
  --lab                    client in lab host A, servers in lab host B (deploy/lab.sh up first)

Plan:
  --protocol ID[,ID...]    protocols of the catalog, or "all" (default: rpcx,grpc,openfeign)
  --threads FROM[:TO[:STEP]]   thread counts (default 10:990:10); one value = that value only
  --requests FROM[:TO[:STEP]]  request counts (default 10:900:10); one value = that value only;
                           an empty field keeps the default, e.g. --requests :100, --threads 100:
  --runs N                 runs per point (default 10)
  --point-timeout S        seconds a point may take before it is killed (default 600)
  --stop-after-failures N  after N failed points in a row for a protocol, move that protocol
                           on to the next thread count (default 0: never)

Passed to the harness at every point (and recorded in the log and in failed-point files):
  --call hello|echo|put|items, --payload BYTES (needs --call), --items N (needs --call),
  --warmup DURATION, --requests-per thread|total, --timeout DURATION (per-call deadline),
  and everything after "--" verbatim. Use a separate --out per call/payload: a point's file
  name holds only the protocol, threads and requests.

Output and control:
  --out DIR                raw results folder (default results/raw); the log goes there too
  --retry-failed           rerun points whose file says status timeout or failed
  --dry-run                print the plan (points in order) and exit
  -h, --help               this text

Environment: RPCX_BENCH_CLIENT_JAR (client jar), RPCX_BENCH_REPORT_JAR (report jar, reads the
result files), JAVA (java binary), CLIENT_JVM_OPTS, SERVER_JVM_OPTS (--local/--lab servers),
RPCX_READY_TIMEOUT (server start, s).

Exit: 0 every point complete without errors, 1 some point failed or timed out,
2 bad usage, 130/143 interrupted (the resume command is printed).

Examples:
  ./sweep.sh --local --protocol rpcx,grpc --threads 2 --requests 10 --runs 2
  ./sweep.sh --local --protocol rpcx,grpc-tuned --call echo --payload 256 --out results/echo256
  ./sweep.sh --host 198.18.0.2 --port grpc=9082 --stop-after-failures 3 -- --warmup 5s
  ./sweep.sh --lab --protocol rpcx,grpc --threads 10:100:10 --dry-run
USAGE
}

die_usage() {
  printf 'sweep.sh: %s\n' "$*" >&2
  printf 'try: ./sweep.sh --help\n' >&2
  exit 2
}

is_posint() { [[ $1 =~ ^[1-9][0-9]{0,8}$ ]]; }
is_nonneg() { [[ $1 =~ ^(0|[1-9][0-9]{0,8})$ ]]; }

# parse_range NAME SPEC DEF_FROM DEF_TO DEF_STEP -> prints "FROM TO STEP". A single value
# (no colon) is that value only; empty fields keep the defaults.
parse_range() {
  local name=$1 spec=$2 from=$3 to=$4 step=$5 extra=
  local f1 f2 f3
  IFS=: read -r f1 f2 f3 extra <<<"$spec"
  [[ -z $extra && $spec != *:*:*:* ]] || die_usage "$name: expected FROM[:TO[:STEP]], got '$spec'"
  if [[ $spec != *:* ]]; then
    is_posint "$spec" || die_usage "$name: expected a positive integer, got '$spec'"
    printf '%s %s %s\n' "$spec" "$spec" 1
    return 0
  fi
  [[ -n $f1 ]] && from=$f1
  [[ -n ${f2:-} ]] && to=$f2
  [[ -n ${f3:-} ]] && step=$f3
  is_posint "$from" || die_usage "$name: FROM must be a positive integer, got '$from'"
  is_posint "$to" || die_usage "$name: TO must be a positive integer, got '$to'"
  is_posint "$step" || die_usage "$name: STEP must be a positive integer, got '$step'"
  ((from <= to)) || die_usage "$name: FROM ($from) is greater than TO ($to)"
  printf '%s %s %s\n' "$from" "$to" "$step"
}

parse_args() {
  local threads_spec='' requests_spec='' modes=0 arg value call_given=0 sized=''
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
      --host|--protocol|--protocols|--threads|--requests|--runs|--point-timeout|--out|\
      --stop-after-failures|--port|--call|--payload|--items|--warmup|--requests-per|--timeout)
        (($# >= 2)) || die_usage "$arg needs a value"
        value=$2 ;;
      *) die_usage "unknown argument '$arg'" ;;
    esac
    case $arg in
      --host) HOST=$value; MODE=host; modes=$((modes + 1))
              [[ -n $HOST ]] || die_usage "--host needs a host name or address" ;;
      --protocol|--protocols) PROTOCOLS=$value ;;
      --threads) threads_spec=$value ;;
      --requests) requests_spec=$value ;;
      --runs) is_posint "$value" || die_usage "--runs must be a positive integer, got '$value'"
              RUNS=$value ;;
      --point-timeout) is_posint "$value" || die_usage "--point-timeout must be a positive number of seconds, got '$value'"
                       LIMIT_S=$value ;;
      --timeout)
        # the harness's per-call deadline; a bare number was this script's point limit once
        [[ $value =~ [a-zA-Z] ]] || die_usage "--timeout is the harness's per-call deadline, a duration like 30s; the point's limit in seconds is --point-timeout $value"
        HARNESS_OPTS+=("$arg" "$value") ;;
      --out) [[ -n $value ]] || die_usage "--out needs a folder"; OUT=$value ;;
      --stop-after-failures) is_nonneg "$value" || die_usage "--stop-after-failures must be an integer >= 0, got '$value'"
                             STOP_AFTER_FAILURES=$value ;;
      --port)
        if ! [[ $value =~ ^([a-z][a-z0-9-]*)=([0-9]{1,5})$ ]] || ((BASH_REMATCH[2] < 1 || BASH_REMATCH[2] > 65535)); then
          die_usage "--port must be ID=PORT with PORT 1..65535, got '$value'"
        fi
              PORT_SPECS+=("$value") ;;
      --call) call_given=1; HARNESS_OPTS+=("$arg" "$value") ;;
      --payload|--items)
        is_nonneg "$value" || die_usage "$arg must be an integer >= 0, got '$value'"
        sized=$arg; HARNESS_OPTS+=("$arg" "$value") ;;
      --warmup|--requests-per) HARNESS_OPTS+=("$arg" "$value") ;;
    esac
    shift 2
  done
  ((modes <= 1)) || die_usage "--host, --local and --lab are mutually exclusive"
  # without --call the harness makes hello calls, which have no payload or items
  [[ -z $sized || $call_given -eq 1 ]] ||
    die_usage "$sized needs --call (e.g. --call echo --payload 256): without it the harness measures hello"
  if [[ -n $threads_spec ]]; then
    read -r THREADS_FROM THREADS_TO THREADS_STEP < <(parse_range --threads "$threads_spec" \
      "$THREADS_FROM" "$THREADS_TO" "$THREADS_STEP") || exit 2
  fi
  if [[ -n $requests_spec ]]; then
    read -r REQUESTS_FROM REQUESTS_TO REQUESTS_STEP < <(parse_range --requests "$requests_spec" \
      "$REQUESTS_FROM" "$REQUESTS_TO" "$REQUESTS_STEP") || exit 2
  fi
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
  for ((t = THREADS_FROM; t <= THREADS_TO; t += THREADS_STEP)); do
    for ((r = REQUESTS_FROM; r <= REQUESTS_TO; r += REQUESTS_STEP)); do
      for p in "${PROTOCOL_LIST[@]}"; do
        PLAN_P+=("$p"); PLAN_T+=("$t"); PLAN_R+=("$r")
      done
    done
  done
}

# ---- reading result files: the report tool's `show` (docs/report.md), never columns here ----
# show FILE OPTION...: java -jar report.jar show FILE OPTION...
show() {
  local file=$1
  shift
  "$JAVA" -jar "$REPORT_JAR" show "$file" "$@" 2>/dev/null
}

# file_state FILE -> complete | errors (complete but some calls failed) | timeout | failed
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

# file_throughput FILE -> the cleaned throughput (calls/s over the kept runs 1..N-1), or -
file_throughput() {
  local v
  v=$(show "$1" --cleaned | awk -F'\t' '$1 == "throughput" { print $2; exit }' || true)
  printf '%s' "${v:--}"
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

log() {
  local line
  line="$(date +%H:%M:%S) $*"
  printf '%s\n' "$line" >&2
  if [[ -n ${LOG_FILE:-} ]]; then printf '%s\n' "$line" >>"$LOG_FILE"; fi
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

lab_link_bytes() {
  local rx tx
  rx=$(ip netns exec "${LAB[ns_a]}" cat "/sys/class/net/${LAB[if_a]}/statistics/rx_bytes")
  tx=$(ip netns exec "${LAB[ns_a]}" cat "/sys/class/net/${LAB[if_a]}/statistics/tx_bytes")
  printf '%s' $((rx + tx))
}

# ---- --local / --lab servers: each distinct server of the selected protocols once ----
# start_servers BIND [RUNNER...]: port 0 (a free one), the port read from each ready line and
# given to every protocol that shares the server.
start_servers() {
  local bind=$1; shift
  local runner=("$@") name jar log_file id
  local -a args pids=()
  catalog_servers "${PROTOCOL_LIST[@]}"
  for id in "${EXTERNALS[@]}"; do
    log "${id%%:*} needs the external server '${id#*:}': sweep.sh does not start it; it must be listening on $bind"
  done
  for name in "${SERVER_NAMES[@]}"; do
    jar=$(catalog_find_jar "${SERVER_JAR[$name]}" "$SCRIPT_DIR") ||
      die_usage "server jar ${SERVER_JAR[$name]} (for ${SERVER_IDS[$name]}) not found in the repo or beside sweep.sh; build with: mvn -B -q package -DskipTests"
    log_file="$LOG_DIR/server-$name.log"
    read -r -a args <<<"${SERVER_ARGS[$name]}"
    # shellcheck disable=SC2086 # SERVER_JVM_OPTS is a list of flags
    server_spawn "$log_file" "${runner[@]}" "$JAVA" $SERVER_JVM_OPTS -jar "$jar" --bind "$bind" --port 0 "${args[@]}"
    pids+=("$SPAWNED_PID")
    log "started the server of ${SERVER_IDS[$name]} (pid $SPAWNED_PID, log $log_file)"
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
  server_stop_all "$STOP_TIMEOUT_S"
  log "servers stopped"
}
# ---- one point ----
# write_failed_point FILE STATUS P T R EXIT_CODE STARTED: a point with no rows, written through
# the raw-format library (report.jar annotate: the harness's writer, atomic)
write_failed_point() {
  local file=$1 status=$2 p=$3 t=$4 r=$5 rc=$6 started=$7
  local -a set=(
    --set "protocol=$p" --set "type=$(catalog_get "$p" type)"
    --set "threads=$t" --set "requests=$r" --set "runs=$RUNS"
  )
  if [[ $status == timeout ]]; then set+=(--set "limit_s=$LIMIT_S"); fi
  set+=(
    --set "exit_code=$rc" --set "started=$started" --set "finished=$(now_iso)"
    --set "client_host=$(hostname)" --set "target=$HOST:${PORT[$p]}"
    --set "jvm_flags=$CLIENT_JVM_OPTS"
    --set "os=$(uname -s) $(uname -r) $(uname -m), $(nproc) cpus"
    --set "options=${POINT_ARGS[*]}" --set "written_by=sweep.sh"
  )
  "$JAVA" -jar "$REPORT_JAR" annotate "$file" --status "$status" "${set[@]}" >>"$LOG_FILE" 2>&1 ||
    { log "cannot write $file (report.jar annotate failed; see $LOG_FILE)"; exit 1; }
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

POINT_PID=
CURRENT_FILE=
# run_point P T R: one harness JVM under the time limit; afterwards the point's file exists
# (the harness's, or a timeout/failed one written here). Sets POINT_RC and POINT_MS.
run_point() {
  local p=$1 t=$2 r=$3 file rc started start_ms before='' after=''
  file="$OUT/$p/t$t-r$r.csv"
  mkdir -p "$OUT/$p"
  POINT_ARGS=(--protocol "$p" --threads "$t" --requests "$r" --runs "$RUNS" --host "$HOST"
              --port "$p=${PORT[$p]}" --out "$OUT" "${HARNESS_OPTS[@]}")
  started=$(now_iso)
  start_ms=$(now_ms)
  if [[ $MODE == lab ]]; then before=$(lab_link_bytes); fi
  CURRENT_FILE=$file
  printf '\n==== %s %s t%s r%s: %s\n' "$started" "$p" "$t" "$r" "${POINT_ARGS[*]}" >>"$LOG_FILE"
  # timeout makes itself a process-group leader: killing -PID reaches the JVM too.
  # shellcheck disable=SC2086 # CLIENT_JVM_OPTS is a list of flags
  timeout --signal=TERM --kill-after="$KILL_AFTER_S" "$LIMIT_S" \
    "${CLIENT_RUNNER[@]}" "$JAVA" $CLIENT_JVM_OPTS -jar "$CLIENT_JAR" "${POINT_ARGS[@]}" \
    </dev/null >>"$LOG_FILE" 2>&1 &
  POINT_PID=$!
  set +e
  wait "$POINT_PID"
  rc=$?
  set -e
  POINT_PID=
  POINT_MS=$(($(now_ms) - start_ms))
  remove_point_temps "$file"
  if [[ -f $file ]]; then
    # the harness wrote the point: exit 0, or 1 = complete with failed calls
    if ((rc == 0)); then POINT_STATE=complete; else POINT_STATE=errors; fi
  elif ((rc == 2)); then
    local last
    last=$(tail -n 5 "$LOG_FILE" || true)
    log "the harness rejected its arguments (exit 2); it said:"
    printf '%s\n' "$last" >&2
    exit 2
  elif ((rc == 124 || (rc == 137 && POINT_MS >= LIMIT_S * 1000))); then
    write_failed_point "$file" timeout "$p" "$t" "$r" "$rc" "$started"
    POINT_STATE=timeout
  else
    write_failed_point "$file" failed "$p" "$t" "$r" "$rc" "$started"
    POINT_STATE=failed
    local last
    last=$(tail -n 3 "$LOG_FILE" || true)
    log "$p t$t r$r: the harness exited with $rc and wrote no file; it said:"
    printf '%s\n' "$last" >&2
  fi
  if [[ $MODE == lab ]]; then
    after=$(lab_link_bytes)
    add_provenance "$file" "link_bytes=$((after - before))" "lab=$LAB_NOTE"
  fi
  CURRENT_FILE=
  POINT_RC=$rc
}

# ---- interrupts ----
resume_command() {
  local cmd
  printf -v cmd '%q ' "$0" "${ORIG_ARGS[@]}"
  printf 'cd %q && %s' "$PWD" "${cmd% }"
}

on_signal() {
  local sig=$1 code=130
  [[ $sig == TERM ]] && code=143
  trap - INT TERM
  if [[ -n $POINT_PID ]]; then
    kill -TERM "$POINT_PID" 2>/dev/null || true
    local i
    for ((i = 0; i < (KILL_AFTER_S + 2) * 10; i++)); do
      kill -0 "$POINT_PID" 2>/dev/null || break
      sleep 0.1
    done
    kill -KILL -- "-$POINT_PID" 2>/dev/null || true
    wait "$POINT_PID" 2>/dev/null || true
  fi
  if [[ -n $CURRENT_FILE ]]; then remove_point_temps "$CURRENT_FILE"; fi
  log "interrupted (SIG$sig); the point in progress was discarded, finished points are kept"
  log "resume with: $(resume_command)"
  exit "$code"
}

on_exit() {
  stop_servers
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
  local n=${#PLAN_P[@]} i p t r file state
  if ((DRY_RUN)); then
    printf 'plan: %d points; protocols %s; threads %s:%s:%s; requests %s:%s:%s; runs %s; limit %ss; out %s\n' \
      "$n" "${PROTOCOL_LIST[*]}" "$THREADS_FROM" "$THREADS_TO" "$THREADS_STEP" \
      "$REQUESTS_FROM" "$REQUESTS_TO" "$REQUESTS_STEP" "$RUNS" "$LIMIT_S" "$OUT"
    if ((${#HARNESS_OPTS[@]} > 0)); then printf 'harness options: %s\n' "${HARNESS_OPTS[*]}"; fi
    for ((i = 0; i < n; i++)); do
      file="$OUT/${PLAN_P[i]}/t${PLAN_T[i]}-r${PLAN_R[i]}.csv"
      if [[ -e $file ]]; then require_report_jar; state=" (exists: $(file_state "$file"))"; else state=; fi
      printf '%d/%d %s t%s r%s %s%s\n' $((i + 1)) "$n" "${PLAN_P[i]}" "${PLAN_T[i]}" "${PLAN_R[i]}" "$file" "$state"
    done
    exit 0
  fi

  require_report_jar
  command -v timeout >/dev/null 2>&1 || die_usage "timeout (coreutils) not found"
  mkdir -p "$OUT"
  LOG_DIR=$(cd "$OUT" && pwd)
  LOG_FILE="$LOG_DIR/sweep-$(date +%Y%m%d-%H%M%S).log"
  : >>"$LOG_FILE"
  trap 'on_signal INT' INT
  trap 'on_signal TERM' TERM
  trap on_exit EXIT

  CLIENT_RUNNER=()
  case $MODE in
    local) HOST=127.0.0.1; start_servers 127.0.0.1 ;;
    lab)
      load_lab
      start_servers "${LAB[addr_b]}" "$LAB_SH" exec b --
      CLIENT_RUNNER=("$LAB_SH" exec a --) ;;
  esac

  log "sweep: $n points, protocols ${PROTOCOL_LIST[*]}, threads $THREADS_FROM:$THREADS_TO:$THREADS_STEP, requests $REQUESTS_FROM:$REQUESTS_TO:$REQUESTS_STEP, runs $RUNS, limit ${LIMIT_S}s, target $MODE $HOST, out $OUT, log $LOG_FILE"
  local sweep_start=$SECONDS ran=0 ran_ms=0 failed=0 skipped=0 eta
  declare -A streak=() streak_t=() stopped_t=()
  for ((i = 0; i < n; i++)); do
    p=${PLAN_P[i]}; t=${PLAN_T[i]}; r=${PLAN_R[i]}
    file="$OUT/$p/t$t-r$r.csv"
    if [[ ${streak_t[$p]:-} != "$t" ]]; then streak[$p]=0; streak_t[$p]=$t; fi
    if [[ ${stopped_t[$p]:-} == "$t" ]]; then
      skipped=$((skipped + 1))
      printf '%s [%d/%d] %s t%s r%s: not run (stop-after-failures)\n' "$(date +%H:%M:%S)" \
        $((i + 1)) "$n" "$p" "$t" "$r" >>"$LOG_FILE"
      continue
    fi
    state=
    if [[ -e $file ]]; then
      state=$(file_state "$file")
      if ((RETRY_FAILED)) && [[ $state == timeout || $state == failed ]]; then
        log "[$((i + 1))/$n] $p t$t r$r: exists ($state), retrying"
        rm -f "$file"
        state=
      else
        skipped=$((skipped + 1))
        log "[$((i + 1))/$n] $p t$t r$r: exists ($state), skipped"
      fi
    fi
    if [[ -z $state ]]; then
      run_point "$p" "$t" "$r"
      ran=$((ran + 1)); ran_ms=$((ran_ms + POINT_MS))
      state=$POINT_STATE
      eta=$((ran_ms * (n - i - 1) / ran / 1000))
      local tput=-
      [[ $state == complete || $state == errors ]] && tput=$(file_throughput "$file")
      log "[$((i + 1))/$n] $p t$t r$r: $state (exit $POINT_RC) in $(fmt_ms "$POINT_MS") | elapsed $(fmt_duration $((SECONDS - sweep_start))) | ETA $(fmt_duration "$eta") | throughput $tput calls/s"
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
  log "sweep done: $n points, $ran run, $skipped skipped, $failed failed or timed out; elapsed $(fmt_duration $((SECONDS - sweep_start))); results in $OUT; log $LOG_FILE"
  ((failed == 0)) || exit 1
}

main "$@"
