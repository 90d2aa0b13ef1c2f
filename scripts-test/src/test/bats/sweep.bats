#!/usr/bin/env bats
# sweep.sh's own logic, driven with fake-java (a stand-in for the harness, the report tool and
# the servers): catalog, plan, argument errors, pass-through options, resume, timeouts, failed
# points, --stop-after-failures, interrupts, --local servers, and the rate sweep (--rates).

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

# flat_copy DIR: sweep.sh and catalog.sh in one folder, the way deploy.sh lays out host A
flat_copy() {
  mkdir -p "$1"
  cp "$SWEEP" "$REPO/deploy/catalog.sh" "$1/"
}

teardown() {
  rm -rf "$WORK"
}

rules() { printf '%s\n' "$@" >"$FAKE_RULES"; }
# points_run PROTOCOL: the "threads requests;" pairs the stand-in harness ran for PROTOCOL
points_run() { grep "^$1 " "$FAKE_CALLS" | cut -d' ' -f2-3 | tr '\n' ';'; }

@test "--help shows usage with an example and exits 0" {
  run "$SWEEP" --help
  [ "$status" -eq 0 ]
  [[ $output == *"Usage: ./sweep.sh"* ]]
  [[ $output == *"Examples:"* ]]
}

@test "default plan is the paper's: threads 10..990, requests 10..900, step 10, three protocols" {
  run "$SWEEP" --dry-run --out "$OUTDIR"
  [ "$status" -eq 0 ]
  [ "${lines[0]}" = "plan: 26730 points; protocols rpcx grpc openfeign; threads 10:990:10; requests 10:900:10; runs 10; limit 600s per point; out $OUTDIR" ]
  [ "${lines[1]}" = "1/26730 rpcx t10 r10 $OUTDIR/rpcx/t10-r10.csv" ]
  [ "${lines[2]}" = "2/26730 grpc t10 r10 $OUTDIR/grpc/t10-r10.csv" ]
  [ "${lines[4]}" = "4/26730 rpcx t10 r20 $OUTDIR/rpcx/t10-r20.csv" ]
  [ "${lines[26730]}" = "26730/26730 openfeign t990 r900 $OUTDIR/openfeign/t990-r900.csv" ]
  [ ! -e "$OUTDIR" ]
}

@test "plan: thread count outer, request count inner, protocols interleaved" {
  run "$SWEEP" --dry-run --out "$OUTDIR" --protocol grpc,rpcx --threads 1:2:1 --requests 5:6:1
  [ "$status" -eq 0 ]
  [ "${#lines[@]}" -eq 9 ]
  [ "${lines[1]}" = "1/8 grpc t1 r5 $OUTDIR/grpc/t1-r5.csv" ]
  [ "${lines[2]}" = "2/8 rpcx t1 r5 $OUTDIR/rpcx/t1-r5.csv" ]
  [ "${lines[3]}" = "3/8 grpc t1 r6 $OUTDIR/grpc/t1-r6.csv" ]
  [ "${lines[8]}" = "8/8 rpcx t2 r6 $OUTDIR/rpcx/t2-r6.csv" ]
}

@test "range edge cases: TO not on a step, single values, defaults for empty fields" {
  run "$SWEEP" --dry-run --out "$OUTDIR" --protocol rpcx --threads 10:25:10 --requests 7:7:3
  [ "$status" -eq 0 ]
  [[ ${lines[0]} == "plan: 2 points;"* ]]
  [[ ${lines[1]} == "1/2 rpcx t10 r7 "* ]]
  [[ ${lines[2]} == "2/2 rpcx t20 r7 "* ]]
  # a single value is that value only
  run "$SWEEP" --dry-run --out "$OUTDIR" --protocol rpcx --threads 2 --requests 100
  [ "$status" -eq 0 ]
  [[ ${lines[0]} == "plan: 1 points;"*"threads 2:2:1; requests 100:100:1;"* ]]
  [[ ${lines[1]} == "1/1 rpcx t2 r100 "* ]]
  # FROM with a colon: TO and STEP keep the paper's defaults
  run "$SWEEP" --dry-run --out "$OUTDIR" --protocol rpcx --threads 980: --requests 890:
  [ "$status" -eq 0 ]
  [[ ${lines[0]} == "plan: 4 points;"*"threads 980:990:10; requests 890:900:10;"* ]]
  # empty fields keep defaults
  run "$SWEEP" --dry-run --out "$OUTDIR" --protocol rpcx --threads :20 --requests ::450
  [ "$status" -eq 0 ]
  [[ ${lines[0]} == "plan: 4 points;"*"threads 10:20:10; requests 10:900:450;"* ]]
  # --opt=value form
  run "$SWEEP" --dry-run --out="$OUTDIR" --protocol=grpc --threads=3:3 --requests=4:4
  [ "$status" -eq 0 ]
  [[ ${lines[1]} == "1/1 grpc t3 r4 "* ]]
}

@test "bad arguments exit 2 with a message" {
  local bad
  for bad in "--threads 20:10" "--threads 10:20:0" "--threads abc" "--requests 0" "--threads 1:2:3:4" \
             "--requests -5" "--runs 0" "--runs x" "--point-timeout 0" "--point-timeout 1.5" \
             "--timeout 600" "--protocol rpcx,thrift" "--protocol rpcx,rpcx" "--protocol ," \
             "--stop-after-failures -1" "--local --lab" "--host a --local" "--port rpcx=70000" \
             "--port rpcx" "--port thrift=9000" "--rpcx-port 8081" "--payload 256" "--items 3" \
             "--payload x --call echo" "--bogus" "--runs" "extra"; do
    # shellcheck disable=SC2086
    run "$SWEEP" --dry-run $bad
    echo "args: $bad -> $status: $output"
    [ "$status" -eq 2 ]
    [[ $output == *"sweep.sh: "* ]]
  done
}

@test "client jar: env override must exist; found beside sweep.sh in a flat deploy folder; else exit 2" {
  export RPCX_BENCH_CLIENT_JAR="$WORK/nope.jar"
  run "$SWEEP" --out "$OUTDIR" --threads 1:1 --requests 1:1 --protocol rpcx
  [ "$status" -eq 2 ]
  [[ $output == *"RPCX_BENCH_CLIENT_JAR: no such file"* ]]
  unset RPCX_BENCH_CLIENT_JAR
  flat_copy "$WORK/flat"
  run "$WORK/flat/sweep.sh" --out "$OUTDIR" --threads 1:1 --requests 1:1 --protocol rpcx
  [ "$status" -eq 2 ]
  [[ $output == *"client jar not found"*"mvn -B -q package -DskipTests"* ]]
  : >"$WORK/flat/client-harness.jar"
  run "$WORK/flat/sweep.sh" --out "$OUTDIR" --threads 1:1 --requests 1:1 --protocol rpcx
  [ "$status" -eq 0 ]
  grep -q "^rpcx 1 1 " "$FAKE_CALLS"
}

