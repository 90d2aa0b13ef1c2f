#!/usr/bin/env bats
# bench/gc-check.sh: its usage and refusals before it starts a server (a whole check loads the box
# for minutes and holds the measurement lock: its run is docs/performance.md's GC section, whose
# numbers the report tool's gc-check computes and GcCheckTableTest regenerates).

setup() {
  REPO=$(cd "$BATS_TEST_DIRNAME/../../../.." && pwd)
  GC_CHECK="$REPO/bench/gc-check.sh"
}

@test "--help shows the usage and an example under the measurement lock" {
  run "$GC_CHECK" --help
  [ "$status" -eq 0 ]
  [[ $output == *"Usage: bench/gc-check.sh"* ]]
  [[ $output == *"flock /tmp/rpcx-bench-measure.lock bench/gc-check.sh"* ]]
}

@test "bad arguments exit 2 with one line" {
  run "$GC_CHECK" --loud
  [ "$status" -eq 2 ]
  [[ $output == "gc-check.sh: unknown option '--loud' (try --help)" ]]
  run "$GC_CHECK" --seconds soon
  [ "$status" -eq 2 ]
  [[ $output == "gc-check.sh: --seconds must be a positive count, got 'soon'" ]]
  run "$GC_CHECK" --many-rounds
  [ "$status" -eq 2 ]
  [[ $output == "gc-check.sh: --many-rounds needs a value" ]]
}
