#!/usr/bin/env bash
# lab.sh: the paper's two cloud hosts on one Linux machine. Host A (client) and host B
# (servers) are network namespaces joined by a veth pair in 198.18.0.0/15 (RFC 2544 benchmark
# space, never routed elsewhere); the link is shaped with tc (tbf, plus netem for --delay) with
# segmentation offloads off so the shaper sees real packets; each host's processes are held to
# --cpus (pinned cores and a CPU quota) and --memory (cgroup v2 memory.max or v1
# memory.limit_in_bytes, whichever the machine has). See docs/sweep.md.
set -euo pipefail

# ---- defaults ----
RATE=1mbit
CPUS=1
MEMORY=2g
DELAY=0ms
NS_A=${RPCX_LAB_NS_A:-rpcxa}
NS_B=${RPCX_LAB_NS_B:-rpcxb}
ADDR_A=${RPCX_LAB_ADDR_A:-198.18.0.1}
ADDR_B=${RPCX_LAB_ADDR_B:-198.18.0.2}
PREFIX_LEN=30
LAB_IF=${RPCX_LAB_IF:-lab0}
STATE_DIR=${RPCX_LAB_STATE_DIR:-/run/rpcx-lab}
CGROUP_NAME=${RPCX_LAB_CGROUP:-rpcx-lab}
CGROUP_ROOT=${RPCX_LAB_CGROUP_ROOT:-/sys/fs/cgroup}
CPU_PERIOD_US=100000
PROBE_SECONDS=2
# tbf burst: 1 ms of bytes at the rate, at least two full Ethernet frames (tbf drops a packet
# larger than its burst). The burst is what a transfer may send above the rate, so it must be
# small: with 15 KB, runs shorter than ~0.1 s at 1mbit beat the link rate (issue 11).
BURST_MIN_BYTES=3028
BURST_MS=1

SCRIPT_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
STATE_FILE="$STATE_DIR/state"

usage() {
  cat <<'EOF'
Usage: deploy/lab.sh up [--rate 1mbit] [--cpus 1] [--memory 2g] [--delay 0ms]
       deploy/lab.sh down | status | env
       deploy/lab.sh exec a|b -- COMMAND [ARGS...]

Two hosts on this machine: A (netns rpcxa, 198.18.0.1, client) and B (netns rpcxb,
198.18.0.2, servers), joined by a veth link shaped to --rate (each direction), with --delay
added in each direction (RTT = 2 x delay). Each host's processes get --cpus (pinned cores when
the machine has 2 x cpus of them, and a CPU quota) and --memory (cgroup limit).

  up       create or update the lab (idempotent) and measure the link's rate
  down     stop everything running in the lab and remove it (idempotent)
  status   print the settings and what is running; exit 1 when the lab is down
  env      print the lab's state as KEY=VALUE lines (used by sweep.sh --lab)
  exec     run COMMAND inside host a or b (its netns, cgroup and cores)

Rates: N[.N]bit|kbit|mbit|gbit. Memory: N[k|m|g]. Delay: N[.N]us|ms|s. The link's tbf burst
is 1 ms of bytes at --rate, at least 3028 bytes (two frames), so that even a short transfer
cannot beat the rate. Needs root, ip, tc, ethtool and java (for the rate measurement).

Names (environment; the defaults are machine-wide, so two labs on one machine, e.g. a test
next to a sweep, need other names and addresses for one of them):
  RPCX_LAB_NS_A, RPCX_LAB_NS_B       network namespaces of A and B (rpcxa, rpcxb)
  RPCX_LAB_ADDR_A, RPCX_LAB_ADDR_B   their addresses in 198.18.0.0/15 (198.18.0.1, 198.18.0.2)
  RPCX_LAB_IF                        the link's interface name in both (lab0)
  RPCX_LAB_STATE_DIR                 the state file's folder (/run/rpcx-lab)
  RPCX_LAB_CGROUP                    cgroup name prefix: NAME-a, NAME-b (rpcx-lab)
  RPCX_LAB_CGROUP_ROOT               cgroup file system (/sys/fs/cgroup)
