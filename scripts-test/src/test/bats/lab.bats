#!/usr/bin/env bats
# deploy/lab.sh for real: namespaces, shaped link, cgroup limits, exec, idempotent up/down,
# the link's measured accuracy (alone: after the fleet). Sweeps through the lab: lab-sweeps.bats.

load lab-common

setup() {
  lab_names rpcxt 198.18.0.9 198.18.0.10 rpcx-lab-test
}

# netem: the kernel's sch_netem (delay, jitter, loss); some VM kernels are built without it
require_netem() {
  ip netns add rpcxtnetem 2>/dev/null || skip "no network namespace support here"
  ip -n rpcxtnetem link set lo up
  if ! tc -n rpcxtnetem qdisc add dev lo root netem delay 1ms 2>/dev/null; then
    ip netns del rpcxtnetem
    skip "this kernel has no sch_netem (CONFIG_NET_SCH_NETEM): profiles with delay, jitter or loss cannot run in the lab here"
  fi
  ip netns del rpcxtnetem
}

teardown() {
  lab_teardown
}

@test "lab.sh: bad arguments exit 2, no command prints usage" {
  run "$LAB" up --rate fast
  [ "$status" -eq 2 ]
  [[ $output == *"rate must look like 1mbit"* ]]
  run "$LAB" up --memory 1t
  [ "$status" -eq 2 ]
  run "$LAB" up --cpus 0
  [ "$status" -eq 2 ]
  run "$LAB" up --delay 5
  [ "$status" -eq 2 ]
  run "$LAB" frobnicate
  [ "$status" -eq 2 ]
  run "$LAB" exec c -- true
  [ "$status" -eq 2 ]
  RPCX_LAB_ADDR_B=10.0.0.2 run "$LAB" up
  [ "$status" -eq 2 ]
  [[ $output == *"198.18.0.0/15"* ]]
  run "$LAB" --help
  [ "$status" -eq 0 ]
  [[ $output == *"Examples:"* ]]
}

@test "lab.sh: profiles are listed; a bad profile or setting is one line and exit 2" {
  run "$LAB" profiles
  [ "$status" -eq 0 ]
  for p in loopback lan cross-az wan lossy paper-1mbit paper-1gbit; do
    grep -q "^$p " <<<"$output"
  done
  run "$LAB" up --profile mars
  [ "$status" -eq 2 ]
  [[ $output == *"unknown --profile 'mars' (known: loopback, lan, cross-az, wan, lossy"* ]]
  run "$LAB" up --profile wan --loss 2
  [ "$status" -eq 2 ]
  [[ $output == *"loss must look like 1% or 0.5%, got '2'"* ]]
  run "$LAB" up --up-reorder 5%
  [ "$status" -eq 2 ]
  [[ $output == *"reorder needs a delay"* ]]
  run "$LAB" up --down-distribution gaussian
  [ "$status" -eq 2 ]
  run "$LAB" up --sideways-rate 1mbit
  [ "$status" -eq 2 ]
  [[ $output == *"unknown link setting 'sideways_rate'"* ]]
}

@test "lab.sh link-args: the profile as link-shaper --show resolves it (the one reader), flags on top" {
  run "$LAB" link-args --profile lossy --up-rate 10mbit --down-loss 0.5%
  [ "$status" -eq 0 ]
  [[ ${lines[0]} == "up delay 20ms 2ms distribution normal loss random 1% 25% limit 100000 rate 10mbit limit-bytes 125000" ]]
  [[ ${lines[1]} == "down delay 20ms 2ms distribution normal loss random 0.5% 25% limit 100000 rate 100mbit limit-bytes 1250000" ]]
  RPCX_LAB_LINK_SHAPER_JAR="$BATS_TEST_TMPDIR/none.jar" run "$LAB" link-args --profile wan
  [ "$status" -eq 1 ]
  [[ $output == *"none.jar not found: build it with mvn"* ]]
}

