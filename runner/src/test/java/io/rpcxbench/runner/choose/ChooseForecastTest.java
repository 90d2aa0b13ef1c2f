package io.rpcxbench.runner.choose;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.runner.point.CapacityRounds;
import io.rpcxbench.stats.Detectable;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Before a choose starts it says what it can tell here: rounds too few to rank, the time in all
 * with a first calibration, and how small a capacity difference its rounds detect from this
 * machine's earlier chooses, with the rounds that would tell 50 % when wider.
 */
class ChooseForecastTest {
  @TempDir Path dir;

  private ChooseSettings settings(String... args) {
    return ChooseArgs.settings(dir, args);
  }

  private static Optional<CapacityRounds.Spread> spread(double logSpread, String workload) {
    return Optional.of(new CapacityRounds.Spread(new Detectable(logSpread), 6, 3, workload));
  }

  /** The newcomer's case: --rounds 2 ran 8 minutes, calibration first, to say "cannot rank". */
  @Test
  void quickIsTheFewestRoundsThatRankWithShortProbesAndWhatIsGivenWins() {
    ChooseSettings q =
        settings("--local", "--protocol", "rpcx,grpc-tuned", "--slo", "p99=5ms", "--quick");
    assertThat(q.rounds().planned()).isEqualTo(4);
    assertThat(q.rounds().most()).isEqualTo(4);
    assertThat(q.probeS()).isEqualTo(1);
    assertThat(q.search().resolution()).isEqualTo(0.25);
    assertThat(q.sharedRuns()).isEqualTo(2);
    assertThat(ChooseForecast.quickLine(q))
        .startsWith(
            "quick: 4 rounds of 1 s probes, none added, no calibration first: the same test at"
                + " the same 5 % false-positive rate, with less power");
    // fewer than 4 rounds would never rank: no "cannot rank" warning for the quick look
    assertThat(ChooseForecast.lines(q, 1, OptionalLong.empty(), Optional.empty(), true))
        .noneMatch(l -> l.startsWith("note: --rounds"));

    ChooseSettings given =
        settings(
            "--local",
            "--protocol",
            "rpcx,grpc-tuned",
            "--slo",
            "p99=5ms",
            "--quick",
            "--rounds",
            "6",
            "--probe-duration",
            "2s");
    assertThat(given.rounds().planned()).isEqualTo(6);
    assertThat(given.rounds().most()).isEqualTo(6);
    assertThat(given.probeS()).isEqualTo(2);
  }

  @Test
  void twoRoundsSayBeforeAnyWorkThatTheyCannotRankAndTheCalibrationCountsInTheTime() {
    ChooseSettings s =
        settings("--local", "--protocol", "rpcx,grpc-tuned", "--slo", "p99=5ms", "--rounds", "2");
    List<String> lines = ChooseForecast.lines(s, 1, OptionalLong.of(576L), Optional.empty(), true);
    assertThat(lines.get(0))
        .isEqualTo(
            "note: --rounds 2: fewer than 4 rounds cannot rank two candidates (each round is one"
                + " trial), and rounds added while a pair is undecided stop at a quarter again the"
                + " planned rounds' time without --max-time: expect \"cannot rank\"; --rounds 4"
                + " at least to rank");
    assertThat(lines.get(1))
        .isEqualTo(
            "first: this machine has no calibration: rpcx-bench calibrate measures it, about 10m"
                + " (once per machine; counted inside --max-time; --calibration off skips it)");
    long planMs = ChooseTiming.expectedMs(s, true);
    assertThat(lines.get(2))
        .isEqualTo(
            "expected in all: about "
                + ChooseTiming.minutes(576_000 + planMs)
                + " (the calibration, then the plan below)");
    assertThat(lines.get(3))
        .isEqualTo(
            "capacity: how small a difference 2 rounds detect here is not known before the run"
                + " (no earlier choose on this machine to learn it from; the scorecard says it"
                + " after)");
  }

  @Test
  void aWideCapacityDifferenceSaysSoWithTheRoundsThatWouldTellHalf() {
    ChooseSettings s =
        settings("--local", "--protocol", "rpcx,grpc-tuned", "--slo", "p99=5ms", "--rounds", "5");
    // rounds moving +-40 % (log sd 0.34): 5 rounds detect about +-80 %
    List<String> lines =
        ChooseForecast.lines(s, 1, OptionalLong.empty(), spread(0.34, "echo"), true);
    assertThat(lines).hasSize(1); // no note, no calibration: the plan line follows in the run
    Detectable d = new Detectable(0.34);
    int needed = d.trialsFor(50);
    assertThat(needed).isGreaterThan(5);
    assertThat(lines.get(0))
        .startsWith(
            "capacity: 5 rounds detect about +-"
                + io.rpcxbench.stats.Num.fixed(d.percent(5), 1)
                + " % here, wider than 50 %: candidates closer than that will tie (\"=\"); about "
                + needed
                + " rounds would tell 50 % (about ")
        .contains("): --rounds " + needed + " (80 % power; from the round-to-round spread of 6")
        .endsWith("candidates in 3 earlier chooses on this machine, of this workload)");
  }

  @Test
  void aNarrowOneIsSaidPlainlyAndSeveralProfilesAddUp() {
    ChooseSettings s =
        settings("--local", "--protocol", "rpcx,grpc-tuned", "--slo", "p99=5ms", "--rounds", "5");
    List<String> lines = ChooseForecast.lines(s, 3, OptionalLong.empty(), spread(0.05, null), true);
    assertThat(lines.get(0))
        .isEqualTo(
            "expected in all: about "
                + ChooseTiming.minutes(3 * ChooseTiming.expectedMs(s, true))
                + " (3 profiles of the plan below)");
    assertThat(lines.get(1))
        .startsWith("capacity: 5 rounds detect about +-")
        .doesNotContain("wider")
        .endsWith("on this machine, of other workloads)");
  }

  @Test
  void aMapSaysItsConditionsAndWhatRefiningMayAdd() {
    ChooseSettings s =
        settings("--local", "--protocol", "rpcx,grpc-tuned", "--slo", "p99=5ms", "--rounds", "5");
    long plan = ChooseTiming.expectedMs(s, true);
    List<String> lines =
        ChooseForecast.lines(
            s, 3, OptionalInt.of(2), OptionalLong.empty(), spread(0.05, null), true);
    assertThat(lines.get(0))
        .isEqualTo(
            "expected in all: about "
                + ChooseTiming.minutes(3 * plan)
                + ", up to "
                + ChooseTiming.minutes(5 * plan)
                + " (3 link conditions of the plan below, and up to 2 more between two where a"
                + " ranking changes (--refine))");
  }

  @Test
  void theCalibrationsTimeIsTakenFromMaxTime() {
    ChooseSettings s =
        settings("--local", "--protocol", "rpcx,grpc", "--slo", "p99=5ms", "--max-time", "30m");
    assertThat(s.spent(Duration.ofMinutes(10)).maxTime()).isEqualTo(Duration.ofMinutes(20));
    assertThat(s.spent(Duration.ofMinutes(40)).maxTime()).isEqualTo(Duration.ZERO);
    ChooseSettings open = settings("--local", "--protocol", "rpcx,grpc", "--slo", "p99=5ms");
    assertThat(open.spent(Duration.ofMinutes(10)).maxTime()).isNull();
  }
}
