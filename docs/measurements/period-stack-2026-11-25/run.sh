#!/usr/bin/env bash
# Issue 28, outcome 6: the period stack. gRPC and OpenFeign servers built on the libraries of the
# paper's era (this folder's own Maven project: grpc-java 1.45.1 + protobuf 3.19.2, Spring Boot
# 2.7.18 on Tomcat 9) against today's servers (the catalog's server-grpc.jar and
# server-openfeign.jar), both called by today's harness clients, at a few points of the paper's
# grid. Per point and protocol: ROUNDS rounds of period then today (ABAB), a fresh server JVM for
# each, server on CPU 1 and client on CPU 0, the paper's cold method (--paper: no warm-up, run 0
# dropped by the report), all under the shared measurement lock. Then `report diff` per round and
# table.sh's tables (raw/table.md).
#
#   cd /work/main && mvn -B -q install -DskipTests       # the repository's jars
#   docs/measurements/period-stack-2026-11-25/run.sh     # -> raw/ (diff-round-N.md in it), ~20-25 min
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)
HERE=$ROOT/docs/measurements/period-stack-2026-11-25
OUT=${OUT:-$HERE/raw}
THREADS=${THREADS:-10 110}
REQUESTS=${REQUESTS:-100 500}
PROTOCOLS=${PROTOCOLS:-grpc openfeign}
ROUNDS=${ROUNDS:-2}
RUNS=${RUNS:-10}
SERVER_JVM_FLAGS=${SERVER_JVM_FLAGS:--Xms384m -Xmx384m -XX:+UseSerialGC}
SERVER_CPU=1
CLIENT_CPU=0
HOST=127.0.0.1
READY_TIMEOUT_S=120 # read by perf-lib.sh (shellcheck cannot see it)
LOCK=${RPCX_MEASURE_LOCK:-/tmp/rpcx-bench-measure.lock} # the measurement lock (a smoke run: its own)
PERF_SCRIPT=period-stack
SERVER_PIDS=()
# shellcheck source=bench/perf-lib.sh
source "$ROOT/bench/perf-lib.sh"
# shellcheck source=docs/measurements/period-stack-2026-11-25/period-lib.sh
source "$ROOT/docs/measurements/period-stack-2026-11-25/period-lib.sh"

usage() {
  cat <<USAGE
Usage: docs/measurements/period-stack-2026-11-25/run.sh
Builds this folder's period servers, then measures period vs today's gRPC and OpenFeign servers.
Environment: OUT ($OUT), THREADS ($THREADS), REQUESTS ($REQUESTS), PROTOCOLS ($PROTOCOLS),
  ROUNDS ($ROUNDS), RUNS ($RUNS), SERVER_JVM_FLAGS ($SERVER_JVM_FLAGS),
  VARIANTS ($VARIANTS; period-jdk8: the period servers on JDK8_JAVA, $JDK8_JAVA).
Example: THREADS=10 REQUESTS=100 ROUNDS=1 OUT=/tmp/period docs/measurements/period-stack-2026-11-25/run.sh
USAGE
}

# The period server's jar (this folder's build) of a protocol id.
period_jar() {
  echo "$JAR_SNAPSHOT/period/$1-2022.jar"
}

# The stack of a server, as a provenance value.
server_stack() {
  local variant=$1 id=$2 pom=$ROOT/pom.xml
  case $variant-$id in
    period*-grpc) echo "grpc-java 1.45.1 (grpc-netty-shaded), protobuf-java 3.19.2" ;;
    period*-openfeign) echo "Spring Boot 2.7.18, Spring MVC 5.3.31, Tomcat 9.0.83, Jackson 2.13.5" ;;
    today-grpc) echo "grpc-java $(pom_property grpc.version "$pom") (grpc-netty-shaded), protobuf-java $(pom_property protobuf.version "$pom")" ;;
    today-openfeign) echo "Spring Boot $(pom_property spring-boot.version "$pom") (Tomcat 10.1, Jackson 2.x)" ;;
  esac
}

pom_property() {
  sed -n "s:.*<$1>\(.*\)</$1>.*:\1:p" "$2" | head -n 1
}