@test "lab.sh up --profile paper-1gbit with asymmetric rates: each end shaped its own way, profile and RTT in the state" {
  require_lab
  run "$LAB" up --profile paper-1gbit --up-rate 4mbit --down-rate 8mbit --cpus 1 --memory 768m
  echo "$output"
  [ "$status" -eq 0 ]
  ip netns exec rpcxta tc qdisc show dev lab0 | grep -q 'tbf 1: root.*rate 4Mbit'
  ip netns exec rpcxtb tc qdisc show dev lab0 | grep -q 'tbf 1: root.*rate 8Mbit'
  state="$RPCX_LAB_STATE_DIR/state"
  grep -qx 'profile=paper-1gbit' "$state"
  grep -qx 'profile_overrides=--up-rate 4mbit --down-rate 8mbit' "$state"
  grep -qx 'up_rate=4mbit' "$state"
  grep -qx 'down_rate=8mbit' "$state"
  grep -qx 'rate=4mbit' "$state" # sweep.sh's link_rate: the A -> B direction
  # a probe frame's 130 bytes on the wire at 4 and 8 Mbit/s: 0.260 + 0.130 ms
  grep -qx 'rtt_expected_ms=0.390' "$state"
  grep -Eq '^rtt_measured_ms=[0-9]+\.[0-9]+$' "$state"
  grep -Eq '^rtt_base_ms=[0-9]+\.[0-9]+$' "$state"
  # the native probe where a C compiler is: 1000 round trips, pinned in the hosts; its accuracy
  # judged (held or not, never refused), printed by up and kept in the state
  if [ -x "$REPO/link-emulator/target/native/linkem-probe" ] || { command -v make && command -v cc; } >/dev/null; then
    grep -qx 'rtt_round_trips=1000' "$state"
    grep -q '^rtt_method=native probe (linkem-probe), 1000 TCP round trips of 64 bytes A to B on 1 connection(s) at once, pinned in the hosts (A cores 0, B cores 1)' "$state" ||
      grep -q '^rtt_method=native probe (linkem-probe), 1000 TCP round trips .*(A cores shared, B cores shared)' "$state"
    grep -Eq '^rtt_accuracy=(held|the box could not hold it): the link added -?[0-9.]+ ms, the profile 0.390 ms \(tolerance \+-0.020 ms, 1000 round trips\)$' "$state"
    [[ $output == *"rtt_accuracy "* ]]
  fi
}

@test "lab.sh up --profile cross-az --strict: netem adds the profile's RTT, within tolerance" {
  require_lab
  require_netem
  run "$LAB" up --profile cross-az --strict --cpus 1 --memory 768m
  echo "$output"
  [ "$status" -eq 0 ]
  ip netns exec rpcxta tc qdisc show dev lab0 | grep -q 'netem 10: parent 1:1.*delay 500us'
  grep -qx 'rtt_expected_ms=1.000' "$RPCX_LAB_STATE_DIR/state"
  # lossy: loss on both ends
  run "$LAB" up --profile lossy --cpus 1 --memory 768m
  [ "$status" -eq 0 ]
  ip netns exec rpcxtb tc qdisc show dev lab0 | grep -q 'loss 1%'
}

