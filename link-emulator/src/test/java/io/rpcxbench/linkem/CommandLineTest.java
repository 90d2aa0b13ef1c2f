package io.rpcxbench.linkem;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** linkem's command line: bad input is one line and exit 2; a refusal by the OS is exit 3. */
class CommandLineTest {
  private static Native.Result linkem(String... args) throws Exception {
    Native.requireBuilt();
    List<String> command = new java.util.ArrayList<>(List.of(Native.binary("linkem").toString()));
    command.addAll(List.of(args));
    return Native.run(30, command);
  }

  @Test
  void checkPrintsBothDirectionsAsNetemWords() throws Exception {
    Native.Result r =
        linkem(
            "--check",
            "--both",
            "delay 20ms 2ms distribution normal loss 1% 25%",
            "--up",
            "rate 100mbit limit-bytes 64k");
    assertEquals(0, r.exitCode(), r.output());
    assertTrue(
        r.output()
            .contains(
                "up delay 20.000ms 2.000ms 0% distribution normal loss random 1% 25% rate 100000000bit 0"
                    + " limit 1000 limit-bytes 65536"),
        r.output());
    assertTrue(
        r.output()
            .contains(
                "down delay 20.000ms 2.000ms 0% distribution normal loss random"
                    + " 1% 25% limit 1000\n"),
        r.output());
  }

  @Test
  void badSettingsAreOneLineAndExitTwo() throws Exception {
    String[][] cases = {
      {"--both", "delay 5 parsecs"}, {"--up", "loss 200%"}, {"--down", "reorder 5%"},
      {"--frobnicate", "1"}, {"--a", "nocolon", "--b", "-:x"}, {"--spin-us", "-3"},
      {"--both", "trace /nonexistent/trace.txt"},
    };
    for (String[] args : cases) {
      Native.Result r = linkem(args);
      assertEquals(2, r.exitCode(), String.join(" ", args) + ": " + r.output());
      assertEquals(1, r.output().lines().count(), "one line: " + r.output());
      assertTrue(r.output().startsWith("linkem: "), r.output());
    }
  }

  @Test
  void aMissingNamespaceIsExitThree() throws Exception {
    Native.Result r = linkem("--a", "rpcx-no-such-ns:lem0", "--b", "rpcx-no-such-ns2:lem0");
    assertEquals(3, r.exitCode(), r.output());
    assertTrue(r.output().contains("network namespace 'rpcx-no-such-ns'"), r.output());
  }
}
