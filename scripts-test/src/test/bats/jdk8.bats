#!/usr/bin/env bats
# docs/measurements/period-jdk8-2026-11-26/jdk8.sh's usage and refusals, before it downloads
# anything (the fetch itself, ~40 MB from Debian sid, is the measurement's README's first step).

setup() {
  REPO=$(cd "$BATS_TEST_DIRNAME/../../../.." && pwd)
  JDK8="$REPO/docs/measurements/period-jdk8-2026-11-26/jdk8.sh"
}

@test "--help names the source, the checks and an example" {
  run "$JDK8" --help
  [ "$status" -eq 0 ]
  [[ $output == *"Usage: docs/measurements/period-jdk8-2026-11-26/jdk8.sh"* ]]
  [[ $output == *"verified against sid's signed InRelease"* ]]
  [[ $output == *"Example: "* ]]
}

@test "bad arguments exit 2 with one line" {
  run "$JDK8" --frobnicate
  [ "$status" -eq 2 ]
  [[ $output == "jdk8.sh: unknown argument: --frobnicate (see --help)" ]]
}

@test "a --dest that holds other files is refused, and left as it was" {
  command -v patchelf >/dev/null && command -v gpgv >/dev/null || skip "needs patchelf and gpgv"
  [ -f /usr/share/keyrings/debian-archive-keyring.gpg ] || skip "no Debian archive keyring"
  dest="$BATS_TEST_TMPDIR/mine"
  mkdir -p "$dest"
  echo keep >"$dest/notes.txt"
  run "$JDK8" --dest "$dest"
  [ "$status" -eq 2 ]
  [[ $output == *"holds other files than a JDK of this script"* ]]
  [ "$(cat "$dest/notes.txt")" == keep ]
}
