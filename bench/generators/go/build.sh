#!/usr/bin/env bash
# Builds the Go load generator into bench/generators/go/target/loadgen (git-ignored). Needs Go
# 1.26+ and the Go module proxy (or a filled module cache) for its four modules.
#
#   bench/generators/go/build.sh          # target/loadgen
#   bench/generators/go/build.sh --test   # go vet + go test ./... first
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
TARGET="$HERE/target"

usage() {
  sed -n '2,6p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'
}

main() {
  local test=false
  case "${1:-}" in
    -h | --help) usage; return 0 ;;
    --test) test=true ;;
    '') ;;
    *) usage >&2; return 2 ;;
  esac
  command -v go >/dev/null || { echo "build.sh: go not found (Go 1.26+)" >&2; return 2; }
  cd "$HERE"
  if "$test"; then
    go vet ./...
    go test -count=1 ./...
  fi
  mkdir -p "$TARGET"
  go build -trimpath -o "$TARGET/loadgen" ./cmd/loadgen
  echo "built $TARGET/loadgen"
}

main "$@"
