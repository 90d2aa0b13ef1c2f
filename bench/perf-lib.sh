#!/usr/bin/env bash
# shellcheck disable=SC2034  # the variables set here are used by the scripts that source this file
# Shared helpers of bench/compare.sh, baseline.sh, wire-bytes.sh and gc-check.sh (sourced, not
# run): CPU placement, pinned server start with ready-line wait, server stop, the machine
# description and the replacement of one marked section of docs/performance.md.
# The caller sets ROOT, OUT, JVM_FLAGS, HOST and READY_TIMEOUT_S, and the arrays SERVER_PIDS=()
# and PINNED=(); perf_start_server sets READY_PORT.
set -euo pipefail

# Fat jars and the main classes every script uses (ROOT is the repository root).
perf_jars() {
  HARNESS_JAR="$ROOT/client-harness/target/client-harness.jar"
  RPCX_JAR="$ROOT/server-rpcx/target/server-rpcx.jar"
  GRPC_JAR="$ROOT/server-grpc/target/server-grpc.jar"
  OPENFEIGN_JAR="$ROOT/server-openfeign/target/server-openfeign.jar"
  BARE_JAR="$ROOT/bench/target/benchmarks.jar"
  HARNESS_MAIN="io.rpcxbench.harness.HarnessMain"
  BARE_MAIN="io.rpcxbench.bench.bare.BareServerMain"
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
  local pid waited=0
  for pid in "${SERVER_PIDS[@]}"; do
    kill -TERM "$pid" 2>/dev/null || true
  done
  for pid in "${SERVER_PIDS[@]}"; do
    while kill -0 "$pid" 2>/dev/null && [[ $waited -lt $((${STOP_TIMEOUT_S:-20} * 10)) ]]; do
      sleep 0.1
      waited=$((waited + 1))
    done
    if kill -0 "$pid" 2>/dev/null; then
      echo "${PERF_SCRIPT:-bench}: server pid $pid ignored SIGTERM for ${STOP_TIMEOUT_S:-20}s: SIGKILL" >&2
      kill -KILL "$pid" 2>/dev/null || true
    fi
    wait "$pid" 2>/dev/null || true
  done
  SERVER_PIDS=()
}

# perf_start_server READY_NAME LOG CMD...: runs CMD in the background (output to LOG), waits for
# "READY_NAME listening on ADDR:PORT" and sets READY_PORT. CMD must exec the server (taskset,
# ip netns exec and java all do), so that $! is the server itself for perf_stop_servers.
# Not to be called in $(...): the pid must reach SERVER_PIDS of this shell.
perf_start_server() {
  local name="$1" log="$2"
  shift 2
  "$@" >"$log" 2>&1 &
  local pid=$!
  SERVER_PIDS+=("$pid")
  local waited=0 line=""
  while [[ $waited -lt $((READY_TIMEOUT_S * 10)) ]]; do
    line="$(grep -m1 -o "$name listening on [^ ]*" "$log" || true)"
    if [[ -n "$line" ]]; then
      READY_PORT="${line##*:}"
      return 0
    fi
    if ! kill -0 "$pid" 2>/dev/null; then
      cat "$log" >&2
      perf_die "$name server exited before it was ready (log: $log)"
    fi
    sleep 0.1
    waited=$((waited + 1))
  done
  perf_die "$name server printed no ready line within ${READY_TIMEOUT_S}s (see $log)"
}

# The machine, as lines "key: value" (for the doc and the result folder).
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
    echo "jars (copied before the first run): $(awk '{ printf "%s%s built %s", (NR > 1 ? ", " : ""), $3, $2 }' "$OUT/jars.txt")"
  fi
}

# perf_doc_section DOC NAME BODY_FILE: replaces the text between
# "<!-- BEGIN NAME -->" and "<!-- END NAME -->" in DOC with BODY_FILE (appends the section when
# DOC has no such markers; creates DOC when missing). Other sections stay as they are.
perf_doc_section() {
  local doc="$1" name="$2" body="$3" tmp
  if [[ ! -f "$doc" ]]; then
    printf '# Performance\n\n' >"$doc"
  fi
  if ! grep -q "^<!-- BEGIN $name -->\$" "$doc"; then
    printf '\n<!-- BEGIN %s -->\n<!-- END %s -->\n' "$name" "$name" >>"$doc"
  fi
  tmp="$(mktemp "$doc.XXXXXX")"
  awk -v name="$name" -v body="$body" '
    $0 == "<!-- BEGIN " name " -->" {
      print; while ((getline line < body) > 0) print line; skip = 1; next
    }
    $0 == "<!-- END " name " -->" { skip = 0 }
    !skip { print }' "$doc" >"$tmp"
  mv "$tmp" "$doc"
}

# perf_snapshot_jars DIR: copies the jars to DIR and points HARNESS_JAR etc. at the copies, so a
# rebuild during a measurement (others build in the same tree) cannot swap classes under a
# running JVM. Records the jars' build times and sha256 in $OUT/jars.txt. perf_drop_snapshot
# removes DIR (call it on exit, after the servers stopped).
perf_snapshot_jars() {
  JAR_SNAPSHOT="$1"
  mkdir -p "$JAR_SNAPSHOT"
  local var src copy
  : >"$OUT/jars.txt"
  for var in HARNESS_JAR RPCX_JAR GRPC_JAR OPENFEIGN_JAR BARE_JAR; do
    src="${!var}"
    [[ -f "$src" ]] || continue
    copy="$JAR_SNAPSHOT/$(basename "$src")"
    cp "$src" "$copy"
    if command -v unzip >/dev/null 2>&1 && ! unzip -tqq "$copy" >/dev/null 2>&1; then
      perf_die "$src is being rewritten (a build is running?): try again when it is done"
    fi
    printf '%s %s %s\n' "$(sha256sum "$copy" | cut -c1-16)" "$(date -u -r "$src" +%Y-%m-%dT%H:%M:%SZ)" \
      "${src#"$ROOT"/}" >>"$OUT/jars.txt"
    printf -v "$var" '%s' "$copy"
  done
}

perf_drop_snapshot() {
  if [[ -n "${JAR_SNAPSHOT:-}" ]]; then rm -rf "$JAR_SNAPSHOT"; fi
}
