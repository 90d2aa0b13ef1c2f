#!/usr/bin/env bats
# deploy/repro-repeat.sh, the driver of the reproduction's repeat, with the plan of this checkout's
# `rpcx-bench repeat` (its rules have unit tests: the runner's RepeatPlanTest; the sweeps
# themselves are sweep.sh's and the lab's, tested in sweep.bats and lab.bats): help, bad
# arguments, one commit for every sweep, the plan that skips finished sweeps, and whole runs of a
# stubbed commit.

setup() {
  REPO=$(cd "$BATS_TEST_DIRNAME/../../../.." && pwd)
  REPEAT="$REPO/deploy/repro-repeat.sh"
  export RPCX_BENCH_JAR="$REPO/runner/target/rpcx-bench.jar"
  [ -f "$RPCX_BENCH_JAR" ] || skip "rpcx-bench.jar not built (mvn -B -q -pl runner -am package -DskipTests)"
  WORK=$(mktemp -d)
}

teardown() {
  rm -rf "${WORK:-/nonexistent}"
}

@test "--help names the regimes, the grid and the exit codes" {
  run "$REPEAT" --help
  [ "$status" -eq 0 ]
  [[ $output == *"Usage: deploy/repro-repeat.sh"* ]]
  [[ $output == *"a-1gbit-total at 1gbit: --requests-per total"* ]]
  [[ $output == *"b-1mbit-thread at 1mbit: --requests-per thread"* ]]
  [[ $output == *"grid: --protocol rpcx,grpc,openfeign --threads 10:910:100,990 --requests 100,300,500 --runs 10"* ]]
  [[ $output == *"Exit: 0"*"2 bad arguments"* ]]
}

@test "bad arguments exit 2 with one line naming the option" {
  run "$REPEAT" --reps 0 --dry-run --out "$WORK/out"
  [ "$status" -eq 2 ]
  [[ $output == *"--reps: a count from 1 to 99, not '0'"* ]]
  run "$REPEAT" --regimes a-1gbit-total,c-10gbit --dry-run --out "$WORK/out"
  [ "$status" -eq 2 ]
  [[ $output == *"--regimes: unknown regime 'c-10gbit'"* ]]
  run "$REPEAT" --until 25:99 --dry-run --out "$WORK/out"
  [ "$status" -eq 2 ]
  [[ $output == *"--until: a time of day HH:MM"* ]]
  run "$REPEAT" --commit no-such-rev --dry-run --out "$WORK/out"
  [ "$status" -eq 2 ]
  [[ $output == *"--commit: no commit 'no-such-rev'"* ]]
  run "$REPEAT" --frobnicate
  [ "$status" -eq 2 ]
  [[ $output == *"unknown argument: --frobnicate"* ]]
}

@test "the plan: repetition after repetition, finished sweeps skipped, the recorded commit kept" {
  head=$(git -C "$REPO" rev-parse HEAD)
  mkdir -p "$WORK/out/rep-1/a-1gbit-total"
  echo "$head" >"$WORK/out/commit"
  touch "$WORK/out/rep-1/a-1gbit-total/done"
  run "$REPEAT" --reps 2 --regimes a-1gbit-total,b-1mbit-total --dry-run --out "$WORK/out"
  [ "$status" -eq 0 ]
  [[ $output == *"commit ${head:0:7}, worktree /var/tmp/rpcx-repro-${head:0:7}"* ]]
  [ "$(echo "$output" | tail -n 4 | tr '\n' '|')" = \
    "rep 1 a-1gbit-total: done|rep 1 b-1mbit-total: to run|rep 2 a-1gbit-total: to run|rep 2 b-1mbit-total: to run|" ]
}

@test "another commit than the one the folder measures is refused: sweeps never mix commits" {
  head=$(git -C "$REPO" rev-parse HEAD)
  parent=$(git -C "$REPO" rev-parse HEAD~1)
  mkdir -p "$WORK/out"
  echo "$parent" >"$WORK/out/commit"
  run "$REPEAT" --commit "$head" --dry-run --out "$WORK/out"
  [ "$status" -eq 2 ]
  [[ $output == *"measures $parent; --commit $head would mix commits"* ]]
}

