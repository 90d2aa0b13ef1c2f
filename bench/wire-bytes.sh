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

# counters: "tx_bytes tx_packets rx_bytes rx_packets active_opens" of the namespace.
counters() {
  local s=/sys/class/net/lo/statistics
  in_ns sh -c "cat $s/tx_bytes $s/tx_packets $s/rx_bytes $s/rx_packets" | tr '\n' ' '
  # shellcheck disable=SC2016  # an awk program, expanded by awk
  in_ns awk '/^Tcp:/ { if (!h) { for (i = 1; i <= NF; i++) if ($i == "ActiveOpens") c = i; h = 1 } else print $c }' /proc/net/snmp
}

# harness_run PROTOCOL PORT N LOG: one harness JVM in the namespace, 1 thread, N calls, 1 run.
harness_run() {
  local p="$1" port="$2" n="$3" log="$4"
  # shellcheck disable=SC2206  # JVM_FLAGS is a list of flags
  local flags=($JVM_FLAGS)
  perf_pinned "$CLIENT_CPUS" java "${flags[@]}" -cp "$(perf_harness_cp)" "$HARNESS_MAIN" --protocol "$p" \
    --threads 1 --requests "$n" --runs 1 --host "$HOST" --port "$p=$port" --out "$OUT/raw/n$n" --force \
    "${HARNESS_EXTRA[@]}"
  in_ns "${PINNED[@]}" >"$log" 2>&1
}

# measure PROTOCOL: prints "protocol bytes_per_call packets_per_call payload_per_call opens_n1 opens_n2".
measure() {
  local p="$1" before after d1 d2
  NETNS="rpcxwire-$$-$p"
  ip netns add "$NETNS"
  in_ns ip link set lo up
  # shellcheck disable=SC2206  # JVM_FLAGS is a list of flags
  local flags=($JVM_FLAGS)
  perf_server_cmd "$p"
  perf_pinned "$SERVER_CPUS" java "${flags[@]}" "${SERVER_CMD[@]}"
  perf_start_server "$p" "$OUT/server-$p.log" ip netns exec "$NETNS" "${PINNED[@]}"
  local port="$READY_PORT" n
  for n in "$N1" "$N2"; do
    before="$(counters)"
    harness_run "$p" "$port" "$n" "$OUT/harness-$p-n$n.log" || {
      cat "$OUT/harness-$p-n$n.log" >&2; cleanup; return 1; }
    sleep 0.5   # let the last FIN/ACK exchange settle
    after="$(counters)"
    echo "$p n=$n before: $before after: $after" >>"$OUT/counters.txt"
    if [[ "$n" == "$N1" ]]; then d1="$(delta "$before" "$after")"; else d2="$(delta "$before" "$after")"; fi
  done
  cleanup
  awk -v p="$p" -v n1="$N1" -v n2="$N2" -v h="$HEADER_BYTES" -v d1="$d1" -v d2="$d2" 'BEGIN {
    split(d1, a, " "); split(d2, b, " "); n = n2 - n1
    bytes = (b[1] - a[1]) / n; pkts = (b[2] - a[2]) / n
    if (b[1] != b[3] || a[1] != a[3]) printf "note: %s rx != tx on lo\n", p > "/dev/stderr"
    printf "%s %.1f %.2f %.1f %d %d\n", p, bytes, pkts, bytes - h * pkts, a[5], b[5]
  }'
}

# delta "BEFORE" "AFTER": field-wise difference of two counters lines.
delta() {
  awk -v x="$1" -v y="$2" 'BEGIN { n = split(x, a, " "); split(y, b, " ")
    for (i = 1; i <= n; i++) printf "%d%s", b[i] - a[i], (i < n ? " " : "\n") }'
}

label() { catalog_get "$1" label; }

report() {
  local results="$1"
  echo "| protocol | bytes on lo per call | packets per call | TCP payload per call | connections opened (N1 run / N2 run) | rank among the frameworks (bytes) |"
  echo "| --- | ---: | ---: | ---: | ---: | ---: |"
  # the frameworks are ranked; FLOOR (bare) is the floor, not a contender
  awk -v f="$FLOOR" '$1 != f' "$results" | sort -k2,2n | awk '{ print $0, NR }' >"$results.ranked"
  awk -v f="$FLOOR" '$1 == f { print $0, "floor" }' "$results" >>"$results.ranked"
  local p line
  for p in $PROTOCOLS; do
    line="$(awk -v p="$p" '$1 == p' "$results.ranked")"
    [[ -n "$line" ]] || continue
    read -r _ bytes pkts payload o1 o2 rank <<<"$line"
    printf '| %s | %s | %s | %s | %s / %s | %s |\n' "$(label "$p")" "$bytes" "$pkts" "$payload" "$o1" "$o2" "$rank"
  done
  local rank count
  rank="$(awk '$1 == "rpcx" { print $7 }' "$results.ranked")"
  count="$(grep -vc ' floor$' "$results.ranked" || true)"
  echo
  if [[ -n "$rank" ]]; then
    echo "RPCX ranks $rank of $count frameworks by bytes per call ($( [[ "$rank" == 1 ]] && echo "the smallest: PASS" || echo "not the smallest: MISS"))."
    awk -v f="$FLOOR" '$1 == "rpcx" { r = $2; rp = $4 } $1 == f { b = $2; bp = $4 }
      END { if (b != "" && r != "") printf "Against the bare baseline (the floor, no service/method names or types): %+.1f bytes per call on lo, %+.1f bytes of TCP payload.\n", r - b, rp - bp }' "$results"
  fi
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
  : >"$OUT/results.txt"
  local p status=0
  for p in $PROTOCOLS; do
    echo "measuring $p ..." >&2
    measure "$p" >>"$OUT/results.txt" || { echo "$p: measurement failed" >&2; status=1; }
  done
  report "$OUT/results.txt" >"$OUT/wire.md"
  echo
  cat "$OUT/wire.md"
  echo "(counters: $OUT/counters.txt)"
  if [[ $WRITE_DOC -eq 1 ]]; then write_doc; fi
  return "$status"
}

main "$@"