# measure ROUND VARIANT ID T R: a fresh server of VARIANT (period|period-jdk8|today) for protocol ID on CPU
# SERVER_CPU, one harness point against it on CPU CLIENT_CPU, then the server stopped.
measure() {
  local round=$1 variant=$2 id=$3 t=$4 r=$5 jar server_name server_jvm log
  local -a flags
  local -a cmd
  local java
  java=$(variant_java "$variant")
  if [[ $variant == period* ]]; then
    jar=$(period_jar "$id")
    server_name="$id-2022"
    read -r -a flags <<<"$SERVER_JVM_FLAGS"
    cmd=(taskset -c "$SERVER_CPU" "$java" "${flags[@]}" -jar "$jar" --bind "$HOST" --port 0)
    server_jvm=$("$java" -version 2>&1 | tail -n 1)
  else
    perf_server_cmd "$id"
    jar=${SERVER_CMD[1]}
    server_name="$(basename "$jar" .jar)"
    read -r -a flags <<<"$SERVER_JVM_FLAGS"
    cmd=(taskset -c "$SERVER_CPU" java "${flags[@]}" "${SERVER_CMD[@]}")
    server_jvm=$(java -version 2>&1 | tail -n 1)
  fi
  log="$OUT/logs/round-$round-$variant-$id-t$t-r$r.log"
  perf_start_server "$server_name" "$log" "${cmd[@]}"
  local pid=$SPAWNED_PID port=$READY_PORT
  noise "round $round $variant $id t$t r$r ($server_name pid $pid)"
  RPCX_BENCH_CLIENT_JAR=$HARNESS_JAR taskset -c "$CLIENT_CPU" "$ROOT/rpcx-bench" run \
    --protocol "$id" --host "$HOST" --port "$id=$port" --threads "$t" --requests "$r" \
    --runs "$RUNS" --paper --time-limit 300s --server-pid "$pid" \
    --out "$OUT/round-$round/$variant" --force \
    --provenance "period_variant=$variant" \
    --provenance "period_server=$server_name ($(basename "$jar"))" \
    --provenance "period_server_stack=$(server_stack "$variant" "$id")" \
    --provenance "server_jvm=$server_jvm" \
    --provenance "server_jvm_flags=$SERVER_JVM_FLAGS" \
    --provenance "placement=taskset: server on CPU $SERVER_CPU, client on CPU $CLIENT_CPU" \
    --provenance "loadavg_before=$(cat /proc/loadavg)" \
    --provenance "cpu_pressure_before=$(head -n 1 /proc/pressure/cpu)" \
    2>&1 | tee -a "$OUT/console.txt" | grep -E '^(protocol|grpc|openfeign) ' || true
  server_stop "${STOP_TIMEOUT_S:-20}" "$pid"
}

build_period() {
  echo "building the period servers (mvn -B -q -f $HERE/pom.xml package -DskipTests)"
  mvn -B -q -f "$HERE/pom.xml" package -DskipTests
}

main() {
  case ${1:-} in -h|--help) usage; exit 0 ;; '') ;; *) usage >&2; exit 2 ;; esac
  check_variants
  build_period
  mkdir -p "$OUT/logs"
  : >"$OUT/noise.txt"
  : >"$OUT/console.txt"
  perf_jars
  perf_catalog
  exec 9>"$LOCK"
  echo "waiting for $LOCK"
  flock 9
  trap 'perf_stop_servers; perf_drop_snapshot' EXIT
  perf_snapshot_jars "$(mktemp -d /tmp/period-stack-jars.XXXXXX)" grpc openfeign
  mkdir -p "$JAR_SNAPSHOT/period"
  local id round
  for id in $PROTOCOLS; do
    cp "$HERE/$id-2022/target/$id-2022.jar" "$(period_jar "$id")"
    record_jar "$(period_jar "$id")" "$HERE/$id-2022/target/$id-2022.jar"
  done
  {
    date -u
    perf_machine
    echo "server JVM flags: $SERVER_JVM_FLAGS"
    echo "variants: $VARIANTS; java: $(java -version 2>&1 | head -n 1); JDK8_JAVA: $JDK8_JAVA"
    echo "placement: server on CPU $SERVER_CPU, client on CPU $CLIENT_CPU (taskset)"
    echo "grid: threads $THREADS x requests $REQUESTS, $RUNS runs, $ROUNDS rounds of $VARIANTS"
  } | tee "$OUT/summary.txt"
  each_point_abab
  noise end
  local base new suffix
  while read -r base new; do
    suffix=$(pair_suffix "$base" "$new")
    for ((round = 1; round <= ROUNDS; round++)); do
      java -jar "$REPORT_JAR" diff "$OUT/round-$round/$base" "$OUT/round-$round/$new" \
        --json "$OUT/diff-round-$round$suffix.json" >"$OUT/diff-round-$round$suffix.md" || true
    done
    "$HERE/table.sh" "$OUT" "$base" "$new" >"$OUT/table$suffix.md"
  done < <(variant_pairs)
  echo "done: $OUT (table*.md: the README's tables, one a pair of variants; diff-round-*.md: report diff per round)"
}

main "$@"
