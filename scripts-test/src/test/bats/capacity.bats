#!/usr/bin/env bats
# bench/capacity.sh: its usage and refusals before it touches a cgroup or starts a server, and one
# real point under a quota where root, a cpu controller and built jars allow it (the whole
# measurement also holds the measurement lock: its run is measurements/capacity-2026-11-25.tar.xz).

setup() {
  REPO=$(cd "$BATS_TEST_DIRNAME/../../../.." && pwd)
  CAPACITY="$REPO/bench/capacity.sh"
}

@test "--help shows the usage and an example under the measurement lock" {
  run "$CAPACITY" --help
  [ "$status" -eq 0 ]
  [[ $output == *"Usage: bench/capacity.sh"* ]]
  [[ $output == *"flock /tmp/rpcx-bench-measure.lock bench/capacity.sh"* ]]
}

@test "bad arguments exit 2 with one line" {
  run "$CAPACITY" --loud
  [ "$status" -eq 2 ]
  [[ $output == "capacity.sh: unknown option --loud (see --help)" ]]
  run "$CAPACITY" --quotas "0.2 0.05"
  [ "$status" -eq 2 ]
  [[ $output == *"--quotas 0.05: not a share of a core"*"1000 us"* ]]
  run "$CAPACITY" --quotas lots
  [ "$status" -eq 2 ]
  run "$CAPACITY" --in-flight "16 0"
  [ "$status" -eq 2 ]
  [[ $output == *"in flight 0: not a positive whole number"* ]]
  run "$CAPACITY" --period-us 10
  [ "$status" -eq 2 ]
}

@test "not root: one line, exit 2, no cgroup touched" {
  [ "$(id -u)" -eq 0 ] || skip "needs root to drop to nobody"
  command -v setpriv >/dev/null || skip "no setpriv"
  run setpriv --reuid=nobody --regid=nogroup --clear-groups "$CAPACITY" --out "$BATS_TEST_TMPDIR/out"
  [ "$status" -eq 2 ]
  [[ $output == *"capacity.sh: needs root: the server's CPU quota is a cgroup"* ]]
}

@test "one point under a quota: the snapshots are copied and capacity-point writes its line" {
  [ "$(id -u)" -eq 0 ] || skip "needs root: the server's CPU quota is a cgroup"
  [ -f "$REPO/client-harness/target/client-harness.jar" ] && [ -f "$REPO/report/target/report.jar" ] ||
    skip "jars not built (mvn -B -q package -DskipTests)"
  grep -qw cpu /sys/fs/cgroup/cgroup.controllers 2>/dev/null || [ -f /sys/fs/cgroup/cpu/cpu.cfs_quota_us ] ||
    [ -f /sys/fs/cgroup/cpu,cpuacct/cpu.cfs_quota_us ] || skip "no cgroup cpu controller"
  out="$BATS_TEST_TMPDIR/out"
  run "$CAPACITY" --protocols rpcx --quotas 0.5 --in-flight 16 --check-in-flight "" --full-in-flight "" \
    --run-seconds 1 --out "$out"
  [ "$status" -eq 0 ]
  header="$(java -jar "$REPO/report/target/report.jar" capacity-point --header)"
  [ "$(head -n 1 "$out/points.tsv")" == "$header" ]
  [ -f "$out/rpcx/q0.5-n16/before/cpu.stat" ] && [ -f "$out/rpcx/q0.5-n16/after/epoch" ]
  line="$(grep -P '^rpcx\t0.5\t16\t' "$out/points.tsv")"
  IFS=$'\t' read -r -a f <<<"$line"
  [[ ${f[4]} =~ ^[1-9][0-9]*$ ]]           # calls/s
  [[ ${f[6]} =~ ^[0-9]+\.[0-9]{2}$ ]]      # the quota used
  [[ ${f[7]} =~ ^[0-9]+\.[0-9]{3}$ ]]      # the cgroup's cores over the JVM, from the snapshots
  [[ ${f[11]} =~ ^[0-9]+\.[0-9]{2}$ ]]     # throttled periods, from the snapshots
  [ "${f[15]}" == 0 ]
  [[ ${f[16]} == rpcx/q0.5-n16/*.csv ]]
  [ -d "$out/rpcx/sizing" ]
}
