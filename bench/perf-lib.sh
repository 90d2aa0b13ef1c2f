#!/usr/bin/env bash
# shellcheck disable=SC2034  # the variables set here are used by the scripts that source this file
# Shared helpers of bench/baseline.sh, wire-bytes.sh, gc-check.sh and link-profiles.sh (sourced,
# not run; compare.sh launches `rpcx-bench compare`, whose Java does all of this itself): the protocol catalog (deploy/catalog.sh: ids, labels, server jars), CPU placement,
# pinned server start with ready-line wait, server stop, reading result files with the report
# tool's `show`, the machine description and the replacement of one marked section of
# docs/performance.md. The caller sets ROOT, OUT, HOST and READY_TIMEOUT_S, and PINNED=();
# perf_start_server sets READY_PORT.
set -euo pipefail

# shellcheck source=deploy/catalog.sh
source "$ROOT/deploy/catalog.sh"

# The jars every script uses (ROOT is the repository root). The bench jar holds the
# benchmark-only protocols (bare): on the harness's class path when it is built, so that the
# catalog lists them.
perf_jars() {
  HARNESS_JAR="$ROOT/client-harness/target/client-harness.jar"
  REPORT_JAR="$ROOT/report/target/report.jar"
  BENCH_JAR="$ROOT/bench/target/bench.jar"
  [[ -f "$BENCH_JAR" || ! -f "$ROOT/bench/target/benchmarks.jar" ]] || BENCH_JAR="$ROOT/bench/target/benchmarks.jar"
  HARNESS_MAIN="io.rpcxbench.harness.HarnessMain"
  SERVER_ROOT="$ROOT"
}

# The harness's class path: its jar, and the bench jar when built.
perf_harness_cp() {
  if [[ -f "$BENCH_JAR" ]]; then echo "$HARNESS_JAR:$BENCH_JAR"; else echo "$HARNESS_JAR"; fi
}

# perf_catalog: reads the protocol catalog from the harness (after perf_jars, and after
# perf_snapshot_jars when there is one); exits 2 without the harness or report jar.
perf_catalog() {
  local jar
  for jar in "$HARNESS_JAR" "$REPORT_JAR"; do
    [[ -f "$jar" ]] || perf_die "missing $jar (build first: mvn -B -q package -DskipTests)"
  done
  catalog_load java -cp "$(perf_harness_cp)" "$HARNESS_MAIN" || perf_die "$CATALOG_ERROR"
}

# perf_select WHAT LIST: the protocol ids of LIST ("all": the whole catalog) in PERF_IDS;
# exits 2 naming the known ids otherwise.
perf_select() {
  local hint=""
  [[ -f "$BENCH_JAR" ]] || hint=" (benchmark-only protocols such as bare need $BENCH_JAR: mvn -B -q -pl bench -am package -DskipTests)"
  catalog_select "$2" || perf_die "$1: $CATALOG_ERROR$hint"
  PERF_IDS=("${CATALOG_SELECTED[@]}")
}

# perf_server_cmd ID: the server command of protocol ID after "java FLAGS", in SERVER_CMD
# (bound to HOST, port 0: a free one).
perf_server_cmd() {
  local id="$1" jar
  local -a args
  jar="$(catalog_find_jar "$(catalog_get "$id" server_jar)" "$SERVER_ROOT")" ||
    perf_die "$id: server jar $(catalog_get "$id" server_jar) not built (mvn -B -q package -DskipTests)"
  read -r -a args <<<"$(catalog_get "$id" server_args)"
  SERVER_CMD=(-jar "$jar" --bind "$HOST" --port 0 "${args[@]}")
}

# perf_show FILE OPTION...: the report tool's reader of raw files (never awk on their columns).
perf_show() {
  local file="$1"
  shift
  java -jar "$REPORT_JAR" show "$file" "$@"
}

# perf_cleaned FILE KEY: one value of the cleaned point (kept runs: orders 1..N-1).
perf_cleaned() {
  perf_show "$1" --cleaned --key "$2"
}

# perf_sum FILE calls|errors: the count over all runs (order 0 too), 0 when the file has none;
# prints nothing and fails when the file cannot be read.
perf_sum() {
  local value
  value="$(perf_show "$1" --cleaned --keep-first --key "$2")" || return 1
  echo "${value:-0}"
}

perf_die() {
  echo "${PERF_SCRIPT:-bench}: $*" >&2
  exit 2
}

perf_cpu_range() {
  if [[ "$1" == "$2" ]]; then echo "$1"; else echo "$1-$2"; fi
}

# Servers on the upper half of the CPUs, the client on the lower half (2 CPUs: server 1,
# client 0). Without taskset or with one CPU nothing is pinned (both stay empty).
perf_plan_placement() {
  SERVER_CPUS=""
  CLIENT_CPUS=""
  local cpus
  cpus="$(nproc)"
  if command -v taskset >/dev/null 2>&1 && [[ "$cpus" -ge 2 ]]; then
    local half=$((cpus / 2))
    CLIENT_CPUS="$(perf_cpu_range 0 $((half - 1)))"
    SERVER_CPUS="$(perf_cpu_range "$half" $((cpus - 1)))"
  fi
}

perf_placement_text() {
  if [[ -n "$SERVER_CPUS" ]]; then
    echo "taskset: servers on CPU $SERVER_CPUS, client on CPU $CLIENT_CPUS"
  else
    echo "not pinned (no taskset or a single CPU)"
  fi
}