@test "a small sweep runs every point once, passes the harness options, logs progress" {
  run "$SWEEP" --out "$OUTDIR" --protocol rpcx,grpc --threads 1:2:1 --requests 3:3:1 --runs 4 \
      --host 198.18.0.2 --port grpc=9999
  echo "$output"
  [ "$status" -eq 0 ]
  [ "$(wc -l <"$FAKE_CALLS")" -eq 4 ]
  [ "$(cut -d' ' -f1-3 "$FAKE_CALLS" | tr '\n' ';')" = "rpcx 1 3;grpc 1 3;rpcx 2 3;grpc 2 3;" ]
  [ -f "$OUTDIR/grpc/t2-r3.csv" ]
  [[ $output == *"[1/4] rpcx t1 r3: complete (exit 0)"*"ETA"*"throughput 1200.0 calls/s"* ]]
  [[ $output == *"[4/4] grpc t2 r3: complete"* ]]
  ls "$OUTDIR"/sweep-*.log
  grep -q -- "--protocol grpc .*--port grpc=9999" "$OUTDIR"/sweep-*.log
  grep -q -- "--protocol rpcx .*--port rpcx=8081" "$OUTDIR"/sweep-*.log
  grep -q -- "--host 198.18.0.2" "$OUTDIR"/sweep-*.log
  grep -q -- "--runs 4" "$OUTDIR"/sweep-*.log
}

@test "resume: points whose file exists are skipped" {
  mkdir -p "$OUTDIR/rpcx"
  printf '# status: complete\ntype,threadNum,requestNum,order,timeTotal,tps,calls,errors,throughput\n' \
    >"$OUTDIR/rpcx/t1-r2.csv"
  run "$SWEEP" --dry-run --out "$OUTDIR" --protocol rpcx --threads 1:1 --requests 1:3:1
  [[ ${lines[2]} == *"t1-r2.csv (exists: complete)" ]]
  run "$SWEEP" --out "$OUTDIR" --protocol rpcx --threads 1:1 --requests 1:3:1
  [ "$status" -eq 0 ]
  [ "$(cut -d' ' -f1-3 "$FAKE_CALLS" | tr '\n' ';')" = "rpcx 1 1;rpcx 1 3;" ]
  [[ $output == *"rpcx t1 r2: exists (complete), skipped"* ]]
  # a second run does nothing at all
  : >"$FAKE_CALLS"
  run "$SWEEP" --out "$OUTDIR" --protocol rpcx --threads 1:1 --requests 1:3:1
  [ "$status" -eq 0 ]
  [ ! -s "$FAKE_CALLS" ]
}

@test "a point over its limit is killed and recorded as timeout; the sweep goes on" {
  rules "rpcx 1 1 sleep"
  run "$SWEEP" --out "$OUTDIR" --protocol rpcx --threads 1:1 --requests 1:2:1 --point-timeout 1
  echo "$output"
  [ "$status" -eq 1 ]
  f="$OUTDIR/rpcx/t1-r1.csv"
  [ -f "$f" ]
  grep -qx '# status: timeout' "$f"
  grep -qx '# limit_s: 1' "$f"
  grep -qx '# threads: 1' "$f"
  grep -qx '# requests: 1' "$f"
  grep -qx '# protocol: rpcx' "$f"
  grep -qx '# type: 1' "$f"
  [ "$(grep -cv '^#' "$f")" -eq 1 ]
  [ "$(tail -n1 "$f")" = "type,threadNum,requestNum,order,timeTotal,tps,calls,errors,throughput,p50_us,p90_us,p99_us,p999_us,max_us,histogram" ]
  [ -f "$OUTDIR/rpcx/t1-r2.csv" ]
  # no temp files left, and the slow process is gone
  [ -z "$(find "$OUTDIR" -name '.*')" ]
  pid=$(awk '$3 == 1 { print $4 }' "$FAKE_CALLS")
  ! kill -0 "$pid" 2>/dev/null
  [[ $output == *"rpcx t1 r1: timeout (exit 124, 0/10 runs kept)"* ]]
}

@test "a harness crash without a file is recorded as failed; exit 1 (calls failed) keeps its file" {
  rules "grpc 1 1 crash" "grpc 1 2 errors"
  run "$SWEEP" --out "$OUTDIR" --protocol grpc --threads 1:1 --requests 1:3:1
  echo "$output"
  [ "$status" -eq 1 ]
  grep -qx '# status: failed' "$OUTDIR/grpc/t1-r1.csv"
  grep -qx '# exit_code: 3' "$OUTDIR/grpc/t1-r1.csv"
  ! grep -q '^# limit_s' "$OUTDIR/grpc/t1-r1.csv"
  grep -qx '# status: complete' "$OUTDIR/grpc/t1-r2.csv"
  [ "$(grep -cv '^#' "$OUTDIR/grpc/t1-r2.csv")" -eq 11 ]
  [[ $output == *"grpc t1 r2: errors (exit 1)"* ]]
  [[ $output == *"grpc t1 r3: complete (exit 0)"* ]]
}

@test "--retry-failed reruns timeout and failed points, keeps complete ones" {
  rules "rpcx 1 1 crash"
  run "$SWEEP" --out "$OUTDIR" --protocol rpcx --threads 1:1 --requests 1:2:1
  [ "$status" -eq 1 ]
  : >"$FAKE_RULES"; : >"$FAKE_CALLS"
  run "$SWEEP" --out "$OUTDIR" --protocol rpcx --threads 1:1 --requests 1:2:1
  [ "$status" -eq 1 ]
  [ ! -s "$FAKE_CALLS" ]
  run "$SWEEP" --out "$OUTDIR" --protocol rpcx --threads 1:1 --requests 1:2:1 --retry-failed
  echo "$output"
  [ "$status" -eq 0 ]
  [ "$(cut -d' ' -f1-3 "$FAKE_CALLS")" = "rpcx 1 1" ]
  grep -qx '# status: complete' "$OUTDIR/rpcx/t1-r1.csv"
}

@test "the harness rejecting its arguments (exit 2) stops the sweep with exit 2" {
  rules "* * * usage"
  run "$SWEEP" --out "$OUTDIR" --protocol rpcx --threads 1:1 --requests 1:2:1
  [ "$status" -eq 2 ]
  [ "$(wc -l <"$FAKE_CALLS")" -eq 1 ]
  [[ $output == *"rejected its arguments"* ]]
}

@test "--stop-after-failures N moves a protocol on to the next thread count after N failures in a row" {
  # rpcx fails from 3 requests up at 1 thread; grpc never fails
  rules "rpcx 1 3 crash" "rpcx 1 4 crash" "rpcx 1 5 crash" "rpcx 2 1 crash"
  run "$SWEEP" --out "$OUTDIR" --protocol rpcx,grpc --threads 1:2:1 --requests 1:5:1 --stop-after-failures 2
  echo "$output"
  [ "$status" -eq 1 ]
  [ "$(points_run rpcx)" = "1 1;1 2;1 3;1 4;2 1;2 2;2 3;2 4;2 5;" ]
  [ "$(grep -c '^grpc' "$FAKE_CALLS")" -eq 10 ]
  [ ! -e "$OUTDIR/rpcx/t1-r5.csv" ]
  [[ $output == *"rpcx: 2 failed points in a row at 1 threads; moving on to the next thread count"* ]]
  # a resume counts the failed files it skips, so it stops at the same place
  : >"$FAKE_CALLS"
  run "$SWEEP" --out "$OUTDIR" --protocol rpcx,grpc --threads 1:2:1 --requests 1:5:1 --stop-after-failures 2
  [ "$status" -eq 1 ]
  [ ! -s "$FAKE_CALLS" ]
}

