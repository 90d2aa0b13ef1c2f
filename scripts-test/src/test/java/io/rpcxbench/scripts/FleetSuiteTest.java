package io.rpcxbench.scripts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
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
    skipUnless(Shell.isRoot(), "fleet.bats needs root (network namespaces and sshd)");
    skipUnless(
        Files.isExecutable(Path.of("/usr/sbin/sshd")),
        "fleet.bats: sshd not installed (openssh-server)");
    skipUnless(Shell.onPath("bats"), "fleet.bats: bats not installed (apt-get install bats)");
    skipUnless(
        Shell.onPath("ansible-playbook"),
        "fleet.bats: ansible-playbook not installed (pip install ansible-core==2.19.14)");
    Path file = Path.of("scripts-test", "src", "test", "bats", "fleet.bats");
    Shell.Result result = Shell.runAlone(900, List.of("bats", "--tap", file.toString()));
    List<String> lines = result.output().lines().toList();
    long ok = lines.stream().filter(l -> l.startsWith("ok ") && !l.contains("# skip")).count();
    System.out.printf("[scripts-test] fleet.bats: %d passed, exit %d%n", ok, result.exitCode());
    lines.stream()
        .filter(l -> l.contains("# skip") || l.startsWith("not ok"))
        .forEach(l -> System.out.println("[scripts-test] fleet.bats: " + l));
    assertEquals(0, result.exitCode(), () -> "bats fleet.bats failed:\n" + result.output());
  }

  private static void skipUnless(boolean condition, String reason) {
    if (!condition) {
      System.out.println("[scripts-test] SKIPPED " + reason);
    }
    assumeTrue(condition, reason);
  }
}
