package io.rpcxbench.scripts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * Runs the bats suites in src/test/bats so that {@code mvn -B verify} covers the scripts. The lab
 * and deploy suites need root (network namespaces, tc, cgroups, sshd): elsewhere they are skipped,
 * and the reason is printed on the build's console (this module does not redirect test output to
 * files) as well as in the test report. The full TAP output is in a failure's message. The suites
 * that make no hosts run first, beside the fleet suite (see junit-platform.properties); the host
 * suites ({@link #HOST_SUITES_LAST}) then wait for the fleet and run alone.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
final class BatsSuitesTest {
  /** The order of the suites that make hosts: after every suite without an order. */
  private static final int HOST_SUITES_LAST = Integer.MAX_VALUE;

  @Test
  void sweepLogic() throws Exception {
    runSuite("sweep.bats", 600, false);
  }

  @Test
  void launcherSignals() throws Exception {
    runSuite("rpcx-bench.bats", 120, false);
  }

  /** Every README command and --help example, by its rule (readme.bats says which and why). */
  @Test
  void readmeCommands() throws Exception {
    runSuite("readme.bats", 900, false);
  }

  @Test
  void compareLogic() throws Exception {
    runSuite("compare.bats", 300, false);
  }

  @Test
  void floorBaseline() throws Exception {
    runSuite("baseline.bats", 300, false);
  }

  @Test
  void gcCheckUsage() throws Exception {
    runSuite("gc-check.bats", 60, false);
  }

  @Test
  void reproductionRepeats() throws Exception {
    runSuite("repro-repeat.bats", 120, false);
  }

  /** .ci/secret-scan.sh: each kind of key planted in a fresh repository is found. */
  @Test
  void secretScan() throws Exception {
    runSuite("secret-scan.bats", 120, false);
  }

  /** Its one real point uses the machine's cgroup "rpcx-capacity": a host suite, run alone. */
  @Test
  @Order(HOST_SUITES_LAST)
  void serverCapacityUnderAQuota() throws Exception {
    runSuite("capacity.bats", 300, true);
  }

  @Test
  @Order(HOST_SUITES_LAST)
  void twoHostLab() throws Exception {
    skipUnless(Shell.isRoot(), "lab.bats needs root (network namespaces, tc, cgroups)");
    skipUnless(
        Shell.onPath("ip") && Shell.onPath("tc"), "lab.bats: ip/tc (iproute2) not installed");
    runSuite("lab.bats", 600, true);
  }

  @Test
  @Order(HOST_SUITES_LAST)
  void deployOverSsh() throws Exception {
    skipUnless(Shell.isRoot(), "deploy.bats needs root (network namespaces and sshd)");
    skipUnless(
        Files.isExecutable(Path.of("/usr/sbin/sshd")),
        "deploy.bats: sshd not installed (openssh-server)");
    runSuite("deploy.bats", 600, true);
  }

  /**
   * @param hostSuite the suite makes machine-global hosts (namespaces, sshds): it runs under {@link
   *     Shell#HOST_SUITES_LOCK}
   */
  static void runSuite(String suite, long timeoutSeconds, boolean hostSuite) throws Exception {
    skipUnless(Shell.onPath("bats"), suite + ": bats not installed (apt-get install bats)");
    Path file = Path.of("scripts-test", "src", "test", "bats", suite);
    // --timing: every test line ends "in N ms", so CI's log says where a suite's time goes
    List<String> command = List.of("bats", "--tap", "--timing", file.toString());
    Shell.Result result =
        hostSuite ? Shell.runAlone(timeoutSeconds, command) : Shell.run(timeoutSeconds, command);
    List<String> lines = result.output().lines().toList();
    long ok = lines.stream().filter(l -> l.startsWith("ok ") && !l.contains("# skip")).count();
    System.out.printf("[scripts-test] %s: %d passed, exit %d%n", suite, ok, result.exitCode());
    lines.stream()
        .filter(l -> l.contains("# skip") || l.startsWith("not ok"))
        .forEach(l -> System.out.println("[scripts-test] " + suite + ": " + l));
    TestTimes.slowest(lines, 3)
        .forEach(l -> System.out.println("[scripts-test] " + suite + ": slowest: " + l));
    assertEquals(0, result.exitCode(), () -> "bats " + suite + " failed:\n" + result.output());
  }

  static void skipUnless(boolean condition, String reason) {
    if (!condition) {
      System.out.println("[scripts-test] SKIPPED " + reason);
    }
    assumeTrue(condition, reason);
  }
}
