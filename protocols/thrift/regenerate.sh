#!/usr/bin/env bash
# Regenerates the committed Thrift Java (src/main/gen-java) from src/main/thrift/bench.thrift, or
# checks that the committed files are what the compiler makes (CI). The Thrift compiler is not on
# Maven Central, so its output is committed, as Cassandra and HBase do.
set -euo pipefail

# --- defaults -------------------------------------------------------------------------------
THRIFT="${THRIFT:-thrift}"
THRIFT_VERSION="0.17.0"
GENERATOR="java:generated_annotations=suppress"
MODULE_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
IDL="${MODULE_DIR}/src/main/thrift/bench.thrift"
GEN_DIR="${MODULE_DIR}/src/main/gen-java"
WORK_DIR=""

usage() {
  cat <<USAGE
Usage: $(basename "$0") [--check] [--help]

Regenerates ${GEN_DIR#"${MODULE_DIR}/"} from ${IDL#"${MODULE_DIR}/"} with the Thrift
compiler ${THRIFT_VERSION} (Debian: apt-get install -y thrift-compiler), generator
"${GENERATOR}".

  --check   regenerate into a temporary folder and compare with the committed files:
            exit 0 when they are the same, 1 (with the diff) when they differ
  --help    this text

Exit codes: 0 done/same, 1 the committed files differ, 2 bad usage or no thrift ${THRIFT_VERSION}.
Environment: THRIFT names the compiler (default: thrift on the PATH).

Example:
  protocols/thrift/regenerate.sh            # after editing bench.thrift; then commit gen-java
  protocols/thrift/regenerate.sh --check    # CI: fails when gen-java is stale
USAGE
}

require_compiler() {
  if ! command -v "${THRIFT}" >/dev/null 2>&1; then
    echo "regenerate.sh: no Thrift compiler '${THRIFT}' on the PATH;" \
      "install thrift-compiler ${THRIFT_VERSION} (apt-get install -y thrift-compiler)" >&2
    exit 2
  fi
  local version
  version="$("${THRIFT}" --version 2>/dev/null || true)"
  if [[ "${version}" != "Thrift version ${THRIFT_VERSION}" ]]; then
    echo "regenerate.sh: '${THRIFT}' is '${version:-unknown}', need Thrift version" \
      "${THRIFT_VERSION} (the committed code and libthrift 0.20.0 are matched to it)" >&2
    exit 2
  fi
}

make_work_dir() {
  WORK_DIR="$(mktemp -d)"
  trap 'rm -rf "${WORK_DIR}"' EXIT
}

generate_into() {
  local out="$1"
  mkdir -p "${out}"
  "${THRIFT}" -gen "${GENERATOR}" -out "${out}" "${IDL}"
}

regenerate() {
  make_work_dir
  generate_into "${WORK_DIR}/gen-java"
  rm -rf "${GEN_DIR}"
  mv "${WORK_DIR}/gen-java" "${GEN_DIR}"
  echo "regenerated ${GEN_DIR}"
}

check() {
  make_work_dir
  generate_into "${WORK_DIR}/gen-java"
  if diff -ru "${GEN_DIR}" "${WORK_DIR}/gen-java"; then
    echo "gen-java is up to date with bench.thrift"
  else
    echo "regenerate.sh: ${GEN_DIR} differs from what bench.thrift generates;" \
      "run protocols/thrift/regenerate.sh and commit the result" >&2
    exit 1
  fi
}

main() {
  local mode="regenerate"
  while [[ $# -gt 0 ]]; do
    case "$1" in
      --check) mode="check" ;;
      -h | --help)
        usage
        return 0
        ;;
      *)
        echo "regenerate.sh: unknown argument '$1'" >&2
        usage >&2
        exit 2
        ;;
    esac
    shift
  done
  require_compiler
  "${mode}"
}

main "$@"
