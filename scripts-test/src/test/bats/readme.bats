#!/usr/bin/env bats
# Every command of README.md and every Example of `rpcx-bench COMMAND --help`, run on the built
# jars, in README order, from a scratch folder that links the checkout's files (results/ lands
# there). Each command has a rule (RULES below), first match wins:
#   run    as written (host B -> 127.0.0.1 with the ports of the servers the README started)
#   dry    as written plus --dry-run: the plan, the options, the catalog and the jars are checked;
#          the sweep itself (minutes to hours) is not run
#   parse  its arguments parsed by the real command line (ParseOnly.java), nothing run: commands
#          that take tens of minutes by design (choose, compare of trials, calibrate, handshake);
#          the report tool's knee (it needs a rate sweep's files) by its own --help
#   help   the script's --help: it needs other hosts (ssh) or root (the lab); deploy.bats and
#          lab.bats run those for real where they can
#   server the server jar with --port 0: its ready line is the one the README's comment shows
#   tool   the tool is on the PATH: the build and `mvn -B verify` are what this suite runs inside
#   path   a folder the README names exists
#   archives run where every measurement archive was fetched (main keeps only the manifests; the
#          archives are the measurements branch's), else its --help
# A README command no rule matches fails the first test: a new line needs its rule. A failure names
# README.md:LINE and the command. No output may carry an ANSI escape (none is a terminal here).

RULES=(
  'path|^(deploy|bench)/$'
  'tool|^mvn '
  'dry|^\./quickstart\.sh$'
  'run|--list-protocols$'
  'run|^java -jar tls-kit/target/tls-kit\.jar '
  'help|^deploy/(repro-repeat|lab|deploy|collect)\.sh( |$)'
  'help|^bench/compare\.sh$'
  'help|^\$\(command -v sudo\) deploy/lab\.sh '
  'dry|^\$\(command -v sudo\) \./sweep\.sh '
  'dry|^ssh [^ ]+ .cd rpcx-bench && \./sweep\.sh '
  'server|^java -jar server-[a-z]+/target/server-[a-z]+\.jar --port [0-9]+ &$'
  'run|^java -jar client-harness/target/client-harness\.jar .*--host B$'
  'run|^java -jar report/target/report\.jar all results/raw$'
  'archives|^java -jar report/target/report\.jar measurements (fetch|verify)( [a-z0-9-]+)?$'
  'parse|^java -jar report/target/report\.jar knee '
  'dry|^\./sweep\.sh '
  'dry|^\./rpcx-bench sweep '
  'parse|^\./rpcx-bench (sweep|compare)$'
  'parse|^\./rpcx-bench (choose|compare|calibrate|handshake) '
  'run|^rpcx-bench (list|help exit-codes|repeat plan|report show|report all)( |$)'
  'run|^rpcx-bench run .*--host '
  'dry|^rpcx-bench sweep '
  'parse|^(sudo )?rpcx-bench (choose|compare|calibrate|handshake|lab) '
)

setup_file() {
  REPO=$(cd "$BATS_TEST_DIRNAME/../../../.." && pwd)
  export REPO
  export JAR="$REPO/runner/target/rpcx-bench.jar"
  export SCRATCH
  SCRATCH=$(mktemp -d)
  local entry
  for entry in "$REPO"/* "$REPO"/.ci; do
    [[ -e $entry && ${entry##*/} != results ]] || continue
    ln -s "$entry" "$SCRATCH/${entry##*/}"
  done
  python3 "$BATS_TEST_DIRNAME/readme-commands.py" "$REPO/README.md" >"$SCRATCH/commands.tsv"
  help_examples >"$SCRATCH/examples.tsv"
}

teardown_file() {
  local pid
  for pid in $(cat "$SCRATCH"/server-*.pid 2>/dev/null); do kill "$pid" 2>/dev/null || true; done
  rm -rf "${SCRATCH:-/nonexistent}"
}

setup() {
  [ -f "$JAR" ] || skip "rpcx-bench.jar not built (mvn -B -q package -DskipTests)"
  [ -f "$REPO/client-harness/target/client-harness.jar" ] || skip "client-harness.jar not built (mvn -B -q package -DskipTests)"
  [ -f "$REPO/report/target/report.jar" ] || skip "report.jar not built (mvn -B -q package -DskipTests)"
  unset RPCX_BENCH_JAR RPCX_BENCH_REPORT_JAR
}

