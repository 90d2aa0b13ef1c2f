#!/usr/bin/env bash
# Issue 27's note, measured again on a quieter box than profiles-2026-11-23's: five protocols
# across loopback, cross-az and wan (the userspace link-shaper: this kernel has no netem),
# plaintext and TLS, one run of the sweep's profile dimension per TLS mode; then what a new
# connection costs (full handshakes and resumed sessions). Takes the measurement lock.
#
#   docs/measurements/profiles-2026-11-25/run.sh        # -> raw/ (OUT=... elsewhere), ~70 min
set -euo pipefail

# ---- defaults ----
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)
OUT=${OUT:-$ROOT/docs/measurements/profiles-2026-11-25/raw}
PROTOCOLS=${PROTOCOLS:-rpcx,grpc-tuned,http-json,resp,thrift}
PROFILES=${PROFILES:-loopback,cross-az,wan}
THREADS=${THREADS:-16,64}
LOCK=/tmp/rpcx-bench-measure.lock

usage() {
  cat <<USAGE
Usage: docs/measurements/profiles-2026-11-25/run.sh
Environment: OUT ($OUT), PROTOCOLS ($PROTOCOLS), PROFILES ($PROFILES), THREADS ($THREADS).
Example: PROTOCOLS=rpcx,thrift THREADS=16 docs/measurements/profiles-2026-11-25/run.sh
USAGE
}

noise() {
  perf_noise "$1" | tee -a "$OUT/summary.txt"
}

sweep() { # sweep TLS
  noise "sweep --tls $1"
  (cd "$ROOT" && ./rpcx-bench sweep --local --profile "$PROFILES" --protocol "$PROTOCOLS" \
    --threads "$THREADS" --requests 300 --runs 4 --tls "$1" --out "$OUT/$1" \
    -- --noise-guard warn --warmup 3s) 2>&1 | grep -E '^[0-9:]+ (sweep|\[)' | tee -a "$OUT/summary.txt"
  java -jar "$ROOT/report/target/report.jar" profiles "$OUT/$1" >"$OUT/profiles-$1.md"
}

main() {
  case ${1:-} in -h|--help) usage; exit 0 ;; '') ;; *) usage >&2; exit 2 ;; esac
  mkdir -p "$OUT"
  {
    date -u
    echo "commit: $(git -C "$ROOT" rev-parse --short HEAD)"
    echo "cpus: $(nproc) ($(sed -n 's/^model name\s*: //p' /proc/cpuinfo | head -n 1))"
    echo "kernel: $(uname -sr)"
  } | tee "$OUT/summary.txt"
  exec 9>"$LOCK"
  flock 9
  sweep off
  sweep tls
  noise handshake
  (cd "$ROOT" && ./rpcx-bench handshake --protocol "$PROTOCOLS" --tls off,tls,mtls \
    --connects 200 --warmup 50 --rounds 3 --out "$OUT/handshake") 2>&1 | tee -a "$OUT/summary.txt"
  noise end
}

main "$@"
