#!/usr/bin/env bats
# Sweeps through the two-host lab for real, as root: sweep.sh --lab with the paper's servers,
# every protocol of the catalog across the packet link, and the lab without root (lab.sh
# unprivileged, as user nobody). Its own namespaces, addresses and cgroup (not lab.bats'), and no
# accuracy checks: it runs beside the fleet suite (LabSweepsSuiteTest), while lab.bats, whose link
# measurements want the machine to themselves, runs alone.

load lab-common

setup() {
  lab_names rpcxs 198.18.0.17 198.18.0.18 rpcx-lab-sweeps
}

teardown() {
  lab_teardown
}

@test "sweep.sh --lab: servers in B, client in A, link bytes and lab settings recorded per point" {
  require_lab
  for j in runner/target/rpcx-bench.jar server-rpcx/target/server-rpcx.jar \
           server-grpc/target/server-grpc.jar server-openfeign/target/server-openfeign.jar; do
    [ -f "$REPO/$j" ] || skip "$j not built (mvn -B package -DskipTests)"
  done
  run "$LAB" up --rate 100mbit --cpus 1 --memory 2g
  [ "$status" -eq 0 ]
  out="$BATS_TEST_TMPDIR/raw"
  run "$REPO/sweep.sh" --lab --threads 2:2 --requests 3:3 --runs 2 --out "$out"
  echo "$output"
  [ "$status" -eq 0 ]
  for p in rpcx grpc openfeign; do
    f="$out/$p/t2-r3.csv"
    grep -qx '# status: complete' "$f"
    grep -q "^# target: $RPCX_LAB_ADDR_B:" "$f"
    grep -q '^# lab: rate=100mbit cpus=1 memory=2g delay=0ms' "$f"
    grep -qx '# link_rate: 100mbit' "$f"
    grep -qx '# link_burst: 12500' "$f"
    grep -qx '# server_jvm_flags: -Xms384m -Xmx384m -XX:+UseSerialGC' "$f"
    # each direction on its own: requests from A to B, replies from B to A
    a_to_b=$(sed -n 's/^# link_bytes_a_to_b: //p' "$f")
    b_to_a=$(sed -n 's/^# link_bytes_b_to_a: //p' "$f")
    [ "$a_to_b" -gt 0 ] && [ "$b_to_a" -gt 0 ]
    [ "$(grep -c '^# link_bytes:' "$f")" -eq 0 ]
    # provenance lines stay above the header row
    [ "$(grep -n '^type,' "$f" | cut -d: -f1)" -gt "$(grep -n '^# link_bytes_b_to_a' "$f" | cut -d: -f1)" ]
    [ "$(grep -cv '^#' "$f")" -eq 3 ]
  done
  # the servers ran with the flags recorded, and are gone from B when the sweep ends
  grep -q -- '-Xms384m -Xmx384m -XX:+UseSerialGC' "$out"/sweep-*.log
  [ -z "$(ip netns pids "$RPCX_LAB_NS_B")" ]
}