@test "--skip-dominated skips a protocol's points with at least the threads and requests of a failed one" {
  rules "rpcx 2 2 crash"
  run "$SWEEP" --out "$OUTDIR" --protocol rpcx,grpc --threads 1:3:1 --requests 1:3:1 --skip-dominated
  echo "$output"
  [ "$status" -eq 1 ]
  [ "$(points_run rpcx)" = "1 1;1 2;1 3;2 1;2 2;3 1;" ]
  [ "$(points_run grpc)" = "1 1;1 2;1 3;2 1;2 2;2 3;3 1;3 2;3 3;" ]
  [ ! -e "$OUTDIR/rpcx/t3-r3.csv" ]
  [[ $output == *"rpcx t3 r2: not run (at least 2 threads x 2 requests, which did not finish)"* ]]
  # a resume reads the failed file and skips the same points
  : >"$FAKE_CALLS"
  run "$SWEEP" --out "$OUTDIR" --protocol rpcx,grpc --threads 1:3:1 --requests 1:3:1 --skip-dominated
  [ "$status" -eq 1 ]
  [ ! -s "$FAKE_CALLS" ]
  # the ETA leaves the points out that will not run: after t1 r2 fails, t2 r1 (2 calls a run at
  # rpcx's 1 call/s) is all that is left, not t2 r2 as well
  rm -rf "$OUTDIR"
  rules "rpcx 1 2 crash"
  FAKE_RUN_MS=1000.000 run "$SWEEP" --out "$OUTDIR" --protocol rpcx --threads 1,2 --requests 1,2 --runs 1 --skip-dominated
  echo "$output"
  [[ $output == *"[2/4] rpcx t1 r2: failed"*"| ETA 0:00:02 |"* ]]
  run "$SWEEP" --dry-run --rates 1000 --skip-dominated
  [ "$status" -eq 2 ]
  [[ $output == *"--skip-dominated moves on along the grid's thread counts"* ]]
}

@test "Ctrl-C kills the running point, leaves no half-written file and prints the resume command" {
  rules "rpcx 1 2 sleep"
  # a background job starts with SIGINT ignored (no job control); restore it as a terminal would
  env --default-signal=INT "$SWEEP" --out "$OUTDIR" --protocol rpcx --threads 1:1 --requests 1:3:1 >"$WORK/out" 2>&1 &
  sweep_pid=$!
  for _ in $(seq 1 100); do
    grep -q '^rpcx 1 2 ' "$FAKE_CALLS" && [ -e "$OUTDIR/rpcx/.t1-r2.csv.tmp" ] && break
    sleep 0.1
  done
  grep -q '^rpcx 1 2 ' "$FAKE_CALLS"
  kill -INT "$sweep_pid"
  status=0
  wait "$sweep_pid" || status=$?
  cat "$WORK/out"
  [ "$status" -eq 130 ]
  [ -f "$OUTDIR/rpcx/t1-r1.csv" ]
  [ ! -e "$OUTDIR/rpcx/t1-r2.csv" ]
  [ ! -e "$OUTDIR/rpcx/t1-r3.csv" ]
  [ -z "$(find "$OUTDIR" -name '.*')" ]
  pid=$(awk '$3 == 2 { print $4 }' "$FAKE_CALLS")
  ! kill -0 "$pid" 2>/dev/null
  grep -q "resume with: cd $WORK && .*sweep.sh --out $OUTDIR --protocol rpcx --threads 1:1 --requests 1:3:1" "$WORK/out" ||
    grep -q "resume with: cd .* && .*sweep.sh --out $OUTDIR --protocol rpcx --threads 1:1 --requests 1:3:1" "$WORK/out"
  # the printed command resumes: it runs the two remaining points only
  : >"$FAKE_RULES"; : >"$FAKE_CALLS"
  cmd=$(sed -n 's/.*resume with: //p' "$WORK/out")
  run bash -c "$cmd"
  [ "$status" -eq 0 ]
  [ "$(cut -d' ' -f1-3 "$FAKE_CALLS" | tr '\n' ';')" = "rpcx 1 2;rpcx 1 3;" ]
}

@test "protocols come from the catalog: an unknown id exits 2 and lists the known ones" {
  run "$SWEEP" --dry-run --out "$OUTDIR" --protocol rpcx,thrift
  [ "$status" -eq 2 ]
  [[ $output == *"--protocol: unknown protocol 'thrift'; known: rpcx, grpc, openfeign, grpc-tuned, http-json"* ]]
  # a protocol the catalog lists is accepted without sweep.sh knowing it; "all" is every one
  run "$SWEEP" --dry-run --out "$OUTDIR" --protocol http-json,grpc-tuned --threads 1 --requests 1
  [ "$status" -eq 0 ]
  [[ ${lines[1]} == "1/2 http-json t1 r1 "* ]]
  run "$SWEEP" --dry-run --out "$OUTDIR" --protocol all --threads 1 --requests 1
  [[ ${lines[0]} == "plan: 5 points; protocols rpcx grpc openfeign grpc-tuned http-json;"* ]]
  # a catalog with another protocol: known to sweep.sh at once
  printf 'id\tlabel\ttype\tport\tserver_jar\tserver_args\texternal\nthrift\tThrift\t7\t8087\tprotocols/thrift/target/thrift-server.jar\t-\t-\n' >"$WORK/catalog"
  FAKE_CATALOG="$WORK/catalog" run "$SWEEP" --out "$OUTDIR" --protocol thrift --threads 1 --requests 1
  [ "$status" -eq 0 ]
  grep -q -- "--protocol thrift .*--port thrift=8087" "$FAKE_ARGS"
  # a harness that cannot list its protocols: exit 2 with its words
  printf 'garbage\n' >"$WORK/catalog"
  FAKE_CATALOG="$WORK/catalog" run "$SWEEP" --dry-run --out "$OUTDIR"
  [ "$status" -eq 2 ]
  [[ $output == *"cannot read the protocol catalog"* ]]
}

@test "--call echo --payload 256 reaches the harness; --payload without --call is refused" {
  run "$SWEEP" --out "$OUTDIR" --protocol rpcx --threads 1 --requests 2 --call echo --payload 256
  echo "$output"
  [ "$status" -eq 0 ]
  grep -q -- "--call echo --payload 256" "$FAKE_ARGS"
  grep -q -- "--call echo --payload 256" "$OUTDIR"/sweep-*.log
  run "$SWEEP" --out "$OUTDIR" --protocol rpcx --threads 1 --requests 3 --payload 256
  [ "$status" -eq 2 ]
  [[ $output == *"--payload needs --call"* ]]
  [ "$(wc -l <"$FAKE_ARGS")" -eq 1 ]
}

