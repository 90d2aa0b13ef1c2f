package io.rpcxbench.runner.choose;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.runner.choose.CapacitySearch.Outcome;
import io.rpcxbench.runner.point.Install;
import io.rpcxbench.runner.point.SweepLog;
import io.rpcxbench.stats.Sequential;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.IntFunction;
import java.util.function.IntToLongFunction;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code choose}'s rounds on fake probes whose outcome at a rate is chosen by the test, on a fake
 * clock: rounds that never read each other, no-data probes that are no failures, and a hard {@code
 * --max-time}.
 */
class ChooseRoundsTest {
  @TempDir Path dir;

  private final StringWriter console = new StringWriter();
  private final SweepLog log = new SweepLog(new PrintWriter(console, true));

  /** A fake protocol: per round, its outcome at a rate; every probe asked, on a fake clock. */
  private static class Fake implements ChooseRounds.Prober {
    final Map<String, List<Integer>> asked = new LinkedHashMap<>();
    final List<long[]> started = new ArrayList<>(); // {clock ms at start, expected ms}
    final AtomicLong clock = new AtomicLong();
    final IntFunction<IntFunction<Outcome>> byRound;
    final IntToLongFunction probeMs;
    java.util.function.IntToDoubleFunction warmRate = round -> 0;

    /** {@code probeMs}: how long a probe of a round takes on the fake clock. */
    Fake(IntFunction<IntFunction<Outcome>> byRound, IntToLongFunction probeMs) {
      this.byRound = byRound;
      this.probeMs = probeMs;
    }

    @Override
    public double warmUp(int round, String candidate) {
      return warmRate.applyAsDouble(round);
    }

    @Override
    public boolean warmsUp() {
      return false;
    }

    @Override
    public Slo.Verdict probe(int round, String candidate, int rate) {
      asked.computeIfAbsent(round + " " + candidate, k -> new ArrayList<>()).add(rate);
      started.add(
          new long[] {
            clock.get(),
            ChooseTiming.expectedMs(Choose.probeSeconds(rate, 5), 1, ChooseTiming.EXPECTED_WARMUP_S)
          });
      clock.addAndGet(probeMs.applyAsLong(round));
      Outcome o = byRound.apply(round).apply(rate);
      return o == Outcome.NO_DATA
          ? Slo.Verdict.noData("the point timeout")
          : new Slo.Verdict(o, o == Outcome.MET ? "" : "p99 9ms > 5ms", 4000.0, "", false, 0, 0.0);
    }

    List<Integer> asked(int round, String candidate) {
      return asked.getOrDefault(round + " " + candidate, List.of());
    }
  }

  /** Met up to {@code capacity} calls/s, missed above. */
  private static IntFunction<Outcome> upTo(int capacity) {
    return rate -> rate <= capacity ? Outcome.MET : Outcome.MISSED;
  }

  private ChooseSettings settings(int rounds, Double precision, Duration maxTime) {
    return settings(1000, Sequential.fixed(rounds), precision, maxTime);
  }

  private ChooseSettings settings(
      Integer startRate, int rounds, Double precision, Duration maxTime) {
    return settings(startRate, Sequential.fixed(rounds), precision, maxTime);
  }

  private ChooseSettings settings(
      Integer startRate, Sequential rounds, Double precision, Duration maxTime) {
    return settings(List.of("a", "b"), startRate, rounds, precision, maxTime, dir);
  }

  private static ChooseSettings settings(
      List<String> candidates,
      Integer startRate,
      Sequential rounds,
      Double precision,
      Duration maxTime,
      Path out) {
    return new ChooseSettings(
        candidates,
        "hello",
        List.of(),
        Slo.parse("p99=5ms", 0, 0.01),
        new CapacitySearch(10, 1_000_000, 0.05),
        startRate,
        5,
        ChooseTiming.WARMUP,
        rounds,
        precision,
        maxTime,
        0.5,
        null,
        4,
        "warn",
        List.of(),
        null,
        true,
        out,
        null);
  }

  private ChooseRounds rounds(ChooseSettings s, ChooseLedger ledger, Fake fake) {
    return new ChooseRounds(s, ledger, new ChooseDeadline(s.maxTime(), fake.clock::get), log, 0);
  }

  /**
   * Each round's order is its own random draw: over 8 rounds no candidate runs last in most of them
   * (Random(seed + round) unmixed put the same candidate last in 7 of 8).
   */
  @Test
  void roundOrdersAreDrawnNotRepeated() {
    ChooseSettings s =
        settings(List.of("a", "b", "c", "d"), null, Sequential.fixed(8), null, null, dir);
    Map<String, Integer> last = new LinkedHashMap<>();
    for (int round = 1; round <= 8; round++) {
      List<String> order = s.order(round);
      assertThat(order).containsExactlyInAnyOrder("a", "b", "c", "d");
      assertThat(s.order(round)).isEqualTo(order); // a resume sees the same
      last.merge(order.get(3), 1, Integer::sum);
    }
    assertThat(last.values()).allSatisfy(n -> assertThat(n).isLessThanOrEqualTo(4));
  }

