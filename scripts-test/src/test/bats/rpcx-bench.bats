#!/usr/bin/env bats
# The rpcx-bench launcher against the real rpcx-bench jar: SIGINT stops `rpcx-bench sweep` the
# same way whether it was started as a terminal starts it (SIGINT at its default) or in the
# background of a non-interactive script (SIGINT inherited ignored, which the launcher undoes).

setup() {
  REPO=$(cd "$BATS_TEST_DIRNAME/../../../.." && pwd)
  BENCH="$REPO/rpcx-bench"
  JAR="$REPO/runner/target/rpcx-bench.jar"
  [ -f "$JAR" ] || skip "rpcx-bench.jar not built (mvn -B -q -pl runner -am package -DskipTests)"
  WORK=$(mktemp -d)
  unset RPCX_BENCH_JAR RPCX_BENCH_SIGINT_RESET
}

teardown() {
  [[ -z ${HOLDER_PID:-} ]] || kill "$HOLDER_PID" 2>/dev/null || true
  rm -rf "${WORK:-/nonexistent}"
}

# silent_port FILE: a listener that never answers (a point against it hangs); its port in FILE
silent_port() {
  python3 -c 'import socket,sys,time
s=socket.socket(); s.bind(("127.0.0.1",0)); s.listen(50)
open(sys.argv[1],"w").write(str(s.getsockname()[1])); time.sleep(120)' "$1" >/dev/null 2>&1 &
  HOLDER_PID=$!
  for _ in $(seq 50); do [[ -s $1 ]] && break; sleep 0.1; done
}

# interrupted_sweep HOW OUT: starts `rpcx-bench sweep` against a silent server into OUT, HOW
# "terminal" (SIGINT at its default, as an interactive shell starts a job) or "script-background"
# (`&` in a non-interactive bash script: SIGINT inherited ignored), sends SIGINT to it once its
# point runs, and prints its exit code, then its output with times, ports and OUT made neutral
interrupted_sweep() {
  local how=$1 out=$2 port launch pid rc=0
  port=$(cat "$WORK/port")
  case $how in
    terminal) launch='env --default-signal=INT "$@" & echo $! >"$PIDFILE"; wait $!' ;;
    script-background) launch='"$@" & echo $! >"$PIDFILE"; wait $!' ;;
  esac
  PIDFILE="$WORK/$how.pid" bash -c "$launch" launcher "$BENCH" sweep --host 127.0.0.1 \
    --port "rpcx=$port" --protocol rpcx --threads 1 --requests 2 --runs 2 --out "$out" \
    -- --timeout 10m >"$WORK/$how.log" 2>&1 &
  pid=$!
  for _ in $(seq 200); do grep -q ' point ' "$out/sweep.pids" 2>/dev/null && break; sleep 0.1; done
  sleep 1
  kill -INT "$(cat "$WORK/$how.pid")"
  wait "$pid" || rc=$?
  printf 'exit %d\n' "$rc"
  sed -e 's/^[0-9:]* //' -e "s|$out|OUT|g" -e "s|rpcx=$port|rpcx=PORT|g" \
    -e 's/sweep-[0-9-]*\.log/sweep-TIME.log/' "$WORK/$how.log"
}

@test "SIGINT stops rpcx-bench sweep in a script's background job as it does in a terminal: exit 130, the point discarded, resumable" {
  silent_port "$WORK/port"
  # the premise: a non-interactive script's background job starts with SIGINT ignored
  bash -c 'grep "^SigIgn" /proc/self/status & wait' >"$WORK/sigign"
  (( 0x$(awk '{ print $2 }' "$WORK/sigign") & 2 ))

  interrupted_sweep terminal "$WORK/a/raw" >"$WORK/terminal.out"
  interrupted_sweep script-background "$WORK/b/raw" >"$WORK/background.out"
  cat "$WORK/terminal.out" "$WORK/background.out"
  [ "$(head -1 "$WORK/background.out")" = "exit 130" ]
  grep -q "interrupted; the point in progress was discarded" "$WORK/background.out"
  grep -q "resume with: cd .* && .*rpcx-bench sweep --host 127.0.0.1 --port rpcx=PORT .*--out OUT" "$WORK/background.out"
  diff "$WORK/terminal.out" "$WORK/background.out"
  # resumable: no file was kept for the point, and the same --out plans it again
  [ ! -e "$WORK/b/raw/rpcx/t1-r2.csv" ]
  [ -z "$(find "$WORK/b/raw" -name '.t1-r2.csv.*')" ]
  run "$BENCH" sweep --host 127.0.0.1 --protocol rpcx --threads 1 --requests 2 --runs 2 \
    --out "$WORK/b/raw" --dry-run
  [ "$status" -eq 0 ]
  [[ $output == *"1 points to run"* ]]
}