@test "harness options: --warmup, --requests-per, --timeout, --items and everything after -- pass through" {
  run "$SWEEP" --out "$OUTDIR" --protocol grpc --threads 1 --requests 2 --warmup 2s \
      --requests-per total --timeout=5s --call items --items 7 -- --some-new-option x --flag
  echo "$output"
  [ "$status" -eq 0 ]
  args=$(cat "$FAKE_ARGS")
  [[ $args == *"--warmup 2s --requests-per total --timeout 5s --call items --items 7 --some-new-option x --flag"* ]]
  # a failed point records them
  rules "grpc 1 3 crash"
  run "$SWEEP" --out "$OUTDIR" --protocol grpc --threads 1 --requests 3 --warmup 2s -- --flag
  [ "$status" -eq 1 ]
  grep -q '^# options: .*--warmup 2s --flag$' "$OUTDIR/grpc/t1-r3.csv"
  grep -qx '# type: 2' "$OUTDIR/grpc/t1-r3.csv"
}

@test "--local starts each distinct server once (shared by two protocols), gives every protocol its port, stops them" {
  flat="$WORK/flat"
  flat_copy "$flat"
  for j in server-rpcx server-grpc server-openfeign; do : >"$flat/$j.jar"; done
  run "$flat/sweep.sh" --local --out "$OUTDIR" --protocol openfeign,http-json,grpc,grpc-tuned \
      --threads 1 --requests 1 --runs 2
  echo "$output"
  [ "$status" -eq 0 ]
  cat "$FAKE_SERVERS"
  [ "$(wc -l <"$FAKE_SERVERS")" -eq 3 ]
  [ "$(grep -c 'server-openfeign.jar --bind 127.0.0.1 --port 0$' "$FAKE_SERVERS")" -eq 1 ]
  [ "$(grep -c 'server-grpc.jar --bind 127.0.0.1 --port 0$' "$FAKE_SERVERS")" -eq 1 ]
  [ "$(grep -c 'server-grpc.jar --bind 127.0.0.1 --port 0 --direct-executor$' "$FAKE_SERVERS")" -eq 1 ]
  # openfeign and http-json talk to the same server, grpc and grpc-tuned to two
  of=$(sed -n 's/.*--protocol openfeign .*--port openfeign=\([0-9]*\).*/\1/p' "$FAKE_ARGS")
  hj=$(sed -n 's/.*--protocol http-json .*--port http-json=\([0-9]*\).*/\1/p' "$FAKE_ARGS")
  g=$(sed -n 's/.*--protocol grpc .*--port grpc=\([0-9]*\).*/\1/p' "$FAKE_ARGS")
  gt=$(sed -n 's/.*--protocol grpc-tuned .*--port grpc-tuned=\([0-9]*\).*/\1/p' "$FAKE_ARGS")
  [ -n "$of" ] && [ "$of" = "$hj" ] && [ "$g" != "$gt" ]
  grep -q -- "--host 127.0.0.1" "$FAKE_ARGS"
  # stopped with SIGTERM at the end
  [ "$(cat "$OUTDIR"/server-*.log | grep -c 'stopping')" -eq 3 ]
  [[ $output == *"servers stopped"* ]]
}

@test "servers.sh (host B): servers from protocols.tsv, a shared one started once, status, stop" {
  flat="$WORK/b"
  mkdir -p "$flat"
  cp "$REPO/deploy/servers.sh" "$REPO/deploy/catalog.sh" "$flat/"
  for j in server-rpcx server-grpc server-openfeign; do : >"$flat/$j.jar"; done
  "$JAVA" -jar client-harness.jar --list-protocols >"$flat/protocols.tsv"
  run "$flat/servers.sh" start --protocol openfeign,http-json,grpc-tuned --port grpc-tuned=0 --port http-json=0
  echo "$output"
  [ "$status" -eq 0 ]
  [[ $output == *"openfeign: started (pid "*") (serves openfeign, http-json) openfeign listening on 0.0.0.0:"* ]]
  [[ $output == *"grpc-tuned: started"*"grpc listening on"* ]]
  [ "$(wc -l <"$FAKE_SERVERS")" -eq 2 ]
  grep -q 'server-grpc.jar --bind 0.0.0.0 --port 0 --direct-executor$' "$FAKE_SERVERS"
  run "$flat/servers.sh" start --protocol openfeign,http-json,grpc-tuned
  [[ $output == *"openfeign: already running"* ]]
  [ "$(wc -l <"$FAKE_SERVERS")" -eq 2 ]
  run "$flat/servers.sh" status --protocol http-json
  [ "$status" -eq 0 ]
  run "$flat/servers.sh" start --protocol thrift
  [ "$status" -eq 2 ]
  [[ $output == *"unknown protocol 'thrift'; known: rpcx, grpc"* ]]
  run "$flat/servers.sh" stop --protocol all
  echo "$output"
  [ "$status" -eq 0 ]
  [[ $output == *"rpcx: not running"*"openfeign: stopped"*"grpc-tuned: stopped"* ]]
  run "$flat/servers.sh" status --protocol openfeign
  [ "$status" -eq 1 ]
}

@test "values and lists: a single value is that value, ranges A:B:STEP, comma lists (the paper's grid)" {
  run "$SWEEP" --dry-run --out "$OUTDIR" --protocol rpcx --threads 10 --requests 100
  [ "$status" -eq 0 ]
  [ "${#lines[@]}" -eq 2 ]
  [[ ${lines[1]} == "1/1 rpcx t10 r100 "* ]]
  # the reproduction grid: threads 10, 110, ..., 910, 990 x requests 100, 300, 500
  run "$SWEEP" --dry-run --out "$OUTDIR" --protocol rpcx --threads 10:910:100,990 --requests 100,300,500
  [ "$status" -eq 0 ]
  [[ ${lines[0]} == "plan: 33 points;"*"threads 10:910:100,990:990:1; requests 100:100:1,300:300:1,500:500:1;"* ]]
  [ "$(printf '%s\n' "${lines[@]:1}" | awk '{ print $3 }' | uniq | tr '\n' ' ')" = "t10 t110 t210 t310 t410 t510 t610 t710 t810 t910 t990 " ]
  [[ ${lines[33]} == "33/33 rpcx t990 r500 "* ]]
  # sorted, each value once
  run "$SWEEP" --dry-run --out "$OUTDIR" --protocol rpcx --threads 30,10,10:30:10 --requests 5
  [ "$(printf '%s\n' "${lines[@]:1}" | awk '{ print $3 }' | tr '\n' ' ')" = "t10 t20 t30 " ]
  local bad
  for bad in "10,,20" ",10" "10," "10,x" "10,0" "10:5,20" "1:100000000"; do
    run "$SWEEP" --dry-run --out "$OUTDIR" --threads "$bad"
    echo "--threads $bad -> $status: $output"
    [ "$status" -eq 2 ]
  done
}

