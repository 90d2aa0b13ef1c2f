#!/usr/bin/env bash
# Bytes on the wire per hello call, per protocol. Each protocol gets a private network
# namespace (its own loopback, nothing else on it); server and client run inside it. The
# loopback counters (/sys/class/net/lo/statistics/{tx,rx}_{bytes,packets}) are read before and
# after a harness run of N1 calls and one of N2 calls (one thread, one connection, one JVM per
# run); per call = (delta(N2) - delta(N1)) / (N2 - N1), so connection set-up and tear-down, the
# harness's reachability call and protocol start-up frames (HTTP/2 preface, SETTINGS) cancel.
# Needs root (ip netns).
set -euo pipefail

# ---- defaults (one place) -------------------------------------------------------------------
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
PROTOCOLS=all                    # protocol ids of the catalog (--list-protocols), or all of them
FLOOR=bare                       # the floor, not ranked among the frameworks (when measured)
N1=1000                          # calls of the short run (its bytes are subtracted)
N2=6000                          # calls of the long run; per call = difference / (N2 - N1)
JVM_FLAGS="-Xms512m -Xmx512m -XX:+UseG1GC"
HOST=127.0.0.1
HARNESS_EXTRA=()                 # after "--": harness options, e.g. --call put
OUT=""                           # default: results/wire-bytes/<timestamp>
WRITE_DOC=0
DOC="$ROOT/docs/performance.md"
READY_TIMEOUT_S=180
HEADER_BYTES=52                  # per packet as lo counts it: IPv4 20 + TCP 20 + timestamp option 12
# ----------------------------------------------------------------------------------------------

PERF_SCRIPT=wire-bytes.sh
# shellcheck source=bench/perf-lib.sh
source "$ROOT/bench/perf-lib.sh"
perf_jars

PINNED=()
READY_PORT=""
NETNS=""
COMMAND_LINE="bench/wire-bytes.sh $*"

usage() {
  cat <<EOF
Usage: bench/wire-bytes.sh [options] [-- HARNESS_OPTIONS]     (as root)

Counts the bytes one hello call (or the call of the harness options after --, e.g. -- --call put)
costs on the wire, for each protocol of the catalog (or --protocols),
in a private network namespace per protocol: server and harness inside it, the namespace's
own loopback counters read around a run of N1 and a run of N2 calls (1 thread, 1 connection);
per call = (bytes(N2) - bytes(N1)) / (N2 - N1). Reports the bytes on the interface (each packet
counted once, as it leaves; loopback receives the same packet again, so rx = tx), packets, TCP
payload (bytes - ${HEADER_BYTES} x packets: IPv4 20 + TCP 20 + timestamp option 12; lo counts
packets without their 14-byte Ethernet header) and connections opened, and RPCX's rank
($FLOOR, the floor, is not ranked).

Options:
  --protocols LIST   protocol ids of the catalog (default: all; bare needs bench/target/bench.jar)
  --n1 N --n2 N      call counts of the short and the long run (default: $N1, $N2)
  --out DIR          result folder (default: results/wire-bytes/<timestamp>)
  --write-doc        replace the wire-bytes section of docs/performance.md with the table
  -h, --help         this text

Example:
  bench/wire-bytes.sh --write-doc        # as root
  bench/wire-bytes.sh --protocols rpcx,grpc --n1 500 --n2 2500

Exit codes: 0 measured; 1 a run failed; 2 bad usage, missing jars, not root (no namespaces).
EOF
}

die() { perf_die "$@"; }

