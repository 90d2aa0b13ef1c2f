#!/usr/bin/env bash
# lab.sh: the paper's two cloud hosts on one Linux machine. Host A (client) and host B
# (servers) are network namespaces joined by a link in 198.18.0.0/15 (RFC 2544 benchmark
# space, never routed elsewhere), shaped one of two ways (--link): netem, a veth pair shaped with
# tc (tbf for the rate, netem for delay, jitter, loss, reordering and duplication), or packet, a
# TAP device in each namespace joined by linkem, the userspace packet emulator
# (link-emulator/), for kernels without sch_netem; a named --profile from
# deploy/network-profiles.tsv or free settings, each direction on its own, with segmentation
# offloads off so the shaper sees real packets; each host's processes are held to
# --cpus (pinned cores and a CPU quota) and --memory (cgroup v2 memory.max or v1
# memory.limit_in_bytes, whichever the machine has). See docs/sweep.md.
set -euo pipefail

# ---- defaults ----
PROFILE=paper-1mbit
# netem | packet | auto (netem where the kernel has sch_netem or only a rate is asked, else packet)
LINK=auto
CPUS=1
MEMORY=2g
STRICT=0
# round trips the RTT probe times: the native probe (link-emulator's linkem-probe, pinned in the
# hosts as their processes are) times enough to judge the link's accuracy (+-2 % or +-20 us at the
# median: reported); a JVM probe, where no C compiler built the native one, times 60, enough for
# the gross rule only (25 % or 0.3 ms: --strict refuses). Both rules: link-shaper's LinkTolerance.
RTT_PROBES_NATIVE=1000
RTT_PROBES_JVM=60
RTT_PROBE_SECONDS=5
# spin: the native probe's ends busy-poll, so no idle core's wake-up is in the round trip (at
# cross-az it was +35-47 us sleeping in poll, +14-15 us spinning: docs/network-profiles.md); block
# (RPCX_LAB_RTT_WAIT=block): they sleep in poll
RTT_PROBE_WAIT=${RPCX_LAB_RTT_WAIT:-spin}
# the per-direction settings (up: A -> B, down: B -> A): the profile with the flags' changes, as
# link-shaper --show prints them (SETTINGS: their names, in the table's order)
SETTINGS=()
declare -A UP=() DOWN=()
OVERRIDES=()
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
SCRIPT_PATH="$SCRIPT_DIR/$(basename "${BASH_SOURCE[0]}")"
STATE_FILE="$STATE_DIR/state"
LINKEM_DIR="$SCRIPT_DIR/../link-emulator"
LINKEM=${RPCX_LAB_LINKEM:-$LINKEM_DIR/target/native/linkem}
LINKEM_PROBE=${RPCX_LAB_LINKEM_PROBE:-$LINKEM_DIR/target/native/linkem-probe}
# the profiles' reader: the checkout's build, or a deploy's jar beside this script
LINK_SHAPER_JAR=${RPCX_LAB_LINK_SHAPER_JAR:-$SCRIPT_DIR/../link-shaper/target/link-shaper.jar}
[[ -f $LINK_SHAPER_JAR || -n ${RPCX_LAB_LINK_SHAPER_JAR:-} ]] || LINK_SHAPER_JAR=$SCRIPT_DIR/link-shaper.jar

usage() {
  cat <<'EOF'
Usage: deploy/lab.sh up [--profile paper-1mbit] [--link auto|netem|packet] [--cpus 1] [--memory 2g] [--strict]
                        [--rate R] [--delay D] [--jitter D] [--distribution NAME]
                        [--loss P] [--loss-correlation P] [--reorder P] [--duplicate P]
                        [--up-SETTING V] [--down-SETTING V]
       deploy/lab.sh profiles
       deploy/lab.sh link-args [--profile NAME] [SETTINGS...]
       deploy/lab.sh down | status | env
       deploy/lab.sh exec a|b -- COMMAND [ARGS...]
       deploy/lab.sh unprivileged -- COMMAND [ARGS...]

Two hosts on this machine: A (netns rpcxa, 198.18.0.1, client) and B (netns rpcxb,
198.18.0.2, servers), joined by a veth link shaped by a network profile (deploy/lab.sh
profiles lists them: loopback, lan, cross-az, wan, lossy, paper-1mbit, paper-1gbit). A free
setting overrides the profile in both directions; --up-SETTING (A -> B) and --down-SETTING
(B -> A) in one, e.g. --up-rate 10mbit --down-rate 100mbit. Each host's processes get --cpus
(pinned cores when the machine has 2 x cpus of them, and a CPU quota) and --memory (cgroup limit).

  up       create or update the lab (idempotent), then measure the link: the round-trip time
           (median and jitter of 1000 TCP round trips of the native probe, pinned in the hosts;
           60 of a JVM where no C compiler can build it) against the profile's, and the rate
           of one TCP transfer A -> B; reports the RTT's accuracy (held within 2 % or 20 us, or
           "the box could not hold it", with the figures); warns when either is off the profile
           by more than the tolerance (RTT: 25 % or 0.3 ms; rate: 10 %), and with --strict
           refuses (exit 1)
  profiles print the named profiles (the table deploy/network-profiles.tsv)
  link-args print the packet emulator's settings for a profile and overrides ("up WORDS",
           "down WORDS": netem's words, as linkem --up/--down take them); no root needed
  down     stop everything running in the lab and remove it (idempotent)
  status   print the settings and what is running; exit 1 when the lab is down
  env      print the lab's state as KEY=VALUE lines (used by sweep.sh --lab)
  exec     run COMMAND inside host a or b (its netns, cgroup and cores)
  unprivileged  without root, where the kernel lets users make user namespaces: run COMMAND
           (rpcx-bench sweep|choose --lab --link packet ...) as root of a user, mount and network
           namespace of its own, with a private /run; the lab it brings up lives and goes with it.
           Not enforced there: memory and CPU quota (no cgroups); linkem runs as a normal thread
           (no SCHED_FIFO). Every file says so (lab_isolation, link_emulator_rt)