@test "a relative --out is the folder under the current directory, not under the worktree" {
  head=$(git -C "$REPO" rev-parse HEAD)
  mkdir -p "$WORK/here"
  cd "$WORK/here"
  run "$REPEAT" --commit "$head" --reps 1 --regimes a-1gbit-total --dry-run --out rel/out
  [ "$status" -eq 0 ]
  [[ $output == *"out $WORK/here/rel/out"* ]]
}

@test "the 1 Mbit/s T x R regime is planned as three labs side by side, the others one lab" {
  head=$(git -C "$REPO" rev-parse HEAD)
  run "$REPEAT" --commit "$head" --reps 1 --regimes a-1gbit-thread,b-1mbit-thread --dry-run \
    --out "$WORK/out"
  [ "$status" -eq 0 ]
  [ "$(echo "$output" | tail -n 2 | tr '\n' '|')" = \
    "rep 1 a-1gbit-thread: to run|rep 1 b-1mbit-thread: to run (three labs side by side)|" ]
  run "$REPEAT" --help
  [[ $output == *"b-1mbit-thread at 1mbit: "*"(three labs side by side, one a protocol)"* ]]
}

# a commit whose lab.sh and sweep.sh only log what they were asked, with its jar in place (no
# build): the driver runs from it, with the commit as its own worktree
stub_commit() {
  local repo=$WORK/stub
  mkdir -p "$repo/deploy" "$repo/runner/target" "$repo/client-harness/target"
  cp "$REPEAT" "$repo/deploy/"
  cp "$REPO/rpcx-bench" "$repo/"
  printf '#!/usr/bin/env bash\necho "lab ${RPCX_LAB_NS_A:-rpcxa} ${RPCX_LAB_ADDR_B:-198.18.0.2} $*" >>"$STUB_LOG"\n' \
    >"$repo/deploy/lab.sh"
  printf '#!/usr/bin/env bash\necho "sweep ${RPCX_LAB_NS_A:-rpcxa} $*" >>"$STUB_LOG"\n' >"$repo/sweep.sh"
  chmod +x "$repo/deploy/lab.sh" "$repo/sweep.sh"
  echo target/ >"$repo/.gitignore"
  touch "$repo/runner/target/rpcx-bench.jar" "$repo/client-harness/target/client-harness.jar"
  git -C "$repo" init -q
  git -C "$repo" add -A
  git -C "$repo" -c user.name=t -c user.email=t@t commit -qm stub
  echo "$repo"
}

# one repetition of REGIME by the stub commit's own driver, its stubs logging to $STUB_LOG
run_stub_driver() {
  export STUB_LOG=$WORK/stub.log RPCX_MEASURE_LOCK=$WORK/lock
  run "$1/deploy/repro-repeat.sh" --reps 1 --regimes "$2" --worktree "$1" --out "$WORK/out"
}

@test "side by side: each protocol sweeps in a lab of its own, into lab-PROTOCOL, then done" {
  [ "$(id -u)" -eq 0 ] || skip "the driver needs root (the lab's namespaces)"
  repo=$(stub_commit)
  run_stub_driver "$repo" b-1mbit-thread
  [ "$status" -eq 0 ]
  [ -f "$WORK/out/rep-1/b-1mbit-thread/done" ]
  for k in 1 2 3; do
    grep -q "^lab rpcxa$k 198.18.$k.2 up --rate 1mbit --cpus 1 --memory 2g$" "$STUB_LOG"
  done
  grep -q "^sweep rpcxa1 --lab --protocol rpcx --threads .*--skip-dominated --out $WORK/out/rep-1/b-1mbit-thread/lab-rpcx$" "$STUB_LOG"
  grep -q "^sweep rpcxa2 --lab --protocol grpc .*--out $WORK/out/rep-1/b-1mbit-thread/lab-grpc$" "$STUB_LOG"
  grep -q "^sweep rpcxa3 --lab --protocol openfeign .*--out $WORK/out/rep-1/b-1mbit-thread/lab-openfeign$" "$STUB_LOG"
  [ "$(grep -c '^sweep' "$STUB_LOG")" -eq 3 ]
  # every lab is taken down after the sweeps
  [ "$(grep -c '^lab rpcxa[123] .* down$' "$STUB_LOG")" -ge 3 ]
}

