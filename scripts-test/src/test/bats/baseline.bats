#!/usr/bin/env bats
# bench/baseline.sh as a launcher of `rpcx-bench compare --variants bare,rpcx` once per placement,
# against the real jars: help, bad usage, and one tiny real run unpinned.

setup() {
  REPO=$(cd "$BATS_TEST_DIRNAME/../../../.." && pwd)
  BASELINE="$REPO/bench/baseline.sh"
  WORK=$(mktemp -d)
  export RPCX_MEASURE_LOCK="$WORK/lock"
}

teardown() {
  rm -rf "${WORK:-/nonexistent}"
}

@test "--help shows the usage, the placements, an example and the exit codes" {
  run "$BASELINE" --help
  [ "$status" -eq 0 ]
  [[ $output == *"Usage: bench/baseline.sh"* ]]
  [[ $output == *'"pinned": servers on one half of the CPUs'* ]]
  [[ $output == *"Example:"* ]]
  [[ $output == *"Exit codes: rpcx-bench compare's"* ]]
}

@test "bad arguments exit 2 with one line naming the option" {
  run "$BASELINE" --placements loose
  [ "$status" -eq 2 ]
  [[ $output == "baseline.sh: --placements: 'loose' is not pinned or unpinned" ]]
  run "$BASELINE" --runs 1
  [ "$status" -eq 2 ]
  [[ $output == *"--runs must be at least 2"* ]]
  run "$BASELINE" --nope
  [ "$status" -eq 2 ]
  [[ $output == *"unknown option '--nope'"* ]]
}

@test "a tiny real run unpinned: both variants in compare's table, the placement recorded" {
  for jar in runner/target/rpcx-bench.jar server-rpcx/target/server-rpcx.jar \
    report/target/report.jar; do
    [ -f "$REPO/$jar" ] || skip "$jar not built"
  done
  [ -f "$REPO/bench/target/bench.jar" ] || [ -f "$REPO/bench/target/benchmarks.jar" ] ||
    skip "bench jar (bare) not built"
  run "$BASELINE" --rounds 1 --runs 2 --threads 1 --requests 1:50 --warmup 0s \
    --placements unpinned --out "$WORK/out"
  [ "$status" -eq 0 ]
  grep -q '^pinning: not pinned (--placement unpinned)$' "$WORK/out/unpinned/machine.txt"
  grep -q '^| 1 | bare Netty floor | ' "$WORK/out/unpinned/compare.md"
  grep -q '^| 1 | RPCX | ' "$WORK/out/unpinned/compare.md"
  [ ! -d "$WORK/out/pinned" ]
}
