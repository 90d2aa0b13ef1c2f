#!/usr/bin/env bash
# The open loop on a fleet, through the runner (issue 31): rpcx-bench sweep --fleet runs each rate
# on three client hosts at once (network namespaces on this machine, deploy/fleet/netns-hosts.sh)
# against one server host, one merged point per rate. The hosts share this box's two CPUs: the
# run shows the machinery and the merged figures, not what three real generators give.
#
#   docs/measurements/fleet-open-2026-11-25/run.sh            # as root; -> raw/ (OUT=... elsewhere)
set -euo pipefail

# ---- defaults ----
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)
OUT=${OUT:-$ROOT/docs/measurements/fleet-open-2026-11-25/raw}
RATES=${RATES:-3000,12000,24000}
DURATION=${DURATION:-10s}
RUNS=${RUNS:-4}
CLIENTS=${CLIENTS:-3}
SERVER_JVM='-Xms384m -Xmx384m -XX:+UseSerialGC'
HARNESS_JVM='-Xmx256m -XX:+UseSerialGC'
LOCK=/tmp/rpcx-bench-measure.lock

usage() {
  cat <<USAGE
Usage: docs/measurements/fleet-open-2026-11-25/run.sh   (as root; takes the measurement lock)
Environment: OUT (default $OUT), RATES ($RATES, the fleet's calls/s), DURATION ($DURATION),
RUNS ($RUNS), CLIENTS ($CLIENTS client hosts).
Example: RATES=6000 RUNS=3 docs/measurements/fleet-open-2026-11-25/run.sh
USAGE
}

noise() { # the box's load and CPU pressure, to summary.txt
  printf '%s load %s; cpu pressure %s\n' "$(date -u +%T)" "$(cut -d' ' -f1-3 /proc/loadavg)" \
    "$(head -n 1 /proc/pressure/cpu)" | tee -a "$OUT/summary.txt"
}

WORK=''

cleanup() { # the namespace hosts down, their folder removed
  "$ROOT/deploy/fleet/netns-hosts.sh" down >/dev/null 2>&1 || true
  [[ -z $WORK ]] || rm -rf "$WORK"
}

measure() {
  local work
  work=$(mktemp -d /tmp/rbfleet-measure.XXXXXX)
  WORK=$work
  trap cleanup EXIT
  "$ROOT/deploy/fleet/netns-hosts.sh" up --clients "$CLIENTS" --dir "$work" | tee -a "$OUT/summary.txt"
  noise
  (cd "$ROOT" && CLIENT_JVM_OPTS=$HARNESS_JVM ./rpcx-bench sweep --fleet "$work/inventory.ini" \
    --fleet-var "fleet_dir=$work/remote" --server-jvm-flags "$SERVER_JVM" \
    --protocol rpcx --rates "$RATES" --duration "$DURATION" --runs "$RUNS" --out "$OUT/raw" \
    -- --warmup-mode steady --warmup-max 10s) 2>&1 | grep -v '^\s*$' | grep -E '^[0-9:]+ (fleet|sweep|\[|rpcx at)' | tee -a "$OUT/summary.txt"
  noise
  local f
  for f in "$OUT"/raw/rpcx/*-x"$CLIENTS".csv; do
    printf '\n%s\n' "$f" >>"$OUT/summary.txt"
    java -jar "$ROOT/report/target/report.jar" show "$f" \
      --column order,calls,achieved_rate,target_rate,dropped,p50_us,p99_us,start_spread_ms,overlap,client_cpu_s,gc_pause_ms,max_lag_us,send_lag_p99_us,limited_by \
      | tee -a "$OUT/summary.txt"
    grep -E '^# (status|kept_up|kept_up_why|behind_hosts|fleet_target_rate|fleet_achieved_rate_min|dropped_by_host|merged_hosts|start_spread_ms): ' "$f" | tee -a "$OUT/summary.txt"
  done
}

main() {
  case ${1:-} in -h|--help) usage; exit 0 ;; '') ;; *) usage >&2; exit 2 ;; esac
  [ "$(id -u)" -eq 0 ] || { echo "run.sh: needs root (the namespace hosts)" >&2; exit 2; }
  mkdir -p "$OUT"
  {
    date -u
    echo "commit: $(git -C "$ROOT" rev-parse --short HEAD)"
    echo "cpus: $(nproc) ($(sed -n 's/^model name\s*: //p' /proc/cpuinfo | head -n 1))"
    echo "kernel: $(uname -sr)"
    echo "rates $RATES (the fleet's), duration $DURATION, runs $RUNS, $CLIENTS client hosts, server flags $SERVER_JVM"
  } | tee "$OUT/summary.txt"
  exec 9>"$LOCK"
  flock 9
  measure
}

main "$@"
