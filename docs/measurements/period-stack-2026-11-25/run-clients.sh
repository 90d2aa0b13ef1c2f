#!/usr/bin/env bash
# Issue 28, outcome 6, the client side: the period client (client-2022.jar: grpc-java 1.45.1 +
# protobuf 3.19.2, Spring Cloud 2021.0.9 OpenFeign on Spring Boot 2.7.18) against today's
# (client-today.jar: the root pom's versions), one source (client-src/), both calling TODAY's
# servers (the catalog's server-grpc.jar and server-openfeign.jar). Per point and protocol: ROUNDS
# rounds of period then today (ABAB), a fresh server JVM for each client run-set, server on CPU 1
# and client on CPU 0, RUNS runs without warm-up (the tables drop run 0), all under the shared
# measurement lock. The client writes the harness's raw files; then `report diff` per round,
# table.sh's tables (table.md) and ClientCpuTable.java's (client-cpu.md, server-cpu.md: CPU per
# call; client-cores.md, server-cores.md: how busy each pinned core was).
#
#   cd /work/main && mvn -B -q install -DskipTests      # today's servers and the report tool
#   docs/measurements/period-stack-2026-11-25/run-clients.sh    # -> raw-clients/, ~15 min
#   docs/measurements/period-stack-2026-11-25/run-clients.sh --tables   # the tables again
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)
HERE=$ROOT/docs/measurements/period-stack-2026-11-25
OUT=${OUT:-$HERE/raw-clients}
THREADS=${THREADS:-10 110}
REQUESTS=${REQUESTS:-100 500}
PROTOCOLS=${PROTOCOLS:-grpc openfeign}
ROUNDS=${ROUNDS:-2}
RUNS=${RUNS:-10}
SERVER_JVM_FLAGS=${SERVER_JVM_FLAGS:--Xms384m -Xmx384m -XX:+UseSerialGC}
MVN_FLAGS=${MVN_FLAGS:-}  # e.g. -o
SERVER_CPU=1
CLIENT_CPU=0
HOST=127.0.0.1
READY_TIMEOUT_S=120 # read by perf-lib.sh (shellcheck cannot see it)
LOCK=${RPCX_MEASURE_LOCK:-/tmp/rpcx-bench-measure.lock} # the measurement lock (a smoke run: its own)
PERF_SCRIPT=period-clients
SERVER_PIDS=()
FAILED=()
# shellcheck source=bench/perf-lib.sh
source "$ROOT/bench/perf-lib.sh"
# shellcheck source=docs/measurements/period-stack-2026-11-25/period-lib.sh
source "$ROOT/docs/measurements/period-stack-2026-11-25/period-lib.sh"

usage() {
  cat <<USAGE
Usage: docs/measurements/period-stack-2026-11-25/run-clients.sh [--tables]
Builds this folder's two clients, then measures the period client against today's, both calling
today's gRPC and OpenFeign servers. --tables: only the tables again, from OUT's raw files.
Environment: OUT ($OUT), THREADS ($THREADS), REQUESTS ($REQUESTS), PROTOCOLS ($PROTOCOLS),
  ROUNDS ($ROUNDS), RUNS ($RUNS), SERVER_JVM_FLAGS ($SERVER_JVM_FLAGS), MVN_FLAGS ($MVN_FLAGS),
  VARIANTS ($VARIANTS; period-jdk8: the period client on JDK8_JAVA, $JDK8_JAVA).
Example: THREADS=10 REQUESTS=100 ROUNDS=1 RUNS=3 OUT=/tmp/clients docs/measurements/period-stack-2026-11-25/run-clients.sh
Exit code 1 when a client run had failed calls or failed (see console.txt), 2 on bad usage.
USAGE
}

# client_jar VARIANT: the client jar (copied before the first run) of a variant.
client_jar() {
  case $1 in
    period | period-jdk8) echo "$JAR_SNAPSHOT/clients/client-2022.jar" ;;
    today) echo "$JAR_SNAPSHOT/clients/client-today.jar" ;;
  esac
}

