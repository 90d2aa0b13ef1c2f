#!/usr/bin/env bash
# issue 31 outcome 4: each server's saturated calls/s per core, measured under a CPU quota
# (bench/capacity.sh), in two groups: the servers that cost tens of µs per call at quotas 0.2 and
# 0.4 of a core, and the ones that cost ~1-10 µs (their generator could not saturate 0.4) at 0.1
# and 0.2. Under the shared measurement lock; raw files in raw-a/ and raw-b/.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)"
HERE="$ROOT/docs/measurements/capacity-2026-11-25"
flock /tmp/rpcx-bench-measure.lock "$ROOT/bench/capacity.sh" \
  --protocols grpc,grpc-tuned,http-json-lean,bert,thrift --quotas "0.2 0.4" --out "$HERE/raw-a"
flock /tmp/rpcx-bench-measure.lock "$ROOT/bench/capacity.sh" \
  --protocols rpcx,tcp-protobuf,resp --quotas "0.1 0.2" --out "$HERE/raw-b"