lab.sh and sweep.sh --lab find a running lab through RPCX_LAB_STATE_DIR: export it for both.

Examples: (as root)
  deploy/lab.sh up --rate 100mbit --cpus 1 --memory 2g
  deploy/lab.sh exec b -- java -jar server-rpcx/target/server-rpcx.jar --bind 198.18.0.2
  ./sweep.sh --lab --threads 10:50:10 --requests 10:50:10
  deploy/lab.sh down
EOF
}

die() { printf 'lab.sh: %s\n' "$*" >&2; exit 1; }
die_usage() { printf 'lab.sh: %s\ntry: deploy/lab.sh --help\n' "$*" >&2; exit 2; }
say() { printf 'lab: %s\n' "$*" >&2; }

require_root() {
  [[ $(id -u) -eq 0 ]] || die "must run as root (it creates network namespaces, qdiscs and cgroups)"
  local c
  for c in ip tc; do
    command -v "$c" >/dev/null 2>&1 || die "'$c' not found: install iproute2 (apt-get install iproute2 / dnf install iproute iproute-tc)"
  done
}

# rate_bps 8mbit -> 8000000
rate_bps() {
  awk -v s="$1" 'BEGIN {
    if (match(s, /^[0-9]+(\.[0-9]+)?/) == 0) exit 1
    n = substr(s, 1, RLENGTH); u = substr(s, RLENGTH + 1)
    m = (u == "bit") ? 1 : (u == "kbit") ? 1e3 : (u == "mbit") ? 1e6 : (u == "gbit") ? 1e9 : -1
    if (m < 0) exit 1
    printf "%.0f", n * m }'
}

memory_bytes() {
  local n=${1%[kKmMgG]} u=${1##*[0-9]}
  case $u in
    '') printf '%s' "$n" ;;
    k|K) printf '%s' $((n * 1024)) ;;
    m|M) printf '%s' $((n * 1024 * 1024)) ;;
    g|G) printf '%s' $((n * 1024 * 1024 * 1024)) ;;
  esac
}

check_addr() {
  if ! [[ $1 =~ ^198\.(18|19)\.([0-9]{1,3})\.([0-9]{1,3})$ ]] || ((BASH_REMATCH[2] > 255 || BASH_REMATCH[3] > 255)); then
    die_usage "lab addresses must be in 198.18.0.0/15, got '$1'"
  fi
}

parse_up_args() {
  while (($# > 0)); do
    case $1 in
      --rate|--cpus|--memory|--delay) (($# >= 2)) || die_usage "$1 needs a value" ;;
      -h|--help) usage; exit 0 ;;
      *) die_usage "unknown argument '$1'" ;;
    esac
    case $1 in
      --rate) RATE=$2 ;;
      --cpus) CPUS=$2 ;;
      --memory) MEMORY=$2 ;;
      --delay) DELAY=$2 ;;
    esac
    shift 2
  done
  if ! [[ $RATE =~ ^[0-9]+(\.[0-9]+)?(bit|kbit|mbit|gbit)$ ]] || (($(rate_bps "$RATE") < 8000)); then
    die_usage "--rate must look like 1mbit (bit, kbit, mbit, gbit; at least 8kbit), got '$RATE'"
  fi
  if ! [[ $CPUS =~ ^[0-9]+(\.[0-9]{1,2})?$ ]] || ! awk -v c="$CPUS" 'BEGIN { exit !(c >= 0.01) }'; then
    die_usage "--cpus must be a positive number like 1 or 0.5, got '$CPUS'"
  fi
  if ! [[ $MEMORY =~ ^[1-9][0-9]*[kKmMgG]?$ ]] || (($(memory_bytes "$MEMORY") < 64 * 1024 * 1024)); then
    die_usage "--memory must look like 2g or 512m (at least 64m), got '$MEMORY'"
  fi
  [[ $DELAY =~ ^[0-9]+(\.[0-9]+)?(us|ms|s)$ ]] || die_usage "--delay must look like 0ms, 20ms or 500us, got '$DELAY'"
  check_addr "$ADDR_A"; check_addr "$ADDR_B"
  [[ $ADDR_A != "$ADDR_B" ]] || die_usage "RPCX_LAB_ADDR_A and RPCX_LAB_ADDR_B are equal"
}

