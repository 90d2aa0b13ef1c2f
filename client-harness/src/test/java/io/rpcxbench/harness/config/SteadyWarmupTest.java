package io.rpcxbench.harness.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.rpcxbench.harness.load.LoadRunner;
import io.rpcxbench.harness.load.SteadyWarmupRun;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The steady-state warm-up against fake clients in virtual time: no clock is read, so what the test
 * asserts is when the warm-up stops, never how long it took.
 */
class SteadyWarmupTest {
  private static final Duration SECOND = Duration.ofSeconds(1);

  /**
   * A client that gets faster with the calls it has made (as a JIT compiles its paths), up to a
   * plateau: each iteration of {@code length} makes {@code rate x length} calls at its current
   * rate.
   */
  private static final class RampingClient implements SteadyWarmupRun.Iteration {
    final double startRate;
    final double plateau;
    final double growthPerCall;
    long callsSoFar;
    final List<Double> ratesSeen = new ArrayList<>();

    RampingClient(double startRate, double plateau, double growthPerCall) {
      this.startRate = startRate;
      this.plateau = plateau;
      this.growthPerCall = growthPerCall;
    }

    double rate() {
      return Math.min(plateau, startRate + growthPerCall * callsSoFar);
    }

    @Override
    public LoadRunner.Warmup run(Duration length) {
      double rate = rate();
      ratesSeen.add(rate);
      long calls = Math.round(rate * length.toNanos() / 1e9);
      callsSoFar += calls;
      return new LoadRunner.Warmup(length.toNanos(), calls, 0, null);
    }
  }

  @Test
  void stopsOnceTheRampHasFlattenedNotBefore() throws Exception {
    // 2,000 calls/s at first, +0.5 calls/s per call made: 2,000 -> 3,000 -> 4,500 -> ... -> 30,000
    RampingClient client = new RampingClient(2_000, 30_000, 0.5);
    SteadyWarmup steady = new SteadyWarmup(SECOND, 0.03, Duration.ofSeconds(60));

    SteadyWarmupRun.Outcome o = SteadyWarmupRun.run(steady, client);

    assertThat(o.converged()).isTrue();
    List<Double> rates = o.rates();
    assertThat(rates).hasSize(o.iterations()).hasSameSizeAs(client.ratesSeen);
    for (int i = 0; i < rates.size(); i++) {
      assertThat(rates.get(i)).isCloseTo(client.ratesSeen.get(i), within(1.0)); // whole calls
    }
    // the last two iterations ran at the plateau ...
    assertThat(rates.subList(rates.size() - 2, rates.size())).allMatch(r -> r >= 30_000 - 1);
    // ... and every pair before them still differed by 3 % or more: it did not stop on the ramp
    for (int i = 1; i < rates.size() - 1; i++) {
      assertThat(steady.agree(rates.get(i - 1), rates.get(i)))
          .as("iterations %d, %d", i - 1, i)
          .isFalse();
    }
    assertThat(rates.get(0)).isLessThan(30_000);
    assertThat(o.total().calls()).isEqualTo(client.callsSoFar);
    assertThat(o.total().timeNanos()).isEqualTo(SECOND.toNanos() * o.iterations());
  }

  @Test
  void aFlatClientConvergesAfterTwoIterations() throws Exception {
    RampingClient flat = new RampingClient(5_000, 5_000, 0);

    SteadyWarmupRun.Outcome o =
        SteadyWarmupRun.run(new SteadyWarmup(SECOND, 0.03, Duration.ofSeconds(60)), flat);

    assertThat(o.converged()).isTrue();
    assertThat(o.iterations()).isEqualTo(2);
  }

  @Test
  void aFlatClientWaitsForTheCompilersToBeQuiet() throws Exception {
    RampingClient flat = new RampingClient(5_000, 5_000, 0);
    // the baseline, then each iteration's JIT cores: busy, busy, quiet
    java.util.Iterator<Double> jit = List.of(Double.NaN, 0.9, 0.4, 0.05, 0.0).iterator();

    SteadyWarmupRun.Outcome o =
        SteadyWarmupRun.run(
            new SteadyWarmup(SECOND, 0.03, Duration.ofSeconds(60)), flat, jit::next);

    assertThat(o.converged()).isTrue();
    assertThat(o.iterations()).isEqualTo(3);
    assertThat(SteadyWarmupRun.jitCores(o)).isEqualTo("0.90 0.40 0.05");
  }

