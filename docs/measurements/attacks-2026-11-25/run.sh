#!/usr/bin/env bash
# Issue 30: every attack suite (AttackContract's subclasses, ServerRpcxAttackIT, AmqpAttackIT,
# RespRedisAttackIT) at -Xmx128m and at the deploy flags, with the line of AttackRounds (half the
# honest calls of just before served during, in up to three before/during rounds). Each flag set
# is one `mvn verify` of the servers' modules, failsafe only, inside the measurement lock; the
# suites append their ATTACK lines to raw/<flags>.txt (-Dattack.lines) and the tests' verdicts land
# in raw/<flags>-verdicts.txt.
#
#   docs/measurements/attacks-2026-11-25/run.sh        # -> raw/ (OUT=... elsewhere), ~40 min
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)
OUT=${OUT:-$ROOT/docs/measurements/attacks-2026-11-25/raw}
MODULES=${MODULES:-server-rpcx,server-grpc,server-openfeign,protocols/http-javaser,protocols/grpc-stream,protocols/tcp-protobuf,protocols/thrift,protocols/capnp,protocols/avro,protocols/bert,protocols/typed-json,protocols/resp,protocols/amqp}
LOCK=/tmp/rpcx-bench-measure.lock
# shellcheck source=bench/perf-lib.sh
source "$ROOT/bench/perf-lib.sh"

usage() {
  cat <<USAGE
Usage: docs/measurements/attacks-2026-11-25/run.sh
Environment: OUT ($OUT), MODULES (the servers' modules).
USAGE
}

noise() {
  perf_noise "$1" | tee -a "$OUT/summary.txt"
}

# one flag set: its name, then the JVM flags of the attacked servers
suites() {
  local name=$1 flags=$2 status=0 module
  for module in ${MODULES//,/ }; do
    rm -rf "${ROOT:?}/$module/target/failsafe-reports"
  done
  : >"$OUT/$name.txt"
  noise "$name start"
  (cd "$ROOT" && mvn -B -o -fae verify -pl "$MODULES" -Dspotless.check.skip=true -Dtest=none \
    -Dsurefire.failIfNoSpecifiedTests=false -Dit.test='*AttackIT*' \
    -Dfailsafe.failIfNoSpecifiedTests=false -Dattack.jvm="$flags" -Dattack.lines="$OUT/$name.txt") \
    >"$OUT/$name-mvn.log" 2>&1 || status=$?
  noise "$name end (mvn exit $status)"
  grep -E 'Tests run:.*in io\.|FAILURE!|Skipped: [1-9]' "$OUT/$name-mvn.log" >"$OUT/$name-verdicts.txt" || true
  printf '%s: %d ATTACK lines, mvn exit %d\n' "$name" "$(wc -l <"$OUT/$name.txt")" "$status" | tee -a "$OUT/summary.txt"
}

main() {
  case ${1:-} in -h|--help) usage; exit 0 ;; '') ;; *) usage >&2; exit 2 ;; esac
  perf_begin_locked
  (cd "$ROOT" && mvn -B -q -o install -DskipTests -Dspotless.check.skip=true) >"$OUT/build.log" 2>&1
  suites xmx128m "-Xmx128m"
  suites deploy "-Xms384m -Xmx384m -XX:+UseSerialGC"
}

main "$@"
