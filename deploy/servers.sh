#!/usr/bin/env bash
# servers.sh: starts, stops and reports the benchmark servers on host B. Which servers a
# protocol needs (jar, extra arguments, port) comes from the protocol catalog: protocols.tsv
# beside this script (deploy.sh writes it from the harness's --list-protocols), else the repo's
# client harness. A server shared by several protocols runs once. The server jars sit beside
# this script (deploy.sh copies them there) or in the repo. Pid files and logs go to run/
# beside this script (RPCX_SERVERS_RUN_DIR overrides).
set -euo pipefail

# ---- defaults ----
PROTOCOLS=rpcx,grpc,openfeign      # the paper's three; any ids of the catalog, or "all"
BIND=0.0.0.0
READY_TIMEOUT_S=120
STOP_TIMEOUT_S=20
JAVA=${JAVA:-java}

SCRIPT_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
RUN_DIR=${RPCX_SERVERS_RUN_DIR:-$SCRIPT_DIR/run}
# shellcheck source=deploy/catalog.sh
source "$SCRIPT_DIR/catalog.sh"
# the same flags as sweep.sh --local/--lab (catalog.sh says why)
JVM_OPTS=${SERVER_JVM_OPTS-$DEFAULT_SERVER_JVM_FLAGS}
TLS_CERT=''
TLS_KEY=''
TLS_CLIENT_CA=''
# --allow-cleartext-login NETWORK: passed to the servers whose catalog launch takes it (amqp)
CLEARTEXT_LOGIN=''