Rates: N[.N]bit|kbit|mbit|gbit, or - (not limited). Memory: N[k|m|g]. Delays and jitter:
N[.N]us|ms|s. Shares (loss, correlation, reorder, duplicate): N[.N]%. Distribution: normal,
pareto, paretonormal or uniform (netem's tables; uniform is netem's plain jitter). The link's
tbf burst is 1 ms of bytes at the rate, at least 3028 bytes (two frames), so that even a short
transfer cannot beat the rate. Loss, reordering and duplication need a packet link (netem or
linkem) and exist only here: the userspace link-shaper (no root) cannot drop or reorder TCP's
bytes. netem's jitter reorders packets (each gets its own delay), as jitter over several paths
does. The profiles and every setting are read and checked by link-shaper.jar (link-shaper --show,
the profiles' one reader; RPCX_LAB_LINK_SHAPER_JAR to use another). Needs root, ip, tc, ethtool
and java. See docs/network-profiles.md.

Links (--link): netem shapes a veth pair with the kernel's tbf and netem qdiscs; packet joins a
TAP device in each namespace through linkem (link-emulator/target/native/linkem, built with make
on first use; needs /dev/net/tun), which gives the same settings in userspace, releases packets
to within tens of microseconds and reports its lateness and CPU per packet (status). auto picks
netem where the kernel has sch_netem or the settings are only a rate (tbf), else packet. The
chosen link is recorded in the state (link=) and in every file of sweep.sh --lab. The TCP
proxy (link-shaper, no root) is not a lab link: rpcx-bench sweep --local --profile NAME.
rpcx-bench sweep|choose --lab --profile lan,wan --link auto|netem|packet runs this command
itself for each profile in turn.

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
  deploy/lab.sh up --profile wan --cpus 1 --memory 2g
  deploy/lab.sh up --profile lan --up-rate 1gbit --loss 0.1%
  deploy/lab.sh exec b -- java -jar server-rpcx/target/server-rpcx.jar --bind 198.18.0.2
  ./sweep.sh --lab --threads 10:50:10 --requests 10:50:10
  deploy/lab.sh down
Without root:
  deploy/lab.sh unprivileged -- ./rpcx-bench sweep --lab --profile wan --link packet --protocol rpcx,grpc
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

PROFILES_FILE="$SCRIPT_DIR/network-profiles.tsv"

# link_shaper ARGS...: the profiles' one reader (link-shaper's NetworkProfiles), asked rather than
# parsed here; stdout its output, a refusal one line and exit 2
link_shaper() {
  require_link_shaper
  "${JAVA:-java}" -jar "$LINK_SHAPER_JAR" --profiles "$PROFILES_FILE" "$@"
}

require_link_shaper() {
  command -v "${JAVA:-java}" >/dev/null 2>&1 || die "java not found: lab.sh reads the network profiles with link-shaper.jar (JDK 17)"
  [[ -f $LINK_SHAPER_JAR ]] || die "$LINK_SHAPER_JAR not found: build it with mvn -B -q -pl link-shaper package -DskipTests (or set RPCX_LAB_LINK_SHAPER_JAR)"
  [[ -f $PROFILES_FILE ]] || die "network profiles not found: $PROFILES_FILE"
}

# load_profile NAME [--setting WAY:NAME=VALUE...]: fill SETTINGS, UP and DOWN from the profile
# with the flags' changes, as link-shaper --show resolves and checks them (KEY=VALUE lines)
load_profile() {
  local out key value
  require_link_shaper # its refusals (no java, no jar) here, not in the subshell below
  if ! out=$(link_shaper --show --profile "$@" 2>&1); then
    die_usage "${out#link-shaper: }"
  fi
  SETTINGS=()
  while IFS='=' read -r key value; do
    case $key in
      up_*) SETTINGS+=("${key#up_}"); UP[${key#up_}]=$value ;;
      down_*) DOWN[${key#down_}]=$value ;;
    esac
  done <<<"$out"
  ((${#SETTINGS[@]} > 0)) || die "link-shaper --show printed no settings: $out"
}

cmd_profiles() {
  (($# == 0)) || die_usage "profiles takes no arguments"
  link_shaper --list
}

parse_up_args() {
  local -a given=()
  while (($# > 0)); do
    case $1 in
      -h|--help) usage; exit 0 ;;
      --strict) STRICT=1; shift; continue ;;
      --profile|--cpus|--memory|--link) (($# >= 2)) || die_usage "$1 needs a value" ;;
      --up-*|--down-*|--*) (($# >= 2)) || die_usage "$1 needs a value" ;;
      *) die_usage "unknown argument '$1'" ;;
    esac
    case $1 in
      --profile) PROFILE=$2 ;;
      --cpus) CPUS=$2 ;;
      --memory) MEMORY=$2 ;;
      --link) LINK=$2 ;;
      *) given+=("$1" "$2") ;;
    esac
    shift 2
  done
  local i flag value name way
  local -a settings=()
  for ((i = 0; i < ${#given[@]}; i += 2)); do
    flag=${given[i]}; value=${given[i + 1]}
    way=both; name=${flag#--}
    case $name in
      up-*) way=up; name=${name#up-} ;;
      down-*) way=down; name=${name#down-} ;;
    esac
    settings+=(--setting "$way:${name//-/_}=$value")
    OVERRIDES+=("$flag $value")
  done
  load_profile "$PROFILE" "${settings[@]}"
  if ! [[ $CPUS =~ ^[0-9]+(\.[0-9]{1,2})?$ ]] || ! awk -v c="$CPUS" 'BEGIN { exit !(c >= 0.01) }'; then
    die_usage "--cpus must be a positive number like 1 or 0.5, got '$CPUS'"
  fi
  if ! [[ $MEMORY =~ ^[1-9][0-9]*[kKmMgG]?$ ]] || (($(memory_bytes "$MEMORY") < 64 * 1024 * 1024)); then
    die_usage "--memory must look like 2g or 512m (at least 64m), got '$MEMORY'"
  fi
  case $LINK in
    auto|netem|packet) ;;
    proxy) die_usage "--link proxy: the TCP proxy (link-shaper) is not a lab link; run it without root: rpcx-bench sweep --local --profile $PROFILE (TCP terminated at a proxy: no loss, no TCP dynamics)" ;;
    *) die_usage "--link must be auto, netem or packet, got '$LINK'" ;;
  esac
  check_addr "$ADDR_A"; check_addr "$ADDR_B"
  [[ $ADDR_A != "$ADDR_B" ]] || die_usage "RPCX_LAB_ADDR_A and RPCX_LAB_ADDR_B are equal"
}

# is_zero 0ms|0%|0.0us -> true
is_zero() { [[ $1 =~ ^0+(\.0+)?(us|ms|s|%)?$ ]]; }

# ms_of 20ms|500us|1s -> milliseconds
ms_of() {
  awk -v s="$1" 'BEGIN { n = s + 0; u = s; sub(/^[0-9.]+/, "", u)
    printf "%.3f", (u == "us") ? n / 1000 : (u == "s") ? n * 1000 : n }'
}

ns_exists() { ip netns list 2>/dev/null | awk '{ print $1 }' | grep -qx -- "$1"; }

# ---- cgroups: v2 (unified) or v1 (memory + cpu hierarchies) ----
cgroup_version() {
  # in a user namespace of one's own (lab.sh unprivileged) this "root" cannot write the cgroups
  if [[ ! -w $CGROUP_ROOT ]]; then echo none
  elif [[ -f $CGROUP_ROOT/cgroup.controllers ]]; then echo 2
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
# needs_netem: the settings ask for more than a rate (delay, jitter, loss, reordering, duplication)
needs_netem() {
  local direction name
  for direction in UP DOWN; do
    local -n d=$direction
    for name in delay jitter loss reorder duplicate; do
      if ! is_zero "${d[$name]}"; then unset -n d; return 0; fi
    done
    unset -n d
  done
  return 1
}

# kernel_has_netem: a netem qdisc can be added (in a namespace of its own, removed at once)
kernel_has_netem() {
  local ns="rpcxnetemprobe$$" ok=1
  ip netns add "$ns" 2>/dev/null || return 1
  ip -n "$ns" link set lo up
  tc -n "$ns" qdisc add dev lo root netem delay 1ms 2>/dev/null && ok=0
  ip netns del "$ns"
  return "$ok"
}

# ensure_linkem: the packet emulator's binary, built with make when missing
ensure_linkem() {
  [[ -x $LINKEM ]] && return 0
  if [[ -z ${RPCX_LAB_LINKEM:-} ]] && command -v make >/dev/null 2>&1 && command -v cc >/dev/null 2>&1; then
    say "building the packet emulator (make -C link-emulator)"
    make -s -C "$LINKEM_DIR" all >&2 || die "could not build link-emulator (make -C $LINKEM_DIR)"
  fi
  [[ -x $LINKEM ]]
}

# resolve_link: auto -> netem or packet; refuses a link this machine cannot give
resolve_link() {
  local has_netem=0
  if [[ $LINK != packet ]] && needs_netem && kernel_has_netem; then has_netem=1; fi
  if [[ $LINK == auto ]]; then
    if ! needs_netem || ((has_netem)); then LINK=netem; else LINK=packet; fi
  fi
  if [[ $LINK == netem ]] && needs_netem && ((has_netem == 0)); then
    die "this kernel lacks sch_netem (CONFIG_NET_SCH_NETEM): use --link packet (the userspace packet emulator) for delay, jitter or loss"
  fi
  if [[ $LINK == packet ]]; then
    [[ -c /dev/net/tun ]] || die "--link packet needs /dev/net/tun (CONFIG_TUN); without it: rpcx-bench sweep --local --profile $PROFILE (the TCP proxy)"
    ensure_linkem || die "--link packet: the packet emulator is not built ($LINKEM) and cannot be (no make/cc): install build-essential, or set RPCX_LAB_LINKEM"
  fi
}

# link_kind NS -> veth | tun | none: what the lab's interface in NS is
link_kind() {
  local details
  details=$(ip -d -n "$1" link show "$LAB_IF" 2>/dev/null) || { echo none; return 0; }
  case $details in
    *veth*) echo veth ;;
    *tun*) echo tun ;;
    *) echo other ;;
  esac
}

setup_link() {
  local want=veth
  [[ $LINK == packet ]] && want=tun
  stop_linkem
  if [[ $(link_kind "$NS_A") != "$want" || $(link_kind "$NS_B") != "$want" ]]; then
    ip -n "$NS_A" link del "$LAB_IF" 2>/dev/null || true
    ip -n "$NS_B" link del "$LAB_IF" 2>/dev/null || true
    if [[ $want == veth ]]; then
      ip link add "$LAB_IF" netns "$NS_A" type veth peer name "$LAB_IF" netns "$NS_B"
    else
      # persistent TAP devices: linkem attaches to them, and a restart keeps their addresses
      ip -n "$NS_A" tuntap add dev "$LAB_IF" mode tap
      ip -n "$NS_B" tuntap add dev "$LAB_IF" mode tap
    fi
  fi
  local ns addr
  for ns in "$NS_A" "$NS_B"; do
    if [[ $ns == "$NS_A" ]]; then addr=$ADDR_A; else addr=$ADDR_B; fi
    ip -n "$ns" addr flush dev "$LAB_IF"
    ip -n "$ns" addr add "$addr/$PREFIX_LEN" dev "$LAB_IF"
    ip -n "$ns" link set lo up
    ip -n "$ns" link set "$LAB_IF" up
    # tc's shaper must see real packets, not 64 KB super-frames; a TAP's offloads are linkem's
    # own (it takes super-frames and cuts them into wire-sized segments itself: --offload)
    if [[ $want == veth ]]; then
      ip netns exec "$ns" ethtool -K "$LAB_IF" tso off gso off gro off >/dev/null 2>&1 ||
        ip netns exec "$ns" ethtool -K "$LAB_IF" tso off gso off gro off
    fi
    tc -n "$ns" qdisc del dev "$LAB_IF" root >/dev/null 2>&1 || true
  done
  # the packet link unshaped, for the base RTT; shape_link restarts it with the settings
  if [[ $want == tun ]]; then start_linkem '' ''; fi
}

shape_link() {
  if [[ $LINK == packet ]]; then
    start_linkem "$(linkem_words UP)" "$(linkem_words DOWN)"
    return 0
  fi
  shape "$NS_A" UP
  shape "$NS_B" DOWN
}

# linkem_words UP|DOWN -> netem's words for linkem: netem's arguments, the rate, and the queue:
# 100 ms of bytes at the rate (as tbf's latency 100ms bounds the netem link's), at least 2 frames
linkem_words() {
  local -n dw=$1
  local -a words
  mapfile -t words < <(netem_args "$1")
  words+=(limit 100000)
  if [[ ${dw[rate]} != - ]]; then
    local queue
    queue=$(($(rate_bps "${dw[rate]}") / 80))
    ((queue >= BURST_MIN_BYTES)) || queue=$BURST_MIN_BYTES
    words+=(rate "${dw[rate]}" limit-bytes "$queue")
  fi
  printf '%s' "${words[*]}"
}

linkem_pid_file() { printf '%s' "$STATE_DIR/linkem.pid"; }

# start_linkem UP_WORDS DOWN_WORDS: (re)start the packet emulator between the two TAP devices.
# A start that has not said ready in 30 s is stopped and tried once more, after recording where
# it waited (its state and kernel wait channel, in linkem-start.log): once in CI a restart of
# the lab's link never said ready, on a busy machine; eight restarts by hand all did
start_linkem() {
  local try
  stop_linkem
  mkdir -p "$STATE_DIR"
  LINKEM_STATS="$STATE_DIR/linkem.stats"
  for try in 1 2; do
    launch_linkem "$1" "$2" && break
    if ((try == 2)); then
      stop_linkem
      die "the packet emulator did not report ready in 30 s, twice ($STATE_DIR/linkem.log, $STATE_DIR/linkem-start.log)"
    fi
    say "the packet emulator did not report ready in 30 s (where it waited: $STATE_DIR/linkem-start.log); starting it again"
    stop_linkem
  done
  ip -n "$NS_A" link set "$LAB_IF" up
  ip -n "$NS_B" link set "$LAB_IF" up
  say "packet link: $(grep -m1 '^linkem ready' "$STATE_DIR/linkem.log" | cut -d' ' -f3-)"
}

# launch_linkem UP_WORDS DOWN_WORDS: one start; fails when linkem is not ready in 30 s (it is
# left running for start_linkem to stop), dies when it exits
launch_linkem() {
  local pidfile log pid i
  pidfile=$(linkem_pid_file); log="$STATE_DIR/linkem.log"
  rm -f "$LINKEM_STATS"
  nohup "$LINKEM" --a "$NS_A:$LAB_IF" --b "$NS_B:$LAB_IF" --up "$1" --down "$2" --stats "$LINKEM_STATS" \
    >"$log" 2>&1 </dev/null &
  pid=$!
  echo "$pid" >"$pidfile"
  # 30 s: on a machine at a load of 40 its start once took over 5 s
  for ((i = 0; i < 600; i++)); do
    grep -q '^linkem ready' "$log" && return 0
    kill -0 "$pid" 2>/dev/null || { cat "$log" >&2; die "the packet emulator did not start (above: its output)"; }
    sleep 0.05
  done
  {
    echo "$(date -u +%FT%TZ) linkem pid $pid not ready after 30 s"
    grep -E '^(State|voluntary|nonvoluntary)' "/proc/$pid/status" 2>/dev/null
    echo "wchan: $(cat "/proc/$pid/wchan" 2>/dev/null)"
    cat "/proc/$pid/stack" 2>/dev/null
    echo "its output:"
    cat "$log"
  } >>"$STATE_DIR/linkem-start.log"
  return 1
}

# stop_linkem: the emulator of this lab, by the pid it recorded (TERM: it prints its stats)
stop_linkem() {
  local pidfile pid
  pidfile=$(linkem_pid_file)
  [[ -f $pidfile ]] || return 0
  pid=$(cat "$pidfile")
  if [[ -n $pid ]] && [[ $(cat "/proc/$pid/comm" 2>/dev/null) == linkem ]]; then kill_all "$pid"; fi
  rm -f "$pidfile"
}

# burst_bytes RATE: the tbf burst for a rate (see BURST_MIN_BYTES)
burst_bytes() {
  local burst
  [[ $1 != - ]] || { printf '%s' -; return 0; }
  burst=$(($(rate_bps "$1") * BURST_MS / 8000))
  ((burst >= BURST_MIN_BYTES)) || burst=$BURST_MIN_BYTES
  printf '%s' "$burst"
}

# netem_args UP|DOWN -> netem's arguments for one direction, nothing when it adds nothing
netem_args() {
  local -n d=$1
  local -a args=()
  if ! is_zero "${d[delay]}" || ! is_zero "${d[jitter]}"; then
    args+=(delay "${d[delay]}")
    if ! is_zero "${d[jitter]}"; then
      args+=("${d[jitter]}")
      [[ ${d[distribution]} == - || ${d[distribution]} == uniform ]] || args+=(distribution "${d[distribution]}")
    fi
  fi
  is_zero "${d[loss]}" || args+=(loss random "${d[loss]}" "${d[loss_correlation]}")
  is_zero "${d[reorder]}" || args+=(reorder "${d[reorder]}")
  is_zero "${d[duplicate]}" || args+=(duplicate "${d[duplicate]}")
  if ((${#args[@]} > 0)); then printf '%s\n' "${args[@]}"; fi
}

# shape NS UP|DOWN: the egress of NS's end carries that direction (A's end: up, B's: down)
shape() {
  local ns=$1 direction=$2 rate burst
  local -n d=$direction
  rate=${d[rate]}
  local -a netem
  mapfile -t netem < <(netem_args "$direction")
  tc -n "$ns" qdisc del dev "$LAB_IF" root >/dev/null 2>&1 || true
  local parent=root
  if [[ $rate != - ]]; then
    burst=$(burst_bytes "$rate")
    tc -n "$ns" qdisc add dev "$LAB_IF" root handle 1: tbf rate "$rate" burst "$burst" latency 100ms
    parent="parent 1:1"
  fi
  if ((${#netem[@]} > 0)); then
    # shellcheck disable=SC2086 # parent is one or two words
    tc -n "$ns" qdisc add dev "$LAB_IF" $parent handle 10: netem limit 100000 "${netem[@]}" ||
      die "could not add netem (${netem[*]}): this kernel lacks sch_netem (CONFIG_NET_SCH_NETEM); use --profile paper-1mbit or another without delay, loss or jitter here"
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

# ---- the measurements: round trips and one TCP transfer from A to B through the shaped link ----
# in_host a|b COMMAND...: COMMAND in the host's namespace, cgroups and cores, as the host's own
# processes run (lab.sh exec); CG_VERSION, CPUSET_A and CPUSET_B as up or the state set them
in_host() {
  local host=$1 ns cpuset dir
  shift
  if [[ $host == a ]]; then ns=$NS_A; cpuset=$CPUSET_A; else ns=$NS_B; cpuset=$CPUSET_B; fi
  # join the host's cgroups first: everything exec'ed from here inherits them
  while read -r dir; do
    [[ -n $dir && -f $dir/cgroup.procs ]] && echo "$BASHPID" >"$dir/cgroup.procs"
  done < <(cgroup_dirs "$host")
  if [[ -n $cpuset ]]; then
    exec ip netns exec "$ns" taskset -c "$cpuset" "$@"
  fi
  exec ip netns exec "$ns" "$@"
}

# ensure_probe: the native RTT probe, built with make when missing; false where it cannot be
ensure_probe() {
  [[ -x $LINKEM_PROBE ]] && return 0
  if [[ -z ${RPCX_LAB_LINKEM_PROBE:-} && -f $LINKEM_DIR/Makefile ]] && command -v make >/dev/null 2>&1 && command -v cc >/dev/null 2>&1; then
    make -s -C "$LINKEM_DIR" all >&2 || return 1
  fi
  [[ -x $LINKEM_PROBE ]]
}

# start_probe_server MODE [java|native] -> PROBE_PID and PROBE_PORT of a probe receiver in host B
# (RateProbe in a JVM; the native echo pinned in host B)
start_probe_server() {
  local java=$1 mode=$2 kind=${3:-java} i line
  PROBE_OUT=$(mktemp)
  if [[ $kind == native ]]; then
    (in_host b "$LINKEM_PROBE" "$mode" "$ADDR_B" 0 "$RTT_PROBE_WAIT") >"$PROBE_OUT" 2>&1 &
  else
    ip netns exec "$NS_B" "$java" "$SCRIPT_DIR/RateProbe.java" "$mode" "$ADDR_B" >"$PROBE_OUT" 2>&1 &
  fi
  PROBE_PID=$!
  PROBE_PORT=''
  for ((i = 0; i < 300; i++)); do
    line=$(grep -m1 '^port ' "$PROBE_OUT" || true)
    if [[ -n $line ]]; then PROBE_PORT=${line#port }; return 0; fi
    kill -0 "$PROBE_PID" 2>/dev/null || break
    sleep 0.1
  done
  kill "$PROBE_PID" 2>/dev/null || true
  cat "$PROBE_OUT" >&2; rm -f "$PROBE_OUT"
  die "probe receiver ($mode) did not start in host B"
}

# wire_ms RATE: one probe frame's time on the wire at RATE, ms (0 when not limited): 130 bytes,
# 64 of payload with the Ethernet, IPv4 and TCP headers (timestamps on), as tbf and linkem count it
PROBE_FRAME_BYTES=130
wire_ms() {
  [[ $1 == - ]] && { printf 0; return 0; }
  awk -v b="$(rate_bps "$1")" -v n="$PROBE_FRAME_BYTES" 'BEGIN { printf "%.6f", n * 8 * 1000 / b }'
}

# expected_rtt_ms: what the profile adds to a probe's round trip: the delays both ways and a probe
# frame's time on the wire at each direction's rate (2.08 ms at 1 Mbit/s)
expected_rtt_ms() {
  awk -v u="$(ms_of "${UP[delay]}")" -v d="$(ms_of "${DOWN[delay]}")" -v wu="$(wire_ms "${UP[rate]}")" \
    -v wd="$(wire_ms "${DOWN[rate]}")" 'BEGIN { printf "%.3f", u + d + wu + wd }'
}

# off_profile WHAT VERDICT: link-shaper's "off: ..." line for WHAT
off_profile() {
  say "$1 is $2: the link is off its profile"
  ((STRICT == 0)) || die "--strict: $1 off the profile; the lab stays up as measured, fix the cause or drop --strict"
}

# rtt_method: native (linkem-probe, pinned in the hosts) where it is built or can be, else jvm
rtt_method() {
  if ensure_probe; then printf native; elif command -v "${JAVA:-java}" >/dev/null 2>&1; then printf jvm; else printf none; fi
}

# probe_rtt native|jvm [EXPECTED_MS] -> "MEDIAN JITTER" in ms (3 decimals: 1 us) of TCP round
# trips from A to B; the native probe spreads its round trips over enough connections at once
# (each one round trip at a time, their starts spaced over a round trip) to take about
# RTT_PROBE_SECONDS: 1000 round trips of a 80 ms link on 16 connections
probe_rtt() {
  local method=$1 expected=${2:-0} java=${JAVA:-java} line conns
  if [[ $method == native ]]; then
    conns=$(rtt_conns "$expected")
    start_probe_server "" echo native
    line=$( (in_host a timeout 120 "$LINKEM_PROBE" rtt "$ADDR_B" "$PROBE_PORT" "$RTT_PROBES_NATIVE" 64 "$conns" "$RTT_PROBE_WAIT") | grep -m1 '^rtt_us ' || true)
  else
    start_probe_server "$java" echo
    line=$(timeout 120 ip netns exec "$NS_A" "$java" "$SCRIPT_DIR/RateProbe.java" rtt "$ADDR_B" "$PROBE_PORT" "$RTT_PROBES_JVM" | grep -m1 '^rtt_ms_p50 ' || true)
  fi
  kill "$PROBE_PID" 2>/dev/null || true
  wait "$PROBE_PID" 2>/dev/null || true
  rm -f "$PROBE_OUT"
  [[ -n $line ]] || die "RTT probe ($method) from A to B printed no result"
  if [[ $method == native ]]; then
    # rtt_us n=1000 min=.. p10=.. p50=.. ... sd=..: microseconds to milliseconds
    awk '{ for (i = 2; i <= NF; i++) { split($i, kv, "="); v[kv[1]] = kv[2] } printf "%.3f %.3f\n", v["p50"] / 1000, v["sd"] / 1000 }' <<<"$line"
  else
    awk '{ print $2, $8 }' <<<"$line"
  fi
}

# measure_base_rtt: the unshaped link's RTT (veth or the emulator, the probe, this machine's load),
# so that the shaped RTT is judged by what the profile adds to it; the method is chosen here and
# the shaped RTT is measured the same way
measure_base_rtt() {
  RTT_BASE=unmeasured
  RTT_METHOD=$(rtt_method)
  case $RTT_METHOD in
    native) RTT_ROUND_TRIPS=$RTT_PROBES_NATIVE ;;
    jvm) RTT_ROUND_TRIPS=$RTT_PROBES_JVM ;;
    *) RTT_ROUND_TRIPS=0; return 0 ;;
  esac
  read -r RTT_BASE _ < <(probe_rtt "$RTT_METHOD")
}

measure_rtt() {
  RTT_MEASURED=unmeasured; RTT_JITTER=unmeasured; RTT_EXPECTED=$(expected_rtt_ms)
  RTT_ACCURACY=unmeasured
  [[ $RTT_METHOD != none ]] || { say "no RTT probe (no C compiler for the native one, no java): RTT not measured"; return 0; }
  read -r RTT_MEASURED RTT_JITTER < <(probe_rtt "$RTT_METHOD" "$RTT_EXPECTED")
  local added verdict
  added=$(awk -v m="$RTT_MEASURED" -v b="$RTT_BASE" 'BEGIN { printf "%.3f", m - b }')
  say "measured RTT A<->B: median ${RTT_MEASURED} ms (unshaped ${RTT_BASE} ms, so the link adds ${added} ms; the profile adds ${RTT_EXPECTED} ms), jitter (stdev) ${RTT_JITTER} ms over $RTT_ROUND_TRIPS round trips ($(rtt_method_text))"
  # the tolerances' one home is link-shaper's LinkTolerance
  RTT_ACCURACY=$(link_shaper --check-rtt-accuracy "$added,$RTT_EXPECTED,$RTT_ROUND_TRIPS") || die "link-shaper --check-rtt-accuracy failed: $RTT_ACCURACY"
  say "RTT accuracy: $RTT_ACCURACY"
  verdict=$(link_shaper --check-rtt "$added,$RTT_EXPECTED") || die "link-shaper --check-rtt failed: $verdict"
  [[ $verdict == ok ]] || off_profile "the RTT the link adds" "$verdict"
}

# rtt_conns EXPECTED_MS: the native probe's connections at once for a link of that round trip
rtt_conns() {
  awk -v e="$1" -v n="$RTT_PROBES_NATIVE" -v s="$RTT_PROBE_SECONDS" 'BEGIN { c = int(n * e / (s * 1000)) + 1; print (c > 64 ? 64 : c) }'
}

# rtt_method_text: how the round trips were timed, for the state and every point's file
rtt_method_text() {
  case $RTT_METHOD in
    native) printf 'native probe (linkem-probe), %s TCP round trips of 64 bytes A to B on %s connection(s) at once, pinned in the hosts (A cores %s, B cores %s)' "$RTT_ROUND_TRIPS" "$(rtt_conns "$RTT_EXPECTED")" "${CPUSET_A:-shared}" "${CPUSET_B:-shared}" ;;
    jvm) printf 'JVM probe (RateProbe), %s TCP round trips of 64 bytes A to B' "$RTT_ROUND_TRIPS" ;;
    *) printf 'none' ;;
  esac
}

measure_rate() {
  local java=${JAVA:-java} bps bytes line
  MEASURED=unmeasured; MEASURED_BPS=''
  if [[ ${UP[rate]} == - ]]; then
    say "rate not limited (profile $PROFILE): not measured"; MEASURED=unlimited; return 0
  fi
  if ! command -v "$java" >/dev/null 2>&1; then
    say "java not found: rate not measured"; return 0
  fi
  bps=$(rate_bps "${UP[rate]}")
  bytes=$((bps * PROBE_SECONDS / 8))
  ((bytes >= 262144)) || bytes=262144
  ((bytes <= 268435456)) || bytes=268435456
  start_probe_server "$java" recv
  if ! timeout 120 ip netns exec "$NS_A" "$java" "$SCRIPT_DIR/RateProbe.java" send "$ADDR_B" "$PROBE_PORT" "$bytes"; then
    kill "$PROBE_PID" 2>/dev/null || true
    rm -f "$PROBE_OUT"
    die "rate probe transfer from A to B failed"
  fi
  wait "$PROBE_PID" || true
  line=$(grep -m1 '^bits_per_s ' "$PROBE_OUT" || true)
  rm -f "$PROBE_OUT"
  [[ -n $line ]] || die "rate probe printed no result"
  MEASURED_BPS=$(awk '{ print $2 }' <<<"$line")
  MEASURED=$(awk -v b="$MEASURED_BPS" 'BEGIN { printf "%.2fmbit", b / 1e6 }')
  say "measured A->B: $MEASURED ($bytes bytes in one TCP transfer; shaped to ${UP[rate]} on the wire)"
  local verdict
  verdict=$(link_shaper --check-rate "$MEASURED_BPS,$bps") || die "link-shaper --check-rate failed: $verdict"
  if [[ $verdict != ok ]]; then
    if is_zero "${UP[loss]}"; then
      off_profile rate "$verdict (a rate this machine's CPU cannot move through veth is off too)"
    else
      say "rate: TCP moved $MEASURED under ${UP[loss]} loss on a ${UP[rate]} link (loss, not the shaper, limits one TCP flow)"
    fi
  fi
}

# direction_line UP|DOWN -> "delay=20ms jitter=2ms ..." for the state file and the summary
direction_line() {
  local -n d=$1
  local name out=''
  for name in "${SETTINGS[@]}"; do out+="$name=${d[$name]} "; done
  printf '%s' "${out% }"
}

write_state() {
  local tmp name
  mkdir -p "$STATE_DIR"
  tmp="$STATE_FILE.tmp.$$"
  {
    printf 'ns_a=%s\nns_b=%s\nif_a=%s\nif_b=%s\naddr_a=%s\naddr_b=%s\nprefix_len=%s\n' \
      "$NS_A" "$NS_B" "$LAB_IF" "$LAB_IF" "$ADDR_A" "$ADDR_B" "$PREFIX_LEN"
    # rate, burst and delay: the A -> B direction (what sweep.sh records as link_rate/link_burst)
    printf 'rate=%s\nburst=%s\ncpus=%s\nmemory=%s\nmemory_bytes=%s\ndelay=%s\n' \
      "${UP[rate]}" "$(burst_bytes "${UP[rate]}")" "$CPUS" "$MEMORY" "$(memory_bytes "$MEMORY")" "${UP[delay]}"
    printf 'profile=%s\nprofile_overrides=%s\n' "$PROFILE" "${OVERRIDES[*]:-none}"
    printf 'link=%s\n' "$LINK"
    if [[ $LINK == packet ]]; then
      printf 'link_emulator=%s\nlink_pid=%s\nlink_stats=%s\n' "$("$LINKEM" --version)" \
        "$(cat "$(linkem_pid_file)" 2>/dev/null)" "$LINKEM_STATS"
      # fifo:10, or off(...) where SCHED_FIFO was refused (an unprivileged lab): a normal thread
      printf 'link_rt=%s\n' "$(sed -n 's/^linkem ready .* rt=\([^ ]*\).*/\1/p' "$STATE_DIR/linkem.log" | head -n1)"
    fi
    for name in "${SETTINGS[@]}"; do printf 'up_%s=%s\n' "$name" "${UP[$name]}"; done
    for name in "${SETTINGS[@]}"; do printf 'down_%s=%s\n' "$name" "${DOWN[$name]}"; done
    printf 'cgroup_version=%s\ncgroup_name=%s\ncgroup_root=%s\ncpuset_a=%s\ncpuset_b=%s\n' \
      "$CG_VERSION" "$CGROUP_NAME" "$CGROUP_ROOT" "$CPUSET_A" "$CPUSET_B"
    printf 'unprivileged=%s\n' "${RPCX_LAB_UNPRIVILEGED:-0}"
    printf 'measured=%s\nmeasured_bps=%s\n' "$MEASURED" "${MEASURED_BPS:-}"
    printf 'rtt_expected_ms=%s\nrtt_base_ms=%s\nrtt_measured_ms=%s\nrtt_jitter_ms=%s\n' \
      "$RTT_EXPECTED" "$RTT_BASE" "$RTT_MEASURED" "$RTT_JITTER"
    printf 'rtt_method=%s\nrtt_round_trips=%s\nrtt_accuracy=%s\n' \
      "$(rtt_method_text)" "$RTT_ROUND_TRIPS" "$RTT_ACCURACY"
    printf 'up_since=%s\n' "$(date -u +%Y-%m-%dT%H:%M:%SZ)"
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
  resolve_link
  CG_VERSION=$(cgroup_version)
  local ns
  for ns in "$NS_A" "$NS_B"; do
    ns_exists "$ns" || ip netns add "$ns"
  done
  setup_link
  setup_cgroup a
  setup_cgroup b
  plan_cores
  # the state first, as measured so far: a --strict refusal leaves a lab that down can remove
  RTT_BASE=unmeasured; MEASURED=unmeasured; RTT_EXPECTED=$(expected_rtt_ms); RTT_MEASURED=unmeasured; RTT_JITTER=unmeasured
  RTT_METHOD=none; RTT_ROUND_TRIPS=0; RTT_ACCURACY=unmeasured
  measure_base_rtt
  shape_link
  write_state
  measure_rtt
  measure_rate
  write_state
  say "up: A=$NS_A ($ADDR_A) <-> B=$NS_B ($ADDR_B) via $LAB_IF (link $LINK), profile $PROFILE${OVERRIDES[*]:+ (${OVERRIDES[*]})}; A->B $(direction_line UP); B->A $(direction_line DOWN); cpus $CPUS (A cores ${CPUSET_A:-shared}, B cores ${CPUSET_B:-shared}), memory $MEMORY (cgroup v$CG_VERSION); state $STATE_FILE"
  printf 'measured %s\n' "$MEASURED"
  printf 'rtt_ms %s\n' "$RTT_MEASURED"
  printf 'rtt_accuracy %s\n' "$RTT_ACCURACY"
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
  stop_linkem
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
  rm -f "$STATE_FILE" "$STATE_DIR/linkem.log" "$STATE_DIR/linkem.stats"
  rmdir "$STATE_DIR" 2>/dev/null || true
  say "down: namespaces $NS_A and $NS_B, their link and cgroups are gone"
}

cmd_link_args() {
  parse_up_args "$@"
  printf 'up %s\ndown %s\n' "$(linkem_words UP)" "$(linkem_words DOWN)"
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
  local stats
  stats=$(state_get link_stats)
  if [[ -n $stats && -f $stats ]]; then sed 's/^/  packet link: /' "$stats"; fi
  return 0
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
  CPUSET_A=$(state_get cpuset_a); CPUSET_B=$(state_get cpuset_b)
  in_host "$host" "$@"
}

# unprivileged [--] COMMAND...: the lab without root, where the kernel lets a user make a user
# namespace: COMMAND runs as root of a user, mount and network namespace of its own (unshare -Urnm;
# root nowhere else), with a private /run for the lab's namespaces and state, so the lab it brings
# up (sweep --lab, choose --lab: the runner runs lab.sh up itself) lives as long as COMMAND and is
# taken down after it. What stays root's: the cgroups (memory and CPU quota not enforced; pinned
# cores are kept) and SCHED_FIFO for the packet emulator (a normal thread: its releases are later
# on a loaded box, and every point's file says by how much). The netem link needs the kernel's
# sch_netem as ever; the packet link needs only /dev/net/tun.
cmd_unprivileged() {
  [[ ${1:-} == -- ]] && shift
  (($# > 0)) || die_usage "unprivileged needs a command: deploy/lab.sh unprivileged -- ./rpcx-bench sweep --lab ..."
  command -v unshare >/dev/null 2>&1 || die "'unshare' not found: install util-linux"
  unshare -Ur true 2>/dev/null ||
    die "this kernel refuses unprivileged user namespaces (user.max_user_namespaces, a distribution's sysctl or an LSM): run the lab as root"
  exec unshare -Urnm --propagation private "$SCRIPT_PATH" _inside "$@"
}

# _inside COMMAND...: cmd_unprivileged's second half, in the new namespaces
cmd_inside() {
  mount -t tmpfs -o mode=0755 rpcx-lab /run
  # the state in the private /run (a state folder outside it would outlive the lab's namespaces)
  export RPCX_LAB_STATE_DIR=/run/rpcx-lab
  mkdir -p /run/netns
  ip link set lo up
  export RPCX_LAB_UNPRIVILEGED=1
  local status=0
  "$@" || status=$?
  "$SCRIPT_PATH" down >/dev/null 2>&1 || true
  exit "$status"
}

main() {
  local cmd=${1:-}
  (($# > 0)) && shift
  case $cmd in
    up) cmd_up "$@" ;;
    profiles) cmd_profiles "$@" ;;
    link-args) cmd_link_args "$@" ;;
    down) cmd_down "$@" ;;
    status) cmd_status "$@" ;;
    env) cmd_env "$@" ;;
    exec) cmd_exec "$@" ;;
    unprivileged) cmd_unprivileged "$@" ;;
    _inside) cmd_inside "$@" ;;
    -h|--help|help) usage ;;
    '') usage >&2; exit 2 ;;
    *) die_usage "unknown command '$cmd' (up, profiles, link-args, down, status, env, exec, unprivileged)" ;;
  esac
}

main "$@"
