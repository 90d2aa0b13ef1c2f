#!/usr/bin/env bash
# issue 28 outcome 4: the paper's OpenFeign point past the grid, 990 threads x 900 requests each
# (891,000 calls a run), in the regime that fits (1 Gbit/s lab link, T x R), with the paper's
# 600 s limit read per run (`--timeout-per run`), 10 runs; RPCX beside it for the advantage.
set -u
cd "$(dirname "$0")/../../.." || exit 1  # the checkout
OUT=${1:-results/repro/a-1gbit-thread-990x900}
# serialised with every other measurement on the box
exec flock /tmp/rpcx-bench-measure.lock bash -c "
  date -u; uptime; cat /proc/pressure/cpu
  deploy/lab.sh up --rate 1gbit --cpus 1 --memory 2g || exit 1
  ./sweep.sh --lab --protocol rpcx,openfeign --threads 990 --requests 900 --runs 10 \
     --point-timeout 600 --timeout-per run --requests-per thread --out $OUT
  rc=\$?
  deploy/lab.sh down
  date -u; uptime; cat /proc/pressure/cpu
  echo rc \$rc
"