ns_exists() { ip netns list 2>/dev/null | awk '{ print $1 }' | grep -qx -- "$1"; }

# ---- cgroups: v2 (unified) or v1 (memory + cpu hierarchies) ----
cgroup_version() {
  if [[ -f $CGROUP_ROOT/cgroup.controllers ]]; then echo 2
  elif [[ -d $CGROUP_ROOT/memory && -d $CGROUP_ROOT/cpu ]]; then echo 1
  else echo none
  fi
}

# cgroup_dirs HOST -> the cgroup folders of host a|b (one for v2; memory and cpu for v1)
cgroup_dirs() {
  case ${CG_VERSION:-$(cgroup_version)} in
    2) printf '%s\n' "$CGROUP_ROOT/$CGROUP_NAME-$1" ;;
    1) printf '%s\n' "$CGROUP_ROOT/memory/$CGROUP_NAME-$1" "$CGROUP_ROOT/cpu/$CGROUP_NAME-$1" ;;
  esac
}

setup_cgroup() {
  local host=$1 bytes quota
  bytes=$(memory_bytes "$MEMORY")
  quota=$(awk -v c="$CPUS" -v p="$CPU_PERIOD_US" 'BEGIN { printf "%.0f", c * p }')
  case $CG_VERSION in
    2)
      local dir="$CGROUP_ROOT/$CGROUP_NAME-$host"
      # the root must hand the cpu and memory controllers down to its children
      echo "+memory +cpu" >"$CGROUP_ROOT/cgroup.subtree_control" 2>/dev/null || true
      mkdir -p "$dir"
      [[ -f $dir/memory.max && -f $dir/cpu.max ]] ||
        die "cgroup v2: the memory and cpu controllers are not available to $dir (is $CGROUP_ROOT a container's cgroup with processes in it? then run the lab on the host)"
      echo "$bytes" >"$dir/memory.max"
      if [[ -f $dir/memory.swap.max ]]; then echo 0 >"$dir/memory.swap.max"; fi
      echo "$quota $CPU_PERIOD_US" >"$dir/cpu.max" ;;
    1)
      local mem="$CGROUP_ROOT/memory/$CGROUP_NAME-$host" cpu="$CGROUP_ROOT/cpu/$CGROUP_NAME-$host"
      mkdir -p "$mem" "$cpu"
      echo "$bytes" >"$mem/memory.limit_in_bytes"
      # no swap beyond the limit where the kernel accounts it (memsw >= limit must hold)
      if [[ -f $mem/memory.memsw.limit_in_bytes ]]; then echo "$bytes" >"$mem/memory.memsw.limit_in_bytes" 2>/dev/null || true; fi
      echo "$CPU_PERIOD_US" >"$cpu/cpu.cfs_period_us"
      echo "$quota" >"$cpu/cpu.cfs_quota_us" ;;
    *) say "no cgroup memory/cpu controllers found under $CGROUP_ROOT: memory and CPU quota are NOT enforced" ;;
  esac
}

memory_limit_of() {
  case $(cgroup_version) in
    2) cat "$CGROUP_ROOT/$CGROUP_NAME-$1/memory.max" 2>/dev/null ;;
    1) cat "$CGROUP_ROOT/memory/$CGROUP_NAME-$1/memory.limit_in_bytes" 2>/dev/null ;;
  esac
}

# cores: pin A and B to disjoint cores when there are enough, else share (quota only)
plan_cores() {
  local n
  n=$(nproc --all 2>/dev/null || nproc)
  CPUSET_A=''; CPUSET_B=''
  if [[ $CPUS =~ ^[0-9]+$ ]] && ((2 * CPUS <= n)); then
    CPUSET_A="0-$((CPUS - 1))"
    CPUSET_B="$CPUS-$((2 * CPUS - 1))"
    if ((CPUS == 1)); then CPUSET_A=0; CPUSET_B=1; fi
  else
    say "$n cores cannot give each host $CPUS pinned core(s): hosts share cores, CPU quota only"
  fi
}