  /** Candidate a meets the SLO up to {@code a} calls/s, b up to {@code b}, per round. */
  private static Fake split(IntFunction<Integer> a, IntFunction<Integer> b) {
    return new Fake(round -> rate -> Outcome.MET, round -> 1000) {
      @Override
      public Slo.Verdict probe(int round, String candidate, int rate) {
        int cap = candidate.equals("a") ? a.apply(round) : b.apply(round);
        asked.computeIfAbsent(round + " " + candidate, k -> new ArrayList<>()).add(rate);
        clock.addAndGet(1000);
        Outcome o = rate <= cap ? Outcome.MET : Outcome.MISSED;
        return new Slo.Verdict(
            o, o == Outcome.MET ? "" : "p99 9ms > 5ms", 4000.0, "", false, 0, 0.0);
      }
    };
  }

  /** Two candidates far apart: decided at the planned rounds, no round added. */
  @Test
  void aDecidedPairAddsNoRound() throws Exception {
    Fake fake = split(round -> 20_000 + 100 * round, round -> 5_000 + 50 * round);
    ChooseRounds rounds =
        rounds(settings(1000, new Sequential(5, 8), null, null), ChooseLedger.open(dir), fake);
    assertThat(rounds.run(fake)).isEqualTo(5);
    assertThat(rounds.stopped()).isEqualTo("decided");
    assertThat(console.toString())
        .contains("stopping after round 5: every pair of candidates is decided")
        .doesNotContain("adding round");
  }

  /**
   * A pair the rounds cannot tell apart: rounds are added one at a time, each saying what is
   * undecided, until a quarter again the planned rounds' time (no --max-time), or up to the most.
   */
  @Test
  void anUndecidedPairAddsRoundsWithinTheBudget() throws Exception {
    IntFunction<Integer> high = round -> round % 2 == 1 ? 20_000 : 5_000;
    IntFunction<Integer> low = round -> round % 2 == 1 ? 5_000 : 20_000;
    Fake fake = split(high, low);
    ChooseRounds rounds =
        rounds(settings(1000, new Sequential(5, 8), null, null), ChooseLedger.open(dir), fake);
    int done = rounds.run(fake);
    assertThat(rounds.stopped()).isEqualTo("budget");
    assertThat(done).isEqualTo(6); // round 6: 6/5 of the planned time; a 7th: 7/5
    assertThat(console.toString())
        .contains("adding round 6: undecided a / b: ")
        .contains("still undecided after 6 rounds: a / b: ");

    Path other = Files.createTempDirectory(dir, "long");
    Fake again = split(high, low);
    ChooseSettings s =
        settings(List.of("a", "b"), 1000, new Sequential(5, 8), null, Duration.ofHours(1), other);
    ChooseRounds all =
        new ChooseRounds(
            s, ChooseLedger.open(other), new ChooseDeadline(s.maxTime(), again.clock::get), log, 0);
    assertThat(all.run(again)).isEqualTo(8);
    assertThat(all.stopped()).isEqualTo("rounds");
  }

  /**
   * An auto start: each round's search begins at half of that round's own closed-loop warm-up rate
   * (two significant digits), never at another round's, and without a warm-up at the fallback.
   */
  @Test
  void anAutoStartIsHalfTheRoundsOwnWarmUpRate() throws Exception {
    Fake fake = new Fake(round -> upTo(30_000), round -> 1000);
    fake.warmRate = round -> round == 1 ? 40_123 : round == 2 ? 9_876 : 0;
    ChooseLedger ledger = ChooseLedger.open(dir);
    rounds(settings(null, 3, null, null), ledger, fake).run(fake);

    for (String c : List.of("a", "b")) {
      assertThat(fake.asked(1, c).get(0)).isEqualTo(20_000);
      assertThat(fake.asked(2, c).get(0)).isEqualTo(4_900);
      assertThat(fake.asked(3, c).get(0)).isEqualTo(ChooseSettings.FALLBACK_START);
      assertThat(ledger.capacities(c)).allSatisfy(x -> assertThat(x).isBetween(28_500, 30_000));
    }
    // from 20,000/s: 20000, 40000 (missed), then the bisection: no climb from 1000
    assertThat(fake.asked(1, "a").size()).isLessThan(fake.asked(3, "a").size());
  }

  /**
   * Round 1 is unlucky (met only up to 150/s); round 2 does not start from it: its first probe is
   * round 1's first probe, and a protocol that behaves the same in rounds 2 and 3 is searched by
   * the same probes in both.
   */
  @Test
  void noRoundReadsAnotherRoundsResult() throws Exception {
    Fake fake = new Fake(round -> upTo(round == 1 ? 150 : 20_000), round -> 1000);
    ChooseLedger ledger = ChooseLedger.open(dir);
    int done = rounds(settings(3, null, null), ledger, fake).run(fake);

    assertThat(done).isEqualTo(3);
    assertThat(ledger.capacities("a").get(0)).isLessThanOrEqualTo(150);
    for (String c : List.of("a", "b")) {
      assertThat(fake.asked(1, c).get(0)).isEqualTo(1000);
      assertThat(fake.asked(2, c).get(0)).as(c).isEqualTo(fake.asked(1, c).get(0));
      assertThat(fake.asked(2, c)).as(c).startsWith(1000, 2000, 4000);
      assertThat(fake.asked(3, c)).as(c).isEqualTo(fake.asked(2, c));
      assertThat(ledger.capacities(c).get(1)).isBetween((int) (20_000 / 1.05), 20_000);
    }
  }

