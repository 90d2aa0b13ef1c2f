#!/usr/bin/env bash
# deploy.sh: the paper's set-up on two cloud hosts. Copies the server jars the protocols need
# (each distinct jar once, from the harness's protocol catalog) and servers.sh to host B and the
# client jar, the report jar and sweep.sh to host A (scp, into ~/rpcx-bench/), checks JDK 17 on
# both, then starts the servers on B and waits for their ready lines. See docs/sweep.md.
set -euo pipefail

# ---- defaults ----
SSH_USER=''
IDENTITY=''
SSH_PORT=22
REMOTE_DIR=rpcx-bench
INSTALL_JAVA=0
INSTALL_PACKAGES=0
JVM_OPTS=''
BIND=0.0.0.0
CLIENT_HOST=''
SERVER_HOST=''
PROTOCOLS=rpcx,grpc,openfeign      # the paper's three; any ids of the catalog, or "all"
TLS=off                            # off, tls or mtls
REQUIRED_JAVA=17
JAVA=${JAVA:-java}

SCRIPT_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO_DIR=$(cd "$SCRIPT_DIR/.." && pwd)
CLIENT_JAR=client-harness/target/client-harness.jar
RUNNER_JAR=runner/target/rpcx-bench.jar   # sweep.sh's runner on A (the harness inside it)
REPORT_JAR=report/target/report.jar
TLS_JAR=tls-kit/target/tls-kit.jar
# shellcheck source=deploy/catalog.sh
source "$SCRIPT_DIR/catalog.sh"

usage() {
  cat <<EOF
Usage: deploy/deploy.sh --client A --server B [--protocol ID[,ID...]] [--user U] [--identity KEY]
                        [--ssh-port P] [--dir DIR] [--install-java] [--install-packages]
                        [--jvm-opts "FLAGS"] [--bind ADDR] [--tls off|tls|mtls]

Builds the jars when missing (mvn -B -q package -DskipTests), copies
  to B: the server jars of the protocols (each distinct jar once), servers.sh, catalog.sh and
        protocols.tsv (the harness's catalog: B has no harness to ask)
  to A: client-harness.jar, rpcx-bench.jar, report.jar, sweep.sh, catalog.sh
into DIR on each host (default ~/rpcx-bench), checks for JDK 17 on both (prints the dnf or
apt command when it is missing; runs it with --install-java), checks on B for the Debian
packages the protocols' servers need besides their jars (the catalog's external column, e.g.
rabbitmq-server for amqp: the jar runs its own node; prints the apt-get command when one is
missing; runs it with --install-packages and stops the service the package starts), and starts
the servers on B (servers.sh start; JVM flags default to servers.sh's 2 GB sizing, override
with --jvm-opts).

  --client A, --server B   host names or addresses (user@host works too)
  --protocol LIST          protocols whose servers go to B (default: $PROTOCOLS; "all")
  --user U                 ssh user (default: yours)
  --identity KEY           ssh private key
  --ssh-port P             ssh port (default 22)
  --dir DIR                remote folder, relative to the remote home (default rpcx-bench)
  --bind ADDR              address the servers listen on (default 0.0.0.0)
  --tls tls|mtls           the servers serve TLS only (mtls: clients present a certificate):
                           a test authority made here with tls-kit.jar for B's name, kept in
                           results/deploy-tls/B/ (a rerun reuses it); B gets its certificate and
                           key (mtls: the CA), A the CA (mtls: its certificate and key), in DIR/tls/;
                           the sweep line printed at the end passes them on (docs/tls.md)
Environment: RPCX_SSH_OPTS, extra ssh/scp options (e.g. "-o UserKnownHostsFile=...").

Example:
  deploy/deploy.sh --client 10.0.0.11 --server 10.0.0.12 --user ubuntu --identity ~/.ssh/lab
  ssh ubuntu@10.0.0.11 'cd rpcx-bench && ./sweep.sh --host 10.0.0.12 --yes --out results/raw'
  deploy/collect.sh --client 10.0.0.11 --user ubuntu --identity ~/.ssh/lab
EOF
}

