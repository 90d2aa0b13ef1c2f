package io.rpcxbench.scripts;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * Runs fleet.bats (deploy/fleet/sweep.yml with ansible-playbook against three client hosts and one
 * server host in network namespaces, each with its own sshd) so that {@code mvn -B verify} covers
 * the fleet. Skipped, with the reason on the console, without root, sshd, bats or ansible-playbook
 * ({@code pip install ansible-core==2.19.14}).
 */
final class FleetSuiteTest {

  @Test
  void threeClientHostsOverAnsible() throws Exception {
    BatsSuitesTest.skipUnless(
        Shell.isRoot(), "fleet.bats needs root (network namespaces and sshd)");
    BatsSuitesTest.skipUnless(
        Files.isExecutable(Path.of("/usr/sbin/sshd")),
        "fleet.bats: sshd not installed (openssh-server)");
    BatsSuitesTest.skipUnless(
        Shell.onPath("ansible-playbook"),
        "fleet.bats: ansible-playbook not installed (pip install ansible-core==2.19.14)");
    BatsSuitesTest.runSuite("fleet.bats", 900, true);
  }
}