# measure ROUND VARIANT ID T R: a fresh today's server for protocol ID on CPU SERVER_CPU, the
# VARIANT (period|period-jdk8|today) client's RUNS runs against it on CPU CLIENT_CPU, then the server stopped.
measure() {
  local round=$1 variant=$2 id=$3 t=$4 r=$5 jar server_name log rc=0
  local -a flags
  perf_server_cmd "$id"
  jar=${SERVER_CMD[1]}
  server_name="$(basename "$jar" .jar)"
  read -r -a flags <<<"$SERVER_JVM_FLAGS"
  log="$OUT/logs/round-$round-$variant-$id-t$t-r$r.log"
  perf_start_server "$server_name" "$log" taskset -c "$SERVER_CPU" java "${flags[@]}" "${SERVER_CMD[@]}"
  local pid=$SPAWNED_PID port=$READY_PORT
  noise "round $round $variant $id t$t r$r ($server_name pid $pid)"
  echo "== round $round $variant $id t$t r$r" >>"$OUT/console.txt"
  taskset -c "$CLIENT_CPU" "$(variant_java "$variant")" -jar "$(client_jar "$variant")" \
    --protocol "$id" --host "$HOST" --port "$port" --threads "$t" --requests "$r" \
    --runs "$RUNS" --server-pid "$pid" \
    --out "$OUT/round-$round/$variant/$id/t$t-r$r.csv" \
    --provenance "period_variant=$variant" \
    --provenance "period_server=$server_name ($(basename "$jar"), today's)" \
    --provenance "server_jvm_flags=$SERVER_JVM_FLAGS" \
    --provenance "placement=taskset: server on CPU $SERVER_CPU, client on CPU $CLIENT_CPU" \
    --provenance "loadavg_before=$(cat /proc/loadavg)" \
    --provenance "cpu_pressure_before=$(head -n 1 /proc/pressure/cpu)" \
    >>"$OUT/console.txt" 2>&1 || rc=$?
  if ((rc != 0)); then
    FAILED+=("round $round $variant $id t$t r$r (exit $rc)")
    echo "client failed: round $round $variant $id t$t r$r (exit $rc; see console.txt)" >&2
  fi
  server_stop "${STOP_TIMEOUT_S:-20}" "$pid"
}

build_clients() {
  echo "building the clients (mvn -B -q $MVN_FLAGS -f $HERE/pom.xml -pl client-2022,client-today package)"
  # shellcheck disable=SC2086 # MVN_FLAGS: words on purpose
  mvn -B -q $MVN_FLAGS -f "$HERE/pom.xml" -pl client-2022,client-today package -DskipTests
}

# snapshot_clients: the two client jars beside the server jars' copies, in jars.txt.
snapshot_clients() {
  local v built
  mkdir -p "$JAR_SNAPSHOT/clients"
  for v in client-2022 client-today; do
    built="$HERE/$v/target/$v.jar"
    cp "$built" "$JAR_SNAPSHOT/clients/$v.jar"
    record_jar "$JAR_SNAPSHOT/clients/$v.jar" "$built"
  done
}

# tables: per pair of variants, report diff per round, table.sh's table and ClientCpuTable's (CPU
# per call and cores busy), named as pair_suffix says
tables() {
  local round base new suffix column
  while read -r base new; do
    suffix=$(pair_suffix "$base" "$new")
    for ((round = 1; round <= ROUNDS; round++)); do
      java -jar "$REPORT_JAR" diff "$OUT/round-$round/$base" "$OUT/round-$round/$new" \
        --json "$OUT/diff-round-$round$suffix.json" >"$OUT/diff-round-$round$suffix.md" || true
    done
    "$HERE/table.sh" "$OUT" "$base" "$new" >"$OUT/table$suffix.md" || true
    for column in client_cpu_s server_cpu_s client_cores server_cores; do
      java -cp "$REPORT_JAR" "$HERE/ClientCpuTable.java" "$OUT" "$column" "$base" "$new" \
        >"$OUT/$(tr _ - <<<"${column%_s}")$suffix.md" || true
    done
  done < <(variant_pairs)
}

main() {
  case ${1:-} in
    -h | --help) usage; exit 0 ;;
    --tables) perf_jars; tables; exit 0 ;;
    '') ;;
    *) usage >&2; exit 2 ;;
  esac
  check_variants
  build_clients
  mkdir -p "$OUT/logs"
  : >"$OUT/noise.txt"
  : >"$OUT/console.txt"
  perf_jars
  perf_catalog
  exec 9>"$LOCK"
  echo "waiting for $LOCK"
  flock 9
  trap 'perf_stop_servers; perf_drop_snapshot' EXIT
  perf_snapshot_jars "$(mktemp -d /tmp/period-clients-jars.XXXXXX)" grpc openfeign
  snapshot_clients
  {
    date -u
    perf_machine
    echo "server JVM flags: $SERVER_JVM_FLAGS (today's servers)"
    echo "variants: $VARIANTS; java: $(java -version 2>&1 | head -n 1); JDK8_JAVA: $JDK8_JAVA"
    echo "placement: server on CPU $SERVER_CPU, client on CPU $CLIENT_CPU (taskset)"
    echo "grid: threads $THREADS x requests $REQUESTS, $RUNS runs, $ROUNDS rounds of the clients $VARIANTS"
  } | tee "$OUT/summary.txt"
  each_point_abab
  noise end
  tables
  echo "done: $OUT (table.md: runtime and calls/s; client-cpu.md: client CPU per call)"
  if ((${#FAILED[@]} > 0)); then
    printf 'failed: %s\n' "${FAILED[@]}" | tee -a "$OUT/summary.txt" >&2
    exit 1
  fi
}

main "$@"
