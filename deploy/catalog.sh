#!/usr/bin/env bash
# shellcheck disable=SC2034  # the arrays set here are read by the scripts that source this file
# catalog.sh: the protocol catalog and the server processes it describes, for every script
# (sourced, not run: sweep.sh, quickstart.sh, deploy/*.sh, bench/*.sh). The catalog itself is
# the client harness's: `java -jar client-harness.jar --list-protocols` prints one protocol a
# line (id, label, type, port, server_jar, server_args, external, ..., gateway_jar: the jar of a
# chain's gateway; "-" = empty). This file reads
# that table once and keeps no protocol knowledge of its own.
#
#   catalog_load java -jar client-harness/target/client-harness.jar   # or RPCX_CATALOG_FILE
#   catalog_select rpcx,grpc || die "$CATALOG_ERROR"                    # -> CATALOG_SELECTED
#   catalog_servers "${CATALOG_SELECTED[@]}"                            # -> SERVER_NAMES, ...
#   server_spawn "$log" java -jar "$jar" --bind 127.0.0.1 --port 0
#   server_await "$SPAWNED_PID" "$log" 180 || die "$READY_ERROR"       # -> READY_PORT
#   server_stop 20 "${SERVER_PIDS[@]}"
set -euo pipefail

# ---- the catalog ----------------------------------------------------------------------------
CATALOG_COLUMNS=(id label type port server_jar server_args external)
CATALOG_OPTIONAL_COLUMNS=(gateway_jar)   # absent from older tables: gateway_jar = server_jar
CATALOG_IDS=()
CATALOG_TABLE=''
declare -gA CATALOG=()      # CATALOG[ID,COLUMN] = value ("" where the table says "-")

# catalog_load CMD...: runs "CMD... --list-protocols" (or reads $RPCX_CATALOG_FILE when set, the
# table saved by deploy.sh on a host without the harness) and fills CATALOG and CATALOG_IDS.
# Returns 1 with CATALOG_ERROR set when the command fails or prints no table.
catalog_load() {
  local table err
  CATALOG_ERROR=''
  if [[ -n ${RPCX_CATALOG_FILE:-} ]]; then
    [[ -f $RPCX_CATALOG_FILE ]] || { CATALOG_ERROR="RPCX_CATALOG_FILE: no such file '$RPCX_CATALOG_FILE'"; return 1; }
    table=$(<"$RPCX_CATALOG_FILE")
  else
    err=$(mktemp)
    if ! table=$("$@" --list-protocols 2>"$err"); then
      CATALOG_ERROR="'$* --list-protocols' failed: $(tail -n 3 "$err" | tr '\n' ' ')"
      rm -f "$err"
      return 1
    fi
    rm -f "$err"
  fi
  catalog_parse "$table"
}