die() { printf 'deploy.sh: %s\n' "$*" >&2; exit 1; }
die_usage() { printf 'deploy.sh: %s\ntry: deploy/deploy.sh --help\n' "$*" >&2; exit 2; }
say() { printf 'deploy: %s\n' "$*" >&2; }

parse_args() {
  while (($# > 0)); do
    case $1 in
      -h|--help) usage; exit 0 ;;
      --install-java) INSTALL_JAVA=1; shift; continue ;;
      --install-packages) INSTALL_PACKAGES=1; shift; continue ;;
      --client|--server|--user|--identity|--ssh-port|--dir|--jvm-opts|--bind|--protocol|--protocols|--tls)
        (($# >= 2)) || die_usage "$1 needs a value" ;;
      *) die_usage "unknown argument '$1'" ;;
    esac
    case $1 in
      --client) CLIENT_HOST=$2 ;;
      --server) SERVER_HOST=$2 ;;
      --user) SSH_USER=$2 ;;
      --identity) IDENTITY=$2 ;;
      --ssh-port) SSH_PORT=$2 ;;
      --dir) REMOTE_DIR=$2 ;;
      --jvm-opts) JVM_OPTS=$2 ;;
      --bind) BIND=$2 ;;
      --protocol|--protocols) PROTOCOLS=$2 ;;
      --tls) TLS=$2 ;;
    esac
    shift 2
  done
  [[ $TLS == off || $TLS == tls || $TLS == mtls ]] || die_usage "--tls must be off, tls or mtls, got '$TLS'"
  [[ -n $CLIENT_HOST ]] || die_usage "--client A is required"
  [[ -n $SERVER_HOST ]] || die_usage "--server B is required"
  [[ $SSH_PORT =~ ^[0-9]{1,5}$ ]] || die_usage "--ssh-port must be a port number, got '$SSH_PORT'"
  [[ -z $IDENTITY || -f $IDENTITY ]] || die_usage "--identity: no such file '$IDENTITY'"
  [[ -n $REMOTE_DIR ]] || die_usage "--dir is empty"
}

# ---- ssh plumbing ----
ssh_opts() {
  SSH_OPTS=(-o BatchMode=yes -o ConnectTimeout=15)
  [[ -n $IDENTITY ]] && SSH_OPTS+=(-i "$IDENTITY")
  local extra=()
  # shellcheck disable=SC2206 # RPCX_SSH_OPTS is a list of options
  [[ -n ${RPCX_SSH_OPTS:-} ]] && extra=(${RPCX_SSH_OPTS})
  SSH_OPTS+=("${extra[@]}")
}

target() {
  if [[ -n $SSH_USER && $1 != *@* ]]; then printf '%s@%s' "$SSH_USER" "$1"; else printf '%s' "$1"; fi
}

# remote HOST CMD...: runs CMD (quoted word by word) on HOST
remote() {
  local host=$1; shift
  local cmd
  printf -v cmd '%q ' "$@"
  ssh "${SSH_OPTS[@]}" -p "$SSH_PORT" "$(target "$host")" "$cmd"
}

# remote_sh HOST SCRIPT: runs a shell snippet on HOST
remote_sh() {
  ssh "${SSH_OPTS[@]}" -p "$SSH_PORT" "$(target "$1")" "$2"
}

copy_to() {
  local host=$1; shift
  scp -q "${SSH_OPTS[@]}" -P "$SSH_PORT" "$@" "$(target "$host"):$REMOTE_DIR/"
}

# ---- steps ----
build() {
  command -v mvn >/dev/null 2>&1 || die "jars missing and mvn not found: install Maven >= 3.8 and JDK 17"
  say "building the jars (mvn -B -q package -DskipTests)"
  (cd "$REPO_DIR" && mvn -B -q package -DskipTests)
}

