#!/usr/bin/env bash
# servers.sh: starts, stops and reports the three benchmark servers on host B. The server jars
# sit beside this script (deploy.sh copies them there) or in the repo's server-*/target/.
# Pid files and logs go to run/ beside this script (RPCX_SERVERS_RUN_DIR overrides).
set -euo pipefail

# ---- defaults ----
# Sized for the paper's 2 GB host B running all three servers at once: 3 x (384 MB heap +
# ~100-150 MB metaspace, code cache, thread stacks) stays near 1.5 GB and leaves room for the
# OS. A fixed heap (Xms = Xmx) avoids resizing noise; Serial GC is what the JVM itself picks
# on a 1-vCPU box, and with one or two vCPUs it has no concurrent GC threads competing with the
# request threads. The same flags for all three servers; override with --jvm-opts.
DEFAULT_JVM_OPTS="-Xms384m -Xmx384m -XX:+UseSerialGC"
PROTOCOLS=rpcx,grpc,openfeign
BIND=0.0.0.0
READY_TIMEOUT_S=120
STOP_TIMEOUT_S=20
declare -A PORT=([rpcx]=8081 [grpc]=8082 [openfeign]=8083)
JAVA=${JAVA:-java}
JVM_OPTS=${SERVER_JVM_OPTS:-$DEFAULT_JVM_OPTS}

SCRIPT_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
RUN_DIR=${RPCX_SERVERS_RUN_DIR:-$SCRIPT_DIR/run}

usage() {
  cat <<EOF
Usage: servers.sh start [--jvm-opts "FLAGS"] [--bind ADDR] [--protocols LIST]
                        [--rpcx-port P] [--grpc-port P] [--openfeign-port P]
       servers.sh stop [--protocols LIST]
       servers.sh status [--protocols LIST]

start   starts each server that is not running yet (idempotent), waits for its ready line
        ("rpcx listening on ADDR:PORT"); exit 1 when one does not come up
stop    SIGTERM, waits up to ${STOP_TIMEOUT_S}s, then SIGKILL (idempotent)
status  one line per server; exit 1 when one is not running

Defaults: --bind $BIND, ports 8081/8082/8083, --jvm-opts "$DEFAULT_JVM_OPTS"
(env SERVER_JVM_OPTS too). Pid files and logs: $RUN_DIR

Example:
  ~/rpcx-bench/servers.sh start --jvm-opts "-Xms256m -Xmx256m -XX:+UseSerialGC"
EOF
}

die() { printf 'servers.sh: %s\n' "$*" >&2; exit 1; }
die_usage() { printf 'servers.sh: %s\ntry: servers.sh --help\n' "$*" >&2; exit 2; }

