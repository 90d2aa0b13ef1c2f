#!/usr/bin/env bash
# collect.sh: copies the raw results from host A back to this machine without overwriting what
# is already here: scp into a temp folder, then copy file by file, skipping files that exist.
set -euo pipefail

# ---- defaults ----
SSH_USER=''
IDENTITY=''
SSH_PORT=22
REMOTE_DIR=rpcx-bench
REMOTE_OUT=results/raw
DEST=results/raw
CLIENT_HOST=''

usage() {
  cat <<'EOF'
Usage: deploy/collect.sh --client A [--dest results/raw] [--user U] [--identity KEY]
                         [--ssh-port P] [--dir DIR] [--remote-out results/raw]

Copies A:DIR/<remote-out> (default ~/rpcx-bench/results/raw) into --dest. Files that already
exist in --dest are never overwritten: identical ones are counted, different ones are listed
as skipped. Environment: RPCX_SSH_OPTS, extra ssh/scp options.

Example:
  deploy/collect.sh --client 10.0.0.11 --user ubuntu --identity ~/.ssh/lab
  java -jar report/target/report.jar all --out results/report results/raw
EOF
}

die() { printf 'collect.sh: %s\n' "$*" >&2; exit 1; }
die_usage() { printf 'collect.sh: %s\ntry: deploy/collect.sh --help\n' "$*" >&2; exit 2; }

parse_args() {
  while (($# > 0)); do
    case $1 in
      -h|--help) usage; exit 0 ;;
      --client|--dest|--user|--identity|--ssh-port|--dir|--remote-out)
        (($# >= 2)) || die_usage "$1 needs a value" ;;
      *) die_usage "unknown argument '$1'" ;;
    esac
    case $1 in
      --client) CLIENT_HOST=$2 ;;
      --dest) DEST=$2 ;;
      --user) SSH_USER=$2 ;;
      --identity) IDENTITY=$2 ;;
      --ssh-port) SSH_PORT=$2 ;;
      --dir) REMOTE_DIR=$2 ;;
      --remote-out) REMOTE_OUT=$2 ;;
    esac
    shift 2
  done
  [[ -n $CLIENT_HOST ]] || die_usage "--client A is required"
  [[ $SSH_PORT =~ ^[0-9]{1,5}$ ]] || die_usage "--ssh-port must be a port number, got '$SSH_PORT'"
  [[ -z $IDENTITY || -f $IDENTITY ]] || die_usage "--identity: no such file '$IDENTITY'"
}

# scp_failure HOST OPTS...: why the copy from HOST failed (scp -q says nothing): a name that does
# not resolve, no ssh answering, a refused login, or, when ssh works, no results folder there
scp_failure() {
  local host=$1 said
  shift
  if ! getent ahosts "$CLIENT_HOST" >/dev/null 2>&1; then
    printf '%s does not resolve (check --client)' "$CLIENT_HOST"
    return
  fi
  if said=$(ssh "$@" -p "$SSH_PORT" "$host" true 2>&1 </dev/null); then
    printf 'no folder %s/%s there (did a sweep run there with --out %s?)' "$REMOTE_DIR" "$REMOTE_OUT" "$REMOTE_OUT"
    return
  fi
  said=$(printf '%s\n' "$said" | grep -v '^\s*$' | head -n 1 | tr -d '\r')
  case $said in
    *"Permission denied"* | *"Host key verification failed"*)
      printf 'ssh refused the login (check --user, --identity): %s' "$said" ;;
    *) printf 'no ssh session with %s port %s: %s' "$CLIENT_HOST" "$SSH_PORT" "${said:-ssh failed}" ;;
  esac
}

main() {
  parse_args "$@"
  local opts=(-o BatchMode=yes -o ConnectTimeout=15) extra=() host=$CLIENT_HOST
  [[ -n $IDENTITY ]] && opts+=(-i "$IDENTITY")
  # shellcheck disable=SC2206 # RPCX_SSH_OPTS is a list of options
  [[ -n ${RPCX_SSH_OPTS:-} ]] && extra=(${RPCX_SSH_OPTS})
  opts+=("${extra[@]}")
  [[ -n $SSH_USER && $host != *@* ]] && host="$SSH_USER@$host"

  TMP_DIR=$(mktemp -d)
  trap 'rm -rf "$TMP_DIR"' EXIT
  local tmp=$TMP_DIR
  scp -q -r "${opts[@]}" -P "$SSH_PORT" "$host:$REMOTE_DIR/$REMOTE_OUT" "$tmp/raw" 2>/dev/null ||
    die "could not copy $host:$REMOTE_DIR/$REMOTE_OUT: $(scp_failure "$host" "${opts[@]}")"

  mkdir -p "$DEST"
  local f rel copied=0 same=0 skipped=()
  while IFS= read -r -d '' f; do
    rel=${f#"$tmp/raw/"}
    if [[ -e $DEST/$rel ]]; then
      if cmp -s "$f" "$DEST/$rel"; then same=$((same + 1)); else skipped+=("$rel"); fi
      continue
    fi
    mkdir -p "$(dirname "$DEST/$rel")"
    # temp + rename: a file in --dest is always complete
    cp "$f" "$DEST/$rel.collect.$$"
    mv -n "$DEST/$rel.collect.$$" "$DEST/$rel"
    rm -f "$DEST/$rel.collect.$$"
    copied=$((copied + 1))
  done < <(find "$tmp/raw" -type f ! -name '.*' -print0 | sort -z)

  printf 'collected from %s:%s/%s into %s: %d copied, %d already here (identical), %d skipped (differ, kept ours)\n' \
    "$host" "$REMOTE_DIR" "$REMOTE_OUT" "$DEST" "$copied" "$same" "${#skipped[@]}"
  if ((${#skipped[@]} > 0)); then printf '  skipped: %s\n' "${skipped[@]}"; fi
}

main "$@"
