#!/usr/bin/env bats
# bench/compare.sh as a launcher of `rpcx-bench compare`, against the real jars (the comparison's
# logic has its unit tests in the runner module, io.rpcxbench.runner.compare: ComparePlanTest,
# StealRetryTest, DocSectionTest, CpuPlacementTest, CompareCommandTest; CompareLocalIT runs it end
# to end): help, bad usage, missing jars, and one tiny real run of one protocol.

setup() {
  REPO=$(cd "$BATS_TEST_DIRNAME/../../../.." && pwd)
  COMPARE="$REPO/bench/compare.sh"
  JAR="$REPO/runner/target/rpcx-bench.jar"
  [ -f "$JAR" ] || skip "rpcx-bench.jar not built (mvn -B -q -pl runner -am package -DskipTests)"
  WORK=$(mktemp -d)
}

teardown() {
  rm -rf "${WORK:-/nonexistent}"
}

@test "--help shows the launcher's usage, an example, the exit codes and rpcx-bench compare's options" {
  run "$COMPARE" --help
  [ "$status" -eq 0 ]
  [[ $output == *"Usage: bench/compare.sh"* ]]
  [[ $output == *"Example"* ]]
  [[ $output == *"7 another run is using --out"* ]]
  [[ $output == *"--in-flight=LIST"* ]]
  [[ $output == *"--warmup=DURATION"* ]]
  [[ $output == *"(default 1:20000,64:3000)"* ]]
}

@test "bad arguments exit 2 with one line naming the option" {
  run "$COMPARE" --warmup lukewarm
  [ "$status" -eq 2 ]
  [[ $output == *"'lukewarm' is not a duration"* ]]
  run "$COMPARE" --threads none --in-flight none
  [ "$status" -eq 2 ]
  [[ $output == *"no point left to run"* ]]
  run "$COMPARE" --variants rpcx --in-flight 0
  [ "$status" -eq 2 ]
  run "$COMPARE" --variants nope
  [ "$status" -eq 2 ]
  [[ $output == *"unknown protocol 'nope'"* ]]
}

@test "without the runner jar it exits 2 and says how to build it" {
  mkdir -p "$WORK/repo/bench"
  cp "$COMPARE" "$WORK/repo/bench/"
  run "$WORK/repo/bench/compare.sh" --variants rpcx
  [ "$status" -eq 2 ]
  [[ $output == *"missing $WORK/repo/runner/target/rpcx-bench.jar (build first"* ]]
}

@test "a tiny real run: the folder report compare reads, its tables, and the command in the doc" {
  for jar in server-rpcx/target/server-rpcx.jar report/target/report.jar; do
    [ -f "$REPO/$jar" ] || skip "$jar not built"
  done
  cp "$REPO/docs/performance.md" "$WORK/performance.md"
  run "$COMPARE" --variants rpcx --threads none --in-flight 2 --requests 20 --rounds 1 --runs 2 \
    --warmup 0s --retries 0 --jvm-flags "-Xmx128m -XX:+UseSerialGC" --out "$WORK/out" \
    --targets none --write-doc --doc "$WORK/performance.md"
  [ "$status" -eq 0 ]
  ls "$WORK"/out/raw/inflight-2/round1/rpcx/rpcx/*.csv
  grep -qE $'^inflight-2\trpcx\t1\t([0-9]+\.[0-9]|nan)$' "$WORK/out/steal.tsv"
  [ -s "$WORK/out/compare.md" ]
  grep -q 'Command: `flock /tmp/rpcx-bench-measure.lock bench/compare.sh --variants rpcx --threads none' "$WORK/performance.md"
  grep -q '^## Estimators' "$WORK/performance.md"
  [ "$(grep -c '^<!-- BEGIN compare -->$' "$WORK/performance.md")" -eq 1 ]
}

@test "rpcx-bench compare BASE NEW diffs two result folders (its own name is not taken for BASE)" {
  [ -f "$REPO/report/target/report.jar" ] || skip "report/target/report.jar not built"
  mkdir -p "$WORK/base/rpcx" "$WORK/new/rpcx"
  # a raw result file kept in the tree (a clean clone of main has no raw archives)
  cp "$REPO"/report/src/test/resources/raw/rpcx/t10-r100.csv "$WORK/base/rpcx/"
  cp "$REPO"/report/src/test/resources/raw/rpcx/t10-r100.csv "$WORK/new/rpcx/"
  run "$REPO/rpcx-bench" compare "$WORK/base" "$WORK/new"
  [ "$status" -eq 0 ]
  [[ $output == *"# diff: $WORK/base -> $WORK/new"* ]]
  [[ $output == *"1 points in both"* ]]
}
