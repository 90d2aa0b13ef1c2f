#!/usr/bin/env bash
# Side-by-side benchmark on one machine: a launcher of `rpcx-bench compare` (the runner
# module, CompareCommand), which plans and runs it in Java: every protocol of the catalog
# (or --variants) at closed-loop and in-flight points, ROUNDS rounds with the order rotating,
# one pinned harness JVM per (variant, point, round), steal-checked, then the tables of
# `report compare` (compare.md; --write-doc: docs/performance.md). This script only finds the
# jars, puts the bench jar (bare) on the class path and hands every option on.
set -euo pipefail

# ---- defaults (one place; the options' own defaults are rpcx-bench compare's) ---------------
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
RUNNER_JAR="$ROOT/runner/target/rpcx-bench.jar"
BENCH_JAR="$ROOT/bench/target/bench.jar"  # the benchmark-only protocols (bare), when built
MAIN=io.rpcxbench.runner.RpcxBenchMain
VARIANTS=all                              # when no --variants (--protocol) is given
# ----------------------------------------------------------------------------------------------

usage() {
  cat <<EOF
Usage: bench/compare.sh [options] [-- HARNESS_OPTIONS...]

Runs the variants (protocol ids of the catalog; default: all of them) side by side on loopback:
rpcx-bench compare --variants $VARIANTS [options]. Options (rpcx-bench compare --help has each
with its default): --threads LIST, --in-flight LIST, --requests SPEC, --divisors SPEC,
--warmup steady|DURATION, --warmup-iteration, --warmup-tolerance, --warmup-max, --rounds N,
--runs N, --warmup-runs N, --max-steal PCT, --retries N, --variants LIST, --jvm-flags FLAGS,
--placement pinned|unpinned,
--out DIR, --targets FILE, --write-doc; after --, harness options for every run.

Example (hold the shared measurement lock):
  mvn -B -q package -DskipTests
  flock /tmp/rpcx-bench-measure.lock bench/compare.sh \\
    --variants rpcx,grpc,grpc-tuned,openfeign,http-json,tcp-protobuf,bare --write-doc
  bench/compare.sh --threads none --in-flight 64 --rounds 1 --variants rpcx,bare   # a quick look

Exit codes: 0 all calls answered; 1 some calls failed or a harness run failed (see the
logs); 2 bad usage or missing jars; 7 another run is using --out; 130 interrupted (rerun the
same command to resume: complete rounds are kept).
EOF
}

die() {
  echo "compare.sh: $*" >&2
  exit 2
}

# wants_help ARGS...: -h or --help before "--".
wants_help() {
  local a
  for a in "$@"; do
    case "$a" in
      --) return 1 ;;
      -h | --help) return 0 ;;
    esac
  done
  return 1
}

# names_variants ARGS...: --variants, --protocol or -p before "--".
names_variants() {
  local a
  for a in "$@"; do
    case "$a" in
      --) return 1 ;;
      --variants | --variants=* | --protocol | --protocol=* | -p) return 0 ;;
    esac
  done
  return 1
}

main() {
  local cp
  if wants_help "$@"; then
    usage
    if [[ -f "$RUNNER_JAR" ]]; then
      echo
      java -cp "$RUNNER_JAR" "$MAIN" compare --help
    fi
    exit 0
  fi
  [[ -f "$RUNNER_JAR" ]] || die "missing $RUNNER_JAR (build first: mvn -B -q package -DskipTests)"
  [[ -f "$BENCH_JAR" || ! -f "$ROOT/bench/target/benchmarks.jar" ]] || BENCH_JAR="$ROOT/bench/target/benchmarks.jar"
  cp="$RUNNER_JAR"
  [[ ! -f "$BENCH_JAR" ]] || cp+=":$BENCH_JAR"
  local -a args=("$@")
  names_variants "$@" || args=(--variants "$VARIANTS" "$@")
  export RPCX_BENCH_HOME="$ROOT"
  export RPCX_COMPARE_COMMAND="bench/compare.sh $*"
  exec java -cp "$cp" "$MAIN" compare "${args[@]}"
}

main "$@"
