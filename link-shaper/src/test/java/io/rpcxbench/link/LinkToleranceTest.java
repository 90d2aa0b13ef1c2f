package io.rpcxbench.link;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class LinkToleranceTest {
  @Test
  void rttWithinAQuarterOrAFloorOfAThirdOfAMillisecond() {
    assertThat(LinkTolerance.rtt(49.9, 40)).isEqualTo("ok");
    assertThat(LinkTolerance.rtt(50.1, 40))
        .isEqualTo("off: the link added 50.100 ms, the profile 40.000 ms (tolerance 10.000 ms)");
    assertThat(LinkTolerance.rtt(0.5, 0.2)).isEqualTo("ok");
    assertThat(LinkTolerance.rtt(0.9, 0.2)).startsWith("off:").endsWith("(tolerance 0.300 ms)");
    assertThat(LinkTolerance.rttAllowedMs(2)).isEqualTo(0.5);
  }

  @Test
  void theAccuracyRuleHoldsToTwoPercentOrTwentyMicrosecondsFromAThousandRoundTrips() {
    assertThat(LinkTolerance.rttAccuracy(40.7, 40, 1000))
        .isEqualTo(
            "held: the link added 40.700 ms, the profile 40.000 ms (tolerance +-0.800 ms, 1000"
                + " round trips)");
    assertThat(LinkTolerance.rttAccuracy(40.9, 40, 1000))
        .startsWith("the box could not hold it: the link added 40.900 ms");
    assertThat(LinkTolerance.rttAccuracy(0.219, 0.2, 2000)).startsWith("held:");
    assertThat(LinkTolerance.rttAccuracy(0.181, 0.2, 2000)).startsWith("held:");
    assertThat(LinkTolerance.rttAccuracy(0.265, 0.2, 1000))
        .startsWith("the box could not hold it:")
        .contains("tolerance +-0.020 ms");
    // 60 round trips of a JVM cannot resolve 20 us: not judged either way
    assertThat(LinkTolerance.rttAccuracy(0.9, 0.2, 60))
        .isEqualTo(
            "unjudged: 60 round trips cannot resolve +-0.020 ms (the native probe times 1000)");
  }

  @Test
  void rateWithinATenth() {
    assertThat(LinkTolerance.rate(0.95e6, 1e6)).isEqualTo("ok");
    assertThat(LinkTolerance.rate(1.1e6, 1e6)).isEqualTo("ok");
    assertThat(LinkTolerance.rate(0.8e6, 1e6))
        .isEqualTo("off: the link moved 0.80mbit, the profile 1.00mbit (tolerance 10 %)");
  }

  @Test
  void theCommandLineJudgesForTheLab() {
    java.io.StringWriter out = new java.io.StringWriter();
    picocli.CommandLine cli = new picocli.CommandLine(new LinkShaperMain());
    cli.setOut(new java.io.PrintWriter(out));
    assertThat(cli.execute("--check-rtt", "0.9,0.2")).isZero();
    assertThat(cli.execute("--check-rate", "950000,1000000")).isZero();
    assertThat(cli.execute("--check-rtt-accuracy", "0.215,0.2,1000")).isZero();
    assertThat(cli.execute("--check-rtt-accuracy", "0.215,0.2")).isEqualTo(2);
    assertThat(cli.execute("--check-rtt-accuracy", "0.215,0.2,999.5")).isEqualTo(2);
    assertThat(cli.execute("--check-rtt-accuracy", "0.215,0.2,-1")).isEqualTo(2);
    assertThat(out.toString().lines().toList())
        .containsExactly(
            "off: the link added 0.900 ms, the profile 0.200 ms (tolerance 0.300 ms)",
            "ok",
            "held: the link added 0.215 ms, the profile 0.200 ms (tolerance +-0.020 ms, 1000 round"
                + " trips)");
  }

  @Test
  void anEmulatorHoldsItsProfileWhileTwiceItsMedianLatenessIsWithinTheTolerance() {
    assertThat(LinkTolerance.emulator(12.5, 80, 2.0)).isEqualTo("ok");
    assertThat(LinkTolerance.emulator(150, 900, 0.2)).isEqualTo("ok"); // 0.3 ms at the least
    assertThat(LinkTolerance.emulator(400, 2500, 2.0))
        .startsWith("off: the emulator released this point's packets late by 400 us")
        .contains("2500 us at the 99th percentile", "about 0.800 ms", "tolerance 0.500 ms");
  }
}