# catalog_parse TEXT: the table with its header line; columns are found by name, so a column
# added later does not move the ones read here.
catalog_parse() {
  local text=$1 line i id name
  local -a fields header=()
  local -A col=()
  CATALOG=(); CATALOG_IDS=(); CATALOG_TABLE=''
  while IFS= read -r line; do
    line=${line%$'\r'}
    [[ -z $line ]] && continue
    IFS=$'\t' read -r -a fields <<<"$line"
    if ((${#header[@]} == 0)); then
      header=("${fields[@]}")
      for i in "${!header[@]}"; do col[${header[i]}]=$i; done
      for name in "${CATALOG_COLUMNS[@]}"; do
        [[ -n ${col[$name]:-} ]] || { CATALOG_ERROR="protocol catalog: no column '$name' in its header '${line//$'\t'/ }'"; return 1; }
      done
      CATALOG_TABLE+="$line"$'\n'
      continue
    fi
    id=${fields[${col[id]}]:-}
    [[ -n $id && $id != - ]] || continue
    for name in "${CATALOG_COLUMNS[@]}"; do
      CATALOG[$id,$name]=${fields[${col[$name]}]:-}
      [[ ${CATALOG[$id,$name]} == - ]] && CATALOG[$id,$name]=''
    done
    for name in "${CATALOG_OPTIONAL_COLUMNS[@]}"; do
      CATALOG[$id,$name]=''
      [[ -z ${col[$name]:-} ]] || CATALOG[$id,$name]=${fields[${col[$name]}]:-}
      [[ ${CATALOG[$id,$name]} == - ]] && CATALOG[$id,$name]=''
    done
    [[ -n ${CATALOG[$id,gateway_jar]} ]] || CATALOG[$id,gateway_jar]=${CATALOG[$id,server_jar]}
    CATALOG_IDS+=("$id")
    CATALOG_TABLE+="$line"$'\n'
  done <<<"$text"
  ((${#CATALOG_IDS[@]} > 0)) || { CATALOG_ERROR="protocol catalog: no protocols listed (got: ${text:0:200})"; return 1; }
}

# catalog_save FILE: the table as loaded (deploy.sh gives it to hosts without the harness).
catalog_save() { printf '%s' "$CATALOG_TABLE" >"$1"; }

catalog_has() { [[ -n ${CATALOG[$1,id]:-} ]]; }

# catalog_get ID COLUMN: one value ("" for "-").
catalog_get() { printf '%s' "${CATALOG[$1,$2]:-}"; }

# catalog_known: "rpcx, grpc, openfeign, ..." for messages.
catalog_known() { local IFS=,; printf '%s' "${CATALOG_IDS[*]}" | sed 's/,/, /g'; }

# catalog_select LIST: comma- or space-separated ids -> CATALOG_SELECTED (in the given order);
# "all" = every protocol in the catalog. Returns 1 with CATALOG_ERROR on an unknown, repeated
# or empty list.
catalog_select() {
  local list=${1//,/ } id seen=' '
  CATALOG_SELECTED=(); CATALOG_ERROR=''
  if [[ $list == all ]]; then CATALOG_SELECTED=("${CATALOG_IDS[@]}"); return 0; fi
  for id in $list; do
    if ! catalog_has "$id"; then
      CATALOG_ERROR="unknown protocol '$id'; known: $(catalog_known)"; return 1
    fi
    [[ $seen != *" $id "* ]] || { CATALOG_ERROR="protocol '$id' given twice"; return 1; }
    seen+="$id "
    CATALOG_SELECTED+=("$id")
  done
  ((${#CATALOG_SELECTED[@]} > 0)) || { CATALOG_ERROR="no protocol given; known: $(catalog_known)"; return 1; }
}

# catalog_server_key ID: what makes a server distinct: "server_jar|server_args|port".
catalog_server_key() { printf '%s|%s|%s' "${CATALOG[$1,server_jar]}" "${CATALOG[$1,server_args]}" "${CATALOG[$1,port]}"; }

# catalog_external_note ID:NAME: one line on a protocol's external program. With a server jar
# the jar starts it (a broker, redis-server), so it must be installed where the jar runs, checked
# here when that is this host (CHECK=1); without a jar it must already be listening.
catalog_external_note() {
  local id=${1%%:*} name=${1#*:} check=${2:-0}
  if [[ -n ${CATALOG[$id,server_jar]:-} ]]; then
    if ((check)) && ! command -v "$name" >/dev/null 2>&1; then
      echo "$id: its server jar starts '$name', which is not installed here: install it (its server will exit 1)"
    else
      echo "$id: its server jar starts '$name' (installed on the server host)"
    fi
  else
    echo "$id: needs the external server '$name', which is not started by the scripts: it must be listening already"
  fi
}

# catalog_servers ID...: the distinct servers these protocols need; protocols with the same
# (server_jar, server_args, port) share one. Sets SERVER_NAMES (in the order given; a server is
# named after the first protocol of the whole catalog that uses it, so the name does not
# depend on the selection), SERVER_JAR, SERVER_ARGS, SERVER_PORT, SERVER_IDS (the given
# protocols it serves, space-separated) by name, and SERVER_OF by protocol id. Protocols without a server jar (only an external
# server) get no entry; EXTERNALS lists "ID:NAME" for those that name an external server.
catalog_servers() {
  local id key name c
  local -A by_key=()
  for c in "${CATALOG_IDS[@]}"; do
    [[ -n ${CATALOG[$c,server_jar]} ]] || continue
    key=$(catalog_server_key "$c")
    [[ -n ${by_key[$key]:-} ]] || by_key[$key]=$c
  done
  SERVER_NAMES=(); EXTERNALS=()
  declare -gA SERVER_JAR=() SERVER_ARGS=() SERVER_PORT=() SERVER_IDS=() SERVER_OF=()
  for id in "$@"; do
    [[ -n ${CATALOG[$id,external]:-} ]] && EXTERNALS+=("$id:${CATALOG[$id,external]}")
    [[ -n ${CATALOG[$id,server_jar]:-} ]] || continue
    name=${by_key[$(catalog_server_key "$id")]}
    if [[ -z ${SERVER_IDS[$name]:-} ]]; then
      SERVER_NAMES+=("$name")
      SERVER_JAR[$name]=${CATALOG[$id,server_jar]}
      SERVER_ARGS[$name]=${CATALOG[$id,server_args]}
      SERVER_PORT[$name]=${CATALOG[$id,port]}
      SERVER_IDS[$name]=$id
    else
      SERVER_IDS[$name]+=" $id"
    fi
    SERVER_OF[$id]=$name
  done
}

# catalog_find_jar REL DIR...: the first DIR/REL or DIR/basename(REL) that exists (the repo
# layout, or the flat folder deploy.sh copies to).
catalog_find_jar() {
  local rel=$1 dir
  shift
  for dir in "$@"; do
    if [[ -f $dir/$rel ]]; then printf '%s' "$dir/$rel"; return 0; fi
    if [[ -f $dir/${rel##*/} ]]; then printf '%s' "$dir/${rel##*/}"; return 0; fi
  done
  return 1
}

# ---- server processes -----------------------------------------------------------------------
SERVER_PIDS=()

# The JVM flags of every benchmark server, whoever starts it (sweep.sh --local/--lab, servers.sh
# on host B, deploy.sh through servers.sh), so that the protocols compare on equal terms.
# Sized for the paper's 2 GB host B running all three servers at once: 3 x (384 MB heap +
# ~100-150 MB metaspace, code cache, thread stacks) stays near 1.5 GB and leaves room for the
# OS. A fixed heap (Xms = Xmx) avoids resizing noise; Serial GC is what the JVM itself picks on
# a 1-vCPU box, and with one or two vCPUs it has no concurrent GC threads competing with the
# request threads. Overridden by SERVER_JVM_OPTS or each script's option; every result file
# records the flags used (provenance server_jvm_flags).
DEFAULT_SERVER_JVM_FLAGS="-Xms384m -Xmx384m -XX:+UseSerialGC"

# proc_start_time PID: the process's start time in clock ticks since boot (/proc/PID/stat field
# 22), or nothing; with the pid it names one process even after the pid is reused.
proc_start_time() {
  local stat
  stat=$(cat "/proc/$1/stat" 2>/dev/null) || return 0
  stat=${stat##*) }
  awk '{ print $20 }' <<<"$stat"
}

# server_spawn LOG CMD...: starts CMD in the background in a session of its own (setsid: it
# outlives an ssh session, and a stop reaches its whole process group), stdout and stderr to
# LOG. CMD must exec the server (java, taskset, ip netns exec and lab.sh exec all do) so that
# the pid is the server's. Sets SPAWNED_PID and appends it to SERVER_PIDS; not to be called in
# $(...), or the pid is lost.
server_spawn() {
  local log=$1
  shift
  if command -v setsid >/dev/null 2>&1; then
    setsid "$@" </dev/null >"$log" 2>&1 &
  else
    "$@" </dev/null >"$log" 2>&1 &
  fi
  SPAWNED_PID=$!
  SERVER_PIDS+=("$SPAWNED_PID")
}

# server_ready_line LOG: the server's ready line "<server-id> listening on ADDR:PORT", if printed.
server_ready_line() {
  grep -m1 -E '^[^[:space:]]+ listening on [^[:space:]]*:[0-9]+' "$1" 2>/dev/null || true
}

# server_await PID LOG TIMEOUT_S: waits for the ready line. Sets READY_LINE and READY_PORT;
# returns 1 with READY_ERROR (and the log's last lines) when the server exits or stays silent.
server_await() {
  local pid=$1 log=$2 timeout_s=$3 deadline line
  READY_LINE=''; READY_PORT=''; READY_ERROR=''
  deadline=$((SECONDS + timeout_s))
  while :; do
    line=$(server_ready_line "$log")
    if [[ -n $line ]]; then
      READY_LINE=$line
      READY_PORT=$(sed -E 's/.* listening on [^[:space:]]*:([0-9]+).*/\1/' <<<"$line")
      return 0
    fi
    if ! kill -0 "$pid" 2>/dev/null; then
      READY_ERROR="the server (pid $pid) exited before its ready line; last lines of $log:"$'\n'"$(tail -n 20 "$log" 2>/dev/null)"
      return 1
    fi
    if ((SECONDS >= deadline)); then
      READY_ERROR="the server (pid $pid) printed no ready line within ${timeout_s}s; last lines of $log:"$'\n'"$(tail -n 20 "$log" 2>/dev/null)"
      return 1
    fi
    sleep 0.1
  done
}

# server_stop BOUND_S PID...: SIGTERM to each (its process group when it leads one), then
# SIGKILL to whatever is still alive BOUND_S seconds later (a server that hangs in its shutdown
# must not hang the script). Prints one line per pid that had to be killed; removes the pids
# from SERVER_PIDS.
server_stop() {
  local bound_s=$1 pid i alive
  shift
  (($# > 0)) || return 0
  for pid in "$@"; do
    kill -TERM -- "-$pid" 2>/dev/null || kill -TERM "$pid" 2>/dev/null || true
  done
  for ((i = 0; i < bound_s * 10; i++)); do
    alive=0
    for pid in "$@"; do
      if kill -0 "$pid" 2>/dev/null; then alive=1; break; fi
    done
    ((alive)) || break
    sleep 0.1
  done
  for pid in "$@"; do
    if kill -0 "$pid" 2>/dev/null; then
      printf 'server pid %s ignored SIGTERM for %ss: SIGKILL\n' "$pid" "$bound_s" >&2
      kill -KILL -- "-$pid" 2>/dev/null || kill -KILL "$pid" 2>/dev/null || true
    fi
    wait "$pid" 2>/dev/null || true
  done
  local keep=() p
  for p in "${SERVER_PIDS[@]}"; do
    [[ " $* " == *" $p "* ]] || keep+=("$p")
  done
  SERVER_PIDS=("${keep[@]}")
}

# server_stop_all BOUND_S: server_stop for every server this shell started.
server_stop_all() {
  ((${#SERVER_PIDS[@]} > 0)) || return 0
  server_stop "$1" "${SERVER_PIDS[@]}"
}