usage() {
  cat <<EOF
Usage: servers.sh start [--jvm-opts "FLAGS"] [--bind ADDR] [--protocol ID[,ID...]] [--port ID=PORT]...
                        [--tls-cert FILE --tls-key FILE [--tls-client-ca FILE]]
                        [--allow-cleartext-login NETWORK]
       servers.sh stop [--protocol ID[,ID...]]
       servers.sh status [--protocol ID[,ID...]]

start   starts each server the protocols need that is not running yet (idempotent; a server
        shared by several protocols once), waits for its ready line
        ("<server> listening on ADDR:PORT"); exit 1 when one does not come up
        --tls-cert/--tls-key: every server serves TLS only (--tls-client-ca: mTLS), docs/tls.md;
        a server already running with the other setting is refused in one line (stop it first)
        --allow-cleartext-login NETWORK: without TLS the amqp brokers take logins (the password
        in clear) on loopback and the lab's 198.18.0.0/15 only, and refuse any other --bind
        (0.0.0.0 included) in one line, exit 2; this allows it on NETWORK (CIDR, or any), and
        the results' provenance says so (docs/hardening.md)
stop    SIGTERM, waits up to ${STOP_TIMEOUT_S}s, then SIGKILL (idempotent)
status  one line per server; exit 1 when one is not running

Defaults: --protocol $PROTOCOLS ("all": every protocol of the catalog), --bind $BIND,
ports from the catalog (protocols.tsv beside this script, or the repo's client harness),
--jvm-opts "$DEFAULT_SERVER_JVM_FLAGS" (the same as sweep.sh --local/--lab; env SERVER_JVM_OPTS
too; --server-jvm-flags is a synonym). Pid files and logs: $RUN_DIR

Example:
  ~/rpcx-bench/servers.sh start --protocol rpcx,grpc-tuned --jvm-opts "-Xms256m -Xmx256m -XX:+UseSerialGC"
EOF
}

die() { printf 'servers.sh: %s\n' "$*" >&2; exit 1; }
die_usage() { printf 'servers.sh: %s\ntry: servers.sh --help\n' "$*" >&2; exit 2; }

# load_catalog: protocols.tsv beside this script, else the repo's (or a flat folder's) harness
load_catalog() {
  local harness
  if [[ -z ${RPCX_CATALOG_FILE:-} && -f $SCRIPT_DIR/protocols.tsv ]]; then
    RPCX_CATALOG_FILE=$SCRIPT_DIR/protocols.tsv
  fi
  if [[ -n ${RPCX_CATALOG_FILE:-} ]]; then
    catalog_load || die_usage "$CATALOG_ERROR"
    return 0
  fi
  harness=$(catalog_find_jar client-harness/target/client-harness.jar "$SCRIPT_DIR/.." "$SCRIPT_DIR") ||
    die_usage "no protocol catalog: neither $SCRIPT_DIR/protocols.tsv (deploy.sh writes it) nor the client harness jar"
  catalog_load "$JAVA" -jar "$harness" || die_usage "$CATALOG_ERROR"
}

parse_args() {
  local -a port_specs=()
  while (($# > 0)); do
    case $1 in
      -h|--help) usage; exit 0 ;;
      --jvm-opts|--server-jvm-flags|--bind|--protocol|--protocols|--port|--tls-cert|--tls-key|--tls-client-ca|--allow-cleartext-login)
        (($# >= 2)) || die_usage "$1 needs a value" ;;
      *) die_usage "unknown argument '$1'" ;;
    esac
    case $1 in
      --jvm-opts|--server-jvm-flags) JVM_OPTS=$2 ;;
      --bind) BIND=$2 ;;
      --protocol|--protocols) PROTOCOLS=$2 ;;
      --tls-cert) TLS_CERT=$2 ;;
      --tls-key) TLS_KEY=$2 ;;
      --tls-client-ca) TLS_CLIENT_CA=$2 ;;
      --allow-cleartext-login) CLEARTEXT_LOGIN=$2 ;;
      --port)
        if ! [[ $2 =~ ^([a-z][a-z0-9-]*)=([0-9]{1,5})$ ]] || ((BASH_REMATCH[2] > 65535)); then
          die_usage "--port must be ID=PORT with PORT 0..65535, got '$2'"
        fi
        port_specs+=("$2") ;;
    esac
    shift 2
  done
  [[ -n $TLS_CERT && -n $TLS_KEY || -z $TLS_CERT && -z $TLS_KEY ]] ||
    die_usage "--tls-cert and --tls-key go together"
  [[ -z $TLS_CLIENT_CA || -n $TLS_CERT ]] || die_usage "--tls-client-ca needs --tls-cert and --tls-key"
  local f
  for f in "$TLS_CERT" "$TLS_KEY" "$TLS_CLIENT_CA"; do
    [[ -z $f || -r $f ]] || die_usage "no such file '$f'"
  done
  load_catalog
  catalog_select "$PROTOCOLS" || die_usage "--protocol: $CATALOG_ERROR"
  catalog_servers "${CATALOG_SELECTED[@]}"
  local spec id
  for spec in "${port_specs[@]}"; do
    id=${spec%%=*}
    [[ -n ${SERVER_OF[$id]:-} ]] || die_usage "--port: '$id' is not one of the protocols started here (${CATALOG_SELECTED[*]})"
    SERVER_PORT[${SERVER_OF[$id]}]=${spec#*=}
  done
}