@test "pass-through: any harness option for a point, recorded in every file, failed and timeout ones too" {
  rules "rpcx 1 3 crash" "rpcx 1 4 sleep"
  run "$SWEEP" --out "$OUTDIR" --protocol rpcx --threads 1 --requests 2,3,4 --point-timeout 1 \
      --cold-start -- --requests-per total --call put
  echo "$output"
  [ "$status" -eq 1 ]
  # what the harness got: the sweep's own limits, the servers' flags, and the options as given
  grep -q -- "--time-limit 1s --time-limit-per point --cold-start --requests-per total --call put --provenance server_jvm_flags=unknown" "$FAKE_ARGS"
  f="$OUTDIR/rpcx/t1-r2.csv"
  grep -qx '# status: complete' "$f"
  grep -qx '# requests_per: total' "$f"
  grep -q '^# options: .*--cold-start --requests-per total --call put' "$f"
  grep -qx '# server_jvm_flags: unknown (servers not started by sweep.sh; pass --server-jvm-flags)' "$f"
  # the failed and the timed-out point, written by sweep.sh, say the same
  for r in 3 4; do
    f="$OUTDIR/rpcx/t1-r$r.csv"
    grep -qx '# requests_per: total' "$f"
    grep -qx '# cold_start: true' "$f"
    grep -qx '# timeout_per: point' "$f"
    grep -qx '# runs_completed: 0' "$f"
    grep -q '^# options: .*--cold-start --requests-per total --call put$' "$f"
    grep -q '^# server_jvm_flags: unknown' "$f"
  done
  grep -qx '# status: failed' "$OUTDIR/rpcx/t1-r3.csv"
  grep -qx '# status: timeout' "$OUTDIR/rpcx/t1-r4.csv"
  # --server-jvm-flags with --host: recorded as given
  run "$SWEEP" --out "$OUTDIR" --protocol grpc --threads 1 --requests 2 --server-jvm-flags "-Xmx1g -XX:+UseSerialGC"
  [ "$status" -eq 0 ]
  grep -qx '# server_jvm_flags: -Xmx1g -XX:+UseSerialGC' "$OUTDIR/grpc/t1-r2.csv"
}

@test "progress: one console line per run, and the ETA from the calls left and the measured rate" {
  # each run claims 1 s: rpcx makes 100 calls/s; the second point has 2 x 1000 calls left
  FAKE_RUN_MS=1000.000 run "$SWEEP" --out "$OUTDIR" --protocol rpcx --threads 1 --requests 100,1000 --runs 2
  echo "$output"
  [ "$status" -eq 0 ]
  [[ $output == *"[1/2] rpcx t1 r100 run 1/2 1.00 s"* ]]
  [[ $output == *"[1/2] rpcx t1 r100 run 2/2 1.00 s"* ]]
  [[ $output == *"[1/2] rpcx t1 r100: complete (exit 0) in "*"| ETA 0:00:20 |"* ]]
  [[ $output == *"[2/2] rpcx t1 r1000: complete (exit 0) in "*"| ETA 0:00:00 |"* ]]
  # a protocol that has not run yet has no rate: no made-up number
  : >"$FAKE_CALLS"
  rm -rf "$OUTDIR"
  run "$SWEEP" --out "$OUTDIR" --protocol rpcx,grpc --threads 1 --requests 100 --runs 2
  [[ $output == *"[1/2] rpcx t1 r100: complete"*"| ETA ? (no rate yet for grpc) |"* ]]
  # --requests-per total: a point makes runs x requests calls
  rm -rf "$OUTDIR"
  FAKE_RUN_MS=1000.000 run "$SWEEP" --out "$OUTDIR" --protocol rpcx --threads 10 --requests 100,1000 --runs 2 --requests-per total
  [[ $output == *"[1/2] rpcx t10 r100: complete (exit 0) in "*"| ETA 0:00:20 |"* ]]
}

@test "a point at its time limit keeps its finished runs (status timeout); the backstop's stop keeps them too" {
  rules "rpcx 1 1 limit" "rpcx 1 2 stall"
  run "$SWEEP" --out "$OUTDIR" --protocol rpcx --threads 1 --requests 1:3:1 --point-timeout 1
  echo "$output"
  [ "$status" -eq 1 ]
  # the harness's own limit: its file, with the 2 runs that finished
  f="$OUTDIR/rpcx/t1-r1.csv"
  grep -qx '# status: timeout' "$f"
  grep -qx '# runs_completed: 2' "$f"
  [ "$(grep -cv '^#' "$f")" -eq 3 ]
  [[ $output == *"rpcx t1 r1 time limit 1s per point reached after 2 of 10 runs"* ]]
  [[ $output == *"[1/3] rpcx t1 r1: timeout (exit 1, 2/10 runs kept)"* ]]
  # a harness that overran its limit: stopped 2 s later, its 2 runs written on the way out
  f="$OUTDIR/rpcx/t1-r2.csv"
  grep -qx '# status: incomplete' "$f"
  grep -qx '# runs_completed: 2' "$f"
  [ "$(grep -cv '^#' "$f")" -eq 3 ]
  [[ $output == *"[2/3] rpcx t1 r2: incomplete (exit 124, 2/10 runs kept)"* ]]
  grep -qx '# status: complete' "$OUTDIR/rpcx/t1-r3.csv"
  [ -z "$(find "$OUTDIR" -name '.*')" ]
  # --timeout-per run reaches the harness; a resume skips both points, --retry-failed reruns them
  : >"$FAKE_RULES"; : >"$FAKE_CALLS"
  run "$SWEEP" --out "$OUTDIR" --protocol rpcx --threads 1 --requests 1:3:1 --point-timeout 1 --timeout-per run
  [ "$status" -eq 1 ]
  [ ! -s "$FAKE_CALLS" ]
  run "$SWEEP" --out "$OUTDIR" --protocol rpcx --threads 1 --requests 1:3:1 --point-timeout 5 --timeout-per run --retry-failed
  [ "$status" -eq 0 ]
  [ "$(cut -d' ' -f1-3 "$FAKE_CALLS" | tr '\n' ';')" = "rpcx 1 1;rpcx 1 2;" ]
  grep -q -- "--time-limit 5s --time-limit-per run" "$FAKE_ARGS"
}

@test "one sweep per --out: a second one is refused with one line" {
  rules "rpcx 1 1 sleep"
  "$SWEEP" --out "$OUTDIR" --protocol rpcx --threads 1 --requests 1 >"$WORK/first" 2>&1 &
  first=$!
  for _ in $(seq 1 100); do grep -q '^rpcx 1 1 ' "$FAKE_CALLS" && break; sleep 0.1; done
  run "$SWEEP" --out "$OUTDIR" --protocol grpc --threads 1 --requests 1
  echo "$output"
  [ "$status" -eq 3 ]
  [ "${#lines[@]}" -eq 1 ]
  [[ $output == "sweep.sh: another sweep is running on $OUTDIR (pid $first, started "*"); wait for it, stop it, or use another --out" ]]
  [ "$(grep -c . "$FAKE_CALLS")" -eq 1 ]
  kill -TERM "$first"
  wait "$first" || true
  # the lock went with it
  : >"$FAKE_RULES"
  run "$SWEEP" --out "$OUTDIR" --protocol grpc --threads 1 --requests 1
  [ "$status" -eq 0 ]
}

