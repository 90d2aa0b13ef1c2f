#!/usr/bin/env bash
# CI's check for this protocol (.ci/run runs every protocols/*/ci-check.sh after mvn verify):
# the committed Java that Thrift's compiler generated must be what the compiler generates now.
# Outside CI (CI unset), a machine without the compiler skips it with the reason.
set -euo pipefail
if ! command -v thrift >/dev/null 2>&1 && [[ ${CI:-} != true ]]; then
  echo "thrift ci-check skipped: no thrift compiler (apt-get install thrift-compiler)"
  exit 0
fi
exec "$(dirname "${BASH_SOURCE[0]}")/regenerate.sh" --check
