#!/usr/bin/env bats
# sweep.sh --rates: the open loop's rate sweep (one point per protocol per rate), driven with
# fake-java as in sweep.bats: plan, argument errors, files and their names, the ETA from the
# schedules, the protocols that could not keep up, resume, failed points.

setup() {
  REPO=$(cd "$BATS_TEST_DIRNAME/../../../.." && pwd)
  SWEEP="$REPO/sweep.sh"
  WORK=$(mktemp -d)
  OUTDIR="$WORK/raw"
  export JAVA="$BATS_TEST_DIRNAME/fake-java"
  export RPCX_BENCH_CLIENT_JAR="$WORK/client-harness.jar"
  : >"$RPCX_BENCH_CLIENT_JAR"
  export RPCX_BENCH_REPORT_JAR="$WORK/report.jar"
  : >"$RPCX_BENCH_REPORT_JAR"
  export FAKE_CALLS="$WORK/calls"
  export FAKE_RULES="$WORK/rules"
  export FAKE_ARGS="$WORK/args"
  export FAKE_SERVERS="$WORK/servers"
  : >"$FAKE_CALLS"
  : >"$FAKE_RULES"
  : >"$FAKE_ARGS"
  : >"$FAKE_SERVERS"
}

teardown() {
  rm -rf "$WORK"
}

rules() { printf '%s\n' "$@" >"$FAKE_RULES"; }

@test "rates plan: rate outermost, protocols interleaved, open-loop file names, planned calls" {
  run "$SWEEP" --dry-run --out "$OUTDIR" --protocol rpcx,grpc --rates 1000:3000:1000,5000 --duration 3s --runs 2
  [ "$status" -eq 0 ]
  [ "${lines[0]}" = "plan: 8 points; protocols rpcx grpc; rates 1000:3000:1000,5000:5000:1 calls/s; duration 3s; runs 2; planned calls 132000; limit 600s per point; out $OUTDIR" ]
  [ "${lines[1]}" = "1/8 rpcx 1000/s $OUTDIR/rpcx/open-r1000-d3s.csv" ]
  [ "${lines[2]}" = "2/8 grpc 1000/s $OUTDIR/grpc/open-r1000-d3s.csv" ]
  [ "${lines[8]}" = "8/8 grpc 5000/s $OUTDIR/grpc/open-r5000-d3s.csv" ]
  # the default duration is 10 s; minutes are seconds in the name, as the harness writes it
  run "$SWEEP" --dry-run --out "$OUTDIR" --protocol rpcx --rates 500
  [[ ${lines[1]} == "1/1 rpcx 500/s $OUTDIR/rpcx/open-r500-d10s.csv" ]]
  run "$SWEEP" --dry-run --out "$OUTDIR" --protocol rpcx --rates 500 --duration 2m -- --arrivals poisson
  [[ ${lines[2]} == "1/1 rpcx 500/s $OUTDIR/rpcx/open-r500-d120s-poisson.csv" ]]
}

@test "rates: mixing with the grid and bad values exit 2 with a message" {
  run "$SWEEP" --dry-run --rates 1000 --threads 10
  [ "$status" -eq 2 ]
  [[ $output == *"--rates runs open-loop points (one per rate), --threads belongs to the closed loop's grid"* ]]
  run "$SWEEP" --dry-run --requests 10 --rates 1000
  [ "$status" -eq 2 ]
  [[ $output == *"--requests belongs to the closed loop's grid"* ]]
  run "$SWEEP" --dry-run --rates 1000 --stop-after-failures 2
  [ "$status" -eq 2 ]
  [[ $output == *"with --rates use --stop-after-overload N"* ]]
  run "$SWEEP" --dry-run --duration 5s
  [ "$status" -eq 2 ]
  [[ $output == *"--duration is the schedule of a rate sweep: give --rates too"* ]]
  for bad in "--rates 0" "--rates 1000:500:10" "--rates 1000 --duration 5" "--rates 1000 --duration 1.5s" \
             "--rates 1000 --stop-after-overload -1" "--rates ''"; do
    eval "run \"\$SWEEP\" --dry-run $bad"
    echo "$bad: $output"
    [ "$status" -eq 2 ]
  done
}