@test "kill -9 of the sweep: the next start stops the servers and the point it left, then resumes" {
  flat="$WORK/flat"
  flat_copy "$flat"
  for j in server-rpcx server-grpc server-openfeign; do : >"$flat/$j.jar"; done
  rules "rpcx 1 2 sleep"
  "$flat/sweep.sh" --local --out "$OUTDIR" --protocol rpcx,grpc --threads 1 --requests 1:2:1 --runs 2 >"$WORK/first" 2>&1 &
  first=$!
  for _ in $(seq 1 150); do grep -q '^rpcx 1 2 ' "$FAKE_CALLS" && break; sleep 0.1; done
  grep -q '^rpcx 1 2 ' "$FAKE_CALLS"
  kill -KILL "$first"
  wait "$first" || true
  # its servers and its point live on, named in the pid file
  cat "$OUTDIR/sweep.pids"
  mapfile -t left < <(awk '{ print $2 }' "$OUTDIR/sweep.pids")
  [ "${#left[@]}" -eq 3 ]
  for pid in "${left[@]}"; do kill -0 "$pid"; done
  # the serving flags are the same as servers.sh's
  [ "$(grep -c -- '-Xms384m -Xmx384m -XX:+UseSerialGC .*server-.*.jar --bind 127.0.0.1 --port 0' "$FAKE_SERVERS")" -eq 2 ]
  : >"$FAKE_RULES"
  run "$flat/sweep.sh" --local --out "$OUTDIR" --protocol rpcx,grpc --threads 1 --requests 1:2:1 --runs 2
  echo "$output"
  [ "$status" -eq 0 ]
  [[ $output == *"was killed before it could stop what it started: stopped its processes"* ]]
  for pid in "${left[@]}"; do ! kill -0 "$pid" 2>/dev/null; done
  # the resume started its own two servers, ran the two points left, and stopped everything
  [ "$(wc -l <"$FAKE_SERVERS")" -eq 4 ]
  grep -qx '# status: complete' "$OUTDIR/rpcx/t1-r2.csv"
  grep -qx '# server_jvm_flags: -Xms384m -Xmx384m -XX:+UseSerialGC' "$OUTDIR/rpcx/t1-r2.csv"
  [ ! -e "$OUTDIR/sweep.pids" ]
}

@test "a full disk: one clear line, the resume command, no temp file left" {
  # no room for a point: stopped before it starts
  RPCX_SWEEP_MIN_FREE_KB=999999999999 run "$SWEEP" --out "$OUTDIR" --protocol rpcx --threads 1 --requests 1
  echo "$output"
  [ "$status" -eq 4 ]
  [[ $output == *"sweep.sh: stopped: cannot write to $OUTDIR (only "*" KB free there (a point needs 999999999999 KB"*"resume with: cd "*"sweep.sh --out $OUTDIR"* ]]
  [ ! -s "$FAKE_CALLS" ]
  # a disk that fills up during a point (root: a small tmpfs)
  [ "$(id -u)" -eq 0 ] || skip "not root: cannot mount a small tmpfs"
  mkdir -p "$WORK/small"
  mount -t tmpfs -o size=1m tmpfs "$WORK/small" || skip "cannot mount a tmpfs here"
  rules "rpcx 1 2 fill"
  RPCX_SWEEP_MIN_FREE_KB=64 run "$SWEEP" --out "$WORK/small/raw" --protocol rpcx --threads 1 --requests 1:3:1
  echo "$output"
  status_full=$status
  leftovers=$(find "$WORK/small/raw" -name '.*')
  umount "$WORK/small"
  [ "$status_full" -eq 4 ]
  [ -z "$leftovers" ]
  [[ $output == *"sweep.sh: stopped: cannot write to $WORK/small/raw"*"resume with: "* ]]
  [[ $output != *"write error"* ]]
  [ "$(grep -c 'stopped: cannot write' <<<"$output")" -eq 1 ]
}

@test "a sweep started in the background by a script (SIGINT ignored) still stops on SIGINT" {
  rules "rpcx 1 1 sleep"
  # no job control here: the background job inherits SIGINT ignored
  "$SWEEP" --out "$OUTDIR" --protocol rpcx --threads 1 --requests 1:2:1 >"$WORK/out" 2>&1 &
  sweep_pid=$!
  for _ in $(seq 1 100); do grep -q '^rpcx 1 1 ' "$FAKE_CALLS" && break; sleep 0.1; done
  grep -q '^rpcx 1 1 ' "$FAKE_CALLS"
  kill -INT "$sweep_pid"
  status=0
  wait "$sweep_pid" || status=$?
  cat "$WORK/out"
  [ "$status" -eq 130 ]
  grep -q "resume with: " "$WORK/out"
  [ ! -e "$OUTDIR/rpcx/t1-r2.csv" ]
}

# ---- --rates: the open loop's rate sweep (one point per protocol per rate) ----
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
  # calls dropped by order 0 alone (a cold client; the harness exits 1) do not count: the kept
  # runs kept up
  rm -rf "$OUTDIR"; : >"$FAKE_CALLS"
  rules "rpcx * * cold"
  run "$SWEEP" --out "$OUTDIR" --protocol rpcx --rates 100:300:100 --duration 1s --runs 3
  [ "$status" -eq 0 ]
  [ "$(wc -l <"$FAKE_CALLS")" -eq 3 ]
  [[ $output == *"[1/3] rpcx 100/s: errors (exit 1)"* ]]
  [[ $output != *"did not keep up"* ]]
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

