#!/usr/bin/env bash
# Regenerates the committed Go code of the project's two .proto files (RPCX's wire messages and
# the gRPC Bench service): `go build` cannot run protoc, so the output is committed, as Go
# projects do, and `gen.sh --check` (CI, when protoc is installed) fails if regeneration would
# change it. Needs protoc (apt-get install protobuf-compiler) and the two plug-ins at the versions
# below (go install, into $(go env GOPATH)/bin).
#
#   bench/generators/go/gen.sh            # rewrite internal/rpcxpb and internal/benchpb
#   bench/generators/go/gen.sh --check    # exit 1 if they differ from what protoc makes now
set -euo pipefail

PROTOC_GEN_GO=google.golang.org/protobuf/cmd/protoc-gen-go@v1.36.12
PROTOC_GEN_GO_GRPC=google.golang.org/grpc/cmd/protoc-gen-go-grpc@v1.6.2
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/../../.." && pwd)"
RPCX_PROTO_DIR="$ROOT/rpcx/src/main/protobuf"
BENCH_PROTO_DIR="$ROOT/server-grpc/src/main/protobuf"
MODULE=rpcxbench/loadgen

usage() {
  sed -n '2,9p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'
}

install_plugins() {
  local bin
  bin="$(go env GOPATH)/bin"
  [[ -x "$bin/protoc-gen-go" ]] || go install "$PROTOC_GEN_GO"
  [[ -x "$bin/protoc-gen-go-grpc" ]] || go install "$PROTOC_GEN_GO_GRPC"
  PATH="$bin:$PATH"
}

generate_into() {   # OUT_DIR
  local out="$1"
  protoc -I "$RPCX_PROTO_DIR" -I "$BENCH_PROTO_DIR" \
    --go_out="$out" --go_opt=module="$MODULE" \
    --go_opt=Mrpcx/rpcx.proto="$MODULE/internal/rpcxpb" \
    --go_opt=Mrpcxbench/bench.proto="$MODULE/internal/benchpb" \
    --go-grpc_out="$out" --go-grpc_opt=module="$MODULE" \
    --go-grpc_opt=Mrpcx/rpcx.proto="$MODULE/internal/rpcxpb" \
    --go-grpc_opt=Mrpcxbench/bench.proto="$MODULE/internal/benchpb" \
    rpcx/rpcx.proto rpcxbench/bench.proto
}

main() {
  case "${1:-}" in
    -h | --help) usage; return 0 ;;
    --check | '') ;;
    *) usage >&2; return 2 ;;
  esac
  command -v protoc >/dev/null || { echo "gen.sh: protoc not found (apt-get install protobuf-compiler)" >&2; return 2; }
  install_plugins
  if [[ "${1:-}" == --check ]]; then
    local tmp
    tmp="$(mktemp -d)"
    trap 'rm -rf "$tmp"' RETURN
    generate_into "$tmp"
    # protoc's version is written into the header comment: compare the code, not that line.
    local pkg
    for pkg in rpcxpb benchpb; do
      if ! diff -r -I '^//[[:space:]]*protoc ' "$tmp/internal/$pkg" "$HERE/internal/$pkg"; then
        echo "gen.sh --check: internal/$pkg differs from what protoc makes now (run gen.sh)" >&2
        return 1
      fi
    done
    echo "gen.sh --check: generated code up to date"
  else
    generate_into "$HERE"
  fi
}

main "$@"
