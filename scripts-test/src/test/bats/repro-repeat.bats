#!/usr/bin/env bats
# deploy/repro-repeat.sh's plan and its refusals (the sweeps themselves are sweep.sh's and the
# lab's, tested in sweep.bats and lab.bats): help, bad arguments, one commit for every sweep, the
# plan that skips finished sweeps.

setup() {
  REPO=$(cd "$BATS_TEST_DIRNAME/../../../.." && pwd)
  REPEAT="$REPO/deploy/repro-repeat.sh"
  WORK=$(mktemp -d)
}

teardown() {
  rm -rf "${WORK:-/nonexistent}"
}

@test "--help names the regimes, the grid and the exit codes" {
  run "$REPEAT" --help
  [ "$status" -eq 0 ]
  [[ $output == *"Usage: deploy/repro-repeat.sh"* ]]
  [[ $output == *"a-1gbit-total,b-1mbit-total,a-1gbit-thread,b-1mbit-thread"* ]]
  [[ $output == *"--threads 10:910:100,990 --requests 100,300,500 --runs 10"* ]]
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
