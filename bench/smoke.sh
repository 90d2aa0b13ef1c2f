#!/usr/bin/env bash
# CI smoke run of bench/: every JMH benchmark once for a moment, the bare Netty baseline end
# to end (its server on a free port, the client harness with --protocol bare), and the Go load
# generator's tests (bench/generators/go, when go is on the PATH). It checks that things run; it
# never asserts a duration.
set -euo pipefail

# ---- defaults (one place) -------------------------------------------------------------------
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# the checkout, for benchmarks that read its files (MessageCodecBenchmark: examples/)
export RPCX_BENCH_HOME="$ROOT"
BENCH_JAR="$ROOT/bench/target/benchmarks.jar"
HARNESS_JAR="$ROOT/client-harness/target/client-harness.jar"
JMH_ARGS=(-f 1 -wi 0 -i 1 -r 100ms -foe true)
JVM_FLAGS=(-Xmx256m)
# -jvmArgsAppend replaces the benchmarks' own, so it repeats their logging flags
JMH_JVM_ARGS="-Xmx256m -Dslf4j.provider=org.slf4j.simple.SimpleServiceProvider -Dorg.slf4j.simpleLogger.defaultLogLevel=warn"
READY_TIMEOUT_S=60
RUN_JMH=1
RUN_BARE=1
RUN_GO=1
GO_GENERATOR="$ROOT/bench/generators/go"
# ----------------------------------------------------------------------------------------------

SERVER_PID=""
WORK=""

usage() {
  cat <<EOF_USAGE
Usage: bench/smoke.sh [--jmh-only | --bare-only | --go-only]

Smoke run of the bench module (after mvn package/verify): runs every JMH benchmark in
bench/target/benchmarks.jar once for a moment (${JMH_ARGS[*]}), then starts the bare baseline's
server on a free port and runs the client harness against it once
(--protocol bare --threads 2 --requests 10 --runs 1), then the Go load generator's vet, tests
and build (bench/generators/go/build.sh --test; skipped, saying so, without go) and its generated
code against protoc (gen.sh --check; skipped without protoc). No timing is checked.

Options:
  --jmh-only    only the JMH benchmarks
  --bare-only   only the bare baseline end to end
  --go-only     only the Go load generator's checks
  -h, --help    this text

Example:
  mvn -B -q -pl client-harness,bench install -DskipTests && bench/smoke.sh

Exit codes: 0 everything ran; 1 a benchmark or the baseline failed; 2 bad usage or missing jars.
EOF_USAGE
}

die_usage() {
  echo "smoke.sh: $*" >&2
  exit 2
}

fail() {
  echo "smoke.sh: FAILED: $*" >&2
  exit 1
}

parse_args() {
  while [[ $# -gt 0 ]]; do
    case "$1" in
      --jmh-only) RUN_BARE=0; RUN_GO=0 ;;
      --bare-only) RUN_JMH=0; RUN_GO=0 ;;
      --go-only) RUN_JMH=0; RUN_BARE=0 ;;
      -h | --help) usage; exit 0 ;;
      *) die_usage "unknown option '$1' (try --help)" ;;
    esac
    shift
  done
  [[ $((RUN_JMH + RUN_BARE + RUN_GO)) -gt 0 ]] || die_usage "--jmh-only, --bare-only and --go-only exclude each other"
}

require_jars() {
  [[ $RUN_JMH -eq 1 || $RUN_BARE -eq 1 ]] || return 0
  [[ -f "$BENCH_JAR" ]] || die_usage "missing $BENCH_JAR (build: mvn -B -q -pl bench package)"
  if [[ $RUN_BARE -eq 1 ]]; then
    [[ -f "$HARNESS_JAR" ]] || die_usage "missing $HARNESS_JAR (build: mvn -B -q -pl client-harness package)"
  fi
}

cleanup() {
  if [[ -n "$SERVER_PID" ]] && kill -0 "$SERVER_PID" 2>/dev/null; then
    kill -TERM "$SERVER_PID" 2>/dev/null || true
    wait "$SERVER_PID" 2>/dev/null || true
  fi
  if [[ -n "$WORK" ]]; then
    rm -rf "$WORK"
  fi
}