# help_examples: every Example of `rpcx-bench COMMAND --help`, as "COMMAND-help<TAB>COMMAND LINE"
# (continuation lines joined)
help_examples() {
  local cmd
  for cmd in $("$REPO/rpcx-bench" --help | awk '/^Commands/ { on = 1; next } on && !NF { exit } on { print $1 }'); do
    "$REPO/rpcx-bench" "$cmd" --help | python3 -c '
import sys
cmd, out, cur, on = sys.argv[1], [], None, False
for line in sys.stdin.read().split("\n"):
    if line.startswith("Example: "):
        on = True
        if cur: out.append(cur)
        cur = line[len("Example: "):].strip()
    elif on and line.startswith("         ") and line.strip():
        s = line.strip()
        if s.startswith(("rpcx-bench ", "sudo rpcx-bench ")):
            out.append(cur); cur = s
        else:
            cur = cur.rstrip("\\").rstrip() + " " + s
    else:
        on = False
if cur: out.append(cur)
for c in out: print(f"{cmd} --help\t{c.rstrip(chr(92)).strip()}")
' "$cmd"
  done
}

# rule_of COMMAND: the rule's mode for COMMAND, or nothing
rule_of() {
  local rule
  for rule in "${RULES[@]}"; do
    if [[ $1 =~ ${rule#*|} ]]; then
      printf '%s' "${rule%%|*}"
      return 0
    fi
  done
}

# ports_of_servers: --port options naming the servers the README's lines started
ports_of_servers() {
  local f id
  for f in "$SCRATCH"/server-*.port; do
    [[ -e $f ]] || continue
    id=${f##*/server-}
    printf -- '--port %s=%s ' "${id%.port}" "$(cat "$f")"
  done
}

# check WHERE MODE COMMAND: runs COMMAND by MODE in the scratch folder; prints the failure
check() {
  local where=$1 mode=$2 cmd=$3 out rc=0 id
  cmd=${cmd#\$(command -v sudo) }
  cmd=${cmd#sudo }
  if [[ $cmd == rpcx-bench* ]]; then cmd="./$cmd"; fi
  case $mode in
    archives)
      local manifest
      for manifest in "$REPO"/measurements/*.manifest.tsv; do
        [[ -f ${manifest%.manifest.tsv}.tar.xz ]] || { cmd="$cmd --help"; break; }
      done ;;
    path) [[ -d $SCRATCH/$cmd ]] || { echo "$where: $cmd: no such folder"; return 1; }; return 0 ;;
    tool) command -v "${cmd%% *}" >/dev/null || { echo "$where: $cmd: ${cmd%% *} not on the PATH"; return 1; }; return 0 ;;
    help) cmd="${cmd%% *} --help" ;;
    dry)
      if [[ $cmd == ssh* ]]; then cmd=${cmd#*&& }; cmd=${cmd%\'}; fi
      cmd="${cmd//--host B/--host 127.0.0.1} --dry-run" ;;
    parse)
      local tool=rpcx-bench
      cmd=${cmd#./rpcx-bench }
      if [[ $cmd == "java -jar report/target/report.jar "* ]]; then
        cmd="java -jar report/target/report.jar ${cmd#java -jar report/target/report.jar } --help"
      else
        cmd="java -cp runner/target/rpcx-bench.jar $BATS_TEST_DIRNAME/ParseOnly.java $tool $cmd"
      fi ;;
    server)
      id=${cmd#java -jar server-}; id=${id%%/*}
      # the ready line is stdout's first line (the logs go to stderr)
      (cd "$SCRATCH" && exec java -jar "server-$id/target/server-$id.jar" --port 0 \
        >"$SCRATCH/server-$id.out" 2>"$SCRATCH/server-$id.err") &
      echo $! >"$SCRATCH/server-$id.pid"
      for _ in $(seq 900); do [[ -s $SCRATCH/server-$id.out ]] && break; sleep 0.1; done
      out=$(head -n 1 "$SCRATCH/server-$id.out")
      if [[ $out =~ ^$id\ listening\ on\ 0\.0\.0\.0:([0-9]+)$ ]]; then
        echo "${BASH_REMATCH[1]}" >"$SCRATCH/server-$id.port"
        return 0
      fi
      echo "$where: $cmd: ready line '$out', not '$id listening on 0.0.0.0:PORT'"; return 1 ;;
    run)
      cmd=${cmd//DIR/$SCRATCH/tls}
      cmd=${cmd//HOST/localhost}
      if [[ $cmd == *"--host B" ]]; then cmd="${cmd%--host B}--host 127.0.0.1 $(ports_of_servers)--runs 2"; fi
      if [[ $cmd == *"--host 198.18.0.2" ]]; then cmd="${cmd%--host 198.18.0.2}--host 127.0.0.1 $(ports_of_servers)--runs 2 --out results/run-example"; fi ;;
  esac
  out=$(cd "$SCRATCH" && eval "$cmd" 2>&1 </dev/null) || rc=$?
  if ((rc != 0)); then
    printf '%s: %s (as run: %s): exit %d\n%s\n' "$where" "$3" "$cmd" "$rc" "$(tail -n 5 <<<"$out")"
    return 1
  fi
  if [[ $out == *$'\e'* ]]; then
    printf '%s: %s: an ANSI escape in output that is no terminal\n' "$where" "$3"
    return 1
  fi
  printf '%s\n' "$out" >>"$SCRATCH/outputs.txt"
}

@test "every README command and --help example has a rule" {
  local where cmd missing=0
  [ "$(wc -l <"$SCRATCH/commands.tsv")" -gt 20 ]
  [ "$(wc -l <"$SCRATCH/examples.tsv")" -gt 10 ]
  while IFS=$'\t' read -r where cmd; do
    if [[ -z $(rule_of "$cmd") ]]; then
      echo "no rule for README.md:$where or $where: $cmd"
      missing=1
    fi
  done < <(cat "$SCRATCH/commands.tsv" "$SCRATCH/examples.tsv")
  [ "$missing" -eq 0 ]
}

@test "every README command works as written (by its rule), in README order" {
  local where cmd failed=0
  while IFS=$'\t' read -r where cmd; do
    check "README.md:$where" "$(rule_of "$cmd")" "$cmd" || failed=1
  done <"$SCRATCH/commands.tsv"
  [ "$failed" -eq 0 ]
}

@test "every Example of rpcx-bench COMMAND --help works (by its rule)" {
  local where cmd failed=0
  # the README's servers and the client's run (the test before) are what run/report examples use
  [ -n "$(ports_of_servers)" ] || skip "the README's servers did not start (see the test before)"
  while IFS=$'\t' read -r where cmd; do
    check "rpcx-bench $where" "$(rule_of "$cmd")" "$cmd" || failed=1
  done <"$SCRATCH/examples.tsv"
  [ "$failed" -eq 0 ]
}

@test "hints name real commands: a near-miss protocol id gets 'did you mean', and the hint's command runs" {
  cd "$SCRATCH"
  run ./rpcx-bench sweep --local --protocol grcp --dry-run
  [ "$status" -eq 2 ]
  [[ $output == *"--protocol: unknown protocol 'grcp'; did you mean grpc? known: rpcx, grpc,"* ]]
  [[ $output == *"try: rpcx-bench sweep --help"* ]]
  run ./rpcx-bench sweep --help
  [ "$status" -eq 0 ]
  run ./rpcx-bench run --protocol rpxc --threads 1 --requests 1
  [ "$status" -eq 2 ]
  [[ $output == *"unknown protocol 'rpxc'; did you mean rpcx?"* ]]
  [[ $output == *"try: rpcx-bench run --help"* ]]
  run ./rpcx-bench run --help
  [ "$status" -eq 0 ]
}

@test "help that helps: exit codes in one place, repeat hidden, a misspelt command or option gets a suggestion" {
  cd "$SCRATCH"
  run ./rpcx-bench --help
  [ "$status" -eq 0 ]
  [[ $output == *$'\n''Exit codes: rpcx-bench help exit-codes, or docs/harness.md#exit-codes'* ]]
  [[ $output != *"another run holds the output folder's lock"* ]]
  [[ $output != *$'\n''  repeat '* ]]
  run ./rpcx-bench help exit-codes
  [ "$status" -eq 0 ]
  [[ $output == *"    7  another run holds the output folder's lock"* ]]
  [[ $output == *"   98  a gate cannot tell: the interval straddles its margin; more trials may decide it"* ]]
  run ./rpcx-bench repeat regimes
  [ "$status" -eq 0 ]
  run ./rpcx-bench swep
  [ "$status" -eq 2 ]
  [ "${lines[0]}" = "error: unknown command 'swep'; did you mean sweep?" ]
  run ./rpcx-bench sweep --protcol rpcx --dry-run
  [ "$status" -eq 2 ]
  [ "${lines[0]}" = "error: unknown option '--protcol'; did you mean --protocol?" ]
}

@test "every jar the build makes with a main class answers --version with the same line" {
  cd "$SCRATCH"
  local want jar main failed=0 n=0
  want=$(./rpcx-bench --version)
  [[ $want == "rpcx-bench "*" (commit "*")" ]]
  for jar in "$REPO"/*/target/*.jar "$REPO"/protocols/*/target/*.jar; do
    # the versioned jars are Maven's artifacts, their dependencies outside: not run with java -jar
    [[ ! ${jar##*/} =~ -[0-9]+\.[0-9]+.*\.jar$ ]] || continue
    main=$(python3 -c 'import sys, zipfile
m = zipfile.ZipFile(sys.argv[1]).read("META-INF/MANIFEST.MF").decode()
print(next((l.split(":", 1)[1].strip() for l in m.splitlines() if l.startswith("Main-Class:")), ""))' "$jar")
    [[ -n $main ]] || continue
    n=$((n + 1))
    # stdout only: a library's start-up notice on stderr is no answer
    status=0
    output=$(java -jar "$jar" --version 2>/dev/null) || status=$?
    if [[ $status -ne 0 || $output != "$want" ]]; then
      echo "${jar#"$REPO"/} ($main): exit $status: $output"
      failed=1
    fi
  done
  [ "$n" -ge 10 ]
  [ "$failed" -eq 0 ]
}

@test "rpcx-bench list shows TLS, compression and message columns" {
  cd "$SCRATCH"
  run ./rpcx-bench list
  [ "$status" -eq 0 ]
  [[ ${lines[0]} =~ ^ID\ +DESCRIPTION\ +PORT\ +TLS\ +COMPRESSION\ +MESSAGE\ +SERVER$ ]]
  [[ $output =~ $'\n'grpc\ +gRPC\ +8082\ +yes\ +gzip\ +yes\ + ]]
}

@test "a client run that reached no server says no file was written; --lab --dry-run without a lab says so" {
  cd "$SCRATCH"
  port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
  run java -jar client-harness/target/client-harness.jar --protocol rpcx --threads 1 --requests 1 \
    --runs 1 --host 127.0.0.1 --port "rpcx=$port" --out results/no-server
  [ "$status" -eq 1 ]
  [[ $output == *"no result file was written"* ]]
  [[ $output != *"files under"* ]]
  if ! deploy/lab.sh env >/dev/null 2>&1; then
    run ./rpcx-bench sweep --lab --threads 10 --requests 100 --dry-run
    [ "$status" -eq 0 ]
    [[ $output == *"note: --lab: the lab is down; start it (as root) with: deploy/lab.sh up before this plan can run"* ]]
  fi
}

@test "collect.sh names the cause: a host that does not resolve, a port where no ssh answers" {
  run "$REPO/deploy/collect.sh" --client no-such-host.invalid --user me --dest "$SCRATCH/collected"
  [ "$status" -eq 1 ]
  [[ $output == *"no-such-host.invalid does not resolve (check --client)"* ]]
  [[ $output != *"did a sweep run"* ]]
  port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
  run "$REPO/deploy/collect.sh" --client 127.0.0.1 --ssh-port "$port" --user me --dest "$SCRATCH/collected"
  [ "$status" -eq 1 ]
  [[ $output == *"no ssh session with 127.0.0.1 port $port"* ]]
}