# ---- the link ----
setup_link() {
  if ! ip -n "$NS_A" link show "$LAB_IF" >/dev/null 2>&1; then
    ip -n "$NS_B" link del "$LAB_IF" 2>/dev/null || true
    ip link add "$LAB_IF" netns "$NS_A" type veth peer name "$LAB_IF" netns "$NS_B"
  fi
  local ns addr
  for ns in "$NS_A" "$NS_B"; do
    if [[ $ns == "$NS_A" ]]; then addr=$ADDR_A; else addr=$ADDR_B; fi
    ip -n "$ns" addr flush dev "$LAB_IF"
    ip -n "$ns" addr add "$addr/$PREFIX_LEN" dev "$LAB_IF"
    ip -n "$ns" link set lo up
    ip -n "$ns" link set "$LAB_IF" up
    # the shaper must see real packets, not 64 KB super-frames
    ip netns exec "$ns" ethtool -K "$LAB_IF" tso off gso off gro off >/dev/null 2>&1 ||
      ip netns exec "$ns" ethtool -K "$LAB_IF" tso off gso off gro off
    shape "$ns"
  done
}

# burst_bytes: the tbf burst for --rate (see BURST_MIN_BYTES)
burst_bytes() {
  local burst
  burst=$(($(rate_bps "$RATE") * BURST_MS / 8000))
  ((burst >= BURST_MIN_BYTES)) || burst=$BURST_MIN_BYTES
  printf '%s' "$burst"
}

shape() {
  local ns=$1 burst
  burst=$(burst_bytes)
  tc -n "$ns" qdisc del dev "$LAB_IF" root >/dev/null 2>&1 || true
  tc -n "$ns" qdisc add dev "$LAB_IF" root handle 1: tbf rate "$RATE" burst "$burst" latency 100ms
  if [[ ! $DELAY =~ ^0+(\.0+)?(us|ms|s)$ ]]; then
    tc -n "$ns" qdisc add dev "$LAB_IF" parent 1:1 handle 10: netem delay "$DELAY" ||
      die "could not add the netem delay: this kernel lacks sch_netem (CONFIG_NET_SCH_NETEM); use --delay 0ms here"
  fi
}

ensure_ethtool() {
  command -v ethtool >/dev/null 2>&1 && return 0
  if command -v apt-get >/dev/null 2>&1; then
    say "installing ethtool (apt-get install -y ethtool)"
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ethtool >/dev/null
  elif command -v dnf >/dev/null 2>&1; then
    say "installing ethtool (dnf install -y ethtool)"
    dnf install -y -q ethtool >/dev/null
  fi
  command -v ethtool >/dev/null 2>&1 || die "'ethtool' not found and could not be installed: install ethtool"
}

