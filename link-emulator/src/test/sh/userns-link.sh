#!/usr/bin/env bash
# userns-link.sh LINKEM PROBE 'SETTINGS': the packet link without root. Inside a user namespace of
# its own (unshare -Ur: this user is root there, nowhere else) with a mount namespace (a private
# /run/netns) and a network namespace, it makes hosts A and B as two more network namespaces, a TAP
# device in each, joins them with linkem (a normal thread: SCHED_FIFO needs real root), and times
# 50 TCP round trips A -> B with linkem-probe. Prints linkem-probe's line (p50_us ...) and linkem's
# stats. Exit 0 ok, 3 when this kernel refuses unprivileged user namespaces.
set -euo pipefail
LINKEM=$1 PROBE=$2 SETTINGS=$3

if ! unshare -Ur true 2>/dev/null; then
  echo "unprivileged user namespaces refused here (user.max_user_namespaces, a distribution's sysctl or an LSM)" >&2
  exit 3
fi

# shellcheck disable=SC2016 # the inner script expands its own arguments
exec unshare -Urnm --propagation private bash -euo pipefail -c '
  LINKEM=$1 PROBE=$2 SETTINGS=$3
  mount -t tmpfs none /run && mkdir -p /run/netns
  for h in a b; do
    ip netns add "$h"
    ip -n "$h" link set lo up
    ip -n "$h" tuntap add dev lab0 mode tap
  done
  ip -n a addr add 198.18.0.1/30 dev lab0
  ip -n b addr add 198.18.0.2/30 dev lab0
  "$LINKEM" --a a:lab0 --b b:lab0 --both "$SETTINGS" --rt 0 --stats /run/linkem.stats >/run/linkem.log 2>&1 &
  linkem=$!
  for _ in $(seq 100); do grep -q "^linkem ready" /run/linkem.log && break; sleep 0.05; done
  grep -q "^linkem ready" /run/linkem.log || { cat /run/linkem.log >&2; exit 1; }
  ip -n a link set lab0 up; ip -n b link set lab0 up
  ip netns exec b "$PROBE" echo 198.18.0.2 0 >/run/echo.out &
  echo_pid=$!
  for _ in $(seq 100); do grep -q "^port " /run/echo.out && break; sleep 0.05; done
  port=$(sed -n "s/^port //p" /run/echo.out)
  ip netns exec a "$PROBE" rtt 198.18.0.2 "$port" 50
  kill "$echo_pid" 2>/dev/null || true
  kill -TERM "$linkem"; wait "$linkem" || true
  sed "s/^/linkem: /" /run/linkem.stats
' userns-link "$LINKEM" "$PROBE" "$SETTINGS"