# running_pid NAME -> the pid of server NAME if it runs (checked against its command line)
running_pid() {
  local name=$1 pid jar=${SERVER_JAR[$1]##*/}
  [[ -f $RUN_DIR/$name.pid ]] || return 1
  pid=$(<"$RUN_DIR/$name.pid")
  [[ $pid =~ ^[0-9]+$ ]] && kill -0 "$pid" 2>/dev/null || return 1
  tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null | grep -q -- "$jar" || return 1
  printf '%s' "$pid"
}

ready_line() { server_ready_line "$RUN_DIR/$1.log"; }

# tls_of PID: what the running server serves, from its command line: plaintext, TLS or mTLS
tls_of() {
  local cmdline
  cmdline=$(tr '\0' ' ' <"/proc/$1/cmdline" 2>/dev/null || true)
  if [[ $cmdline == *" --tls-client-ca "* ]]; then echo mTLS
  elif [[ $cmdline == *" --tls-cert "* ]]; then echo TLS
  else echo plaintext; fi
}

# tls_wanted: what this start asks for
tls_wanted() {
  if [[ -n $TLS_CLIENT_CA ]]; then echo mTLS
  elif [[ -n $TLS_CERT ]]; then echo TLS
  else echo plaintext; fi
}

# serves NAME: " (serves a, b)" when the server is shared by several protocols
serves() {
  if [[ ${SERVER_IDS[$1]} != "$1" ]]; then printf ' (serves %s)' "${SERVER_IDS[$1]// /, }"; fi
}

cmd_start() {
  parse_args "$@"
  command -v "$JAVA" >/dev/null 2>&1 || die "java not found (install JDK 17 or set JAVA)"
  mkdir -p "$RUN_DIR"
  local name jar pid started=() id
  local -a args
  for id in "${EXTERNALS[@]}"; do
    catalog_external_note "$id" 1
  done
  local -a tls=()
  [[ -z $TLS_CERT ]] || tls=(--tls-cert "$TLS_CERT" --tls-key "$TLS_KEY")
  [[ -z $TLS_CLIENT_CA ]] || tls+=(--tls-client-ca "$TLS_CLIENT_CA")
  for name in "${SERVER_NAMES[@]}"; do
    if pid=$(running_pid "$name"); then
      if [[ $(tls_of "$pid") != "$(tls_wanted)" ]]; then
        die "$name: running $(tls_of "$pid") (pid $pid), asked $(tls_wanted): stop it first (servers.sh stop --protocol ${SERVER_IDS[$name]// /,})"
      fi
      echo "$name: already running (pid $pid)$(serves "$name") $(ready_line "$name")"
      continue
    fi
    jar=$(catalog_find_jar "${SERVER_JAR[$name]}" "$SCRIPT_DIR" "$SCRIPT_DIR/..") ||
      die "${SERVER_JAR[$name]##*/} not found beside $0 or in the repo (${SERVER_JAR[$name]})"
    read -r -a args <<<"${SERVER_ARGS[$name]}"
    if [[ -n $CLEARTEXT_LOGIN && " ${args[*]} " == *" --allow-cleartext-login "* ]]; then
      args+=(--allow-cleartext-login "$CLEARTEXT_LOGIN")
    fi
    # setsid (in server_spawn): the server outlives the ssh session that started it
    # shellcheck disable=SC2086 # JVM_OPTS is a list of flags
    server_spawn "$RUN_DIR/$name.log" "$JAVA" $JVM_OPTS -jar "$jar" --bind "$BIND" \
      --port "${SERVER_PORT[$name]}" "${args[@]}" "${tls[@]}"
    echo "$SPAWNED_PID" >"$RUN_DIR/$name.pid"
    started+=("$name")
  done
  local failed=0
  for name in "${started[@]}"; do
    if server_await "$(<"$RUN_DIR/$name.pid")" "$RUN_DIR/$name.log" "$READY_TIMEOUT_S"; then
      echo "$name: started (pid $(<"$RUN_DIR/$name.pid"))$(serves "$name") $READY_LINE"
    else
      printf '%s: did not start: %s\n' "$name" "$READY_ERROR" >&2
      failed=1
    fi
  done
  ((failed == 0)) || exit 1
}

cmd_stop() {
  parse_args "$@"
  local name pid
  for name in "${SERVER_NAMES[@]}"; do
    if pid=$(running_pid "$name"); then
      server_stop "$STOP_TIMEOUT_S" "$pid"
      echo "$name: stopped (pid $pid)"
    else
      echo "$name: not running"
    fi
    rm -f "$RUN_DIR/$name.pid"
  done
}

cmd_status() {
  parse_args "$@"
  local name pid down=0
  for name in "${SERVER_NAMES[@]}"; do
    if pid=$(running_pid "$name"); then
      echo "$name: running (pid $pid)$(serves "$name") $(ready_line "$name")"
    else
      echo "$name: not running"
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
