#!/usr/bin/env bats
# deploy/fleet/sweep.yml for real: four hosts on this machine (network namespaces rbfleet-c1..c3,
# the client hosts, and rbfleet-s1, the server host, 198.19.16.1-4/24 on a bridge that also holds
# 198.19.16.254 in the root namespace), each with its own sshd and its own private remote folder (a
# tmpfs in the sshd's mount namespace), ansible-playbook run from the root namespace with the
# repo's real jars. Needs root, sshd, ansible-playbook (pip install ansible-core==2.19.14) and the
# built jars. The tests run in order and build on each other.


require_env() {
  [ "$(id -u)" -eq 0 ] || skip "not root: the fleet test creates network namespaces and runs sshd"
  [ -x /usr/sbin/sshd ] || skip "sshd not installed (apt-get install openssh-server)"
  command -v ssh >/dev/null || skip "ssh not installed"
  command -v ansible-playbook >/dev/null || skip "ansible-playbook not installed (pip install ansible-core==2.19.14)"
  [ -x /usr/bin/python3 ] || skip "/usr/bin/python3 missing (the hosts' Python for Ansible)"
  ip netns add rbfleet-probe 2>/dev/null || skip "no network namespace support here"
  ip netns del rbfleet-probe
  for j in client-harness/target/client-harness.jar runner/target/rpcx-bench.jar server-rpcx/target/server-rpcx.jar report/target/report.jar; do
    [ -f "$REPO/$j" ] || skip "$j not built (mvn -B package -DskipTests)"
  done
}

# the hosts: addr, link_up, start_sshd, inventory, kill_ns, teardown_net, hosts_up
# shellcheck source=deploy/fleet/netns-hosts.sh
source "$BATS_TEST_DIRNAME/../../../../deploy/fleet/netns-hosts.sh"
CLIENTS=3

setup_file() {
  REPO=$(cd "$BATS_TEST_DIRNAME/../../../.." && pwd)
  export REPO
  require_env
  export WORK="$BATS_FILE_TMPDIR/fleet"
  export REMOTE="$WORK/remote"
  mkdir -p "$WORK"
  hosts_up
  inventory "$WORK/three.ini" c1 c2 c3
  # rbc4's address is on the bridge's network but no host has it: unreachable
  inventory "$WORK/four.ini" c1 c2 c3
  sed -i "s/^\[servers\]/rbc4 ansible_host=$NET.9\n[servers]/" "$WORK/four.ini"
}

teardown_file() {
  [ "$(id -u)" -eq 0 ] || return 0
  teardown_net
}

setup() {
  [ -n "${WORK:-}" ] && [ -d "$WORK" ] || skip "no fleet (see setup_file)"
  export ANSIBLE_NOCOLOR=1 ANSIBLE_RETRY_FILES_ENABLED=0
  RAW="$WORK/results/raw"
  MERGED="$WORK/results/merged"
}

# playbook INVENTORY -e ...: the sweep from the repo root, as the docs show it
playbook() {
  local inv=$1
  shift
  (cd "$REPO" && ansible-playbook -i "$inv" deploy/fleet/sweep.yml \
    -e "fleet_dir=$REMOTE" -e "results_dir=$RAW" -e "merged_dir=$MERGED" \
    -e "server_jvm_opts='-Xms64m -Xmx256m -XX:+UseSerialGC'" -e "harness_jvm_opts='-Xmx256m -XX:+UseSerialGC'" \
    -e protocols=rpcx -e start_lead_s=10 "$@")
}

prov() { sed -n "s/^# $2: //p" "$1" | head -n 1; }