run_jmh() {
  local count
  count="$(java -jar "$BENCH_JAR" -l | grep -c '^io\.rpcxbench\.' || true)"
  [[ "$count" -gt 0 ]] || fail "no benchmarks listed in $BENCH_JAR"
  echo "smoke.sh: running $count JMH benchmarks once (${JMH_ARGS[*]})"
  java -jar "$BENCH_JAR" "${JMH_ARGS[@]}" -jvmArgsAppend "$JMH_JVM_ARGS" \
    -rf json -rff "$WORK/jmh.json" >"$WORK/jmh.log" 2>&1 \
    || { tail -n 40 "$WORK/jmh.log" >&2; fail "a JMH benchmark failed (log above)"; }
  # a benchmark with @Param gives a result per parameter set: count the benchmarks with one
  local ran
  ran="$(grep -o '"benchmark" *: *"[^"]*"' "$WORK/jmh.json" | sort -u | wc -l)"
  [[ "$ran" -eq "$count" ]] || fail "$ran of $count benchmarks produced a result"
  echo "smoke.sh: JMH ok ($ran benchmarks)"
}

start_bare_server() {
  local log="$WORK/bare-server.log"
  java "${JVM_FLAGS[@]}" -cp "$BENCH_JAR" io.rpcxbench.bench.bare.BareServerMain \
    --bind 127.0.0.1 --port 0 >"$log" 2>&1 &
  SERVER_PID=$!
  local waited=0 line
  while true; do
    line="$(grep -m1 '^bare listening on ' "$log" || true)"
    [[ -n "$line" ]] && break
    kill -0 "$SERVER_PID" 2>/dev/null || { cat "$log" >&2; fail "the bare server exited"; }
    (( waited < READY_TIMEOUT_S * 10 )) || fail "the bare server printed no ready line in ${READY_TIMEOUT_S}s"
    sleep 0.1
    waited=$((waited + 1))
  done
  BARE_PORT="${line##*:}"
  echo "smoke.sh: $line"
}

run_bare() {
  start_bare_server
  local out="$WORK/raw"
  java "${JVM_FLAGS[@]}" -cp "$HARNESS_JAR:$BENCH_JAR" io.rpcxbench.harness.HarnessMain \
    --protocol bare --port "bare=$BARE_PORT" --threads 2 --requests 10 --runs 1 --warmup 0s \
    --out "$out" \
    || fail "the harness against the bare server exited with $?"
  [[ -f "$out/bare/t2-r10.csv" ]] || fail "no result file $out/bare/t2-r10.csv"
  grep -q '^90,2,10,0,' "$out/bare/t2-r10.csv" || fail "unexpected row in $out/bare/t2-r10.csv"
  kill -TERM "$SERVER_PID"
  local code=0
  wait "$SERVER_PID" || code=$?
  SERVER_PID=""
  [[ $code -eq 0 ]] || fail "the bare server exited with $code on SIGTERM"
  echo "smoke.sh: bare baseline ok (server, harness plugin, result file, clean stop)"
}

# The Go generator of issue 31 (bench/generators/go): its tests read docs/wire-format.md's frames
# and, when server-rpcx.jar is built, call the real server. Go is optional on a developer's box.
run_go() {
  if ! command -v go >/dev/null 2>&1; then
    echo "smoke.sh: Go generator skipped: no go on the PATH (Go 1.26+ runs bench/generators/go/build.sh --test)"
    return 0
  fi
  "$GO_GENERATOR/build.sh" --test || fail "the Go load generator's vet, tests or build (output above)"
  if command -v protoc >/dev/null 2>&1; then
    "$GO_GENERATOR/gen.sh" --check || fail "bench/generators/go's generated code is stale (run its gen.sh)"
  else
    echo "smoke.sh: Go generated-code check skipped: no protoc (apt-get install protobuf-compiler)"
  fi
  echo "smoke.sh: Go load generator ok"
}

main() {
  parse_args "$@"
  require_jars
  trap cleanup EXIT
  WORK="$(mktemp -d "${TMPDIR:-/tmp}/rpcx-bench-smoke.XXXXXX")"
  if [[ $RUN_JMH -eq 1 ]]; then
    run_jmh
  fi
  if [[ $RUN_BARE -eq 1 ]]; then
    run_bare
  fi
  if [[ $RUN_GO -eq 1 ]]; then
    run_go
  fi
}

main "$@"
