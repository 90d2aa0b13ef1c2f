package io.rpcxbench.scripts;

import org.junit.jupiter.api.Test;

/**
 * Runs lab-sweeps.bats (sweeps through the lab: the paper's servers, every protocol across the
 * packet link, the lab without root) as a class of its own, so that it runs beside the fleet suite
 * (junit-platform.properties): its namespaces, addresses and cgroup are its own and it checks no
 * link's accuracy, which lab.bats does alone, after the fleet.
 */
final class LabSweepsSuiteTest {

  @Test
  void sweepsThroughTheLab() throws Exception {
    BatsSuitesTest.skipUnless(Shell.isRoot(), "lab-sweeps.bats needs root (network namespaces)");
    BatsSuitesTest.skipUnless(
        Shell.onPath("ip") && Shell.onPath("tc"),
        "lab-sweeps.bats: ip/tc (iproute2) not installed");
    // 6-7 minutes beside the fleet, twice that on a busier machine (one CI run's 1 MiB echoes took
    // 120-350 ms each, against 15-40 ms): the limit is a backstop for a hung suite, not a pace
    BatsSuitesTest.runSuite("lab-sweeps.bats", 1_800, false);
  }
}