@test "a rate sweep runs one open-loop point per protocol per rate, with the harness's options" {
  run "$SWEEP" --out "$OUTDIR" --protocol rpcx,grpc --rates 100,200 --duration 3s --runs 2 -- --max-in-flight 64
  echo "$output"
  [ "$status" -eq 0 ]
  [ "$(cut -d' ' -f1-3 "$FAKE_CALLS" | tr '\n' ';')" = "rpcx r100 3s;grpc r100 3s;rpcx r200 3s;grpc r200 3s;" ]
  grep -q -- "--protocol rpcx --rate 100 --duration 3s --runs 2 .*--max-in-flight 64" "$FAKE_ARGS"
  ! grep -q -- "--threads" "$FAKE_ARGS"
  [ -f "$OUTDIR/grpc/open-r200-d3s.csv" ]
  grep -q '^# load_model: open' "$OUTDIR/grpc/open-r200-d3s.csv"
  [[ $output == *"sweep: 4 points, protocols rpcx grpc, rates 100:100:1,200:200:1 calls/s, duration 3s, planned calls 3600,"* ]]
  [[ $output == *"[1/4] rpcx 100/s run 1/2 "* ]]
  # the ETA counts each point left as its schedules (2 runs x 3 s), whatever its rate
  [[ $output == *"[1/4] rpcx 100/s: complete (exit 0) in "*"| ETA 0:00:18 |"* ]]
  [[ $output == *"[4/4] grpc 200/s: complete (exit 0) in "*"| ETA 0:00:00 |"* ]]
}

@test "a protocol that did not keep up at N rates in a row skips its higher rates; the others go on" {
  # rpcx achieves 90 % from 300/s, drops calls at 400/s; grpc keeps up everywhere
  rules "rpcx r300 * slow" "rpcx r400 * drop" "rpcx r500 * slow"
  run "$SWEEP" --out "$OUTDIR" --protocol rpcx,grpc --rates 100:600:100 --duration 1s --runs 2
  echo "$output"
  [ "$status" -eq 1 ]
  [ "$(grep '^rpcx' "$FAKE_CALLS" | cut -d' ' -f2 | tr '\n' ';')" = "r100;r200;r300;r400;" ]
  [ "$(grep -c '^grpc' "$FAKE_CALLS")" -eq 6 ]
  [[ $output == *"rpcx at 300/s: did not keep up (achieved 90.0 % of the target)"* ]]
  [[ $output == *"rpcx at 400/s: did not keep up (5 calls dropped)"* ]]
  [[ $output == *"rpcx: did not keep up at 2 rates in a row (300, 400 calls/s); its higher rates are not run"* ]]
  [[ $output == *"overloaded: rpcx stopped after 400/s (did not keep up at 300, 400 calls/s)"* ]]
  grep -q "rpcx 500/s: not run (did not keep up at 300, 400 calls/s)" "$OUTDIR"/sweep-*.log
  [ ! -e "$OUTDIR/rpcx/open-r500-d1s.csv" ]
  # a resume reads the files it skips and stops rpcx at the same place, running nothing
  : >"$FAKE_CALLS"
  run "$SWEEP" --out "$OUTDIR" --protocol rpcx,grpc --rates 100:600:100 --duration 1s --runs 2
  [ "$status" -eq 1 ]
  [ ! -s "$FAKE_CALLS" ]
  [[ $output == *"overloaded: rpcx stopped after 400/s"* ]]
  # a kept-up rate between two that were not resets the count
  rm -rf "$OUTDIR"; : >"$FAKE_CALLS"
  rules "rpcx r200 * slow" "rpcx r400 * slow"
  run "$SWEEP" --out "$OUTDIR" --protocol rpcx --rates 100:500:100 --duration 1s --runs 2
  [ "$(wc -l <"$FAKE_CALLS")" -eq 5 ]
  [[ $output != *"overloaded:"* ]]
  # --stop-after-overload 0 never stops
  rm -rf "$OUTDIR"; : >"$FAKE_CALLS"
  rules "rpcx r200 * slow" "rpcx r300 * slow" "rpcx r400 * slow"
  run "$SWEEP" --out "$OUTDIR" --protocol rpcx --rates 100:500:100 --duration 1s --runs 2 --stop-after-overload 0
  [ "$status" -eq 1 ]   # a rate not kept up counts like a failed point
  [ "$(wc -l <"$FAKE_CALLS")" -eq 5 ]
  [[ $output != *"overloaded:"* ]]
}

@test "a rate point that crashes gets a failed file with the open loop's keys; a resume skips it" {
  rules "grpc r200 * crash"
  run "$SWEEP" --out "$OUTDIR" --protocol grpc --rates 100,200,300 --duration 2s --runs 2 --stop-after-overload 1 -- --max-in-flight 32
  echo "$output"
  [ "$status" -eq 1 ]
  f="$OUTDIR/grpc/open-r200-d2s.csv"
  grep -q '^# status: failed' "$f"
  grep -q '^# load_model: open' "$f"
  grep -q '^# rate: 200' "$f"
  grep -q '^# duration: PT2S' "$f"
  grep -q '^# threads: 32' "$f"
  grep -q '^# requests: 400' "$f"
  grep -q '^# requests_per: total' "$f"
  [[ $output == *"grpc at 200/s: did not keep up (failed)"* ]]
  [ ! -e "$OUTDIR/grpc/open-r300-d2s.csv" ]
  : >"$FAKE_CALLS"
  run "$SWEEP" --dry-run --out "$OUTDIR" --protocol grpc --rates 100,200,300 --duration 2s --runs 2
  [[ ${lines[2]} == *"open-r200-d2s.csv (exists: failed)" ]]
}
