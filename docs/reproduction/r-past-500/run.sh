#!/usr/bin/env bash
# issue 28 outcome 4: R past 500 at the thread counts around the paper's gRPC boundary, 1 Gbit/s T x R
set -u
cd "$(dirname "$0")/../../.." || exit 1  # the checkout
# serialised with every other measurement on the box
OUT=results/repro/a-1gbit-thread-r-past-500
exec flock /tmp/rpcx-bench-measure.lock bash -c "
  date -u; uptime; cat /proc/pressure/cpu
  deploy/lab.sh up --rate 1gbit --cpus 1 --memory 2g || exit 1
  ./sweep.sh --lab --protocol rpcx,grpc --threads 290,310,510,990 --requests 510,1010 --runs 10 \
     --point-timeout 600 --timeout-per point --requests-per thread --stop-after-failures 2 --out $OUT
  rc=\$?
  deploy/lab.sh down
  date -u; uptime; cat /proc/pressure/cpu
  echo rc \$rc
"
