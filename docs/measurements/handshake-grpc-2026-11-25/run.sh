#!/usr/bin/env bash
# Issue 27: what a new connection costs gRPC now that its plug-ins take their JDK TLS context from
# tls-kit (GrpcClientTls), so `handshake --sessions resumed` measures it: grpc-tuned and grpc beside
# rpcx (the reference of profiles-2026-11-25), plaintext, TLS and mTLS, full and resumed
# handshakes, 5 rounds of 200 connects after 50 of warm-up. Takes the measurement lock.
#
#   mvn -B -q package -DskipTests
#   docs/measurements/handshake-grpc-2026-11-25/run.sh     # -> raw/ (OUT=... elsewhere), ~10 min
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)
OUT=${OUT:-$ROOT/docs/measurements/handshake-grpc-2026-11-25/raw}
PROTOCOLS=${PROTOCOLS:-rpcx,grpc-tuned,grpc}
ROUNDS=${ROUNDS:-5}
LOCK=/tmp/rpcx-bench-measure.lock
# shellcheck source=bench/perf-lib.sh
source "$ROOT/bench/perf-lib.sh"

usage() {
  cat <<USAGE
Usage: docs/measurements/handshake-grpc-2026-11-25/run.sh
Environment: OUT ($OUT), PROTOCOLS ($PROTOCOLS), ROUNDS ($ROUNDS).
USAGE
}

noise() {
  perf_noise "$1" | tee -a "$OUT/summary.txt"
}

main() {
  case ${1:-} in -h|--help) usage; exit 0 ;; '') ;; *) usage >&2; exit 2 ;; esac
  perf_begin_locked
  noise handshake
  (cd "$ROOT" && ./rpcx-bench handshake --protocol "$PROTOCOLS" --tls off,tls,mtls \
    --sessions full,resumed --connects 200 --warmup 50 --rounds "$ROUNDS" \
    --out "$OUT/handshake") 2>&1 | tee -a "$OUT/summary.txt"
  noise end
}

main "$@"