parse_args() {
  while [[ $# -gt 0 ]]; do
    case "$1" in
      --protocols) [[ $# -ge 2 ]] || die "--protocols needs a value"; PROTOCOLS="${2//,/ }"; shift 2 ;;
      --n1) [[ $# -ge 2 ]] || die "--n1 needs a value"; N1="$2"; shift 2 ;;
      --n2) [[ $# -ge 2 ]] || die "--n2 needs a value"; N2="$2"; shift 2 ;;
      --out) [[ $# -ge 2 ]] || die "--out needs a value"; OUT="$2"; shift 2 ;;
      --write-doc) WRITE_DOC=1; shift ;;
      -h|--help) usage; exit 0 ;;
      --) shift; HARNESS_EXTRA=("$@"); break ;;
      *) die "unknown option '$1' (try --help)" ;;
    esac
  done
  [[ "$N1" =~ ^[1-9][0-9]*$ ]] || die "--n1 must be a positive count, got '$N1'"
  [[ "$N2" =~ ^[1-9][0-9]*$ ]] || die "--n2 must be a positive count, got '$N2'"
  [[ "$N2" -gt "$N1" ]] || die "--n2 ($N2) must be larger than --n1 ($N1)"
  if [[ -z "$OUT" ]]; then
    OUT="$ROOT/results/wire-bytes/$(date -u +%Y%m%dT%H%M%SZ)"
  fi
}

check_env() {
  if [[ "$(id -u)" -ne 0 ]]; then
    echo "wire-bytes.sh: skipped: needs root for a private network namespace (ip netns add); run it as root" >&2
    exit 2
  fi
  command -v ip >/dev/null 2>&1 || die "needs iproute2 (ip)"
  perf_catalog
  perf_select --protocols "$PROTOCOLS"
  PROTOCOLS="${PERF_IDS[*]}"
}

cleanup() {
  perf_stop_servers
  if [[ -n "$NETNS" ]]; then ip netns del "$NETNS" 2>/dev/null || true; NETNS=""; fi
}

on_exit() {
  cleanup
  perf_drop_snapshot
}

in_ns() { ip netns exec "$NETNS" "$@"; }

# snapshot DIR: the namespace's loopback counters and /proc/net/snmp, copied into DIR for the
# report tool's wire-bytes (it computes; this only reads the OS).
snapshot() {
  local dir="$1" f
  mkdir -p "$dir"
  for f in tx_bytes tx_packets rx_bytes rx_packets; do
    in_ns cat "/sys/class/net/lo/statistics/$f" >"$dir/$f"
  done
  in_ns cat /proc/net/snmp >"$dir/snmp"
}

# harness_run PROTOCOL PORT N LOG: one harness JVM in the namespace, 1 thread, N calls, 1 run, no
# warm-up: the counters must see the counted calls only (the harness's steady warm-up, its default
# since dc21135, made ~100,000 more a run; the committed tables, of 2026-11-21/22, are older).
harness_run() {
  local p="$1" port="$2" n="$3" log="$4"
  # shellcheck disable=SC2206  # JVM_FLAGS is a list of flags
  local flags=($JVM_FLAGS)
  perf_pinned "$CLIENT_CPUS" java "${flags[@]}" -cp "$(perf_harness_cp)" "$HARNESS_MAIN" --protocol "$p" \
    --threads 1 --requests "$n" --runs 1 --warmup 0s --host "$HOST" --port "$p=$port" \
    --out "$OUT/raw/n$n" --force \
    "${HARNESS_EXTRA[@]}"
  in_ns "${PINNED[@]}" >"$log" 2>&1
}

# measure PROTOCOL: the counters around a run of N1 and a run of N2 calls, in
# OUT/counters/PROTOCOL/nN/{before,after}.
measure() {
  local p="$1"
  NETNS="rpcxwire-$$-$p"
  ip netns add "$NETNS"
  in_ns ip link set lo up
  # shellcheck disable=SC2206  # JVM_FLAGS is a list of flags
  local flags=($JVM_FLAGS)
  perf_server_cmd "$p"
  perf_pinned "$SERVER_CPUS" java "${flags[@]}" "${SERVER_CMD[@]}"
  perf_start_server "$p" "$OUT/server-$p.log" ip netns exec "$NETNS" "${PINNED[@]}"
  local port="$READY_PORT" n dir
  for n in "$N1" "$N2"; do
    dir="$OUT/counters/$p/n$n"
    snapshot "$dir/before"
    harness_run "$p" "$port" "$n" "$OUT/harness-$p-n$n.log" || {
      cat "$OUT/harness-$p-n$n.log" >&2; cleanup; rm -rf "$OUT/counters/$p"; return 1; }
    sleep 0.5   # let the last FIN/ACK exchange settle
    snapshot "$dir/after"
  done
  cleanup
}

# report: the table, computed by the report tool from the counters (the floor is not ranked).
report() {
  local ids="$PROTOCOLS"
  java -jar "$REPORT_JAR" wire-bytes "$OUT" --protocols "${ids// /,}" --n1 "$N1" --n2 "$N2" \
    --floor "$FLOOR" --subject rpcx --header-bytes "$HEADER_BYTES"
}

write_doc() {
  local body="$OUT/doc-section.md"
  {
    echo "## Bytes on the wire per hello call (bench/wire-bytes.sh)"
    echo
    echo "Command: \`$COMMAND_LINE\` (as root)"
    echo
    sed 's/^/- /' "$OUT/machine.txt"
    echo
    echo "One private network namespace per protocol (its own \`lo\`, nothing else on it); server"
    echo "and harness inside it, 1 thread, 1 connection, \`hello(\"o0t0c<n>\")\` (the harness's unique"
    echo "names; 9 characters for the counted calls, the same for every protocol). The counters are"
    echo "read around a run of N1 = $N1 and a run of N2 = $N2 calls, each run a fresh harness JVM;"
    echo "per call = (delta(N2) - delta(N1)) / (N2 - N1), so connecting, the start-up frames, the"
    echo "reachability call and closing cancel out."
    echo
    echo "Arithmetic: a packet sent on loopback is counted once in \`tx\` (leaving) and once in \`rx\`"
    echo "(the same packet arriving), so \`tx_bytes\` delta = \`rx_bytes\` delta = the bytes that crossed"
    echo "the \"wire\" in both directions together (request + reply + ACKs); we report the \`tx\` delta."
    echo "\`lo\` counts a packet's length after its 14-byte Ethernet header is taken off (\`loopback_xmit\`"
    echo "counts \`skb->len\` after \`eth_type_trans\`), i.e. IPv4 20 + TCP 20 + timestamp option 12 = ${HEADER_BYTES}"
    echo "bytes of headers per packet, so TCP payload = bytes - ${HEADER_BYTES} x packets (pure ACKs carry 0 payload;"
    echo "the RPCX row checks it against [wire-format.md](wire-format.md)). On an Ethernet link add 38 bytes per"
    echo "packet (header 14, FCS 4, preamble 8, inter-frame gap 12)."
    echo
    cat "$OUT/wire.md"
  } >"$body"
  perf_doc_section "$DOC" wire-bytes "$body"
  echo "wrote the table to $DOC" >&2
}

main() {
  parse_args "$@"
  check_env
  mkdir -p "$OUT"
  trap on_exit EXIT
  trap 'exit 130' INT TERM
  perf_plan_placement
  # shellcheck disable=SC2086  # PROTOCOLS is a list of ids
  perf_snapshot_jars "$OUT/jars" $PROTOCOLS
  {
    echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
    perf_machine
    echo "pinning: $(perf_placement_text)"
    echo "jvm flags (servers and clients): $JVM_FLAGS"
  } >"$OUT/machine.txt"
  cat "$OUT/machine.txt" >&2
   local p status=0
  for p in $PROTOCOLS; do
    echo "measuring $p ..." >&2
    measure "$p" || { echo "$p: measurement failed" >&2; status=1; }
  done
  report >"$OUT/wire.md" || status=1
  echo
  cat "$OUT/wire.md"
  echo "(counters: $OUT/counters/)"
  if [[ $WRITE_DOC -eq 1 ]]; then write_doc; fi
  return "$status"
}

main "$@"
