#!/usr/bin/env bash
# issue 32: the run docs/performance.md's summary reads (closed loop and in flight, 1 and 64, the
# batching client beside RPCX's one-write-per-call client and gRPC's), then the in-flight points
# again with the harness counting TCP segments per call. Servers on CPU 1, client on CPU 0, 3
# alternating rounds, steady warm-up, under the measure lock (~27 + ~11 min on the 2-vCPU box).
# The first run also rewrites the compare section of docs/performance.md.
set -euo pipefail
cd "$(dirname "$0")/../../.." || exit 1   # the checkout
OUT=${OUT:-results/compare-issue32}
mvn -B -q package -DskipTests
flock /tmp/rpcx-bench-measure.lock bench/compare.sh \
  --variants rpcx,rpcx-lean,rpcx-epoll,grpc,grpc-tuned,http-json,bare \
  --threads 1,64 --in-flight 1,64 --rounds 3 --out "$OUT/closed-and-in-flight" --write-doc
flock /tmp/rpcx-bench-measure.lock bench/compare.sh \
  --variants rpcx,rpcx-lean,rpcx-epoll,grpc,grpc-tuned,bare \
  --threads none --in-flight 1,64 --rounds 3 --out "$OUT/in-flight-segments"