@test "--scenario chain --local: per protocol two services with the work and a gateway --chain-to them, the harness on the gateway, stopped after; a refusing gateway skips its protocol" {
  flat="$WORK/flat"
  flat_copy "$flat"
  for j in server-rpcx server-grpc server-openfeign; do : >"$flat/$j.jar"; done
  export FAKE_REFUSE_CHAIN=server-grpc.jar
  run "$flat/sweep.sh" --local --out "$OUTDIR" --protocol grpc,rpcx --threads 1,2 --requests 1 \
      --runs 2 --scenario chain --work 100ms
  echo "$output"
  cat "$FAKE_SERVERS"
  [ "$status" -eq 0 ]
  # rpcx: services 1 and 2 with the work, then the gateway on the services' ports
  [ "$(grep -c 'server-rpcx.jar --bind 127.0.0.1 --port 0 --work 100ms --work-kind sleep$' "$FAKE_SERVERS")" -eq 2 ]
  p1=$(sed -n 's/.* listening on 127.0.0.1:\([0-9]*\)$/\1/p' "$OUTDIR/server-rpcx-service-1.log")
  p2=$(sed -n 's/.* listening on 127.0.0.1:\([0-9]*\)$/\1/p' "$OUTDIR/server-rpcx-service-2.log")
  pg=$(sed -n 's/.* listening on 127.0.0.1:\([0-9]*\)$/\1/p' "$OUTDIR/server-rpcx-gateway.log")
  [ -n "$p1" ] && [ -n "$p2" ] && [ -n "$pg" ]
  grep -q -- "server-rpcx.jar --bind 127.0.0.1 --port 0 --chain-to 127.0.0.1:$p1,127.0.0.1:$p2 --chain-protocol rpcx$" "$FAKE_SERVERS"
  # the harness calls the gateway, told the scenario; files apart from single-hop points
  [ "$(grep -c -- "--protocol rpcx .*--port rpcx=$pg .*--scenario chain --work 100ms --work-kind sleep" "$FAKE_ARGS")" -eq 2 ]
  [ -f "$OUTDIR/rpcx/chain-w100ms-t1-r1.csv" ] && [ -f "$OUTDIR/rpcx/chain-w100ms-t2-r1.csv" ]
  [ ! -e "$OUTDIR/rpcx/t1-r1.csv" ]
  # grpc's gateway refused (exit 2): its points skipped, its services stopped, no harness run
  [[ $output == *"grpc cannot be a chain gateway, its points are skipped"*"runs its own logic"* ]]
  ! grep -q -- "--protocol grpc " "$FAKE_ARGS"
  [ "$(grep -c 'stopping' "$OUTDIR/server-grpc-service-1.log" "$OUTDIR/server-grpc-service-2.log" | grep -c ':1$')" -eq 2 ]
  # a protocol's chain runs once for all its points, and is stopped
  [ "$(grep -c 'server-rpcx.jar' "$FAKE_SERVERS")" -eq 3 ]
  [ "$(cat "$OUTDIR"/server-rpcx-*.log | grep -c 'stopping')" -eq 3 ]
  [[ $output == *"chain of rpcx ready: gateway 127.0.0.1:$pg -> services"* ]]
  [[ $output == *"chain of rpcx stopped"* ]]
}

@test "--scenario chain --local: the gateway runs from the catalog's gateway_jar (services from the server jar); a table without that column uses the server jar" {
  flat="$WORK/flat"
  flat_copy "$flat"
  for j in server-rpcx server-openfeign server-openfeign-gateway; do : >"$flat/$j.jar"; done
  export FAKE_REFUSE_CHAIN=server-openfeign.jar
  run "$flat/sweep.sh" --local --out "$OUTDIR" --protocol openfeign --threads 1 --requests 1 \
      --runs 2 --scenario chain
  echo "$output"
  [ "$status" -eq 0 ]
  [ "$(grep -c 'server-openfeign.jar --bind 127.0.0.1 --port 0$' "$FAKE_SERVERS")" -eq 2 ]
  grep -q -- "server-openfeign-gateway.jar --bind 127.0.0.1 --port 0 --chain-to 127.0.0.1:[0-9]*,127.0.0.1:[0-9]* --chain-protocol openfeign$" "$FAKE_SERVERS"
  [ -f "$OUTDIR/openfeign/chain-t1-r1.csv" ]
  # an older table (no gateway_jar column): the gateway is the server jar
  printf 'id\tlabel\ttype\tport\tserver_jar\tserver_args\texternal\n' >"$WORK/catalog"
  printf 'rpcx\tRPCX\t1\t8081\tserver-rpcx/target/server-rpcx.jar\t-\t-\n' >>"$WORK/catalog"
  : >"$FAKE_SERVERS"
  FAKE_CATALOG="$WORK/catalog" run "$flat/sweep.sh" --local --out "$OUTDIR/old" --protocol rpcx \
      --threads 1 --requests 1 --runs 2 --scenario chain
  echo "$output"
  [ "$status" -eq 0 ]
  [ "$(grep -c 'server-rpcx.jar --bind 127.0.0.1 --port 0' "$FAKE_SERVERS")" -eq 3 ]
  grep -q -- "server-rpcx.jar --bind 127.0.0.1 --port 0 --chain-to .* --chain-protocol rpcx$" "$FAKE_SERVERS"
}

@test "--scenario chain: file names in the plan, resume on them, bad values exit 2" {
  run "$SWEEP" --host 198.18.0.2 --out "$OUTDIR" --protocol rpcx --threads 4 --requests 5 \
      --scenario chain --work 2000ms --work-kind cpu --dry-run
  echo "$output"
  [ "$status" -eq 0 ]
  [[ $output == *"$OUTDIR/rpcx/chain-w2s-cpu-t4-r5.csv"* ]]
  run "$SWEEP" --host 198.18.0.2 --out "$OUTDIR" --protocol rpcx --threads 4 --requests 5 --runs 1 --scenario chain
  [ "$status" -eq 0 ]
  [ -f "$OUTDIR/rpcx/chain-t4-r5.csv" ]
  grep -q -- "--scenario chain" "$FAKE_ARGS"
  run "$SWEEP" --host 198.18.0.2 --out "$OUTDIR" --protocol rpcx --threads 4 --requests 5 --runs 1 --scenario chain
  [[ $output == *"exists (complete), skipped"* ]]
  for bad in "--scenario mesh" "--work 10" "--work-kind io"; do
    # shellcheck disable=SC2086
    run "$SWEEP" --host 198.18.0.2 --out "$OUTDIR" $bad --dry-run
    echo "$bad: $output"
    [ "$status" -eq 2 ]
    [[ $output == *"${bad%% *} must be"* ]]
  done
}

# fake_bin: a folder first on PATH for stand-ins of ssh, ip
fake_bin() {
  mkdir -p "$WORK/bin"
  export PATH="$WORK/bin:$PATH"
}

@test "server CPU: --local passes each point its server's pid; --server-stats off passes none" {
  flat="$WORK/flat"
  flat_copy "$flat"
  for j in server-rpcx server-grpc server-openfeign; do : >"$flat/$j.jar"; done
  run "$flat/sweep.sh" --local --out "$OUTDIR" --protocol rpcx,openfeign,http-json --threads 1 --requests 1 --runs 1
  echo "$output"
  [ "$status" -eq 0 ]
  [[ $output == *"server CPU and memory: proc"* ]]
  rpcx_pid=$(sed -n 's/.*started the server of rpcx (pid \([0-9]*\).*/\1/p' <<<"$output")
  of_pid=$(sed -n 's/.*started the server of openfeign http-json (pid \([0-9]*\).*/\1/p' <<<"$output")
  [ -n "$rpcx_pid" ] && [ -n "$of_pid" ]
  grep -q -- "--protocol rpcx .*--server-pid rpcx=$rpcx_pid\$" "$FAKE_ARGS"
  grep -q -- "--protocol openfeign .*--server-pid openfeign=$of_pid\$" "$FAKE_ARGS"
  grep -q -- "--protocol http-json .*--server-pid http-json=$of_pid\$" "$FAKE_ARGS"
  : >"$FAKE_ARGS"
  run "$flat/sweep.sh" --local --server-stats off --out "$WORK/off" --protocol rpcx --threads 1 --requests 1 --runs 1
  [ "$status" -eq 0 ]
  ! grep -q -- "--server-pid" "$FAKE_ARGS"
}

