#!/usr/bin/env bats
# deploy.sh, servers.sh, a sweep over ssh and collect.sh, end to end: two network namespaces
# (hosts A and B, 198.18.0.13/30 and .14/30, joined by veth), each with its own sshd (config,
# host key and an authorized key made here) and its own private remote folder (a tmpfs in the
# sshd's mount namespace), the repo's real jars. Needs root, sshd and the built jars.

NS_A=rpcxda
NS_B=rpcxdb
ADDR_A=198.18.0.13
ADDR_B=198.18.0.14

# sshd_in_ns: each host's sshd, as the fleet's hosts have theirs
# shellcheck source=deploy/fleet/netns-hosts.sh
source "$BATS_TEST_DIRNAME/../../../../deploy/fleet/netns-hosts.sh"

require_env() {
  [ "$(id -u)" -eq 0 ] || skip "not root: the deploy test creates network namespaces and runs sshd"
  [ -x /usr/sbin/sshd ] || skip "sshd not installed (apt-get install openssh-server)"
  command -v ssh >/dev/null && command -v scp >/dev/null || skip "ssh/scp not installed"
  ip netns add rpcxdprobe 2>/dev/null || skip "no network namespace support here"
  ip netns del rpcxdprobe
  REPO=$(cd "$BATS_TEST_DIRNAME/../../../.." && pwd)
  for j in client-harness/target/client-harness.jar runner/target/rpcx-bench.jar server-rpcx/target/server-rpcx.jar \
           server-grpc/target/server-grpc.jar server-openfeign/target/server-openfeign.jar; do
    [ -f "$REPO/$j" ] || skip "$j not built (mvn -B package -DskipTests)"
  done
}

setup() {
  require_env
  WORK="$BATS_TEST_TMPDIR/deploy"
  mkdir -p "$WORK"
  REMOTE="$WORK/remote"
  mkdir -p "$REMOTE" /run/sshd
  ip netns add "$NS_A"
  ip netns add "$NS_B"
  ip link add veth0 netns "$NS_A" type veth peer name veth0 netns "$NS_B"
  ip -n "$NS_A" addr add "$ADDR_A/30" dev veth0
  ip -n "$NS_B" addr add "$ADDR_B/30" dev veth0
  for ns in "$NS_A" "$NS_B"; do ip -n "$ns" link set lo up; ip -n "$ns" link set veth0 up; done
  ssh-keygen -q -t ed25519 -N '' -f "$WORK/hostkey"
  ssh-keygen -q -t ed25519 -N '' -f "$WORK/id"
  cp "$WORK/id.pub" "$WORK/authorized_keys"
  : >"$WORK/known_hosts"
  sshd_in_ns "$NS_A" "$ADDR_A" a
  sshd_in_ns "$NS_B" "$ADDR_B" b
  export RPCX_SSH_OPTS="-o UserKnownHostsFile=$WORK/known_hosts -o StrictHostKeyChecking=yes -o LogLevel=ERROR"
  SSH=(ssh -o BatchMode=yes -i "$WORK/id" -o "UserKnownHostsFile=$WORK/known_hosts" -o StrictHostKeyChecking=yes -o LogLevel=ERROR)
  local i
  for i in $(seq 1 50); do
    ip netns exec "$NS_A" "${SSH[@]}" "root@$ADDR_B" true 2>/dev/null &&
      ip netns exec "$NS_A" "${SSH[@]}" "root@$ADDR_A" true 2>/dev/null && return 0
    sleep 0.2
  done
  cat "$WORK"/sshd-*.log
  false
}

teardown() {
  [ "$(id -u)" -eq 0 ] || return 0
  local ns pids
  for ns in "$NS_A" "$NS_B"; do
    if ip netns list | grep -q "^$ns\b"; then
      pids=$(ip netns pids "$ns" | tr '\n' ' ')
      # shellcheck disable=SC2086
      [ -z "$pids" ] || kill -TERM $pids 2>/dev/null || true
      sleep 1
      pids=$(ip netns pids "$ns" | tr '\n' ' ')
      # shellcheck disable=SC2086
      [ -z "$pids" ] || kill -KILL $pids 2>/dev/null || true
      ip netns del "$ns"
    fi
  done
}