@test "rpcx-bench sweep --lab --profile cross-az --link packet: every protocol's echo of 1 MiB (each reply checked) crosses linkem; the runner sets the lab's link, every file says link: packet with the lab's RTT" {
  require_lab
  [ -c /dev/net/tun ] || skip "no /dev/net/tun (CONFIG_TUN): no packet link here"
  if [ ! -x "$REPO/link-emulator/target/native/linkem" ] && ! { command -v make && command -v cc; } >/dev/null; then
    skip "the packet emulator is not built and there is no C compiler to build it"
  fi
  jar=$REPO/client-harness/target/client-harness.jar
  [ -f "$jar" ] || skip "client-harness not built (mvn -B package -DskipTests)"
  # every protocol of the catalog; one whose server jar starts a program not installed here
  # (redis-server, rabbitmq-server) is left out, saying so
  protocols=()
  while IFS=$'\t' read -r id external; do
    if [ "$external" != "-" ] && ! command -v "$external" >/dev/null; then
      echo "# $id left out: its server starts $external, not installed here" >&3
      continue
    fi
    protocols+=("$id")
  done < <(java -jar "$jar" --list-protocols | awk -F'\t' 'NR > 1 { print $1 "\t" $7 }')
  [ "${#protocols[@]}" -ge 20 ]
  out="$BATS_TEST_TMPDIR/raw"
  # six protocols a sweep (their servers share host B's core and memory); the first sweep finds
  # the lab down and brings it up at the profile itself (lab.sh up --profile --link), the next
  # ones find it up so
  for ((i = 0; i < ${#protocols[@]}; i += 6)); do
    batch=$(IFS=,; echo "${protocols[*]:i:6}")
    run "$REPO/rpcx-bench" sweep --lab --profile cross-az --link packet --protocol "$batch" \
      --server-jvm-flags "-Xms64m -Xmx160m -XX:+UseSerialGC" \
      --threads 1 --requests 3 --runs 1 --warmup 0s --out "$out" --call echo --payload 1048576
    if [ "$status" -ne 0 ]; then
      # what went wrong first, so it heads the failure message (a CI log may show only its head)
      echo "# sweep of $batch: exit $status; its lines of failure:"
      grep -Ei 'fail|error|timed out|not ready|refused|exception|stopped' <<<"$output" \
        | grep -Ev 'errors 0,|0 failed or timed out' | head -30 || true
      if [ -f "$RPCX_LAB_STATE_DIR/linkem-start.log" ]; then
        echo "# where linkem waited when it did not say ready:"
        cat "$RPCX_LAB_STATE_DIR/linkem-start.log"
      fi
      for p in "${protocols[@]:i:6}"; do
        if [ -f "$out/server-$p.log" ]; then
          echo "# tail of server-$p.log:"
          tail -n 8 "$out/server-$p.log"
        fi
      done
    fi
    echo "$output"
    [ "$status" -eq 0 ]
  done
  grep -qx 'link=packet' "$RPCX_LAB_STATE_DIR/state"
  grep -qx 'profile=cross-az' "$RPCX_LAB_STATE_DIR/state"
  for p in "${protocols[@]}"; do
    f="$out/$p/cross-az-echo-p1048576-t1-r3.csv"
    echo "$f"; grep '^#' "$f" | grep -E 'status|link|payload' || true
    grep -qx '# status: complete' "$f"
    grep -qx '# link: packet' "$f"
    grep -qx '# link_profile: cross-az' "$f"
    grep -q '^# link_rtt_measured_ms: [0-9]' "$f"
    grep -q '^# link_rtt_check: ' "$f"
    # what the emulator did while this point ran, and whether it held the profile meanwhile
    grep -Eq '^# link_emulator_window: elapsed_s=[0-9.]+ packets=[1-9]' "$f"
    grep -Eq '^# link_emulator_check: (ok|off: )' "$f"
  done
  # every call crossed the emulated link: linkem forwarded packets both ways
  grep -Eq '^linkem up in=[1-9]' "$RPCX_LAB_STATE_DIR/linkem.stats"
  grep -Eq '^linkem down in=[1-9]' "$RPCX_LAB_STATE_DIR/linkem.stats"
}

# own_processes HOME: the pids of user nobody's processes started with HOME (one lab's)
own_processes() {
  local p
  for p in $(pgrep -u 65534); do
    tr '\0' '\n' <"/proc/$p/environ" 2>/dev/null | grep -qx "HOME=$1" && printf '%s ' "$p"
  done
  return 0
}

@test "lab.sh unprivileged: as user nobody, sweep --lab over the packet link in namespaces of its own; files say what was not enforced; nothing left behind" {
  require_lab
  [ -c /dev/net/tun ] || skip "no /dev/net/tun (CONFIG_TUN): no packet link here"
  command -v setpriv >/dev/null || skip "setpriv (util-linux) not installed: cannot drop root"
  nobody=(setpriv --reuid 65534 --regid 65534 --clear-groups)
  "${nobody[@]}" unshare -Ur true 2>/dev/null || skip "this kernel refuses unprivileged user namespaces"
  jar=$REPO/runner/target/rpcx-bench.jar
  [ -f "$jar" ] || skip "rpcx-bench.jar not built (mvn -B package -DskipTests)"
  [ -x "$REPO/link-emulator/target/native/linkem" ] || skip "the packet emulator is not built"
  "${nobody[@]}" test -r "$jar" || skip "user nobody cannot read $jar (a checkout in a private folder)"
  run "$LAB" unprivileged
  [ "$status" -eq 2 ]
  [[ $output == *"unprivileged needs a command"* ]]
  work=$(mktemp -d)
  chmod 777 "$work"
  run "${nobody[@]}" env -u RPCX_LAB_STATE_DIR HOME="$work" "$LAB" unprivileged -- \
    "$REPO/rpcx-bench" sweep --lab --profile cross-az --link packet --protocol rpcx \
    --threads 1 --requests 5 --runs 1 --warmup 0s --out "$work/raw"
  echo "$output"
  [ "$status" -eq 0 ]
  f="$work/raw/rpcx/cross-az-t1-r5.csv"
  grep -qx '# status: complete' "$f"
  grep -qx '# link: packet' "$f"
  grep -q '^# lab_isolation: memory and CPU quota not enforced (no writable cgroups); .*; run in a user namespace of its own (lab.sh unprivileged)$' "$f"
  grep -q '^# link_emulator_rt: off' "$f"
  grep -Eq '^# link_emulator_window: .*packets=[1-9]' "$f"
  # the lab went with its namespaces: no process of this lab's is left (linkem, servers: each
  # inherited HOME=$work); other suites may run as nobody at the same time, so only this lab's
  # count, and a process still being reaped gets 10 s
  local left i
  for i in $(seq 1 20); do
    left=$(own_processes "$work")
    [ -z "$left" ] && break
    sleep 0.5
  done
  [ -z "$left" ] || { ps -o pid,args -p "$left"; false; }
  rm -rf "$work"
}