@test "server CPU: --server-stats is checked against the target" {
  run "$SWEEP" --dry-run --out "$OUTDIR" --host b --server-stats proc
  [ "$status" -eq 2 ]
  [[ $output == *"--server-stats proc needs --local or --lab"* ]]
  run "$SWEEP" --dry-run --out "$OUTDIR" --local --server-stats cgroup
  [ "$status" -eq 2 ]
  [[ $output == *"--server-stats cgroup needs --lab"* ]]
  run "$SWEEP" --dry-run --out "$OUTDIR" --local --server-stats ssh
  [ "$status" -eq 2 ]
  run "$SWEEP" --dry-run --out "$OUTDIR" --local --server-ssh me@b
  [ "$status" -eq 2 ]
  [[ $output == *"--server-stats ssh goes with --host B"* ]]
  run "$SWEEP" --dry-run --out "$OUTDIR" --server-stats top
  [ "$status" -eq 2 ]
  [[ $output == *"--server-stats must be proc, cgroup, ssh or off, got 'top'"* ]]
  run "$SWEEP" --dry-run --out "$OUTDIR" --host b --server-ssh -oProxyCommand=x
  [ "$status" -eq 2 ]
}

@test "server CPU over ssh: --host B --server-ssh asks B's servers.sh for the pids, passes --server-ssh and --server-pid" {
  fake_bin
  # ssh that runs the remote command here, recording how it was called
  cat >"$WORK/bin/ssh" <<'SSH'
#!/usr/bin/env bash
printf '%s\n' "$*" >>"$FAKE_SSH_CALLS"
while [[ $# -gt 0 ]]; do case $1 in -o|-p|-i) shift 2 ;; -*) shift ;; *) break ;; esac; done
shift
exec bash -c "$*"
SSH
  chmod +x "$WORK/bin/ssh"
  export FAKE_SSH_CALLS="$WORK/ssh-calls"
  b="$WORK/b"
  mkdir -p "$b"
  cp "$REPO/deploy/servers.sh" "$REPO/deploy/catalog.sh" "$b/"
  for j in server-rpcx server-grpc server-openfeign; do : >"$b/$j.jar"; done
  "$JAVA" -jar client-harness.jar --list-protocols >"$b/protocols.tsv"
  run "$b/servers.sh" start --protocol rpcx,openfeign --port rpcx=0 --port openfeign=0
  [ "$status" -eq 0 ]
  rpcx_pid=$(cat "$b/run/rpcx.pid")
  of_pid=$(cat "$b/run/openfeign.pid")
  export RPCX_REMOTE_DIR="$b" RPCX_SSH_OPTS="-p 2222"
  run "$SWEEP" --host 127.0.0.1 --server-ssh me@b --out "$OUTDIR" --protocol rpcx,http-json,grpc \
      --threads 1 --requests 1 --runs 1
  echo "$output"
  "$b/servers.sh" stop --protocol all
  [ "$status" -eq 0 ]
  [ "$(wc -l <"$FAKE_SSH_CALLS")" -eq 1 ]
  grep -q -- "-o BatchMode=yes -o ConnectTimeout=15 -p 2222 me@b $b/servers.sh status --protocol rpcx,http-json,grpc" "$FAKE_SSH_CALLS"
  grep -q -- "--protocol rpcx .*--server-ssh me@b --server-pid rpcx=$rpcx_pid\$" "$FAKE_ARGS"
  # http-json shares openfeign's server, which runs: measured; grpc's does not run: not measured
  grep -q -- "--protocol http-json .*--server-ssh me@b --server-pid http-json=$of_pid\$" "$FAKE_ARGS"
  ! grep -q -- "--protocol grpc .*--server-pid" "$FAKE_ARGS"
  [[ $output == *"grpc: no server of it running on me@b (servers.sh status): its server CPU is not measured"* ]]
}

@test "server CPU over ssh: an ssh that fails stops the sweep before any point with what ssh said" {
  fake_bin
  printf '#!/bin/sh\necho "me@b: Permission denied (publickey)." >&2\nexit 255\n' >"$WORK/bin/ssh"
  chmod +x "$WORK/bin/ssh"
  run "$SWEEP" --host 127.0.0.1 --server-ssh me@b --out "$OUTDIR" --protocol rpcx --threads 1 --requests 1 --runs 1
  [ "$status" -eq 2 ]
  [[ $output == *"--server-stats ssh: cannot ask me@b for its servers"*"Permission denied (publickey)."* ]]
  [ ! -s "$FAKE_ARGS" ]
}

@test "server CPU in the lab: --server-stats cgroup passes host B's cgroup folders (v1 and v2)" {
  fake_bin
  flat="$WORK/flat"
  flat_copy "$flat"
  for j in server-rpcx server-grpc server-openfeign; do : >"$flat/$j.jar"; done
  # a lab.sh that reads its state from $FAKE_LAB_STATE and runs exec'ed commands here
  cat >"$flat/lab.sh" <<'LAB'
#!/usr/bin/env bash
case $1 in
  env) cat "$FAKE_LAB_STATE" ;;
  exec) shift 2; exec "$@" ;;
esac
LAB
  printf '#!/bin/sh\necho 100; echo 200\n' >"$WORK/bin/ip"
  chmod +x "$flat/lab.sh" "$WORK/bin/ip"
  export FAKE_LAB_STATE="$WORK/lab-state"
  cg="$WORK/cg"
  mkdir -p "$cg/memory/rpcx-lab-b" "$cg/cpuacct/rpcx-lab-b" "$cg/rpcx-lab-b"
  : >"$cg/cpuacct/rpcx-lab-b/cpuacct.usage"
  lab_state() {
    printf 'ns_a=a\nif_a=veth\naddr_b=127.0.0.1\nrate=1mbit\ncgroup_version=%s\ncgroup_name=rpcx-lab\ncgroup_root=%s\n' "$1" "$cg" >"$FAKE_LAB_STATE"
  }
  lab_state 1
  run "$flat/sweep.sh" --lab --server-stats cgroup --out "$WORK/v1" --protocol rpcx --threads 1 --requests 1 --runs 1
  echo "$output"
  [ "$status" -eq 0 ]
  grep -q -- "--server-cgroup $cg/memory/rpcx-lab-b --server-cgroup $cg/cpuacct/rpcx-lab-b\$" "$FAKE_ARGS"
  lab_state 2
  run "$flat/sweep.sh" --lab --server-stats cgroup --out "$WORK/v2" --protocol rpcx --threads 1 --requests 1 --runs 1
  [ "$status" -eq 0 ]
  grep -q -- "--server-cgroup $cg/rpcx-lab-b\$" "$FAKE_ARGS"
  # v1 with cpu and cpuacct mounted apart and no cpuacct group for B: no CPU accounting
  rm -r "$cg/cpuacct/rpcx-lab-b"
  lab_state 1
  run "$flat/sweep.sh" --lab --server-stats cgroup --out "$WORK/v1b" --protocol rpcx --threads 1 --requests 1 --runs 1
  [ "$status" -eq 2 ]
  [[ $output == *"the lab's cgroup v1 has no CPU accounting for host B"*"use --server-stats proc"* ]]
}
