#!/usr/bin/env bats
# bench/capacity.sh's usage and refusals, before it touches a cgroup or starts a server (the
# measurement itself needs root, a cpu controller and the measurement lock: its run is
# docs/measurements/capacity-2026-11-25).

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