@test "a point on three client hosts at once: one start instant, exact merge of the histograms" {
  run playbook "$WORK/three.ini" -e threads=2 -e requests=1000 -e runs=3 -e run_slot_s=5 \
    -e start_lead_s=15 -e keep_servers=true
  echo "$output"
  [ "$status" -eq 0 ]
  local files=() c starts=() released=()
  for c in rbc1 rbc2 rbc3; do
    f="$RAW/$c/rpcx/t2-r1000.csv"
    files+=("$f")
    grep -qx '# status: complete' "$f"
    [ "$(prov "$f" client_host)" = "$c" ]
    [ "$(prov "$f" fleet_clients)" = "rbc1 rbc2 rbc3" ]
    [ "$(prov "$f" target)" = "198.19.16.4:8081" ]
    [[ $(prov "$f" server_assignment) == "round-robin: rbs1 (client "*" of 3, 1 server hosts)" ]]
    [[ $(prov "$f" clock_offset_by) == round-trip* ]]
    starts+=("$(prov "$f" start_at)")
    [ "$(prov "$f" start_at_runs | wc -w)" -eq 3 ]
    released+=("$(prov "$f" released_at_ms)")
  done
  # one start instant for all, computed once
  [ "${starts[0]}" = "${starts[1]}" ] && [ "${starts[1]}" = "${starts[2]}" ]
  # the three actual releases lie together: one clock here, so only wake-up lateness parts them.
  # Without the one instant they would lie seconds apart (Ansible starts the hosts one by one)
  spread=$(printf '%s\n' "${released[@]}" | sort -n | awk 'NR==1{a=$1} {b=$1} END{print b-a}')
  echo "release spread: $spread ms"
  together_or_said "$spread" "${files[@]}"
  [[ $(awk -v s="$spread" 'BEGIN { print (s > 50) }') == 0 || $output == *"warning: the first releases lie "*" ms apart"* ]]
  merged="$MERGED/rpcx/t2-r1000-x3.csv"
  [ "$(prov "$merged" status)" = complete ]
  [ "$(prov "$merged" threads)" = 6 ]
  [ "$(prov "$merged" client_host)" = "rbc1+rbc2+rbc3" ]
  [[ $output == *"rpcx t2-r1000"*"on 3 hosts (rbc1 rbc2 rbc3) -> $merged: complete, 3 runs"* ]]
  # per order: calls = the sum over the hosts, p99 = the p99 of the added histograms (computed
  # here apart from report.jar's merge)
  expected=$(java -cp "$REPO/report/target/report.jar" "$BATS_TEST_DIRNAME/HistogramSum.java" "${files[@]}")
  echo "expected: $expected"
  actual=$(paste -d' ' \
    <(java -jar "$REPO/report/target/report.jar" show "$merged" --column order) \
    <(java -jar "$REPO/report/target/report.jar" show "$merged" --column calls) \
    <(java -jar "$REPO/report/target/report.jar" show "$merged" --column p99_us))
  echo "actual: $actual"
  [ "$expected" = "$actual" ]
  [ "$(wc -l <<<"$actual")" -eq 3 ]
  # with run_slot_s every run is released together, not seconds apart as the runs' times would
  # have them drift (see together_or_said)
  spreads=$(awk -F, '/^#/ { next } !h { for (i = 1; i <= NF; i++) if ($i == "start_spread_ms") c = i; h = 1; next }
    { print $c }' "$merged")
  echo "per-run release spreads (ms): $spreads"
  [ "$(wc -w <<<"$spreads")" -eq 3 ]
  for s in $spreads; do together_or_said "$s" "${files[@]}"; done
}

# together_or_said SPREAD_MS FILE...: releases at one instant lie within 50 ms of each other, or
# else the hosts' files say they were late by as much (a host woken late on this busy box: CI runs
# other suites and builds beside this one, and three client JVMs and a server share its 2 CPUs; one
# CI run saw a host ready over a second after the instant). Either way the spread is accounted for:
# without the instant no host would have a lateness to say
together_or_said() {
  local spread=$1 late
  shift
  awk -v s="$spread" 'BEGIN { exit !(s >= 0) }'
  awk -v s="$spread" 'BEGIN { exit !(s <= 50) }' && return 0
  late=$(for f in "$@"; do prov "$f" start_late_max_ms; done | sort -g | tail -n 1)
  echo "spread $spread ms over 50: the latest host says it was released $late ms late"
  awk -v s="$spread" -v l="$late" 'BEGIN { exit !(l >= s - 1) }'
}

# col FILE NAME: the column's values, one per row (plain CSV, as the raw format writes it)
col() {
  awk -F, -v n="$2" '/^#/ || NF == 0 { next } !h { for (i = 1; i <= NF; i++) if ($i == n) c = i; h = 1; next }
    { print $c }' "$1"
}

@test "the open loop on three client hosts: one schedule split three ways, rates added, p99 of the added histograms" {
  run playbook "$WORK/three.ini" -e rates=600 -e duration=3s -e runs=2 -e run_slot_s=8 \
    -e start_lead_s=15 -e keep_servers=true
  echo "$output"
  [ "$status" -eq 0 ]
  local files=() c starts=() f
  for c in rbc1 rbc2 rbc3; do
    f="$RAW/$c/rpcx/open-r200-d3s.csv"
    files+=("$f")
    grep -qx '# status: complete' "$f"
    [ "$(prov "$f" rate_schedule)" = "200:PT3S" ]
    [ "$(prov "$f" fleet_rate_schedule)" = "600:PT3S" ]
    [ "$(prov "$f" fleet_clients)" = "rbc1 rbc2 rbc3" ]
    [[ $(prov "$f" clock_offset_by) == round-trip* ]]
    [ -n "$(prov "$f" clock_offset_ms)" ]
    starts+=("$(prov "$f" start_at)")
    # the generator's health in every run: its CPU, its scheduling lag, its GC pauses
    for column in client_cpu_s max_lag_us send_lag_p99_us gc_pauses gc_pause_ms limited_by; do
      [ "$(col "$f" "$column" | grep -c .)" -eq 2 ]
    done
  done
  [ "${starts[0]}" = "${starts[1]}" ] && [ "${starts[1]}" = "${starts[2]}" ]
  merged="$MERGED/rpcx/open-r600-d3s-x3.csv"
  [ "$(prov "$merged" status)" = complete ]
  [ "$(prov "$merged" rate_schedule)" = "600:PT3S" ]
  [ "$(prov "$merged" rate_schedule_per_host)" = "200:PT3S" ]
  [[ $(prov "$merged" kept_up) =~ ^(yes|no)$ ]]
  [ -n "$(prov "$merged" behind_hosts)" ]
  [[ $(prov "$merged" dropped_by_host) == "rbc1="*" rbc2="*" rbc3="* ]]
  [[ $output == *"-> $merged: complete, 2 runs"*"fleet achieved "*" of 600.000 calls/s"*"kept up: "* ]]
  # per run: the merged achieved rate is the hosts' summed (within 1 %), the fleet's target 600
  local order sum got
  for order in 0 1; do
    sum=$(for f in "${files[@]}"; do col "$f" achieved_rate | sed -n "$((order + 1))p"; done | awk '{ s += $1 } END { print s }')
    got=$(col "$merged" achieved_rate | sed -n "$((order + 1))p")
    echo "order $order: hosts' achieved sum $sum, merged $got"
    awk -v a="$sum" -v b="$got" 'BEGIN { d = a - b; if (d < 0) d = -d; exit !(a > 0 && d <= a / 100) }'
    [ "$(col "$merged" target_rate | sed -n "$((order + 1))p")" = "600.000" ]
  done
  # calls and p99 per order: those of the hosts' histograms added (apart from report.jar's merge)
  expected=$(java -cp "$REPO/report/target/report.jar" "$BATS_TEST_DIRNAME/HistogramSum.java" "${files[@]}")
  actual=$(paste -d' ' <(col "$merged" order) <(col "$merged" calls) <(col "$merged" p99_us))
  echo "expected: $expected"
  echo "actual: $actual"
  [ "$expected" = "$actual" ]
}

@test "the open loop with a client host killed mid-point: incomplete, the host named, the fleet short" {
  playbook "$WORK/three.ini" -e rates=900 -e duration=3s -e runs=3 -e run_slot_s=6 -e keep_servers=true \
    >"$WORK/open-killed.log" 2>&1 &
  local pb=$! i p
  # as soon as rbc3's harness runs (waiting for the start instant), kill it
  for i in $(seq 1 1200); do
    p=$(ip netns pids "$NS_PREFIX-c3" | while read -r q; do
      tr '\0' ' ' <"/proc/$q/cmdline" 2>/dev/null | grep -q 'client-harness.jar --protocol rpcx --rate-schedule 300:PT3S' && echo "$q"
    done | head -n 1)
    [ -n "$p" ] && break
    sleep 0.1
  done
  [ -n "$p" ]
  kill -KILL "$p"
  local rc=0
  wait "$pb" || rc=$?
  cat "$WORK/open-killed.log"
  [ "$rc" -ne 0 ]
  merged="$MERGED/rpcx/open-r900-d3s-x3.csv"
  [ "$(prov "$merged" status)" = incomplete ]
  [ "$(prov "$merged" missing_hosts)" = rbc3 ]
  [ "$(prov "$merged" kept_up)" = no ]
  [[ $(prov "$merged" kept_up_why) == *"(hosts missing)"* ]]
  [ "$(prov "$merged" fleet_target_rate)" = "900.000" ]
  grep -q "rpcx open-r300-d3s .*on 3 hosts (rbc1 rbc2 rbc3) .*INCOMPLETE: missing rbc3 (no file); merged from rbc1 rbc2 only" "$WORK/open-killed.log"
  [ ! -e "$RAW/rbc3/rpcx/open-r300-d3s.csv" ]
}

@test "an unreachable client host and one killed mid-point: one clear line, the point incomplete naming both" {
  playbook "$WORK/four.ini" -e threads=2 -e requests=500 -e runs=2 -e keep_servers=true \
    >"$WORK/killed.log" 2>&1 &
  local pb=$! i
  # as soon as rbc3's harness runs (waiting for the start instant), cut rbc3 off the network
  for i in $(seq 1 1200); do
    ip netns pids "$NS_PREFIX-c3" | xargs -r -I{} cat /proc/{}/cmdline 2>/dev/null | tr '\0' ' ' |
      grep -q 'client-harness.jar --protocol rpcx --threads 2 --requests 500' && break
    sleep 0.1
  done
  ip link del rbfl-c3
  local rc=0
  wait "$pb" || rc=$?
  cat "$WORK/killed.log"
  [ "$rc" -ne 0 ]
  [ "$(grep -c 'fleet: client rbc4 (198.19.16.9) is UNREACHABLE' "$WORK/killed.log")" -eq 1 ]
  merged="$MERGED/rpcx/t2-r500-x4.csv"
  [ "$(prov "$merged" status)" = incomplete ]
  [ "$(prov "$merged" missing_hosts)" = "rbc3 rbc4" ]
  grep -q "rpcx t2-r500 .*on 4 hosts (rbc1 rbc2 rbc3 rbc4) .*INCOMPLETE: missing rbc3 rbc4 (no file); merged from rbc1 rbc2 only, not a whole point" "$WORK/killed.log"
  [ -f "$RAW/rbc1/rpcx/t2-r500.csv" ] && [ -f "$RAW/rbc2/rpcx/t2-r500.csv" ]
  [ ! -e "$RAW/rbc3/rpcx/t2-r500.csv" ] && [ ! -e "$RAW/rbc4" ]
}

@test "a rerun resumes: hosts whose files are here are not rerun" {
  # rbc3 back on the network, without what it was running
  ip netns pids "$NS_PREFIX-c3" | while read -r p; do
    if tr '\0' ' ' <"/proc/$p/cmdline" 2>/dev/null | grep -q client-harness.jar; then kill -KILL "$p" || true; fi
  done
  link_up c3
  sum_before=$(cat "$RAW"/rbc[12]/rpcx/*.csv | md5sum)
  run playbook "$WORK/four.ini" -e threads=2 -e requests=500,1000 -e runs=2
  echo "$output"
  [ "$status" -ne 0 ]
  [ "$(cat "$RAW"/rbc[12]/rpcx/*.csv | md5sum)" = "$sum_before" ]
  for c in rbc1 rbc2 rbc3; do
    [[ $output == *"fleet: rpcx/t2-r1000.csv on $c: already in $RAW/$c, not rerun"* ]]
  done
  for c in rbc1 rbc2; do
    [[ $output == *"fleet: rpcx/t2-r500.csv on $c: already in $RAW/$c, not rerun"* ]]
  done
  [[ $output == *"fleet: rpcx/t2-r500.csv on rbc3: ran (exit 0"* ]]
  [ -f "$RAW/rbc3/rpcx/t2-r500.csv" ]
  # the first point is still whole; the second names what keeps it from being whole: rbc3 ran
  # later than the others, rbc4 never
  [[ $output == *"rpcx t2-r1000 "*"on 3 hosts (rbc1 rbc2 rbc3) -> $MERGED/rpcx/t2-r1000-x3.csv: complete"* ]]
  merged="$MERGED/rpcx/t2-r500-x4.csv"
  [ "$(prov "$merged" status)" = incomplete ]
  [ "$(prov "$merged" missing_hosts)" = rbc4 ]
  [[ $(prov "$merged" not_together) == *"rbc1 rbc2 start_at"*"rbc3 start_at"* ]]
  # the servers were stopped at the end (keep_servers false)
  ! ip netns pids "$NS_PREFIX-s1" | xargs -r -I{} cat /proc/{}/cmdline 2>/dev/null | tr '\0' ' ' | grep -q 'server-rpcx'
}

# rpcx-bench on the fleet: the runner's points, each one merged point of the three client hosts
bench_on_fleet() {
  (cd "$REPO" && CLIENT_JVM_OPTS='-Xmx256m -XX:+UseSerialGC' ./rpcx-bench "$@" \
    --fleet "$WORK/three.ini" --fleet-var "fleet_dir=$REMOTE" --fleet-var start_lead_s=8 \
    --server-jvm-flags '-Xms64m -Xmx256m -XX:+UseSerialGC')
}

servers_running() { ip netns pids "$NS_PREFIX-s1" | xargs -r -I{} cat /proc/{}/cmdline 2>/dev/null | tr '\0' ' ' | grep -c 'server-rpcx.jar' || true; }

@test "rpcx-bench sweep --fleet: a rate sweep whose every rate is the fleet's, one merged point each" {
  ip link show rbfl-c3 >/dev/null 2>&1 || link_up c3
  out="$WORK/fleet-sweep/raw"
  run bench_on_fleet sweep --protocol rpcx --rates 300,600 --duration 2s --runs 2 --out "$out"
  echo "$output"
  [ "$status" -eq 0 ]
  [[ $output == *"fleet: 3 client hosts (rbc1 rbc2 rbc3) against rbs1"* ]]
  local rate share f c
  for rate in 300 600; do
    share=$((rate / 3))
    f="$out/rpcx/open-r$rate-d2s-x3.csv"
    [ "$(prov "$f" status)" = complete ]
    [ "$(prov "$f" rate_schedule)" = "$rate:PT2S" ]
    [ "$(prov "$f" merged_hosts)" = "rbc1 rbc2 rbc3" ]
    [ "$(prov "$f" kept_up)" = yes ]
    [ "$(col "$f" target_rate | sort -u)" = "$rate.000" ]
    for c in rbc1 rbc2 rbc3; do
      [ "$(prov "$out-hosts/rpcx/open-r$rate-d2s-x3/$c/rpcx/open-r$share-d2s.csv" rate_schedule)" = "$share:PT2S" ]
    done
  done
  # the sweep's end stops the fleet's servers (stop.yml)
  [[ $output == *"fleet: servers stopped"* ]]
  [ "$(servers_running)" -eq 0 ]
  # a rerun resumes: both points exist, nothing runs
  run bench_on_fleet sweep --protocol rpcx --rates 300,600 --duration 2s --runs 2 --out "$out"
  [ "$status" -eq 0 ]
  [[ $output == *"exists (complete), skipped"* ]]
  [[ $output != *"ansible-playbook"* ]]
}

@test "rpcx-bench choose --fleet: each probe a fleet point, the capacity the fleet's" {
  out="$WORK/fleet-choose"
  run bench_on_fleet choose --protocol rpcx,rpcx --slo 'p99<=2s' --start-rate 300 --max-rate 300 --rounds 1 \
    --probe-duration 2s --shared-runs 1 --no-report --out "$out"
  echo "$output"
  [ "$status" -eq 0 ]
  [[ $output == *"round 1 rpcx: capacity 300 calls/s"* ]]
  [[ $output == *"round 1 rpcx#2: capacity 300 calls/s"* ]]
  grep -q 'target.*fleet of 3 client hosts (rbc1 rbc2 rbc3)' "$out"/*settings* || grep -rq 'fleet of 3 client hosts' "$out"
  local f
  for c in rpcx rpcx#2; do
    f=$(find "$out/probes/round1/$c" -name 'open-r300-*-x3.csv' | head -n 1)
    [ -n "$f" ]
    [ "$(prov "$f" status)" = complete ]
    [ "$(prov "$f" choose_candidate)" = "$c" ]
    # a fresh JVM on each host: its warm-up 4 calls in flight, not the probe's own rate
    [ "$(prov "$f" warmup_in_flight)" = 4 ]
    f=$(find "$out/shared/round1/$c" -name '*-x3.csv' | head -n 1)
    [ "$(prov "$f" status)" = complete ]
  done
  [ "$(servers_running)" -eq 0 ]
}