@test "deploy.sh, a sweep on A against B over ssh, collect.sh: end to end in two namespaces" {
  # deploy from host A (the operator's machine here), to A and B
  run ip netns exec "$NS_A" "$REPO/deploy/deploy.sh" --client "$ADDR_A" --server "$ADDR_B" --user root \
      --identity "$WORK/id" --dir "$REMOTE" --jvm-opts "-Xms64m -Xmx256m -XX:+UseSerialGC"
  echo "$output"
  [ "$status" -eq 0 ]
  [[ $output == *"rpcx: started"*"grpc: started"*"openfeign: started"* ]]
  [[ $output == *"sweep.sh --host $ADDR_B"* ]]
  # B got the servers and nothing of the client; A the client and nothing of the servers
  run ip netns exec "$NS_A" "${SSH[@]}" "root@$ADDR_B" "ls $REMOTE"
  [[ $output == *"server-rpcx.jar"*"servers.sh"* ]]
  [[ $output != *"client-harness.jar"* && $output != *"rpcx-bench.jar"* ]]
  run ip netns exec "$NS_A" "${SSH[@]}" "root@$ADDR_A" "ls $REMOTE"
  [[ $output == *"client-harness.jar"*"rpcx-bench.jar"*"sweep.sh"* ]]
  [[ $output != *"server-rpcx.jar"* ]]
  # the servers run in B with the given flags; deploying again is idempotent
  run ip netns exec "$NS_A" "${SSH[@]}" "root@$ADDR_B" "$REMOTE/servers.sh status"
  echo "$output"
  [ "$status" -eq 0 ]
  [[ $output == *"rpcx: running"*"grpc: running"*"openfeign: running"* ]]
  ip netns pids "$NS_B" | xargs -I{} cat /proc/{}/cmdline | tr '\0' ' ' | grep -q -- '-Xmx256m -XX:+UseSerialGC -jar .*server-grpc.jar'
  run ip netns exec "$NS_A" "$REPO/deploy/deploy.sh" --client "$ADDR_A" --server "$ADDR_B" --user root \
      --identity "$WORK/id" --dir "$REMOTE"
  [ "$status" -eq 0 ]
  [[ $output == *"rpcx: already running"* ]]

  # a small sweep on A against B, over ssh
  run ip netns exec "$NS_A" "${SSH[@]}" "root@$ADDR_A" \
      "cd $REMOTE && ./sweep.sh --host $ADDR_B --threads 1:2:1 --requests 2:2:1 --runs 2 --out results/raw"
  echo "$output"
  [ "$status" -eq 0 ]
  [[ $output == *"[6/6] openfeign t2 r2: complete"* ]]

  # collect into a local folder; one file already here and different: kept, reported
  dest="$WORK/collected"
  mkdir -p "$dest/rpcx"
  echo "# ours" >"$dest/rpcx/t1-r2.csv"
  run ip netns exec "$NS_A" "$REPO/deploy/collect.sh" --client "$ADDR_A" --user root --identity "$WORK/id" \
      --dir "$REMOTE" --dest "$dest"
  echo "$output"
  [ "$status" -eq 0 ]
  [[ $output == *"skipped (differ, kept ours)"* ]]
  [[ $output == *"skipped: rpcx/t1-r2.csv"* ]]
  [ "$(cat "$dest/rpcx/t1-r2.csv")" = "# ours" ]
  for p in rpcx grpc openfeign; do
    for t in 1 2; do
      [ "$p/t$t-r2.csv" = rpcx/t1-r2.csv ] && continue
      grep -qx '# status: complete' "$dest/$p/t$t-r2.csv"
      grep -q "^# target: $ADDR_B:" "$dest/$p/t$t-r2.csv"
      [ "$(grep -cv '^#' "$dest/$p/t$t-r2.csv")" -eq 3 ]
    done
  done
  # collecting again copies nothing
  run ip netns exec "$NS_A" "$REPO/deploy/collect.sh" --client "$ADDR_A" --user root --identity "$WORK/id" \
      --dir "$REMOTE" --dest "$dest"
  [[ $output == *": 0 copied,"* ]]

  # servers.sh stop on B, twice
  run ip netns exec "$NS_A" "${SSH[@]}" "root@$ADDR_B" "$REMOTE/servers.sh stop && $REMOTE/servers.sh stop"
  echo "$output"
  [ "$status" -eq 0 ]
  [[ $output == *"rpcx: stopped"*"rpcx: not running"* ]]
  ! ip netns pids "$NS_B" | xargs -I{} cat /proc/{}/cmdline 2>/dev/null | tr '\0' ' ' | grep -q 'server-'
}