@test "side by side: one protocol's failed sweep fails the regime, which is not marked done" {
  [ "$(id -u)" -eq 0 ] || skip "the driver needs root (the lab's namespaces)"
  repo=$(stub_commit)
  printf '#!/usr/bin/env bash\n[[ $* == *openfeign* ]] && exit 5\nexit 0\n' >"$repo/sweep.sh"
  git -C "$repo" -c user.name=t -c user.email=t@t commit -qam "openfeign's sweep fails"
  run_stub_driver "$repo" b-1mbit-thread
  [ "$status" -eq 1 ]
  [ ! -f "$WORK/out/rep-1/b-1mbit-thread/done" ]
  grep -q "the sweep failed, exit 5" "$WORK/out/log"
}

@test "a stop: the point it interrupted goes if the runner kept it incomplete, a cut point stays" {
  [ "$(id -u)" -eq 0 ] || skip "the driver needs root (the lab's namespaces)"
  repo=$(stub_commit)
  # the sweep as a stop leaves it: the point in progress kept as incomplete (exit 130), an
  # earlier point cut by its own limit (exit 1), and timeout(1)'s 124
  cat >"$repo/sweep.sh" <<'STUB'
#!/usr/bin/env bash
out=${*: -1}
mkdir -p "$out/rpcx"
printf '# status: incomplete\n' >"$out/rpcx/t10-r100.csv"
printf '# status: incomplete\n' >"$out/rpcx/t10-r500.csv"
printf '%s\n' "01:00:00 [1/99] rpcx t10 r100: incomplete (exit 1, 9/10 runs kept) in 1.0s" \
  "01:00:05 [3/99] rpcx t10 r500: incomplete (exit 130, 9/10 runs kept) in 1.0s" \
  >"$out/sweep-20261126-010000.log"
exit 124
STUB
  git -C "$repo" -c user.name=t -c user.email=t@t commit -qam "a stopped sweep"
  run_stub_driver "$repo" a-1gbit-thread
  [ "$status" -eq 0 ]
  dir=$WORK/out/rep-1/a-1gbit-thread
  [ ! -e "$dir/rpcx/t10-r500.csv" ]
  [ -f "$dir/rpcx/t10-r100.csv" ]
  [ ! -f "$dir/done" ]
  grep -q "removed $dir/rpcx/t10-r500.csv: interrupted by the stop" "$WORK/out/log"
  grep -q "stopped at --until" "$WORK/out/log"
}

@test "a sweep that went through its plan with failed or timed-out points (exit 1) is done" {
  [ "$(id -u)" -eq 0 ] || skip "the driver needs root (the lab's namespaces)"
  repo=$(stub_commit)
  printf '#!/usr/bin/env bash\nexit 1\n' >"$repo/sweep.sh"
  git -C "$repo" -c user.name=t -c user.email=t@t commit -qam "a point timed out"
  run_stub_driver "$repo" a-1gbit-thread
  [ "$status" -eq 0 ]
  [ -f "$WORK/out/rep-1/a-1gbit-thread/done" ]
  grep -q "rep 1 a-1gbit-thread: done, with points that failed, timed out or had errors" "$WORK/out/log"
  # one lab, the default one, under lab.sh's own names; nothing of the environment in the log
  grep -q "^lab rpcxa 198.18.0.2 up --rate 1gbit --cpus 1 --memory 2g$" "$STUB_LOG"
  [ "$(grep -c 'declare -x' "$WORK/out/log")" -eq 0 ]
  [[ $output != *"declare -x"* ]]
}