# plan_jars: the catalog from the (built) harness, the protocols' distinct server jars in
# SERVER_JARS (with their chain gateway jars, where a protocol has one of its own: sweep.sh
# --scenario chain on host B); builds when a jar is missing.
plan_jars() {
  [[ -f $REPO_DIR/$CLIENT_JAR && -f $REPO_DIR/$RUNNER_JAR && -f $REPO_DIR/$REPORT_JAR ]] || build
  [[ $TLS == off || -f $REPO_DIR/$TLS_JAR ]] || build
  catalog_load "$JAVA" -jar "$REPO_DIR/$CLIENT_JAR" || die "$CATALOG_ERROR"
  catalog_select "$PROTOCOLS" || die_usage "--protocol: $CATALOG_ERROR"
  catalog_servers "${CATALOG_SELECTED[@]}"
  local name jar missing=0 seen=' ' id
  local -a jars=()
  SERVER_JARS=()
  for name in "${SERVER_NAMES[@]}"; do jars+=("${SERVER_JAR[$name]}"); done
  for id in "${CATALOG_SELECTED[@]}"; do jars+=("$(catalog_get "$id" gateway_jar)"); done
  for jar in "${jars[@]}"; do
    [[ -n $jar ]] || continue
    [[ $seen != *" $jar "* ]] || continue
    # the remote folder is flat: two jars with one file name would overwrite each other
    [[ $seen != *"/${jar##*/} "* && $seen != *" ${jar##*/} "* ]] ||
      die "two server jars are both called ${jar##*/}; the flat remote folder cannot hold both"
    seen+="$jar "
    SERVER_JARS+=("$jar")
    [[ -f $REPO_DIR/$jar ]] || missing=1
  done
  if ((missing)); then build; fi
  for jar in "${SERVER_JARS[@]}" "$CLIENT_JAR" "$RUNNER_JAR" "$REPORT_JAR"; do
    [[ -f $REPO_DIR/$jar ]] || die "build did not produce $jar"
  done
}

# check_java HOST: JDK 17+ present, else print (or with --install-java run) the install command
check_java() {
  local host=$1 version major install
  version=$(remote_sh "$host" 'java -version 2>&1 | head -n 1' 2>/dev/null || true)
  major=$(sed -n 's/.*version "\([0-9]*\).*/\1/p' <<<"$version")
  if [[ -n $major ]] && ((major >= REQUIRED_JAVA)); then
    say "$host: $version"
    return 0
  fi
  install=$(remote_sh "$host" 'if command -v dnf >/dev/null 2>&1; then echo "dnf install -y java-17-openjdk-headless"; elif command -v yum >/dev/null 2>&1; then echo "yum install -y java-17-openjdk-headless"; elif command -v apt-get >/dev/null 2>&1; then echo "apt-get update && apt-get install -y openjdk-17-jre-headless"; fi')
  [[ -n $install ]] || die "$host: no JDK $REQUIRED_JAVA (found: ${version:-none}) and neither dnf nor apt-get: install JDK $REQUIRED_JAVA by hand"
  if ((INSTALL_JAVA == 0)); then
    # $(command -v sudo): sudo where there is one, nothing as root on a host without sudo
    die "$host: no JDK $REQUIRED_JAVA (found: ${version:-none}); install it (as root) with: ssh $(target "$host") '\$(command -v sudo) sh -c \"$install\"' (or rerun with --install-java)"
  fi
  say "$host: installing JDK $REQUIRED_JAVA: $install"
  remote_sh "$host" "if [ \"\$(id -u)\" -eq 0 ]; then sh -c '$install'; else sudo -n sh -c '$install'; fi" ||
    die "$host: installing JDK $REQUIRED_JAVA failed"
  version=$(remote_sh "$host" 'java -version 2>&1 | head -n 1' || true)
  say "$host: $version"
}

