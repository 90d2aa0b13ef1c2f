#!/usr/bin/env bash
# RPCX against the bare Netty baseline (the floor) on loopback: a launcher of `rpcx-bench compare`
# (through bench/compare.sh, which puts the bench jar with `bare` on the class path), once per
# placement: pinned (servers on one half of the CPUs, the client on the other) and unpinned (the
# scheduler places them). compare plans the rounds in Java (the order rotating each round, steal
# checked) and its tables come from the report tool's one statistics engine; this script only
# picks the variants, the points and the placements.
set -euo pipefail

# ---- defaults (one place) -------------------------------------------------------------------
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
ROUNDS=5                          # rounds per point: each runs bare and rpcx once, order rotating
RUNS=5                            # runs per harness JVM; the first is dropped
THREADS=1,64
REQUESTS=1:3000,64:1000           # calls per thread per run, per thread count
PLACEMENTS="pinned unpinned"
WARMUP=steady                     # compare's warm-up: steady, or a duration
VARIANTS=bare,rpcx                # the floor, then the subject
LOCK=${RPCX_MEASURE_LOCK:-/tmp/rpcx-bench-measure.lock} # the measurement lock (tests: their own)
OUT=""                            # default: results/baseline/<timestamp>
# ----------------------------------------------------------------------------------------------

usage() {
  cat <<EOF_USAGE
Usage: bench/baseline.sh [--rounds N] [--runs N] [--placements "pinned unpinned"] [--out DIR]
                        [--threads LIST] [--requests SPEC] [--warmup steady|DURATION]

RPCX against the bare Netty baseline (bare: bench/, the floor) on loopback, with
rpcx-bench compare --variants $VARIANTS --in-flight none, once per placement, each holding flock $LOCK. "pinned": servers on one half of the CPUs, the
client on the other (taskset); "unpinned": no placement. Tables: OUT/PLACEMENT/compare.md.

Options:
  --rounds N       rounds per point, the order rotating each round (default: $ROUNDS)
  --runs N         runs per harness JVM, the first dropped (default: $RUNS)
  --placements P   "pinned", "unpinned" or both (default: "$PLACEMENTS")
  --out DIR        one folder per placement (default: results/baseline/<timestamp>)
  --threads LIST   closed-loop thread counts (default: $THREADS)
  --requests SPEC  calls per thread per run, N:R,... (default: $REQUESTS)
  --warmup W       steady (until two iterations agree) or a duration (default: $WARMUP)
  -h, --help       this text

Example:
  mvn -B -q package -DskipTests && bench/baseline.sh --rounds 5

Exit codes: rpcx-bench compare's: 0 done; 1 calls failed or a harness run failed; 2 bad usage
or missing jars; 7 another run is using the folder; 130 interrupted (rerun to resume).
EOF_USAGE
}

die() {
  echo "baseline.sh: $*" >&2
  exit 2
}

parse_args() {
  while [[ $# -gt 0 ]]; do
    case "$1" in
      --rounds) ROUNDS="${2:?--rounds needs a value}"; shift ;;
      --runs) RUNS="${2:?--runs needs a value}"; shift ;;
      --placements) PLACEMENTS="${2:?--placements needs a value}"; shift ;;
      --out) OUT="${2:?--out needs a value}"; shift ;;
      --threads) THREADS="${2:?--threads needs a value}"; shift ;;
      --requests) REQUESTS="${2:?--requests needs a value}"; shift ;;
      --warmup) WARMUP="${2:?--warmup needs a value}"; shift ;;
      -h | --help) usage; exit 0 ;;
      *) die "unknown option '$1' (try --help)" ;;
    esac
    shift
  done
  [[ "$ROUNDS" =~ ^[1-9][0-9]*$ ]] || die "--rounds must be a positive number"
  [[ "$RUNS" =~ ^[2-9]$|^[1-9][0-9]+$ ]] || die "--runs must be at least 2"
  local p
  for p in $PLACEMENTS; do
    [[ $p == pinned || $p == unpinned ]] || die "--placements: '$p' is not pinned or unpinned"
  done
  OUT="${OUT:-$ROOT/results/baseline/$(date -u +%Y%m%dT%H%M%SZ)}"
}

main() {
  parse_args "$@"
  local p status=0
  for p in $PLACEMENTS; do
    flock "$LOCK" "$ROOT/bench/compare.sh" --variants "$VARIANTS" --threads "$THREADS" \
      --in-flight none --requests "$REQUESTS" --rounds "$ROUNDS" --runs "$RUNS" \
      --warmup "$WARMUP" --placement "$p" --out "$OUT/$p" || status=$?
    if ((status == 2 || status == 3 || status == 130)); then
      return "$status"
    fi
  done
  return "$status"
}

main "$@"