@test "lab.sh up --link packet --profile lossy: linkem between TAP devices, its loss and RTT, link recorded; back to veth" {
  require_lab
  [ -c /dev/net/tun ] || skip "no /dev/net/tun (CONFIG_TUN): no packet link here"
  if [ ! -x "$REPO/link-emulator/target/native/linkem" ] && ! { command -v make && command -v cc; } >/dev/null; then
    skip "the packet emulator is not built and there is no C compiler to build it"
  fi
  # under a caller's lock, as a measurement takes one (flock LOCK lab.sh up): linkem outlives
  # lab.sh, and keeps none of its descriptors, so the lock is free once lab.sh returns
  lock="$BATS_TEST_TMPDIR/measure.lock"
  run flock "$lock" "$LAB" up --link packet --profile lossy --cpus 1 --memory 768m
  echo "$output"
  [ "$status" -eq 0 ]
  flock -n "$lock" true
  state="$RPCX_LAB_STATE_DIR/state"
  grep -qx 'link=packet' "$state"
  grep -qx 'link_emulator=linkem 1.0' "$state"
  ip -d -n rpcxta link show lab0 | grep -q 'tun type tap'
  # what the link adds: the profile's 40 ms within the lab's tolerance (25 %)
  added=$(awk -F= '/^rtt_measured_ms=/ { m = $2 } /^rtt_base_ms=/ { b = $2 } END { print m - b }' "$state")
  echo "added RTT $added ms"
  awk -v a="$added" 'BEGIN { exit !(a >= 30 && a <= 50) }'
  grep -Eq '^rtt_accuracy=(held|the box could not hold it): the link added [0-9.]+ ms, the profile 40.021 ms \(tolerance \+-0.800 ms, 1000 round trips\)$' "$state"
  # the rate probe's transfer met the 1 % loss
  lost=$(sed -n 's/^linkem up .* lost=\([0-9]*\) .*/\1/p' "$RPCX_LAB_STATE_DIR/linkem.stats")
  echo "linkem lost $lost packets A -> B"
  [ "$lost" -gt 0 ]
  run "$LAB" status
  [[ $output == *"packet link: linkem up"* ]]
  pid=$(sed -n 's/^link_pid=//p' "$state")
  # a rate only: auto gives the kernel's tbf on a veth again, and stops linkem
  run "$LAB" up --rate 8mbit --cpus 1 --memory 768m
  [ "$status" -eq 0 ]
  grep -qx 'link=netem' "$state"
  ip -d -n rpcxta link show lab0 | grep -q veth
  run kill -0 "$pid"
  [ "$status" -ne 0 ]
  run "$LAB" up --link proxy
  [ "$status" -eq 2 ]
  [[ $output == *"rpcx-bench sweep --local --profile"* ]]
}

@test "lab.sh up shapes the link (measured rate near 8mbit), exec runs in each host's netns and cgroup, down leaves nothing" {
  require_lab
  run "$LAB" up --rate 8mbit --cpus 1 --memory 768m
  echo "$output"
  [ "$status" -eq 0 ]
  # the measured TCP goodput is within a sane band of the shaped wire rate
  bps=$(sed -n 's/^measured_bps=//p' "$RPCX_LAB_STATE_DIR/state")
  echo "measured $bps bit/s"
  [ "$bps" -ge 5600000 ] && [ "$bps" -le 8800000 ]
  # both ends shaped, offloads off
  ip netns exec rpcxta tc qdisc show dev lab0 | grep -q 'tbf 1: root.*rate 8Mbit'
  ip netns exec rpcxtb tc qdisc show dev lab0 | grep -q 'tbf 1: root.*rate 8Mbit'
  ip netns exec rpcxta ethtool -k lab0 | grep -q '^tcp-segmentation-offload: off'
  ip netns exec rpcxtb ethtool -k lab0 | grep -q '^generic-receive-offload: off'
  # exec: the right netns, the right cgroup, memory limit set
  run "$LAB" exec a -- ip -br addr show dev lab0
  [[ $output == *"198.18.0.9/30"* ]]
  run "$LAB" exec b -- ip -br addr show dev lab0
  [[ $output == *"198.18.0.10/30"* ]]
  run "$LAB" exec b -- cat /proc/self/cgroup
  [[ $output == *"rpcx-lab-test-b"* ]]
  if [ -f /sys/fs/cgroup/cgroup.controllers ]; then
    [ "$(cat /sys/fs/cgroup/rpcx-lab-test-a/memory.max)" = "805306368" ]
    [ "$(cat /sys/fs/cgroup/rpcx-lab-test-b/cpu.max)" = "100000 100000" ]
  else
    [ "$(cat /sys/fs/cgroup/memory/rpcx-lab-test-a/memory.limit_in_bytes)" = "805306368" ]
    [ "$(cat /sys/fs/cgroup/cpu/rpcx-lab-test-b/cpu.cfs_quota_us)" = "100000" ]
  fi
  # the hosts see each other only through the link: A reaches B's address
  "$LAB" exec a -- bash -c 'exec 3<>/dev/tcp/198.18.0.10/9' 2>&1 | grep -q 'refused'
  run "$LAB" status
  [ "$status" -eq 0 ]
  [[ $output == *"rate=8mbit"* ]]
  # up again with other settings: idempotent, updates in place
  run "$LAB" up --rate 16mbit --cpus 1 --memory 512m
  echo "$output"
  [ "$status" -eq 0 ]
  ip netns exec rpcxta tc qdisc show dev lab0 | grep -q 'rate 16Mbit'
  [ "$(ip netns list | grep -c '^rpcxt[ab]')" -eq 2 ]
  # down, with a process still running in B: everything goes
  "$LAB" exec b -- sleep 300 &
  sleep 0.5
  run "$LAB" down
  [ "$status" -eq 0 ]
  run "$LAB" down
  [ "$status" -eq 0 ]
  [ -z "$(ip netns list | grep '^rpcxt[ab]')" ]
  [ -z "$(find /sys/fs/cgroup -maxdepth 2 -name 'rpcx-lab-test-*')" ]
  [ ! -e "$RPCX_LAB_STATE_DIR/state" ]
  run "$LAB" status
  [ "$status" -eq 1 ]
  [[ $output == *"down"* ]]
  run "$LAB" exec a -- true
  [ "$status" -eq 1 ]
  [[ $output == *"the lab is down"* ]]
}

