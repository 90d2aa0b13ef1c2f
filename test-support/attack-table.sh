#!/usr/bin/env bash
# The server x attack table of docs/hardening.md: every *AttackIT suite against its fat jar, at the
# issue's sizes or CI's, each test's ATTACK line collected into one file.
set -euo pipefail

# defaults
SIZE="issue"
JVM="-Xmx128m -XX:MaxDirectMemorySize=64m"
OPEN_AT=35
MODES="all"
TESTS='*AttackIT'
HONEST_BYTES=0
OUT="results/attack-table-$(date -u +%Y%m%dT%H%M%SZ).txt"
MODULES="server-rpcx server-grpc protocols/grpc-stream server-openfeign protocols/typed-json protocols/bert protocols/resp protocols/http-javaser protocols/avro protocols/tcp-protobuf protocols/capnp protocols/thrift protocols/amqp"
LOCK="/tmp/rpcx-bench-measure.lock"

usage() {
  cat <<USAGE
Usage: test-support/attack-table.sh [--size issue|ci] [--jvm FLAGS] [--open-at SECONDS]
                                    [--modes all|ci] [--honest-bytes N] [--tests PATTERN]
                                    [--modules "m1 m2"] [--out FILE]

Runs every attack suite (failsafe, one forked server JVM per attack) and writes the ATTACK lines.
  --size issue   the issue's sizes: 1,000 length prefixes, 4,000 idle connections, 1,000 gRPC
                 messages of 1 MiB unfinished, 4,000 x 62 KiB typed-json frames (default)
  --size ci      the sizes CI runs (300, 2,000, 300, 2,000)
  --jvm FLAGS    the servers' JVM flags (default: $JVM)
  --open-at S    hold one more attack S seconds and count its connections still open (default: $OPEN_AT; 0: off)
  --modes all    every attack mode: also whole-then-partial, slow senders, fuzz, oversize and a
                 connection flood (default); ci: the modes CI runs
  --honest-bytes N  the honest client echoes N bytes a call (16384: over the 8 KiB every
                 connection is granted) instead of calling hello (default 0: hello)
  --tests P      the suites and tests, as failsafe's -Dit.test takes them (default: $TESTS;
                 '*AttackIT#tlsHandshakesStalled': one mode only)
  --modules M    the modules, space-separated (default: all with an attack suite)
  --out FILE     where the lines go (default: results/attack-table-<UTC time>.txt)
Measurements are serialized with flock $LOCK; each module's load average and CPU pressure,
taken under the lock before and after, are LOAD lines beside its ATTACK lines.

Example:
  test-support/attack-table.sh --size issue --modules "server-grpc protocols/typed-json"
USAGE
}

parse_args() {
  while [ $# -gt 0 ]; do
    case "$1" in
      --size) SIZE="$2"; shift 2 ;;
      --jvm) JVM="$2"; shift 2 ;;
      --open-at) OPEN_AT="$2"; shift 2 ;;
      --modes) MODES="$2"; shift 2 ;;
      --honest-bytes) HONEST_BYTES="$2"; shift 2 ;;
      --tests) TESTS="$2"; shift 2 ;;
      --modules) MODULES="$2"; shift 2 ;;
      --out) OUT="$2"; shift 2 ;;
      -h|--help) usage; exit 0 ;;
      *) echo "attack-table: unknown argument $1" >&2; usage >&2; exit 2 ;;
    esac
  done
  case "$SIZE" in
    issue|ci) ;;
    *) echo "attack-table: --size must be issue or ci, got $SIZE" >&2; exit 2 ;;
  esac
  case "$MODES" in
    all|ci) ;;
    *) echo "attack-table: --modes must be all or ci, got $MODES" >&2; exit 2 ;;
  esac
  [ -n "$TESTS" ] || { echo "attack-table: --tests needs a pattern, e.g. '*AttackIT#tlsHandshakesStalled'" >&2; exit 2; }
  case "$HONEST_BYTES" in
    ''|*[!0-9]*) echo "attack-table: --honest-bytes must be a whole number of bytes, got $HONEST_BYTES" >&2; exit 2 ;;
  esac
}

size_properties() {
  if [ "$SIZE" = issue ]; then
    echo "-Dattack.large=true -Dattack.grpc.messages=1000 -Dattack.unfinished=4000"
  fi
}

run_module() {
  local module="$1" log="$2"
  local props
  read -r -a props <<<"$(size_properties)"
  (
    flock 9
    machine_load "before" >"$log"
    local status=0
    mvn -B -o -fae -pl "$module" verify -Dtest=none -Dsurefire.failIfNoSpecifiedTests=false \
      "-Dit.test=$TESTS" -Dfailsafe.failIfNoSpecifiedTests=false \
      "-Dattack.jvm=$JVM" "-Dattack.openAt=$OPEN_AT" "-Dattack.modes=$MODES" \
      "-Dattack.honestBytes=$HONEST_BYTES" "${props[@]}" >>"$log" 2>&1 || status=$?
    machine_load "after" >>"$log"
    exit "$status"
  ) 9>"$LOCK"
}

# The load beside the figures: the load average and the CPU pressure, taken under the lock.
machine_load() {
  echo "LOAD $1 $(date -u +%H:%M:%S) loadavg $(cut -d' ' -f1-3 /proc/loadavg)" \
    "cpu-pressure $(head -n1 /proc/pressure/cpu 2>/dev/null || echo n/a)"
}

# attack_lines MODULE: the ATTACK lines of its failsafe reports, once each (a nested class's
# output is only in the XML report; a top-level class's is in both)
attack_lines() {
  cat "$1"/target/failsafe-reports/*-output.txt "$1"/target/failsafe-reports/TEST-*.xml 2>/dev/null |
    grep -o 'ATTACK [^<]*' | sed -e 's/&lt;/</g; s/&gt;/>/g; s/&quot;/"/g; s/&apos;/'"'"'/g; s/&amp;/\&/g' |
    awk '!seen[$0]++' || true
}

main() {
  parse_args "$@"
  cd "$(dirname "$0")/.."
  mkdir -p "$(dirname "$OUT")"
  : >"$OUT"
  local module log status
  for module in $MODULES; do
    log="${OUT%.txt}-${module//\//-}.log"
    status=0
    run_module "$module" "$log" || status=$?
    {
      echo "## $module (exit $status)"
      grep -ho 'LOAD .*' "$log" || true
      attack_lines "$module"
      grep -hE 'Tests run:.*(Fail|Err)|<<< FAIL' "$log" | sort -u || true
    } >>"$OUT"
    echo "attack-table: $module done (exit $status)"
  done
  echo "attack-table: lines in $OUT"
}

main "$@"