@test "deploy.sh --tls mtls: a test authority for B, each host its files, servers and sweep over mTLS" {
  rm -rf "$REPO/results/deploy-tls/$ADDR_B"
  run ip netns exec "$NS_A" "$REPO/deploy/deploy.sh" --client "$ADDR_A" --server "$ADDR_B" --user root \
      --identity "$WORK/id" --dir "$REMOTE" --protocol rpcx --tls mtls --jvm-opts "-Xms64m -Xmx256m -XX:+UseSerialGC"
  echo "$output"
  [ "$status" -eq 0 ]
  [[ $output == *"rpcx: started"* ]]
  [[ $output == *"-- --tls-ca tls/ca.pem --tls-cert tls/client.pem --tls-key tls/client-key.pem'"* ]]
  # B: its certificate, its key (owner-only) and the CA it checks clients with; A: the CA and its own
  run ip netns exec "$NS_A" "${SSH[@]}" "root@$ADDR_B" "cd $REMOTE/tls && ls && stat -c %a server-key.pem"
  [ "$output" = "$(printf 'ca.pem\nserver-key.pem\nserver.pem\n600')" ]
  run ip netns exec "$NS_A" "${SSH[@]}" "root@$ADDR_A" "cd $REMOTE/tls && ls && stat -c %a client-key.pem"
  [ "$output" = "$(printf 'ca.pem\nclient-key.pem\nclient.pem\n600')" ]
  ip netns pids "$NS_B" | xargs -I{} cat /proc/{}/cmdline | tr '\0' ' ' |
    grep -q -- "server-rpcx.jar .*--tls-cert $REMOTE/tls/server.pem --tls-key $REMOTE/tls/server-key.pem --tls-client-ca $REMOTE/tls/ca.pem"
  # the sweep as printed, one small point: the file is an mTLS point with its negotiated session
  run ip netns exec "$NS_A" "${SSH[@]}" "root@$ADDR_A" \
      "cd $REMOTE && ./sweep.sh --host $ADDR_B --protocol rpcx --threads 1 --requests 2 --runs 2 --out results/raw -- --tls-ca tls/ca.pem --tls-cert tls/client.pem --tls-key tls/client-key.pem"
  echo "$output"
  [ "$status" -eq 0 ]
  run ip netns exec "$NS_A" "${SSH[@]}" "root@$ADDR_A" "cd $REMOTE/results/raw/rpcx && ls && sed -n 's/^# tls_session: //p' *.csv"
  echo "$output"
  [[ $output == *"mtls-t1-r2.csv"* ]]
  [[ $output == *"TLSv1."* ]]
  # deploying again over plaintext is refused while the servers serve mTLS; the authority is reused
  run ip netns exec "$NS_A" "$REPO/deploy/deploy.sh" --client "$ADDR_A" --server "$ADDR_B" --user root \
      --identity "$WORK/id" --dir "$REMOTE" --protocol rpcx
  echo "$output"
  [ "$status" -ne 0 ]
  [[ $output == *"rpcx: running mTLS (pid "*"asked plaintext: stop it first"* ]]
  run ip netns exec "$NS_A" "$REPO/deploy/deploy.sh" --client "$ADDR_A" --server "$ADDR_B" --user root \
      --identity "$WORK/id" --dir "$REMOTE" --protocol rpcx --tls mtls
  [ "$status" -eq 0 ]
  [[ $output == *"rpcx: already running"* ]]
  [[ $output != *"making a test authority"* ]]
  rm -rf "$REPO/results/deploy-tls/$ADDR_B"
}

@test "deploy.sh and collect.sh: bad arguments exit 2, unreachable host exits 1" {
  run "$REPO/deploy/deploy.sh" --client "$ADDR_A"
  [ "$status" -eq 2 ]
  run "$REPO/deploy/deploy.sh" --client a --server b --tls yes
  [ "$status" -eq 2 ]
  [[ $output == *"--tls must be off, tls or mtls, got 'yes'"* ]]
  run "$REPO/deploy/deploy.sh" --client a --server b --ssh-port x
  [ "$status" -eq 2 ]
  run "$REPO/deploy/collect.sh" --dest x
  [ "$status" -eq 2 ]
  run ip netns exec "$NS_A" "$REPO/deploy/deploy.sh" --client "$ADDR_A" --server 198.18.0.15 --user root \
      --identity "$WORK/id" --dir "$REMOTE"
  [ "$status" -eq 1 ]
  [[ $output == *"cannot ssh to root@198.18.0.15"* ]]
}