parse_args() {
  PROTOCOL_LIST=()
  while (($# > 0)); do
    case $1 in
      -h|--help) usage; exit 0 ;;
      --jvm-opts|--bind|--protocols|--rpcx-port|--grpc-port|--openfeign-port)
        (($# >= 2)) || die_usage "$1 needs a value" ;;
      *) die_usage "unknown argument '$1'" ;;
    esac
    case $1 in
      --jvm-opts) JVM_OPTS=$2 ;;
      --bind) BIND=$2 ;;
      --protocols) PROTOCOLS=$2 ;;
      --rpcx-port|--grpc-port|--openfeign-port)
        if ! [[ $2 =~ ^[0-9]{1,5}$ ]] || (($2 > 65535)); then die_usage "$1 must be 0..65535, got '$2'"; fi
        local p=${1#--}; PORT[${p%-port}]=$2 ;;
    esac
    shift 2
  done
  local p
  IFS=, read -r -a protos <<<"$PROTOCOLS"
  for p in "${protos[@]}"; do
    [[ -n ${PORT[$p]:-} ]] || die_usage "unknown protocol '$p' (rpcx, grpc, openfeign)"
    PROTOCOL_LIST+=("$p")
  done
  ((${#PROTOCOL_LIST[@]} > 0)) || die_usage "--protocols is empty"
}

find_jar() {
  local p=$1 c
  for c in "$SCRIPT_DIR/server-$p.jar" "$SCRIPT_DIR/../server-$p/target/server-$p.jar"; do
    if [[ -f $c ]]; then printf '%s' "$c"; return 0; fi
  done
  return 1
}

# running_pid P -> the pid of protocol P's server if it runs (checked against its command line)
running_pid() {
  local p=$1 pid
  [[ -f $RUN_DIR/$p.pid ]] || return 1
  pid=$(<"$RUN_DIR/$p.pid")
  [[ $pid =~ ^[0-9]+$ ]] && kill -0 "$pid" 2>/dev/null || return 1
  tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null | grep -q -- "server-$p.jar" || return 1
  printf '%s' "$pid"
}

ready_line() { grep -m1 -E "^$1 listening on " "$RUN_DIR/$1.log" 2>/dev/null || true; }

cmd_start() {
  parse_args "$@"
  command -v "$JAVA" >/dev/null 2>&1 || die "java not found (install JDK 17 or set JAVA)"
  mkdir -p "$RUN_DIR"
  local p jar pid started=()
  for p in "${PROTOCOL_LIST[@]}"; do
    if pid=$(running_pid "$p"); then
      echo "$p: already running (pid $pid) $(ready_line "$p")"
      continue
    fi
    jar=$(find_jar "$p") || die "server-$p.jar not found beside $0 or in ../server-$p/target/"
    # setsid: the server outlives the ssh session that started it
    # shellcheck disable=SC2086 # JVM_OPTS is a list of flags
    setsid "$JAVA" $JVM_OPTS -jar "$jar" --bind "$BIND" --port "${PORT[$p]}" \
      </dev/null >"$RUN_DIR/$p.log" 2>&1 &
    echo $! >"$RUN_DIR/$p.pid"
    started+=("$p")
  done
  local deadline=$((SECONDS + READY_TIMEOUT_S)) line failed=0
  for p in "${started[@]}"; do
    line=''
    while ((SECONDS < deadline)); do
      line=$(ready_line "$p")
      [[ -n $line ]] && break
      # not running_pid: right after the fork the command line is still this shell's
      kill -0 "$(<"$RUN_DIR/$p.pid")" 2>/dev/null || break
      sleep 0.2
    done
    if [[ -n $line ]]; then
      echo "$p: started (pid $(<"$RUN_DIR/$p.pid")) $line"
    else
      echo "$p: did not start; last lines of $RUN_DIR/$p.log:" >&2
      tail -n 20 "$RUN_DIR/$p.log" >&2 || true
      failed=1
    fi
  done
  ((failed == 0)) || exit 1
}

cmd_stop() {
  parse_args "$@"
  local p pid i
  for p in "${PROTOCOL_LIST[@]}"; do
    if pid=$(running_pid "$p"); then
      kill -TERM "$pid" 2>/dev/null || true
      for ((i = 0; i < STOP_TIMEOUT_S * 10; i++)); do
        kill -0 "$pid" 2>/dev/null || break
        sleep 0.1
      done
      if kill -0 "$pid" 2>/dev/null; then
        kill -KILL "$pid" 2>/dev/null || true
        echo "$p: killed (pid $pid did not stop within ${STOP_TIMEOUT_S}s of SIGTERM)"
      else
        echo "$p: stopped (pid $pid)"
      fi
    else
      echo "$p: not running"
    fi
    rm -f "$RUN_DIR/$p.pid"
  done
}

cmd_status() {
  parse_args "$@"
  local p pid down=0
  for p in "${PROTOCOL_LIST[@]}"; do
    if pid=$(running_pid "$p"); then
      echo "$p: running (pid $pid) $(ready_line "$p")"
    else
      echo "$p: not running"
      down=1
    fi
  done
  ((down == 0)) || exit 1
}

main() {
  local cmd=${1:-}
  (($# > 0)) && shift
  case $cmd in
    start) cmd_start "$@" ;;
    stop) cmd_stop "$@" ;;
    status) cmd_status "$@" ;;
    -h|--help|help) usage ;;
    *) usage >&2; exit 2 ;;
  esac
}

main "$@"
