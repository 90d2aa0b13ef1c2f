#!/usr/bin/env bash
# issue 29's note: the order example (10 products) through every protocol that carries a user's
# message (18 carriers; amqp needs rabbitmq-server installed): bytes per call each way and calls/s
# at 16 threads, then every carrier's codec in one JMH run. Each protocol's server on CPU 1 with the kit's --message, the harness on CPU 0,
# one protocol after another, under the measure lock.
set -euo pipefail
cd "$(dirname "$0")/../../.." || exit 1   # the checkout
OUT=${OUT:-docs/measurements/messages-all-2026-11-25/raw}
MESSAGE=examples/order.proto:Order
DATA=examples/order.json
# id port server-jar [server args]
PROTOCOLS=(
  "rpcx 8081 server-rpcx/target/server-rpcx.jar"
  "grpc 8082 server-grpc/target/server-grpc.jar"
  "grpc-tuned 8084 server-grpc/target/server-grpc.jar --direct-executor"
  "grpc-stream 8085 protocols/grpc-stream/target/grpc-stream-server.jar"
  "tcp-protobuf 8087 protocols/tcp-protobuf/target/tcp-protobuf-server.jar"
  "thrift 8088 protocols/thrift/target/thrift-server.jar"
  "avro 8089 protocols/avro/target/avro-server.jar"
  "avro-socket 8091 protocols/avro/target/avro-socket-server.jar"
  "http-json 8083 server-openfeign/target/server-openfeign.jar"
  "openfeign 8083 server-openfeign/target/server-openfeign.jar"
  "openfeign-tuned 8098 server-openfeign/target/server-openfeign.jar --server.tomcat.max-keep-alive-requests=-1"
  "typed-json 8096 protocols/typed-json/target/typed-json-server.jar"
  "http-javaser 8086 protocols/http-javaser/target/http-javaser-server.jar"
  "bert 8093 protocols/bert/target/bert-server.jar"
  "resp 8094 protocols/resp/target/resp-server.jar"
  "resp-lettuce 8094 protocols/resp/target/resp-server.jar"
  "amqp-qpid 5674 protocols/amqp/target/amqp-server.jar --broker embedded"
  "amqp 5673 protocols/amqp/target/amqp-server.jar --broker rabbitmq"
)

wait_port() {
  local port=$1
  for _ in $(seq 1 120); do
    (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null && return 0
    sleep 0.5
  done
  return 1
}

# no server outlives the run, whatever ends it
trap 'jobs -p | xargs -r kill 2>/dev/null' EXIT
exec 9>/tmp/rpcx-bench-measure.lock
flock 9
date -u; uptime; cat /proc/pressure/cpu
mkdir -p "$OUT"
for line in "${PROTOCOLS[@]}"; do
  read -r id port jar args <<<"$line"
  # shellcheck disable=SC2086  # args: the catalog's server arguments, words on purpose
  taskset -c 1 java -Xms384m -Xmx384m -XX:+UseSerialGC -jar "$jar" --port "$port" $args \
    --message "$MESSAGE" >"$OUT/server-$id.log" 2>&1 &
  server=$!
  if ! wait_port "$port"; then
    echo "$id: server did not start (see $OUT/server-$id.log)"; kill "$server" 2>/dev/null || true; continue
  fi
  # a protocol that fails is reported and the run goes on to the next
  taskset -c 0 java -jar client-harness/target/client-harness.jar --protocol "$id" --host 127.0.0.1 \
    --port "$id=$port" --threads 16 --requests 1000 --runs 6 --warmup-mode steady --server-pid "$server" \
    --call message --message "$MESSAGE" --data "$DATA" --out "$OUT" --force 2>&1 | tail -n 14 \
    || echo "$id: the harness failed (see above)"
  kill "$server"; wait "$server" 2>/dev/null || true
done
# the codecs apart (MessageCodecBenchmark): one JVM fork per carrier, pinned to CPU 1
RPCX_BENCH_HOME=$PWD taskset -c 1 java -jar bench/target/benchmarks.jar MessageCodecBenchmark \
  -jvmArgs "-Xms384m -Xmx384m" -rf json -rff "$OUT/codec.json" 2>&1 | tail -n 20 | tee "$OUT/codec.txt"
date -u; uptime; cat /proc/pressure/cpu
