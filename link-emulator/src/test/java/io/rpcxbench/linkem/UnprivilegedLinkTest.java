package io.rpcxbench.linkem;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The packet link without root: {@code src/test/sh/userns-link.sh} makes hosts A and B inside an
 * unprivileged user namespace ({@code unshare -Ur}) and runs linkem between them as a normal
 * thread. As root the test drops to user nobody first ({@code setpriv}), so what it shows is what
 * an ordinary user gets. Skipped, with the reason, where the kernel refuses unprivileged user
 * namespaces (exit 3) or there is no C compiler.
 */
class UnprivilegedLinkTest {
  private static final Pattern P50 = Pattern.compile("p50=([0-9.]+)");
  private static final Pattern LOST =
      Pattern.compile("linkem (up|down) in=([0-9]+) out=([0-9]+).* lost=([0-9]+)");

  @Test
  void anOrdinaryUserGetsTheDelayedLinkInAUserNamespace() throws Exception {
    Native.requireBuilt();
    assumeTrue(Native.onPath("unshare"), "unshare (util-linux) not installed");
    List<String> command = new ArrayList<>();
    if ("root".equals(System.getProperty("user.name"))) {
      assumeTrue(Native.onPath("setpriv"), "setpriv (util-linux) not installed: cannot drop root");
      command.addAll(List.of("setpriv", "--reuid", "65534", "--regid", "65534", "--clear-groups"));
    }
    command.addAll(
        List.of(
            Native.moduleDir().resolve("src/test/sh/userns-link.sh").toString(),
            Native.binary("linkem").toString(),
            Native.binary("linkem-probe").toString(),
            "delay 5ms"));
    Native.Result r = Native.run(60, command);
    assumeTrue(r.exitCode() != 3, r.output());
    assertEquals(0, r.exitCode(), r.output());
    System.out.println(r.output());
    Matcher p50 = P50.matcher(r.output());
    assertTrue(p50.find(), r.output());
    double us = Double.parseDouble(p50.group(1));
    // 5 ms each way: never faster than 10 ms, and within the lab's tolerance (25 %) of it
    assertTrue(
        us >= 10_000 && us <= 12_500,
        String.format(Locale.ROOT, "median round trip %.1f us, asked 10000 us", us));
    Matcher lost = LOST.matcher(r.output());
    int directions = 0;
    while (lost.find()) {
      directions++;
      assertTrue(Long.parseLong(lost.group(2)) >= 50, lost.group());
      assertEquals("0", lost.group(4), lost.group());
    }
    assertEquals(2, directions, r.output());
  }
}
