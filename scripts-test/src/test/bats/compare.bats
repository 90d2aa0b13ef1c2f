#!/usr/bin/env bats
# bench/compare.sh's own logic, driven with fake-java-compare as `java` (servers, the harness and
# the report tool's show): the points it runs, the warm-up it asks for, and its three tables with
# client and server CPU per call and what limited each row.

setup() {
  REPO=$(cd "$BATS_TEST_DIRNAME/../../../.." && pwd)
  WORK=$(mktemp -d)
  # a copy of the scripts in a tree of its own, with stand-in jars
  mkdir -p "$WORK/repo/bench" "$WORK/repo/deploy" "$WORK/bin" "$WORK/src"
  cp "$REPO/bench/compare.sh" "$REPO/bench/perf-lib.sh" "$WORK/repo/bench/"
  cp "$REPO/deploy/catalog.sh" "$WORK/repo/deploy/"
  : >"$WORK/src/x"
  local jar
  for jar in client-harness/target/client-harness.jar report/target/report.jar \
    server-rpcx/target/server-rpcx.jar server-grpc/target/server-grpc.jar; do
    mkdir -p "$(dirname "$WORK/repo/$jar")"
    if command -v zip >/dev/null 2>&1; then
      (cd "$WORK/src" && zip -q "$WORK/repo/$jar" x)
    else
      jar --create --file "$WORK/repo/$jar" -C "$WORK/src" x
    fi
  done
  ln -s "$BATS_TEST_DIRNAME/fake-java-compare" "$WORK/bin/java"
  export PATH="$WORK/bin:$PATH"
  export RPCX_CATALOG_FILE="$WORK/catalog.tsv"
  printf 'id\tlabel\ttype\tport\tserver_jar\tserver_args\texternal\n' >"$RPCX_CATALOG_FILE"
  printf 'rpcx\tRPCX\t1\t8081\tserver-rpcx/target/server-rpcx.jar\t-\t-\n' >>"$RPCX_CATALOG_FILE"
  printf 'grpc-tuned\tgRPC, direct executor\t4\t8084\tserver-grpc/target/server-grpc.jar\t--direct-executor\t-\n' >>"$RPCX_CATALOG_FILE"
  export FAKE_ARGS="$WORK/args"
  export FAKE_FIGURES="$WORK/figures"
  : >"$FAKE_ARGS"
  # per run of 10,000 calls: RPCX limited by its client, gRPC tuned by its server
  printf '%s\n' 'rpcx 100000 0.500 0.200 client' 'grpc-tuned 25000 0.800 0.400 server' >"$FAKE_FIGURES"
  COMPARE="$WORK/repo/bench/compare.sh"
}

teardown() {
  rm -rf "$WORK"
}

@test "--help shows the points, the warm-up and an example, exit 0" {
  run "$COMPARE" --help
  [ "$status" -eq 0 ]
  [[ $output == *"--in-flight LIST"* ]]
  [[ $output == *"--warmup steady|DURATION"* ]]
  [[ $output == *"Example"* ]]
}

@test "bad arguments exit 2 with a message" {
  run "$COMPARE" --warmup lukewarm
  [ "$status" -eq 2 ]
  [[ $output == *"'lukewarm' is not steady or a duration"* ]]
  run "$COMPARE" --threads none --in-flight none
  [ "$status" -eq 2 ]
  [[ $output == *"no point left to run"* ]]
  run "$COMPARE" --warmup-tolerance lots
  [ "$status" -eq 2 ]
  run "$COMPARE" --in-flight 0
  [ "$status" -eq 2 ]
}

@test "closed-loop and in-flight points, steady warm-up, the server measured by the harness" {
  run "$COMPARE" --threads 64 --in-flight 64 --requests 10 --rounds 1 --runs 2 --retries 0 --out "$WORK/out"
  [ "$status" -eq 0 ]
  grep -q -- '--protocol rpcx --threads 64 --requests 10 --warmup-mode steady --warmup-iteration 1s --warmup-tolerance 3% --warmup-max 30s --runs 2' "$FAKE_ARGS"
  grep -q -- '--protocol grpc-tuned --in-flight 64 --requests 3 --warmup-mode steady' "$FAKE_ARGS"
  [ "$(grep -c -- '--server-pid [0-9]' "$FAKE_ARGS")" -eq 4 ]
}

@test "a fixed --warmup is passed as such" {
  run "$COMPARE" --threads 1 --in-flight none --requests 10 --rounds 1 --runs 2 --warmup 5s --variants rpcx --out "$WORK/out"
  [ "$status" -eq 0 ]
  grep -q -- '--threads 1 --requests 10 --warmup 5s --runs 2' "$FAKE_ARGS"
  ! grep -q -- '--warmup-mode' "$FAKE_ARGS"
}

@test "three tables, each row with CPU per call and what limited it; the server side measured or estimated" {
  run "$COMPARE" --threads 64 --in-flight 64 --requests 10 --rounds 1 --runs 2 --retries 0 --out "$WORK/out"
  [ "$status" -eq 0 ]
  [[ $output == *"### Closed loop (the paper's method"* ]]
  [[ $output == *"### In flight"* ]]
  [[ $output == *"### Server side"* ]]
  # 0.5 s client and 0.2 s server CPU over 10,000 calls: 50 and 20 µs per call; order 1 kept
  [[ $output == *"| 64 | RPCX | 100000 | 100000-100000 | 100.0 | 900.0 | 50.0 | 20.0 | client | async | 1/1 |"* ]]
  [[ $output == *"| 64 | gRPC, direct executor | 25000 | 25000-25000 | 100.0 | 900.0 | 80.0 | 40.0 | server | async | 1/1 |"* ]]
  # RPCX's client was the limit: its server's capacity is the CPU-bound estimate, 10^6 / 20 µs
  [[ $output == *"| RPCX | 20.0 | 50000 | 100000 | 0.50 | client | ~50000 (CPU-bound estimate) | 1.00x |"* ]]
  [[ $output == *"| gRPC, direct executor | 40.0 | 25000 | 25000 | 0.50 | server | 25000 (measured) | 2.00x |"* ]]
  [[ $output == *"| RPCX / gRPC-tuned server CPU per call, 64 in flight (issue 17) | 0.50x | <= 0.5x | PASS | client / server |"* ]]
  [[ $output == *"| RPCX / gRPC-tuned calls/s, 64 in flight (issue 17) | 4.00x | >= 2.5x | PASS | client / server |"* ]]
  [ -s "$WORK/out/rounds.tsv" ]
}