  @Test
  void theDefaultIsFiveRoundsAndPrecisionNeverStopsBeforeFour() throws Exception {
    Fake steady = new Fake(round -> upTo(5000), round -> 1000);
    ChooseRounds precise = rounds(settings(10, 0.5, null), ChooseLedger.open(dir), steady);
    assertThat(precise.run(steady)).isEqualTo(4);
    assertThat(precise.stopped()).isEqualTo("precision");

    ChooseCommand command = new ChooseCommand(Install.fromEnvironment());
    new picocli.CommandLine(command)
        .parseArgs(
            "--host", "h", "--protocol", "rpcx,grpc", "--slo", "p99=5ms", "--out", dir.toString());
    assertThat(command.settings().rounds()).isEqualTo(new Sequential(5, 8));
  }

  /**
   * A rate whose probes never finish is probed twice, then the search stops there: no capacity row
   * (no capacity 0 for a protocol that was never measured), the search listed as no data, and a
   * rerun on the folder searches it again.
   */
  @Test
  void probesWithoutDataAreNoFailureAndLeaveNoCapacity() throws Exception {
    Fake fake =
        new Fake(
            round -> rate -> round == 1 ? Outcome.NO_DATA : upTo(3000).apply(rate), round -> 1000);
    ChooseLedger ledger = ChooseLedger.open(dir);
    ChooseRounds rounds = rounds(settings(2, null, null), ledger, fake);
    rounds.run(fake);

    assertThat(fake.asked(1, "a")).containsExactly(1000, 1000);
    assertThat(ledger.find(1, "a")).isEmpty();
    assertThat(ledger.find(1, "b")).isEmpty();
    assertThat(ledger.capacities("a")).hasSize(1).allMatch(c -> c > 2800);
    assertThat(rounds.noData())
        .containsExactlyInAnyOrder("round 1 a at 1000/s", "round 1 b at 1000/s");
    assertThat(console.toString())
        .contains("round 1 a: no capacity: two probes at 1000/s gave no data (the point timeout)")
        .doesNotContain("capacity 0 calls/s");
    assertThat(Files.readString(dir.resolve(ChooseLedger.CAPACITY))).doesNotContain("\t0\t");
  }

  /**
   * {@code --max-time} is hard: no probe starts whose expected length (17 s) would pass it. Round 1
   * takes 340 s, so round 2 may start under 12 minutes; its probes take 30 s each, so the deadline
   * comes in the middle of its second candidate's search (round 2's order is its own draw), which
   * stops there.
   */
  @Test
  void maxTimeStartsNoProbeThatWouldEndAfterIt() throws Exception {
    Fake fake = new Fake(round -> upTo(20_000), round -> round == 1 ? 17_000 : 30_000);
    Duration max = Duration.ofMinutes(12);
    ChooseSettings s = settings(5, null, max);
    ChooseDeadline deadline = new ChooseDeadline(max, fake.clock::get);
    ChooseRounds rounds = new ChooseRounds(s, ChooseLedger.open(dir), deadline, log, 0);
    int done = rounds.run(fake);

    assertThat(fake.started)
        .isNotEmpty()
        .allSatisfy(p -> assertThat(p[0] + p[1]).isLessThanOrEqualTo(max.toMillis()));
    assertThat(rounds.stopped()).isEqualTo("max-time");
    assertThat(done).isEqualTo(2);
    String first = s.order(2).get(0);
    String second = s.order(2).get(1);
    assertThat(fake.asked(2, first)).hasSize(10);
    assertThat(fake.asked(2, second)).hasSize(3);
    assertThat(fake.clock.get()).isEqualTo(730_000);
    assertThat(deadline.line())
        .isEqualTo(
            "stopped by --max-time 12m: round 2 of "
                + second
                + " cut after 3 probes (not in capacity.tsv); rounds 3-5 not searched");
  }

  @Test
  void aMaxTimeShorterThanOneProbeRunsNothingAndSaysSo() throws Exception {
    Fake fake = new Fake(round -> upTo(20_000), round -> 17_000);
    Duration max = Duration.ofSeconds(5);
    ChooseDeadline deadline = new ChooseDeadline(max, fake.clock::get);
    ChooseRounds rounds =
        new ChooseRounds(settings(5, null, max), ChooseLedger.open(dir), deadline, log, 0);
    assertThat(rounds.run(fake)).isEqualTo(1);
    assertThat(fake.asked).isEmpty();
    assertThat(deadline.line())
        .isEqualTo(
            "stopped by --max-time 5s: round 1 of "
                + settings(5, null, max).order(1).get(0)
                + " not searched; round 1 of "
                + settings(5, null, max).order(1).get(1)
                + " not searched; rounds 2-5 not searched");
  }
}