# perf_pinned CPUS CMD...: CMD under taskset when CPUS is set, left in the array PINNED.
perf_pinned() {
  local cpus="$1"
  shift
  if [[ -n "$cpus" ]]; then
    PINNED=(taskset -c "$cpus" "$@")
  else
    PINNED=("$@")
  fi
}

# SIGTERM to every server, then SIGKILL to those still alive after STOP_TIMEOUT_S (a server that
# hangs in its shutdown must not hang the script and its lock).
perf_stop_servers() {
  server_stop_all "${STOP_TIMEOUT_S:-20}"
}

# perf_start_server NAME LOG CMD...: runs CMD in the background (output to LOG), waits for its
# ready line ("<server> listening on ADDR:PORT") and sets READY_PORT. CMD must exec the server
# (taskset, ip netns exec and java all do), so that the pid is the server itself.
# Not to be called in $(...): the pid must reach SERVER_PIDS of this shell.
perf_start_server() {
  local name="$1" log="$2"
  shift 2
  server_spawn "$log" "$@"
  server_await "$SPAWNED_PID" "$log" "$READY_TIMEOUT_S" || perf_die "$name server: $READY_ERROR"
}

# The machine, as lines "key: value" (for the doc and the result folder).
# perf_begin_locked: makes $OUT, writes the machine's lines to $OUT/summary.txt (and stdout), then
# takes the measurement lock ($LOCK, else /tmp/rpcx-bench-measure.lock) on fd 9 until the script ends.
perf_begin_locked() {
  mkdir -p "$OUT"
  { date -u; perf_machine; } | tee "$OUT/summary.txt"
  exec 9>"${LOCK:-/tmp/rpcx-bench-measure.lock}"
  flock 9
}

# perf_noise LABEL: one line of the box's noise now (time, LABEL, load average, CPU pressure).
perf_noise() {
  printf '%s %s: load %s; cpu pressure %s\n' "$(date -u +%T)" "$1" "$(cut -d' ' -f1-3 /proc/loadavg)" \
    "$(head -n 1 /proc/pressure/cpu)"
}

perf_machine() {
  local model
  model="$(lscpu 2>/dev/null | sed -n 's/^Model name:[[:space:]]*//p' | head -n1)"
  echo "cpus: $(nproc) (${model:-unknown model})"
  echo "kernel: $(uname -sr)"
  echo "java: $(java -version 2>&1 | sed -n 2p)"
  echo "commit: $(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null || echo unknown)$(
    git -C "$ROOT" diff --quiet HEAD -- rpcx server-rpcx 2>/dev/null || echo ' (rpcx/ or server-rpcx/ modified in the working tree)')"
  echo "load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"
  if [[ -s "${OUT:-}/jars.txt" ]]; then
    local jars="" built path
    while read -r _ built path; do
      jars+="${jars:+, }$path built $built"
    done <"$OUT/jars.txt"
    echo "jars (copied before the first run): $jars"
  fi
}

# perf_doc_section DOC NAME BODY_FILE: replaces the text between
# "<!-- BEGIN NAME -->" and "<!-- END NAME -->" in DOC with BODY_FILE (appends the section when
# DOC has no such markers; creates DOC when missing). Other sections stay as they are.
perf_doc_section() {
  java -jar "$REPORT_JAR" doc-section "$1" "$2" "$3"
}

# perf_snapshot_jars DIR ID...: copies the harness, report and bench jars and the server jars
# of the protocols ID... to DIR (server jars under their repo paths) and points HARNESS_JAR etc.
# and SERVER_ROOT at the copies, so a rebuild during a measurement (others build in the same
# tree) cannot swap classes under a running JVM. Records the jars' build times and sha256 in
# $OUT/jars.txt. perf_drop_snapshot removes DIR (call it on exit, after the servers stopped).
perf_snapshot_jars() {
  JAR_SNAPSHOT="$1"
  shift
  mkdir -p "$JAR_SNAPSHOT"
  : >"$OUT/jars.txt"
  local var name
  for var in HARNESS_JAR REPORT_JAR BENCH_JAR; do
    [[ -f "${!var}" ]] || continue
    perf_snapshot_one "${!var#"$ROOT"/}"
    printf -v "$var" '%s' "$JAR_SNAPSHOT/${!var#"$ROOT"/}"
  done
  catalog_servers "$@"
  for name in "${SERVER_NAMES[@]}"; do
    [[ -f "$ROOT/${SERVER_JAR[$name]}" && ! -f "$JAR_SNAPSHOT/${SERVER_JAR[$name]}" ]] || continue
    perf_snapshot_one "${SERVER_JAR[$name]}"
  done
  SERVER_ROOT="$JAR_SNAPSHOT"
}

# perf_snapshot_one REL: copies ROOT/REL to JAR_SNAPSHOT/REL, checks it, notes it in jars.txt.
perf_snapshot_one() {
  local rel="$1" copy="$JAR_SNAPSHOT/$1"
  mkdir -p "$(dirname "$copy")"
  cp "$ROOT/$rel" "$copy"
  if command -v unzip >/dev/null 2>&1 && ! unzip -tqq "$copy" >/dev/null 2>&1; then
    perf_die "$ROOT/$rel is being rewritten (a build is running?): try again when it is done"
  fi
  printf '%s %s %s\n' "$(sha256sum "$copy" | cut -c1-16)" "$(date -u -r "$ROOT/$rel" +%Y-%m-%dT%H:%M:%SZ)" \
    "$rel" >>"$OUT/jars.txt"
}

perf_drop_snapshot() {
  if [[ -n "${JAR_SNAPSHOT:-}" ]]; then rm -rf "$JAR_SNAPSHOT"; fi
}
