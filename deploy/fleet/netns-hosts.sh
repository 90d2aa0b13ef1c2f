#!/usr/bin/env bash
# netns-hosts.sh: a fleet of hosts on this one Linux machine, for trying deploy/fleet and rpcx-bench
# --fleet without other machines: N client hosts rbfleet-c1..cN and one server host rbfleet-s1,
# each a network namespace with its own sshd and its own private remote folder (a tmpfs in the
# sshd's mount namespace), on a bridge 198.19.16.0/24 (c_i at .i, s1 at .N+1, this machine at
# .254), and an Ansible inventory for them. The hosts share this machine's CPUs: the fleet shows
# what the machinery does, not what N real generators give. fleet.bats sources it (its hosts).
#
#   sudo deploy/fleet/netns-hosts.sh up --clients 3 --dir /tmp/fleet   # -> /tmp/fleet/inventory.ini
#   ./rpcx-bench sweep --fleet /tmp/fleet/inventory.ini --fleet-var fleet_dir=/tmp/fleet/remote ...
#   sudo deploy/fleet/netns-hosts.sh down

# ---- defaults ----
NET=${NET:-198.19.16}
NS_PREFIX=${NS_PREFIX:-rbfleet}
CLIENTS=3

# hosts: the host names, c1..cN then s1
hosts() {
  local i
  for ((i = 1; i <= CLIENTS; i++)); do printf 'c%d\n' "$i"; done
  printf 's1\n'
}

addr() { # addr HOST -> its address
  case $1 in
    s1) echo "$NET.$((CLIENTS + 1))" ;;
    c*) echo "$NET.${1#c}" ;;
  esac
}

link_up() { # link_up HOST: the host's veth pair, its address, on the bridge
  local h=$1
  ip link add "rbfl-$h" type veth peer name eth0 netns "$NS_PREFIX-$h"
  ip link set "rbfl-$h" master rbfleet-br up
  ip -n "$NS_PREFIX-$h" addr add "$(addr "$h")/24" dev eth0
  ip -n "$NS_PREFIX-$h" link set eth0 up
}

sshd_in_ns() { # sshd_in_ns NS ADDRESS NAME: an sshd in namespace NS on ADDRESS ($WORK/sshd-NAME.*),
  # $REMOTE a tmpfs of its own, its host key in $WORK/known_hosts (deploy.bats uses it too)
  local ns=$1 address=$2 name=$3
  cat >"$WORK/sshd-$name.conf" <<CONF
ListenAddress $address:22
HostKey $WORK/hostkey
PidFile $WORK/sshd-$name.pid
AuthorizedKeysFile $WORK/authorized_keys
PermitRootLogin prohibit-password
PasswordAuthentication no
KbdInteractiveAuthentication no
UsePAM no
StrictModes no
Subsystem sftp internal-sftp
CONF
  # ip netns exec gives sshd its own mount namespace: the tmpfs over $REMOTE is this host's disk
  ip netns exec "$ns" sh -c "mount -t tmpfs -o size=256m tmpfs '$REMOTE' && exec /usr/sbin/sshd -D -e -f '$WORK/sshd-$name.conf'" \
    >"$WORK/sshd-$name.log" 2>&1 &
  echo "$address $(cut -d' ' -f1-2 "$WORK/hostkey.pub")" >>"$WORK/known_hosts"
}

start_sshd() { # start_sshd HOST: its sshd on its address
  sshd_in_ns "$NS_PREFIX-$1" "$(addr "$1")" "$1"
}

inventory() { # inventory FILE CLIENT...: the clients given (rb<name>), server rbs1
  local file=$1 c
  shift
  {
    echo "[clients]"
    for c in "$@"; do echo "rb$c ansible_host=$(addr "$c")"; done
    echo "[servers]"
    echo "rbs1 ansible_host=$(addr s1)"
    echo "[all:vars]"
    echo "ansible_user=root"
    echo "ansible_ssh_private_key_file=$WORK/id"
    echo "ansible_python_interpreter=/usr/bin/python3"
    echo "ansible_pipelining=true"
    echo "ansible_remote_tmp=$REMOTE/.ansible-tmp"
    echo "ansible_async_dir=$REMOTE/.ansible-async"
    echo "ansible_ssh_common_args='-o UserKnownHostsFile=$WORK/known_hosts -o StrictHostKeyChecking=yes -o LogLevel=ERROR -o ServerAliveInterval=1 -o ServerAliveCountMax=2 -o ConnectTimeout=3'"
  } >"$file"
}

kill_ns() { # kill_ns NS: every process in it, TERM then KILL
  local pids
  pids=$(ip netns pids "$1" 2>/dev/null | tr '\n' ' ')
  # shellcheck disable=SC2086
  [ -z "$pids" ] || kill -TERM $pids 2>/dev/null || true
  sleep 1
  pids=$(ip netns pids "$1" 2>/dev/null | tr '\n' ' ')
  # shellcheck disable=SC2086
  [ -z "$pids" ] || kill -KILL $pids 2>/dev/null || true
}

