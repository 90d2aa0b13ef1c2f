#!/usr/bin/env bats
# test-support/attack-table.sh: its usage, and bad arguments refused in one line with exit 2 before
# it takes the measurement lock or starts a build (the table itself is docs/hardening.md's).

setup() {
  REPO=$(cd "$BATS_TEST_DIRNAME/../../../.." && pwd)
  TABLE="$REPO/test-support/attack-table.sh"
}

@test "--help names every option, the modes and the honest client's size among them" {
  run "$TABLE" --help
  [ "$status" -eq 0 ]
  [[ $output == *"Usage: test-support/attack-table.sh"* ]]
  [[ $output == *"--modes all"* ]]
  [[ $output == *"--honest-bytes N"* ]]
  [[ $output == *"--tests PATTERN"* ]]
}

@test "bad arguments exit 2 with one line and write nothing" {
  out="$BATS_TEST_TMPDIR/table.txt"
  run "$TABLE" --modes some --out "$out"
  [ "$status" -eq 2 ]
  [[ $output == "attack-table: --modes must be all or ci, got some" ]]
  run "$TABLE" --honest-bytes 16k --out "$out"
  [ "$status" -eq 2 ]
  [[ $output == "attack-table: --honest-bytes must be a whole number of bytes, got 16k" ]]
  run "$TABLE" --tests "" --out "$out"
  [ "$status" -eq 2 ]
  [[ $output == "attack-table: --tests needs a pattern, e.g. '*AttackIT#tlsHandshakesStalled'" ]]
  run "$TABLE" --size huge --out "$out"
  [ "$status" -eq 2 ]
  [ ! -e "$out" ]
}
