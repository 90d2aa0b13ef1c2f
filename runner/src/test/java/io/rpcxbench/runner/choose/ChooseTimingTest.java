package io.rpcxbench.runner.choose;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.harness.config.DurationConverter;
import io.rpcxbench.runner.point.PlannedPoint;
import io.rpcxbench.runner.sweep.SweepPoint;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Each point's time limit from its own length; the plan's expected length. */
class ChooseTimingTest {
  @TempDir Path dir;

  private ChooseSettings settings(String... args) {
    return ChooseArgs.settings(dir, args);
  }

  /** The value after {@code option} in {@code args}, in whole seconds. */
  private static int seconds(List<String> args, String option) {
    return (int) DurationConverter.parse(args.get(args.indexOf(option) + 1)).toSeconds();
  }

  /**
   * The report's reproducer: a probe at 20/s is stretched (then 60 s for 2,000 calls, now 30 s),
   * but its harness was given --time-limit 50 s (2 s x (2 + 1) + 40, from --probe-duration), so
   * every probe below about 40/s timed out and counted as a miss. Its limit is now its own.
   */
  @Test
  void aLowRateProbesLimitHoldsItsWholeRun() {
    ChooseSettings s =
        settings(
            "--local",
            "--protocol",
            "rpcx,rpcx",
            "--slo",
            "p99=5ms",
            "--rounds",
            "1",
            "--probe-duration",
            "2s",
            "--start-rate",
            "20",
            "--min-rate",
            "20",
            "--max-rate",
            "25",
            "--shared-rate",
            "20",
            "--shared-runs",
            "2");
    int seconds = Choose.probeSeconds(20, s.probeS());
    assertThat(seconds).isEqualTo(30);
    List<String> args =
        SweepPoint.of(
                s.target(),
                PlannedPoint.rate(0, "rpcx", 20, seconds),
                "127.0.0.1",
                8081,
                Map.of(),
                1,
                ChooseTiming.limitS(seconds, 1))
            .request()
            .args();
    assertThat(seconds(args, "--duration")).isEqualTo(30);
    assertThat(args.get(args.indexOf("--runs") + 1)).isEqualTo("1");
    assertThat(seconds(args, "--time-limit"))
        .isEqualTo(30 + ChooseTiming.WARMUP_MAX_S + ChooseTiming.MARGIN_S);
    assertThat(seconds(args, "--warmup-max")).isEqualTo(ChooseTiming.WARMUP_MAX_S);

    // the shared load's 2 runs of 30 s at 20/s, and the backstop above every point's limit
    int shared = ChooseTiming.limitS(seconds, s.sharedRuns());
    assertThat(shared).isEqualTo(2 * 30 + ChooseTiming.WARMUP_MAX_S + ChooseTiming.MARGIN_S);
    assertThat(s.target().backstopMs()).isGreaterThan(1000L * shared);
    // a quick probe keeps a short limit
    assertThat(ChooseTiming.limitS(Choose.probeSeconds(10_000, 2), 1)).isEqualTo(42);
  }

  @Test
  void aProbeInAFreshJvmWarmsUpInFlightAndAnInProcessOneDoesNot() {
    ChooseSettings forked =
        settings("--host", "h", "--protocol", "rpcx,grpc", "--slo", "p99=5ms", "--fork");
    ChooseSettings inProcess =
        settings("--host", "h", "--protocol", "rpcx,grpc", "--slo", "p99=5ms");

    assertThat(forked.target().warmup().args())
        .containsSubsequence("--warmup-max", ChooseTiming.WARMUP_MAX_S + "s")
        .containsSubsequence("--warmup-in-flight", String.valueOf(Choose.WARMUP_THREADS));
    assertThat(inProcess.target().warmup()).isEqualTo(ChooseTiming.WARMUP);
    assertThat(inProcess.target().warmup().args()).doesNotContain("--warmup-in-flight");
  }

  @Test
  void thePlanLineSaysWhatItExpects() {
    ChooseSettings s =
        settings("--host", "h", "--protocol", "rpcx,grpc,http-json", "--slo", "p99=5ms");
    // from 1000/s: 1 + 4 steps, then 3 halvings of a 2x bracket to 10 %
    assertThat(ChooseTiming.probesPerSearch(s.search(), 1000)).isEqualTo(8);
    // auto (the default): from half the warm-up's rate, about 2 steps, then the 3 halvings
    assertThat(ChooseTiming.probesPerSearch(s.search(), null)).isEqualTo(6);
    // 5 rounds x 3 candidates x (6 probes x (3 s + 2 s warm-up + 2 s) + the shared load's 3 x 3 s
    // + 4 s)
    assertThat(ChooseTiming.expectedMs(s, false)).isEqualTo(15 * (6 * 7_000L + 13_000));
    assertThat(ChooseTiming.planLine(s, false))
        .startsWith(
            "plan: 5 rounds (up to 8 while a pair is undecided) x 3 candidates x about 6 probes of"
                + " about 7 s")
        .contains("; expected about 14m for the planned rounds (more only while a pair is");
    // each point in a fresh JVM: its in-flight warm-up and settle are expected to take 9 s, not 2
    ChooseSettings forked =
        settings("--host", "h", "--protocol", "rpcx,grpc,http-json", "--slo", "p99=5ms", "--fork");
    assertThat(ChooseTiming.expectedMs(forked, false)).isEqualTo(15 * (6 * 14_000L + 20_000));
    assertThat(ChooseTiming.minutes(90 * 60_000L)).isEqualTo("1h 30m");
    assertThat(ChooseTiming.minutes(1000)).isEqualTo("1m");
  }

  /**
   * --probe-warmup 500ms: probes in the runner's JVM, warm from the candidate's closed-loop
   * warm-up, settle their rate for half a second; the plan expects that. The default, --quick's
   * too, stays the steady warm-up: 500 ms measured capacities 2-4x lower (docs/choose.md).
   */
  @Test
  void aFixedProbeWarmupIsWhatProbesGetAndWhatThePlanExpects() {
    ChooseSettings fixed =
        settings(
            "--local",
            "--protocol",
            "rpcx,grpc",
            "--slo",
            "p99=5ms",
            "--quick",
            "--probe-warmup",
            "500ms");
    assertThat(fixed.probeWarmup().fixed()).hasMillis(500);
    assertThat(fixed.probeWarmup().steady()).isNull();
    assertThat(fixed.probeWarmup().args()).containsExactly("--warmup", "500ms");
    assertThat(ChooseTiming.probeMs(fixed, 100_000))
        .as("1 s measured, 0.5 s warm-up, the point's start")
        .isEqualTo(1000L * (1 + ChooseTiming.START_S) + 500);

    for (String quick : List.of("--quick", "--rounds=4")) {
      ChooseSettings steady =
          settings("--local", "--protocol", "rpcx,grpc", "--slo", "p99=5ms", quick);
      assertThat(steady.probeWarmup()).as(quick).isEqualTo(ChooseTiming.WARMUP);
    }
  }

  @Test
  void aProbeWarmupOutsideItsRangeIsRefused() {
    for (String bad : List.of("50ms", "11s", "soon", "")) {
      org.assertj.core.api.Assertions.assertThatThrownBy(() -> ChooseValues.probeWarmup(bad))
          .as(bad)
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageStartingWith("--probe-warmup must be steady or a duration from 100ms to 10s");
    }
    assertThat(ChooseValues.probeWarmup("2s").fixed()).hasSeconds(2);
  }
}