# check_packages HOST: the Debian packages the selected protocols need on the server host besides
# their jars (the catalog's external column) are installed; else print the apt-get command, or
# with --install-packages run it and stop the service each package starts (the jar runs its own).
check_packages() {
  local host=$1 id pkg install
  local -a missing=()
  local -A wanted=()
  for id in "${EXTERNALS[@]}"; do wanted[${id#*:}]=1; done
  for pkg in "${!wanted[@]}"; do
    # shellcheck disable=SC2016 # ${Status} is dpkg-query's field, expanded by dpkg-query
    remote "$host" dpkg-query -W -f '${Status}' "$pkg" 2>/dev/null | grep -q 'install ok installed' ||
      missing+=("$pkg")
  done
  ((${#missing[@]} > 0)) || return 0
  install="apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y ${missing[*]}"
  if ((INSTALL_PACKAGES == 0)); then
    die "$host: missing ${missing[*]} (the catalog's external servers); install with: ssh $(target "$host") 'sudo sh -c \"$install\"' (or rerun with --install-packages)"
  fi
  remote_sh "$host" 'command -v apt-get >/dev/null 2>&1' || die "$host: no apt-get: install ${missing[*]} by hand"
  local stops=''
  for pkg in "${missing[@]}"; do
    stops+="(systemctl disable --now $pkg || service $pkg stop) >/dev/null 2>&1; "
  done
  install+=" && { ${stops}true; }"
  say "$host: installing ${missing[*]}: $install"
  remote_sh "$host" "if [ \"\$(id -u)\" -eq 0 ]; then sh -c '$install'; else sudo -n sh -c '$install'; fi" ||
    die "$host: installing ${missing[*]} failed"
}

# copy_secrets: B's secrets folder (~/.rpcx-bench/secrets: e.g. the user its AMQP brokers accept,
# made at their first start) to A, owner-only on both; through this machine's memory, never its disk.
copy_secrets() {
  local files
  files=$(remote_sh "$SERVER_HOST" 'cd ~/.rpcx-bench/secrets 2>/dev/null && ls' || true)
  [[ -n $files ]] || return 0
  say "copying the servers' secrets (~/.rpcx-bench/secrets: ${files//$'\n'/ }) from $SERVER_HOST to $CLIENT_HOST"
  # on A: unpacked beside the folder, then moved in file by file (A may share B's home)
  # shellcheck disable=SC2016 # expanded on A
  local unpack='umask 077 && mkdir -p ~/.rpcx-bench/secrets && t=$(mktemp -d ~/.rpcx-bench/secrets.in.XXXXXX) &&
    tar xf - -C "$t" && for f in "$t"/*; do mv -f "$f" ~/.rpcx-bench/secrets/; done && rmdir "$t"'
  remote_sh "$SERVER_HOST" 'cd ~/.rpcx-bench/secrets && tar cf - .' | remote_sh "$CLIENT_HOST" "$unpack" ||
    die "could not copy ~/.rpcx-bench/secrets from $SERVER_HOST to $CLIENT_HOST"
}

# make_tls: the test authority for B's name (kept in results/deploy-tls/B/, reused by a rerun, so
# that servers still running keep matching it), B's files to B and A's to A, in DIR/tls/;
# SERVER_TLS and CLIENT_TLS: the options of servers.sh start and of the harness
make_tls() {
  local name=${SERVER_HOST#*@} dir
  dir=$REPO_DIR/results/deploy-tls/$name
  if [[ ! -f $dir/ca.pem ]]; then
    say "making a test authority for $name in $dir (tls-kit.jar)"
    "$JAVA" -jar "$REPO_DIR/$TLS_JAR" --out "$dir" --name "$name" >/dev/null ||
      die "tls-kit.jar could not make the authority in $dir"
  fi
  local -a to_b=("$dir/server.pem" "$dir/server-key.pem") to_a=("$dir/ca.pem")
  SERVER_TLS=(--tls-cert "$REMOTE_DIR/tls/server.pem" --tls-key "$REMOTE_DIR/tls/server-key.pem")
  CLIENT_TLS="--tls-ca tls/ca.pem"
  if [[ $TLS == mtls ]]; then
    to_b+=("$dir/ca.pem")
    to_a+=("$dir/client.pem" "$dir/client-key.pem")
    SERVER_TLS+=(--tls-client-ca "$REMOTE_DIR/tls/ca.pem")
    CLIENT_TLS+=" --tls-cert tls/client.pem --tls-key tls/client-key.pem"
  fi
  say "copying B's TLS files (${to_b[*]##*/}) to $SERVER_HOST and A's (${to_a[*]##*/}) to $CLIENT_HOST, in $REMOTE_DIR/tls/"
  local h
  for h in "$SERVER_HOST" "$CLIENT_HOST"; do remote_sh "$h" "umask 077 && mkdir -p $(printf %q "$REMOTE_DIR")/tls"; done
  # -p: the keys stay readable by their owner only
  scp -q -p "${SSH_OPTS[@]}" -P "$SSH_PORT" "${to_b[@]}" "$(target "$SERVER_HOST"):$REMOTE_DIR/tls/"
  scp -q -p "${SSH_OPTS[@]}" -P "$SSH_PORT" "${to_a[@]}" "$(target "$CLIENT_HOST"):$REMOTE_DIR/tls/"
}

main() {
  parse_args "$@"
  ssh_opts
  plan_jars
  local h
  for h in "$SERVER_HOST" "$CLIENT_HOST"; do
    remote "$h" true || die "cannot ssh to $(target "$h") (port $SSH_PORT)"
    check_java "$h"
    remote "$h" mkdir -p "$REMOTE_DIR"
  done
  check_packages "$SERVER_HOST"
  local table
  table=$(mktemp -d)/protocols.tsv
  catalog_save "$table"
  say "copying ${SERVER_JARS[*]##*/}, servers.sh, catalog.sh and protocols.tsv to $SERVER_HOST:$REMOTE_DIR/"
  copy_to "$SERVER_HOST" "${SERVER_JARS[@]/#/$REPO_DIR/}" "$SCRIPT_DIR/servers.sh" "$SCRIPT_DIR/catalog.sh" "$table"
  rm -rf "$(dirname "$table")"
  say "copying client-harness.jar, rpcx-bench.jar, report.jar, sweep.sh and catalog.sh to $CLIENT_HOST:$REMOTE_DIR/"
  copy_to "$CLIENT_HOST" "$REPO_DIR/$CLIENT_JAR" "$REPO_DIR/$RUNNER_JAR" "$REPO_DIR/$REPORT_JAR" "$REPO_DIR/sweep.sh" "$SCRIPT_DIR/catalog.sh"
  remote "$CLIENT_HOST" chmod +x "$REMOTE_DIR/sweep.sh"
  remote "$SERVER_HOST" chmod +x "$REMOTE_DIR/servers.sh"
  local -a SERVER_TLS=()
  local CLIENT_TLS=''
  [[ $TLS == off ]] || make_tls
  say "starting the servers on $SERVER_HOST${SERVER_TLS[*]:+ ($TLS)}"
  local start=("$REMOTE_DIR/servers.sh" start --bind "$BIND" --protocol "$PROTOCOLS" "${SERVER_TLS[@]}")
  [[ -n $JVM_OPTS ]] && start+=(--jvm-opts "$JVM_OPTS")
  remote "$SERVER_HOST" "${start[@]}" || die "servers did not start on $SERVER_HOST (see $REMOTE_DIR/run/*.log there)"
  copy_secrets
  local port_opt='' flags=${JVM_OPTS:-$DEFAULT_SERVER_JVM_FLAGS}
  [[ $SSH_PORT != 22 ]] && port_opt=" -p $SSH_PORT"
  # the sweep records the servers' flags in every file (it cannot see them on B)
  cat <<EOF
deployed. Next:
  ssh$port_opt $(target "$CLIENT_HOST") 'cd $REMOTE_DIR && ./sweep.sh --host ${SERVER_HOST#*@} --protocol $PROTOCOLS --server-jvm-flags "$flags" --yes --out results/raw${CLIENT_TLS:+ -- $CLIENT_TLS}'
  deploy/collect.sh --client $CLIENT_HOST${SSH_USER:+ --user $SSH_USER}${IDENTITY:+ --identity $IDENTITY}${port_opt:+ --ssh-port $SSH_PORT} --dir $REMOTE_DIR
  ssh$port_opt $(target "$SERVER_HOST") '$REMOTE_DIR/servers.sh stop --protocol $PROTOCOLS'
EOF
}

main "$@"
