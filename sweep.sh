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
PROTOCOLS=rpcx,grpc,openfeign
RUNS=10
LIMIT_S=600
KILL_AFTER_S=10
OUT=results/raw
STOP_AFTER_FAILURES=0
MODE=host
HOST=localhost
declare -A PORT=([rpcx]=8081 [grpc]=8082 [openfeign]=8083)
declare -A TYPE=([rpcx]=1 [grpc]=2 [openfeign]=3)
PAYLOAD=
DRY_RUN=0
RETRY_FAILED=0
READY_TIMEOUT_S=${RPCX_READY_TIMEOUT:-180}
JAVA=${JAVA:-java}
CLIENT_JVM_OPTS=${CLIENT_JVM_OPTS:-}
SERVER_JVM_OPTS=${SERVER_JVM_OPTS:-}
HEADER_ROW='type,threadNum,requestNum,order,timeTotal,tps,calls,errors,throughput,p50_us,p90_us,p99_us,p999_us,max_us'

SCRIPT_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ORIG_ARGS=("$@")

usage() {
  cat <<'EOF'
Usage: ./sweep.sh [--host B | --local | --lab] [options]

Runs the paper's sweep: for each thread count, each request count, each protocol, one
client-harness run of --runs runs, at most --timeout seconds each. Writes
<out>/<protocol>/t<T>-r<R>.csv (docs/raw-format.md). Rerun the same command to resume.

Target (pick one; default --host localhost):
  --host B                 servers already running on B (deploy/deploy.sh started them)
  --rpcx-port P, --grpc-port P, --openfeign-port P
                           server ports with --host (default 8081, 8082, 8083)
  --local                  start the three servers on 127.0.0.1 (free ports), stop them at the end
  --lab                    client in lab host A, servers in lab host B (deploy/lab.sh up first)

Plan:
  --protocols LIST         comma-separated subset of rpcx,grpc,openfeign (default all three)
  --threads FROM[:TO[:STEP]]   thread counts (default 10:990:10)
  --requests FROM[:TO[:STEP]]  request counts (default 10:900:10)
                           an empty field keeps the default, e.g. --requests :100
  --runs N                 runs per point (default 10)
  --timeout S              seconds a point may take before it is killed (default 600)
  --payload BYTES          passed to the harness (echo payload size)
  --stop-after-failures N  after N failed points in a row for a protocol, move that protocol
                           on to the next thread count (default 0: never)

Output and control:
  --out DIR                raw results folder (default results/raw); the log goes there too
  --retry-failed           rerun points whose file says status timeout or failed
  --dry-run                print the plan (points in order) and exit
  -h, --help               this text

Environment: RPCX_BENCH_CLIENT_JAR (client jar), JAVA (java binary), CLIENT_JVM_OPTS,
SERVER_JVM_OPTS (--local/--lab servers), RPCX_READY_TIMEOUT (server start, s).

Exit: 0 every point complete without errors, 1 some point failed or timed out,
2 bad usage, 130/143 interrupted (the resume command is printed).

Examples:
  ./sweep.sh --local --threads 10:20:10 --requests 10:20:10 --runs 5
  ./sweep.sh --host 198.18.0.2 --stop-after-failures 3
  ./sweep.sh --lab --protocols rpcx,grpc --threads 10:100:10 --dry-run
EOF
}

die_usage() {
  printf 'sweep.sh: %s\n' "$*" >&2
  printf 'try: ./sweep.sh --help\n' >&2
  exit 2
}

is_posint() { [[ $1 =~ ^[1-9][0-9]{0,8}$ ]]; }
is_nonneg() { [[ $1 =~ ^(0|[1-9][0-9]{0,8})$ ]]; }