teardown_net() { # every namespace host of this prefix, its link, the bridge
  local ns h
  for ns in $(ip netns list | awk -v p="$NS_PREFIX-" 'index($1, p) == 1 { print $1 }'); do
    kill_ns "$ns"
    ip netns del "$ns"
  done
  for h in $(ip -o link show | awk -F': ' '{ print $2 }' | sed -n 's/^rbfl-\([^@]*\).*/\1/p'); do
    ip link del "rbfl-$h" 2>/dev/null || true
  done
  ip link del rbfleet-br 2>/dev/null || true
}

# hosts_up: the bridge, every host with its sshd, the keys, $WORK/inventory.ini (all clients);
# waits until every sshd answers (exit 1 with their logs otherwise)
hosts_up() {
  mkdir -p "$REMOTE" /run/sshd
  teardown_net
  ip link add rbfleet-br type bridge
  ip addr add "$NET.254/24" dev rbfleet-br
  ip link set rbfleet-br up
  local h all=()
  while read -r h; do
    ip netns add "$NS_PREFIX-$h"
    ip -n "$NS_PREFIX-$h" link set lo up
    link_up "$h"
    [[ $h == s1 ]] || all+=("$h")
  done < <(hosts)
  rm -f "$WORK/hostkey" "$WORK/hostkey.pub" "$WORK/id" "$WORK/id.pub"
  ssh-keygen -q -t ed25519 -N '' -f "$WORK/hostkey"
  ssh-keygen -q -t ed25519 -N '' -f "$WORK/id"
  cp "$WORK/id.pub" "$WORK/authorized_keys"
  : >"$WORK/known_hosts"
  while read -r h; do start_sshd "$h"; done < <(hosts)
  inventory "$WORK/inventory.ini" "${all[@]}"
  local i ok
  for i in $(seq 1 50); do
    ok=1
    while read -r h; do
      ssh -o BatchMode=yes -i "$WORK/id" -o "UserKnownHostsFile=$WORK/known_hosts" -o LogLevel=ERROR \
        -o ConnectTimeout=2 "root@$(addr "$h")" true 2>/dev/null </dev/null || { ok=0; break; }
    done < <(hosts)
    ((ok)) && return 0
    sleep 0.2
  done
  cat "$WORK"/sshd-*.log >&2
  return 1
}

usage() {
  cat <<EOF
Usage: deploy/fleet/netns-hosts.sh up [--clients N] [--dir DIR]
       deploy/fleet/netns-hosts.sh down

up: N client hosts (default $CLIENTS) and one server host in network namespaces ($NS_PREFIX-c1..cN,
$NS_PREFIX-s1) with an sshd each; DIR (default a new temporary folder) gets the keys and
DIR/inventory.ini; the hosts' remote folder is DIR/remote (pass it as fleet_dir). Needs root,
openssh-server and iproute2. down: removes every such host and the bridge.

Example:
  deploy/fleet/netns-hosts.sh up --clients 3 --dir /tmp/fleet
  ./rpcx-bench sweep --fleet /tmp/fleet/inventory.ini --fleet-var fleet_dir=/tmp/fleet/remote \\
      --protocol rpcx --rates 3000,6000 --duration 10s --runs 4
  deploy/fleet/netns-hosts.sh down
EOF
}

main() {
  local command=${1:-}
  (($# > 0)) && shift
  WORK=''
  while (($# > 0)); do
    case $1 in
      -h|--help) usage; exit 0 ;;
      --clients) [[ ${2:-} =~ ^[1-9][0-9]?$ ]] || { echo "netns-hosts.sh: --clients takes 1..99" >&2; exit 2; }; CLIENTS=$2; shift 2 ;;
      --dir) [[ -n ${2:-} ]] || { echo "netns-hosts.sh: --dir needs a folder" >&2; exit 2; }; WORK=$2; shift 2 ;;
      *) echo "netns-hosts.sh: unknown argument '$1' (try --help)" >&2; exit 2 ;;
    esac
  done
  case $command in
    up)
      [ "$(id -u)" -eq 0 ] || { echo "netns-hosts.sh: needs root (network namespaces, sshd)" >&2; exit 2; }
      [ -x /usr/sbin/sshd ] || { echo "netns-hosts.sh: sshd not installed (apt-get install openssh-server)" >&2; exit 2; }
      WORK=${WORK:-$(mktemp -d /tmp/rbfleet.XXXXXX)}
      mkdir -p "$WORK"
      WORK=$(cd "$WORK" && pwd)
      REMOTE=$WORK/remote
      hosts_up
      echo "fleet of $CLIENTS client hosts and 1 server host up: inventory $WORK/inventory.ini, fleet_dir $REMOTE"
      ;;
    down)
      [ "$(id -u)" -eq 0 ] || { echo "netns-hosts.sh: needs root" >&2; exit 2; }
      teardown_net
      echo "fleet hosts removed"
      ;;
    -h|--help) usage ;;
    *) usage >&2; exit 2 ;;
  esac
}

# sourced (fleet.bats): the functions only, the caller's shell options untouched
if [[ ${BASH_SOURCE[0]} == "$0" ]]; then
  set -euo pipefail
  main "$@"
fi