  @Test
  void aWarmupCappedWhileTheCompilersWorkSaysSo() throws Exception {
    RampingClient flat = new RampingClient(5_000, 5_000, 0);
    SteadyWarmup steady = new SteadyWarmup(SECOND, 0.03, Duration.ofSeconds(3));

    SteadyWarmupRun.Outcome o = SteadyWarmupRun.run(steady, flat, () -> 0.5);

    assertThat(o.converged()).isFalse();
    assertThat(o.iterations()).isEqualTo(3);
    assertThat(
            SteadyWarmupRun.line(io.rpcxbench.harness.protocol.Protocol.parse("rpcx"), steady, o))
        .contains("NOT converged within --warmup-max 3s, the JIT still compiling (0.50 cores)");
  }

  @Test
  void theCapHoldsForAClientThatNeverConverges() throws Exception {
    // +10 % every iteration, for ever
    SteadyWarmupRun.Iteration neverSteady =
        new SteadyWarmupRun.Iteration() {
          double rate = 1_000;

          @Override
          public LoadRunner.Warmup run(Duration length) {
            rate *= 1.10;
            return new LoadRunner.Warmup(length.toNanos(), Math.round(rate), 0, null);
          }
        };
    SteadyWarmup steady = new SteadyWarmup(SECOND, 0.03, Duration.ofSeconds(7));

    SteadyWarmupRun.Outcome o = SteadyWarmupRun.run(steady, neverSteady);

    assertThat(o.converged()).isFalse();
    assertThat(o.iterations()).isEqualTo(7).isEqualTo(steady.maxIterations());
    assertThat(o.total().timeNanos()).isLessThanOrEqualTo(Duration.ofSeconds(7).toNanos());
  }

  @Test
  void iterationsThatOverrunTheirLengthStopAtTheCapsTime() throws Exception {
    // each iteration takes 3 s instead of 1 s (calls that end late): the cap counts time too
    long[] calls = {0};
    SteadyWarmupRun.Iteration slow =
        length -> new LoadRunner.Warmup(3 * length.toNanos(), calls[0] += 1000, 0, null);

    SteadyWarmupRun.Outcome o =
        SteadyWarmupRun.run(new SteadyWarmup(SECOND, 0.000_001, Duration.ofSeconds(10)), slow);

    assertThat(o.iterations()).isEqualTo(4); // 3, 6, 9 s: below 10 s; 12 s: stop
  }

  @Test
  void errorsAreCountedAndTheFirstOneKept() throws Exception {
    SteadyWarmupRun.Iteration failing =
        length -> new LoadRunner.Warmup(length.toNanos(), 100, 100, "connection refused");

    SteadyWarmupRun.Outcome o =
        SteadyWarmupRun.run(new SteadyWarmup(SECOND, 0.03, Duration.ofSeconds(5)), failing);

    assertThat(o.total().errors()).isEqualTo(o.total().calls());
    assertThat(o.total().firstError()).isEqualTo("connection refused");
  }

  @Test
  void settingsAreCheckedAndEchoed() {
    assertThatThrownBy(() -> new SteadyWarmup(Duration.ZERO, 0.03, SECOND).validate())
        .hasMessageContaining("--warmup-iteration must be positive");
    assertThatThrownBy(() -> new SteadyWarmup(SECOND, 0, SECOND.multipliedBy(5)).validate())
        .hasMessageContaining("--warmup-tolerance must be above 0 %");
    assertThatThrownBy(
            () ->
                new SteadyWarmup(SECOND, SteadyWarmup.parsePercent("NaN%"), SECOND.multipliedBy(5))
                    .validate())
        .hasMessageEndingWith("got NaN");
    assertThatThrownBy(() -> new SteadyWarmup(SECOND, 0.03, Duration.ofMillis(1500)).validate())
        .hasMessage(
            "--warmup-max 1500ms leaves no room for two --warmup-iteration 1s (at least 2s)");
    assertThat(SteadyWarmup.parsePercent("3%")).isEqualTo(0.03);
    assertThat(SteadyWarmup.parsePercent("0.5 %")).isEqualTo(0.005);
    assertThat(SteadyWarmup.parsePercent("3")).isEqualTo(0.03);
    assertThatThrownBy(() -> SteadyWarmup.parsePercent("three"))
        .hasMessageContaining("not a percentage");
    List<String> args = new ArrayList<>();
    new SteadyWarmup(Duration.ofMillis(500), 0.005, Duration.ofSeconds(30)).addArgs(args);
    assertThat(String.join(" ", args))
        .isEqualTo(
            "--warmup-mode steady --warmup-iteration 500ms --warmup-tolerance 0.5% --warmup-max 30s");
  }
}