# parse_range NAME SPEC DEF_FROM DEF_TO DEF_STEP -> prints "FROM TO STEP"
parse_range() {
  local name=$1 spec=$2 from=$3 to=$4 step=$5 extra=
  local f1 f2 f3
  IFS=: read -r f1 f2 f3 extra <<<"$spec"
  [[ -z $extra && $spec != *:*:*:* ]] || die_usage "$name: expected FROM[:TO[:STEP]], got '$spec'"
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
  local threads_spec='' requests_spec='' modes=0 arg value
  while (($# > 0)); do
    arg=$1
    if [[ $arg == --*=* ]]; then
      value=${arg#*=}; arg=${arg%%=*}
      set -- "$arg" "$value" "${@:2}"
    fi
    case $arg in
      -h|--help) usage; exit 0 ;;
      --local) MODE=local; modes=$((modes + 1)); shift; continue ;;
      --lab) MODE=lab; modes=$((modes + 1)); shift; continue ;;
      --dry-run) DRY_RUN=1; shift; continue ;;
      --retry-failed) RETRY_FAILED=1; shift; continue ;;
      --host|--protocols|--threads|--requests|--runs|--timeout|--out|--stop-after-failures|\
      --payload|--rpcx-port|--grpc-port|--openfeign-port)
        (($# >= 2)) || die_usage "$arg needs a value"
        value=$2 ;;
      *) die_usage "unknown argument '$arg'" ;;
    esac
    case $arg in
      --host) HOST=$value; MODE=host; modes=$((modes + 1))
              [[ -n $HOST ]] || die_usage "--host needs a host name or address" ;;
      --protocols) PROTOCOLS=$value ;;
      --threads) threads_spec=$value ;;
      --requests) requests_spec=$value ;;
      --runs) is_posint "$value" || die_usage "--runs must be a positive integer, got '$value'"
              RUNS=$value ;;
      --timeout) is_posint "$value" || die_usage "--timeout must be a positive number of seconds, got '$value'"
                 LIMIT_S=$value ;;
      --out) [[ -n $value ]] || die_usage "--out needs a folder"; OUT=$value ;;
      --stop-after-failures) is_nonneg "$value" || die_usage "--stop-after-failures must be an integer >= 0, got '$value'"
                             STOP_AFTER_FAILURES=$value ;;
      --payload) is_nonneg "$value" || die_usage "--payload must be an integer >= 0, got '$value'"
                 PAYLOAD=$value ;;
      --rpcx-port|--grpc-port|--openfeign-port)
        if ! is_posint "$value" || ((value > 65535)); then die_usage "$arg must be 1..65535, got '$value'"; fi
        local p=${arg#--}; PORT[${p%-port}]=$value ;;
    esac
    shift 2
  done
  ((modes <= 1)) || die_usage "--host, --local and --lab are mutually exclusive"
  if [[ -n $threads_spec ]]; then
    read -r THREADS_FROM THREADS_TO THREADS_STEP < <(parse_range --threads "$threads_spec" \
      "$THREADS_FROM" "$THREADS_TO" "$THREADS_STEP") || exit 2
  fi
  if [[ -n $requests_spec ]]; then
    read -r REQUESTS_FROM REQUESTS_TO REQUESTS_STEP < <(parse_range --requests "$requests_spec" \
      "$REQUESTS_FROM" "$REQUESTS_TO" "$REQUESTS_STEP") || exit 2
  fi
  local p seen=,
  PROTOCOL_LIST=()
  IFS=, read -r -a protos <<<"$PROTOCOLS"
  ((${#protos[@]} > 0)) || die_usage "--protocols is empty"
  for p in "${protos[@]}"; do
    [[ -n ${TYPE[$p]:-} ]] || die_usage "--protocols: unknown protocol '$p' (rpcx, grpc, openfeign)"
    [[ $seen != *",$p,"* ]] || die_usage "--protocols: '$p' given twice"
    seen+="$p,"
    PROTOCOL_LIST+=("$p")
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

# point_state FILE -> complete | errors (complete but some calls failed) | timeout | failed
point_state() {
  awk -F, '
    /^# status:/ { sub(/^# status:[ \t]*/, ""); status = $0; next }
    /^#/ { next }
    !hdr { hdr = 1; for (i = 1; i <= NF; i++) if ($i == "errors") col = i; next }
    col && $col + 0 > 0 { errs = 1 }
    END {
      if (status == "") status = "failed"
      if (status == "complete" && errs) status = "errors"
      print status
    }' "$1"
}

# mean throughput (calls/s) over the runs after order 0 (its start-up effects are dropped)
point_throughput() {
  awk -F, '
    /^#/ { next }
    !hdr { hdr = 1; for (i = 1; i <= NF; i++) { if ($i == "throughput") c = i; if ($i == "order") o = i }; next }
    c { n_all++; s_all += $c; if ($o + 0 > 0) { n++; s += $c } }
    END {
      if (n > 0) printf "%.1f", s / n
      else if (n_all > 0) printf "%.1f", s_all / n_all
      else printf "-"
    }' "$1"
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

find_client_jar() {
  local c
  if [[ -n ${RPCX_BENCH_CLIENT_JAR:-} ]]; then
    [[ -f $RPCX_BENCH_CLIENT_JAR ]] || die_usage "RPCX_BENCH_CLIENT_JAR: no such file '$RPCX_BENCH_CLIENT_JAR'"
    printf '%s' "$RPCX_BENCH_CLIENT_JAR"; return 0
  fi
  for c in "$SCRIPT_DIR/client-harness/target/client-harness.jar" "$SCRIPT_DIR/client-harness.jar"; do
    if [[ -f $c ]]; then printf '%s' "$c"; return 0; fi
  done
}

find_server_jar() {
  local p=$1 c
  for c in "$SCRIPT_DIR/server-$p/target/server-$p.jar" "$SCRIPT_DIR/server-$p.jar"; do
    if [[ -f $c ]]; then printf '%s' "$c"; return 0; fi
  done
  return 1
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
  state=$("$LAB_SH" env 2>/dev/null) || die_usage "--lab: the lab is down; start it with: sudo deploy/lab.sh up"
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

# ---- --local / --lab servers ----
SERVER_PIDS=()
start_servers() {
  local bind=$1; shift
  local runner=("$@") p jar pid log_file deadline line port
  for p in "${PROTOCOL_LIST[@]}"; do
    jar=$(find_server_jar "$p") || die_usage "server jar for $p not found (server-$p/target/server-$p.jar or beside sweep.sh); build with: mvn -B -q package -DskipTests"
    log_file="$LOG_DIR/server-$p.log"
    # shellcheck disable=SC2086 # SERVER_JVM_OPTS is a list of flags
    setsid "${runner[@]}" "$JAVA" $SERVER_JVM_OPTS -jar "$jar" --bind "$bind" --port 0 \
      </dev/null >"$log_file" 2>&1 &
    pid=$!
    SERVER_PIDS+=("$pid")
    log "started $p server (pid $pid, log $log_file)"
  done
  local idx=-1
  for p in "${PROTOCOL_LIST[@]}"; do
    idx=$((idx + 1))
    log_file="$LOG_DIR/server-$p.log"
    deadline=$((SECONDS + READY_TIMEOUT_S))
    port=
    while ((SECONDS < deadline)); do
      line=$(grep -m1 -E "^$p listening on " "$log_file" || true)
      if [[ -n $line ]]; then port=${line##*:}; break; fi
      kill -0 "${SERVER_PIDS[$idx]}" 2>/dev/null || break
      sleep 0.2
    done
    if [[ ! $port =~ ^[0-9]+$ ]]; then
      log "$p server did not start (no ready line within ${READY_TIMEOUT_S}s or it exited); last lines of $log_file:"
      tail -n 20 "$log_file" >&2 || true
      exit 1
    fi
    PORT[$p]=$port
    log "$p server ready on $bind:$port"
  done
}

stop_servers() {
  local pid i
  ((${#SERVER_PIDS[@]} > 0)) || return 0
  for pid in "${SERVER_PIDS[@]}"; do kill -TERM -- "-$pid" 2>/dev/null || kill -TERM "$pid" 2>/dev/null || true; done
  for ((i = 0; i < 150; i++)); do
    local alive=0
    for pid in "${SERVER_PIDS[@]}"; do kill -0 "$pid" 2>/dev/null && alive=1; done
    ((alive)) || break
    sleep 0.1
  done
  for pid in "${SERVER_PIDS[@]}"; do kill -KILL -- "-$pid" 2>/dev/null || true; done
  SERVER_PIDS=()
  log "servers stopped"
}

# ---- one point ----
# write_failed_point FILE STATUS P T R EXIT_CODE STARTED: header row only, temp + rename
write_failed_point() {
  local file=$1 status=$2 p=$3 t=$4 r=$5 rc=$6 started=$7 tmp
  tmp="$(dirname "$file")/.$(basename "$file").sweep.$$"
  {
    printf '# rpcx-bench raw result v1\n'
    printf '# status: %s\n' "$status"
    printf '# protocol: %s\n# type: %s\n' "$p" "${TYPE[$p]}"
    printf '# threads: %s\n# requests: %s\n# requests_per: thread\n# runs: %s\n' "$t" "$r" "$RUNS"
    if [[ -n $PAYLOAD ]]; then printf '# payload_bytes: %s\n' "$PAYLOAD"; fi
    if [[ $status == timeout ]]; then printf '# limit_s: %s\n' "$LIMIT_S"; fi
    printf '# exit_code: %s\n' "$rc"
    printf '# started: %s\n# finished: %s\n' "$started" "$(now_iso)"
    printf '# client_host: %s\n# target: %s:%s\n' "$(hostname)" "$HOST" "${PORT[$p]}"
    printf '# jvm_flags: %s\n' "$CLIENT_JVM_OPTS"
    printf '# os: %s %s %s, %s cpus\n' "$(uname -s)" "$(uname -r)" "$(uname -m)" "$(nproc)"
    printf '# options: %s\n' "${POINT_ARGS[*]}"
    printf '# written_by: sweep.sh\n'
    printf '%s\n' "$HEADER_ROW"
  } >"$tmp"
  mv -f "$tmp" "$file"
}

# add_provenance FILE LINE...: insert lines before the CSV header row, temp + rename
add_provenance() {
  local file=$1; shift
  local tmp extra
  tmp="$(dirname "$file")/.$(basename "$file").sweep.$$"
  extra=$(printf '%s\n' "$@")
  awk -v extra="$extra" '!done && !/^#/ { print extra; done = 1 } { print } END { if (!done) print extra }' \
    "$file" >"$tmp"
  mv -f "$tmp" "$file"
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
              "--$p-port" "${PORT[$p]}" --out "$OUT")
  if [[ -n $PAYLOAD ]]; then POINT_ARGS+=(--payload "$PAYLOAD"); fi
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
    : # the harness wrote the point: exit 0, or 1 = complete with failed calls
  elif ((rc == 2)); then
    local last
    last=$(tail -n 5 "$LOG_FILE" || true)
    log "the harness rejected its arguments (exit 2); it said:"
    printf '%s\n' "$last" >&2
    exit 2
  elif ((rc == 124 || (rc == 137 && POINT_MS >= LIMIT_S * 1000))); then
    write_failed_point "$file" timeout "$p" "$t" "$r" "$rc" "$started"
  else
    write_failed_point "$file" failed "$p" "$t" "$r" "$rc" "$started"
    local last
    last=$(tail -n 3 "$LOG_FILE" || true)
    log "$p t$t r$r: the harness exited with $rc and wrote no file; it said:"
    printf '%s\n' "$last" >&2
  fi
  if [[ $MODE == lab ]]; then
    after=$(lab_link_bytes)
    add_provenance "$file" "# link_bytes: $((after - before))" "# lab: $LAB_NOTE"
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
  build_plan
  local n=${#PLAN_P[@]} i p t r file state
  if ((DRY_RUN)); then
    printf 'plan: %d points; protocols %s; threads %s:%s:%s; requests %s:%s:%s; runs %s; limit %ss; out %s\n' \
      "$n" "${PROTOCOL_LIST[*]}" "$THREADS_FROM" "$THREADS_TO" "$THREADS_STEP" \
      "$REQUESTS_FROM" "$REQUESTS_TO" "$REQUESTS_STEP" "$RUNS" "$LIMIT_S" "$OUT"
    for ((i = 0; i < n; i++)); do
      file="$OUT/${PLAN_P[i]}/t${PLAN_T[i]}-r${PLAN_R[i]}.csv"
      if [[ -e $file ]]; then state=" (exists: $(point_state "$file"))"; else state=; fi
      printf '%d/%d %s t%s r%s %s%s\n' $((i + 1)) "$n" "${PLAN_P[i]}" "${PLAN_T[i]}" "${PLAN_R[i]}" "$file" "$state"
    done
    exit 0
  fi

  CLIENT_JAR=$(find_client_jar) || exit 2
  [[ -n $CLIENT_JAR ]] || die_usage "client jar not found: set RPCX_BENCH_CLIENT_JAR, or build it (mvn -B -q package -DskipTests) so client-harness/target/client-harness.jar exists"
  command -v "$JAVA" >/dev/null 2>&1 || die_usage "java not found (set JAVA or PATH)"
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
      state=$(point_state "$file")
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
      state=$(point_state "$file")
      eta=$((ran_ms * (n - i - 1) / ran / 1000))
      log "[$((i + 1))/$n] $p t$t r$r: $state (exit $POINT_RC) in $(fmt_ms "$POINT_MS") | elapsed $(fmt_duration $((SECONDS - sweep_start))) | ETA $(fmt_duration "$eta") | throughput $(point_throughput "$file") calls/s"
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