# ---- the measurement: one TCP transfer from A to B through the shaped link ----
measure_rate() {
  local java=${JAVA:-java} bps bytes tmp port='' i line
  if ! command -v "$java" >/dev/null 2>&1; then
    say "java not found: rate not measured"; MEASURED=unmeasured; return 0
  fi
  bps=$(rate_bps "$RATE")
  bytes=$((bps * PROBE_SECONDS / 8))
  ((bytes >= 262144)) || bytes=262144
  ((bytes <= 268435456)) || bytes=268435456
  tmp=$(mktemp)
  ip netns exec "$NS_B" "$java" "$SCRIPT_DIR/RateProbe.java" recv "$ADDR_B" >"$tmp" 2>&1 &
  local recv_pid=$!
  for ((i = 0; i < 300; i++)); do
    line=$(grep -m1 '^port ' "$tmp" || true)
    if [[ -n $line ]]; then port=${line#port }; break; fi
    kill -0 "$recv_pid" 2>/dev/null || break
    sleep 0.1
  done
  if [[ -z $port ]]; then
    kill "$recv_pid" 2>/dev/null || true
    cat "$tmp" >&2; rm -f "$tmp"
    die "rate probe receiver did not start in host B"
  fi
  if ! timeout 120 ip netns exec "$NS_A" "$java" "$SCRIPT_DIR/RateProbe.java" send "$ADDR_B" "$port" "$bytes"; then
    kill "$recv_pid" 2>/dev/null || true
    rm -f "$tmp"
    die "rate probe transfer from A to B failed"
  fi
  wait "$recv_pid" || true
  line=$(grep -m1 '^bits_per_s ' "$tmp" || true)
  rm -f "$tmp"
  [[ -n $line ]] || die "rate probe printed no result"
  MEASURED_BPS=$(awk '{ print $2 }' <<<"$line")
  MEASURED=$(awk -v b="$MEASURED_BPS" 'BEGIN { printf "%.2fmbit", b / 1e6 }')
  say "measured A->B: $MEASURED ($bytes bytes in one TCP transfer; shaped to $RATE on the wire)"
}

write_state() {
  local tmp
  mkdir -p "$STATE_DIR"
  tmp="$STATE_FILE.tmp.$$"
  {
    printf 'ns_a=%s\nns_b=%s\nif_a=%s\nif_b=%s\naddr_a=%s\naddr_b=%s\nprefix_len=%s\n' \
      "$NS_A" "$NS_B" "$LAB_IF" "$LAB_IF" "$ADDR_A" "$ADDR_B" "$PREFIX_LEN"
    printf 'rate=%s\nburst=%s\ncpus=%s\nmemory=%s\nmemory_bytes=%s\ndelay=%s\n' \
      "$RATE" "$(burst_bytes)" "$CPUS" "$MEMORY" "$(memory_bytes "$MEMORY")" "$DELAY"
    printf 'cgroup_version=%s\ncgroup_name=%s\ncgroup_root=%s\ncpuset_a=%s\ncpuset_b=%s\n' \
      "$CG_VERSION" "$CGROUP_NAME" "$CGROUP_ROOT" "$CPUSET_A" "$CPUSET_B"
    printf 'measured=%s\nmeasured_bps=%s\nup_since=%s\n' "$MEASURED" "${MEASURED_BPS:-}" "$(date -u +%Y-%m-%dT%H:%M:%SZ)"
  } >"$tmp"
  mv -f "$tmp" "$STATE_FILE"
}

# state_get KEY -> value from the state file
state_get() { sed -n "s/^$1=//p" "$STATE_FILE" | head -n1; }

load_state() {
  [[ -f $STATE_FILE ]] || return 1
  NS_A=$(state_get ns_a); NS_B=$(state_get ns_b); LAB_IF=$(state_get if_a)
  CG_VERSION=$(state_get cgroup_version); CGROUP_NAME=$(state_get cgroup_name)
  CGROUP_ROOT=$(state_get cgroup_root)
  ns_exists "$NS_A" && ns_exists "$NS_B"
}

cmd_up() {
  parse_up_args "$@"
  require_root up
  ensure_ethtool
  CG_VERSION=$(cgroup_version)
  local ns
  for ns in "$NS_A" "$NS_B"; do
    ns_exists "$ns" || ip netns add "$ns"
  done
  setup_link
  setup_cgroup a
  setup_cgroup b
  plan_cores
  MEASURED=unmeasured
  measure_rate
  write_state
  say "up: A=$NS_A ($ADDR_A) <-> B=$NS_B ($ADDR_B) via $LAB_IF, rate $RATE each way (burst $(burst_bytes) bytes), delay $DELAY each way, cpus $CPUS (A cores ${CPUSET_A:-shared}, B cores ${CPUSET_B:-shared}), memory $MEMORY (cgroup v$CG_VERSION); state $STATE_FILE"
  printf 'measured %s\n' "$MEASURED"
}

# kill_all PID...: TERM, wait up to 5 s, KILL
kill_all() {
  (($# > 0)) || return 0
  kill -TERM "$@" 2>/dev/null || true
  local i pid alive
  for ((i = 0; i < 50; i++)); do
    alive=0
    for pid in "$@"; do kill -0 "$pid" 2>/dev/null && alive=1; done
    ((alive)) || return 0
    sleep 0.1
  done
  kill -KILL "$@" 2>/dev/null || true
}

cmd_down() {
  (($# == 0)) || die_usage "down takes no arguments"
  require_root down
  if [[ -f $STATE_FILE ]]; then
    NS_A=$(state_get ns_a); NS_B=$(state_get ns_b)
    CGROUP_NAME=$(state_get cgroup_name); CGROUP_ROOT=$(state_get cgroup_root)
  fi
  CG_VERSION=$(cgroup_version)
  local ns host dir pids=()
  for ns in "$NS_A" "$NS_B"; do
    if ns_exists "$ns"; then mapfile -t -O "${#pids[@]}" pids < <(ip netns pids "$ns"); fi
  done
  for host in a b; do
    while read -r dir; do
      [[ -n $dir && -f $dir/cgroup.procs ]] && mapfile -t -O "${#pids[@]}" pids <"$dir/cgroup.procs"
    done < <(cgroup_dirs "$host")
  done
  kill_all "${pids[@]}"
  for ns in "$NS_A" "$NS_B"; do
    if ns_exists "$ns"; then ip netns del "$ns"; fi
  done
  local i
  for host in a b; do
    while read -r dir; do
      [[ -n $dir && -d $dir ]] || continue
      for ((i = 0; i < 50; i++)); do rmdir "$dir" 2>/dev/null && break; sleep 0.1; done
      [[ ! -d $dir ]] || say "could not remove cgroup $dir (processes left: $(tr '\n' ' ' <"$dir/cgroup.procs"))"
    done < <(cgroup_dirs "$host")
  done
  rm -f "$STATE_FILE"
  rmdir "$STATE_DIR" 2>/dev/null || true
  say "down: namespaces $NS_A and $NS_B, their link and cgroups are gone"
}

cmd_status() {
  (($# == 0)) || die_usage "status takes no arguments"
  if ! load_state; then
    echo "lab: down"
    return 1
  fi
  echo "lab: up (state $STATE_FILE)"
  sed 's/^/  /' "$STATE_FILE"
  local host ns
  for host in a b; do
    if [[ $host == a ]]; then ns=$NS_A; else ns=$NS_B; fi
    printf '  host %s: memory limit %s bytes, processes: %s\n' "$host" "$(memory_limit_of "$host")" \
      "$(ip netns pids "$ns" 2>/dev/null | tr '\n' ' ')"
    tc -n "$ns" qdisc show dev "$LAB_IF" 2>/dev/null | sed "s/^/  host $host qdisc: /"
  done
}

cmd_env() {
  (($# == 0)) || die_usage "env takes no arguments"
  load_state || die "the lab is down (no $STATE_FILE or namespaces missing): deploy/lab.sh up (as root)"
  cat "$STATE_FILE"
}

cmd_exec() {
  local host=${1:-}
  [[ $host == a || $host == b ]] || die_usage "exec needs a host: a or b"
  shift
  [[ ${1:-} == -- ]] && shift
  (($# > 0)) || die_usage "exec needs a command: deploy/lab.sh exec $host -- COMMAND"
  require_root exec
  load_state || die "the lab is down: deploy/lab.sh up (as root)"
  local ns cpuset dir
  if [[ $host == a ]]; then ns=$NS_A; cpuset=$(state_get cpuset_a); else ns=$NS_B; cpuset=$(state_get cpuset_b); fi
  # join the host's cgroups first: everything exec'ed from here inherits them
  while read -r dir; do
    [[ -n $dir ]] && echo $$ >"$dir/cgroup.procs"
  done < <(cgroup_dirs "$host")
  if [[ -n $cpuset ]]; then
    exec ip netns exec "$ns" taskset -c "$cpuset" "$@"
  fi
  exec ip netns exec "$ns" "$@"
}

main() {
  local cmd=${1:-}
  (($# > 0)) && shift
  case $cmd in
    up) cmd_up "$@" ;;
    down) cmd_down "$@" ;;
    status) cmd_status "$@" ;;
    env) cmd_env "$@" ;;
    exec) cmd_exec "$@" ;;
    -h|--help|help) usage ;;
    '') usage >&2; exit 2 ;;
    *) die_usage "unknown command '$cmd' (up, down, status, env, exec)" ;;
  esac
}

main "$@"
