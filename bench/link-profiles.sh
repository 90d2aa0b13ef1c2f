#!/usr/bin/env bash
# Each protocol over each network profile, without root: its server once on loopback, a
# link-shaper (link-shaper/, deploy/network-profiles.tsv) in front of it per profile, and the
# harness through the shaper (loopback: straight to the server). Prints p50/p99 per protocol and
# profile from the report's cleaned points, and which protocol ranks first under each profile.
set -euo pipefail

# ---- defaults (one place) -------------------------------------------------------------------
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
PROTOCOLS=rpcx,grpc-tuned,http-json,resp,thrift
PROFILES=loopback,cross-az,wan
THREADS=4
REQUESTS=200
RUNS=4
HOST=127.0.0.1
OUT=""                           # default: results/link-profiles/<timestamp>
READY_TIMEOUT_S=180
HARNESS_EXTRA=()                 # after "--": harness options, e.g. --call items --items 10
# ----------------------------------------------------------------------------------------------

PERF_SCRIPT=link-profiles.sh
# shellcheck source=bench/perf-lib.sh
source "$ROOT/bench/perf-lib.sh"
perf_jars
SHAPER_JAR="$ROOT/link-shaper/target/link-shaper.jar"
READY_PORT=""

usage() {
  cat <<EOF
Usage: bench/link-profiles.sh [options] [-- HARNESS_OPTIONS]

Runs each protocol through each network profile on loopback (no root: the link-shaper adds the
profile's delay, jitter and rate; docs/network-profiles.md) at THREADS x REQUESTS, RUNS runs,
and prints p50 and p99 (the report's cleaned point: runs 1..RUNS-1) per protocol and profile.

Options:
  --protocols LIST   protocol ids (default: $PROTOCOLS)
  --profiles LIST    profiles without loss (default: $PROFILES)
  --threads N --requests N --runs N   the point (default: $THREADS x $REQUESTS, $RUNS runs)
  --out DIR          result folder (default: results/link-profiles/<timestamp>)
  -h, --help         this text

Example:
  bench/link-profiles.sh --protocols rpcx,grpc-tuned --profiles loopback,wan --runs 3
EOF
}

parse_args() {
  while (($# > 0)); do
    case $1 in
      --protocols|--profiles|--threads|--requests|--runs|--out) (($# >= 2)) || perf_die "$1 needs a value" ;;
      --) shift; HARNESS_EXTRA=("$@"); return 0 ;;
      -h|--help) usage; exit 0 ;;
      *) perf_die "unknown argument '$1' (try --help)" ;;
    esac
    case $1 in
      --protocols) PROTOCOLS=$2 ;;
      --profiles) PROFILES=$2 ;;
      --threads) THREADS=$2 ;;
      --requests) REQUESTS=$2 ;;
      --runs) RUNS=$2 ;;
      --out) OUT=$2 ;;
    esac
    shift 2
  done
}

# shaper_start PROFILE TARGET_PORT LOG: a link-shaper in front of the server; sets READY_PORT
shaper_start() {
  server_spawn "$3" java -jar "$SHAPER_JAR" --profile "$1" --to "$HOST:$2" --listen "$HOST:0" --seed 1
  SHAPER_PID=$SPAWNED_PID
  local i line
  for ((i = 0; i < 600; i++)); do
    line=$(grep -s -m1 '^link-shaper ready ' "$3" || true)
    if [[ -n $line ]]; then READY_PORT=$(sed -E 's/^link-shaper ready listen=[^ ]*:([0-9]+) .*/\1/' <<<"$line"); return 0; fi
    kill -0 "$SHAPER_PID" 2>/dev/null || perf_die "link-shaper ($1) did not start: $(cat "$3")"
    sleep 0.1
  done
  perf_die "link-shaper ($1) printed no ready line"
}

main() {
  parse_args "$@"
  [[ -f $SHAPER_JAR ]] || perf_die "missing $SHAPER_JAR (build first: mvn -B -q package -DskipTests)"
  perf_catalog
  perf_select --protocols "$PROTOCOLS"
  OUT=${OUT:-$ROOT/results/link-profiles/$(date -u +%Y%m%dT%H%M%SZ)}
  mkdir -p "$OUT"
  perf_machine >"$OUT/machine.txt"
  trap perf_stop_servers EXIT
  local id profile port file
  local -a profiles
  IFS=, read -r -a profiles <<<"$PROFILES"
  for id in "${PERF_IDS[@]}"; do
    perf_server_cmd "$id"
    perf_start_server "$id" "$OUT/server-$id.log" java "${SERVER_CMD[@]}"
    port=$READY_PORT
    for profile in "${profiles[@]}"; do
      if [[ $profile == loopback ]]; then READY_PORT=$port; else shaper_start "$profile" "$port" "$OUT/shaper-$id-$profile.log"; fi
      java -cp "$(perf_harness_cp)" "$HARNESS_MAIN" --protocol "$id" --host "$HOST" --port "$id=$READY_PORT" \
        --threads "$THREADS" --requests "$REQUESTS" --runs "$RUNS" --out "$OUT/$profile" \
        "${HARNESS_EXTRA[@]}" >"$OUT/harness-$id-$profile.log" 2>&1 ||
        echo "$id over $profile: the harness exited $? (see $OUT/harness-$id-$profile.log)" >&2
      if [[ $profile != loopback ]]; then kill "$SHAPER_PID" 2>/dev/null || true; wait "$SHAPER_PID" 2>/dev/null || true; fi
    done
  done
  printf 'protocol\tprofile\tp50_us\tp99_us\n' | tee "$OUT/summary.tsv"
  for profile in "${profiles[@]}"; do
    for id in "${PERF_IDS[@]}"; do
      # one point per folder: the harness named its file (the point identity's rule, not a copy here)
      file=$(find "$OUT/$profile/$id" -maxdepth 1 -name '*.csv' -print -quit 2>/dev/null)
      printf '%s\t%s\t%s\t%s\n' "$id" "$profile" "$(perf_cleaned "$file" p50_us || echo -)" "$(perf_cleaned "$file" p99_us || echo -)"
    done
  done | tee -a "$OUT/summary.tsv"
  echo "results: $OUT"
}

main "$@"