# probe BYTES: one TCP transfer of BYTES from A to B through the link; prints RateProbe's result
# line ("bits_per_s N bytes N seconds S elapsed_s S")
probe() {
  local result="$BATS_TEST_TMPDIR/probe" port='' i
  "$LAB" exec b -- java "$REPO/deploy/RateProbe.java" recv 198.18.0.10 >"$result" 2>&1 &
  local recv=$!
  for i in $(seq 1 300); do
    port=$(sed -n 's/^port //p' "$result")
    [ -n "$port" ] && break
    sleep 0.1
  done
  [ -n "$port" ]
  "$LAB" exec a -- java "$REPO/deploy/RateProbe.java" send 198.18.0.10 "$port" "$1"
  wait "$recv"
  grep '^bits_per_s ' "$result"
}

@test "lab.sh: the tbf burst is small, so a short transfer cannot beat the link rate" {
  require_lab
  run "$LAB" up --rate 1mbit --cpus 1 --memory 1g
  [ "$status" -eq 0 ]
  [ "$(sed -n 's/^burst=//p' "$RPCX_LAB_STATE_DIR/state")" = 3028 ]
  ip netns exec rpcxta tc qdisc show dev lab0 | grep -q 'rate 1Mbit burst 3028b'
  # 64 KB at 1 Mbit/s take at least 65536 * 8 / 1e6 = 0.524 s on the wire (headers add more);
  # allow 10 %. With the old 15 KB burst this transfer took 0.43 s, and 16 KB took 0.017 s.
  line=$(probe 65536)
  echo "$line"
  elapsed=$(awk '{ for (i = 1; i < NF; i++) if ($i == "elapsed_s") print $(i + 1) }' <<<"$line")
  awk -v e="$elapsed" 'BEGIN { exit !(e >= 0.9 * 65536 * 8 / 1e6) }'
  # 1 Gbit/s: 1 ms of bytes
  run "$LAB" up --rate 1gbit --cpus 1 --memory 1g
  [ "$status" -eq 0 ]
  [ "$(sed -n 's/^burst=//p' "$RPCX_LAB_STATE_DIR/state")" = 125000 ]
}
