# shellcheck shell=bash
# What lab.bats and lab-sweeps.bats share: a lab of their own (namespaces, addresses in
# 198.18.0.0/15, state folder and cgroup), the root and namespace checks, and the teardown.

# lab_names PREFIX ADDR_A ADDR_B CGROUP: this suite's lab (netns PREFIXa and PREFIXb, cgroups
# CGROUP-a and CGROUP-b)
lab_names() {
  REPO=$(cd "$BATS_TEST_DIRNAME/../../../.." && pwd)
  LAB="$REPO/deploy/lab.sh"
  export RPCX_LAB_NS_A="${1}a" RPCX_LAB_NS_B="${1}b"
  export RPCX_LAB_ADDR_A=$2 RPCX_LAB_ADDR_B=$3
  export RPCX_LAB_STATE_DIR="$BATS_TEST_TMPDIR/lab-state" RPCX_LAB_CGROUP=$4
}

require_lab() {
  [ "$(id -u)" -eq 0 ] || skip "not root: the lab needs root (network namespaces, tc, cgroups)"
  { command -v ip && command -v tc; } >/dev/null || skip "ip/tc (iproute2) not installed"
  ip netns add "${RPCX_LAB_NS_A}probe" 2>/dev/null || skip "no network namespace support here"
  ip netns del "${RPCX_LAB_NS_A}probe"
}

lab_teardown() {
  if [ "$(id -u)" -eq 0 ]; then "$LAB" down >/dev/null 2>&1 || true; fi
}
