#!/usr/bin/env bats
# bench/compare.sh's own logic, driven with fake-java-compare as `java` (servers, the harness and
# the report tool): the points it runs, the warm-up it asks for, the folder it leaves for `report
# compare` and how it asks for the tables (their figures: report's CompareCommandTest).

setup() {
  REPO=$(cd "$BATS_TEST_DIRNAME/../../../.." && pwd)
  WORK=$(mktemp -d)
  # a copy of the scripts in a tree of its own, with stand-in jars
  mkdir -p "$WORK/repo/bench" "$WORK/repo/deploy" "$WORK/bin" "$WORK/src"
  cp "$REPO/bench/compare.sh" "$REPO/bench/perf-lib.sh" "$REPO/bench/compare-divisors.tsv" \
    "$REPO/bench/compare-targets.tsv" "$WORK/repo/bench/"
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

@test "one folder per round and variant, steal per round; the tables from report compare, targets only when asked" {
  run "$COMPARE" --threads 64 --in-flight 64 --requests 10 --rounds 2 --runs 2 --retries 0 --out "$WORK/out"
  [ "$status" -eq 0 ]
  [ -s "$WORK/out/raw/closed-64/round1/rpcx/rpcx/point.csv" ]
  [ -s "$WORK/out/raw/inflight-64/round2/grpc-tuned/grpc-tuned/point.csv" ]
  ! ls -d "$WORK/out/raw/closed-64/round1/"*.try* 2>/dev/null
  [ "$(wc -l <"$WORK/out/steal.tsv")" -eq 8 ]
  grep -qE $'^closed-64\trpcx\t1\t([0-9]+\.[0-9]|nan)$' "$WORK/out/steal.tsv"
  grep -q -- "report compare $WORK/out --variants rpcx,grpc-tuned --warmup-runs 1 --server-cores " "$FAKE_ARGS"
  ! grep -q -- '--targets' "$FAKE_ARGS"
  [[ $output == *"### fake tables of $WORK/out"* ]]
  [ -s "$WORK/out/compare.md" ]
  run "$COMPARE" --threads 1 --in-flight none --requests 10 --rounds 1 --runs 2 --variants rpcx \
    --targets "$WORK/repo/bench/compare-targets.tsv" --out "$WORK/out2"
  [ "$status" -eq 0 ]
  grep -q -- "--targets $WORK/repo/bench/compare-targets.tsv" "$FAKE_ARGS"
}

@test "the divisors come from bench/compare-divisors.tsv unless --divisors says otherwise" {
  run "$COMPARE" --threads 1 --in-flight none --requests 40 --rounds 1 --runs 2 --out "$WORK/out"
  [ "$status" -eq 0 ]
  grep -q -- '--protocol grpc-tuned --threads 1 --requests 10 ' "$FAKE_ARGS"
  run "$COMPARE" --threads 1 --in-flight none --requests 40 --rounds 1 --runs 2 --divisors none --out "$WORK/out3"
  grep -q -- '--protocol grpc-tuned --threads 1 --requests 40 ' "$FAKE_ARGS"
}
