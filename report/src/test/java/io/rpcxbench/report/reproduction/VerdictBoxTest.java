package io.rpcxbench.report.reproduction;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.report.clean.RunTimes;
import io.rpcxbench.report.db.RawProtocol;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/**
 * The verdict box on small synthetic regimes whose runs are constant within a point, so every
 * interval of the one estimator ({@link io.rpcxbench.stats.Shift}) collapses onto its estimate or
 * onto values that can be asserted by hand.
 */
class VerdictBoxTest {
  /** RPCX 10/20/30 ms, gRPC 4x (advantage 75 %), OpenFeign 10x (90 %); run 0 is 1 s, dropped. */
  static Regime constantRegime() {
    return constantRegime(3);
  }

  /** As {@link #constantRegime()} at the first {@code points} thread counts 10, 110, 210, ... */
  static Regime constantRegime(int points) {
    SyntheticRegime g = new SyntheticRegime("thread", "1gbit");
    int[] threads = new int[points];
    for (int i = 0; i < points; i++) {
      threads[i] = 10 + 100 * i;
    }
    for (int i = 0; i < threads.length; i++) {
      double ms = 10.0 * (i + 1);
      g.point(RawProtocol.RPCX, threads[i], 100, runs(1000, ms));
      g.point(RawProtocol.GRPC, threads[i], 100, runs(1000, 4 * ms));
      g.point(RawProtocol.OPENFEIGN, threads[i], 100, runs(1000, 10 * ms));
    }
    return g.regime();
  }

  static double[] runs(double first, double rest) {
    double[] ms = new double[10];
    java.util.Arrays.fill(ms, rest);
    ms[0] = first;
    return ms;
  }

  @Test
  void theBoxStatesCountsIntervalsTheClaimOnceAndTheBadge() {
    String box = new VerdictBox(List.of(constantRegime())).markdown();
    assertThat(box)
        .startsWith(VerdictBox.BEGIN + "\n")
        .endsWith(VerdictBox.END + "\n")
        // 3 pairs a rival: too few for the paired test, which needs 6
        .contains(
            "| 1 Gbit/s, T × R | gRPC | 3 of 3 | 3 of 3 | – (3 pairs; need 6) | 75.0 % | 75.0 % |"
                + " 3/3 | 3/3 |\n")
        .contains(
            "|  | OpenFeign | 3 of 3 | 3 of 3 | – (3 pairs; need 6) | 90.0 % | 90.0 % | 0/3 |"
                + " 0/3 |\n")
        // both: log ratios of 0.25 and 0.1 three times each; the Walsh averages' median is their
        // mean, 1 - sqrt(0.025) = 84.2 %, and at 6 pairs the 95 % interval is the whole range
        .contains(
            "|  | both | 6 of 6 | 6 of 6 | 84.2 % [75.0, 90.0] | 75.0 % | 90.0 % | 3/6 | 3/6 |\n")
        .contains("**Qualitative: RPCX is faster than its rival at 6 of 6 complete pairs**")
        .contains("at 6 of them in every sweep")
        .contains(
            "No pair has a 95 % claim of its own: a per-point test takes its sweeps as the trials,"
                + " and the one estimator says n too small to test (1 and 1 trials; need 4 a"
                + " side).")
        // the claim once, TPS as its transform
        .contains("55.9 % gives 126.8 % and 88.9 % gives 800.9 %")
        .contains("**Every point has one sweep**")
        .contains("1 Gbit/s, T × R: RPCX 1.00, gRPC 1.00, OpenFeign 1.00. Above 1")
        .contains("ACM \"Results Replicated\", at best", "in 0 of 1 regimes");
    assertThat(box.split("55.9-88.9 % below", -1)).hasSize(2);
  }

  @Test
  void theBoxNamesEachRegimesCommitsSweepsAndDaysFromTheFiles() {
    Regime g = constantRegime();
    java.util.Map<String, SweepOrigins.Origin> bySource = new java.util.HashMap<>();
    for (RunTimes.Sweep s : allSweeps(g)) {
      // the 210-thread points on a later commit and day, as a resumed sweep leaves them
      boolean later = s.source().contains("-210-");
      bySource.put(
          s.source(),
          new SweepOrigins.Origin(
              later ? "fed9876" : "abc1234",
              later ? "2026-11-23" : "2026-11-22",
              later ? "AMD EPYC" : "Intel Xeon",
              SweepOrigins.linkMbit(
                  "rate=1gbit cpus=1 memory=2g delay=0ms measured="
                      + (later ? "957.03mbit" : "956.14mbit")),
              9,
              later ? 1 : 0)); // the resumed files ran beside something: one kept run each
    }
    String box = new VerdictBox(List.of(g), new SweepOrigins(bySource)).markdown();
    assertThat(box)
        .contains(
            "| regime | commit of its files | CPU | sweeps a point | swept (UTC) | link measured"
                + " at setup | failed calls | runs on a busy box |\n")
        .contains(
            "| 1 Gbit/s, T × R | `abc1234` (6 files), `fed9876` (3 files) |"
                + " Intel Xeon (6 files), AMD EPYC (3 files) | 1 | 2026-11-22 to 2026-11-23 |"
                + " 956-957 Mbit/s | none | 3 of 81 |\n");
  }

  @Test
  void aRegimeOfOneCommitOnOneDayAndSeveralSweepsSaysSoPlainly() {
    SyntheticRegime s = new SyntheticRegime("total", "1gbit");
    s.sweeps(RawProtocol.RPCX, 10, 100, runs(100, 10), runs(100, 11), runs(100, 12));
    s.sweeps(RawProtocol.GRPC, 10, 100, runs(100, 40), runs(100, 41));
    Regime g = s.regime();
    java.util.Map<String, SweepOrigins.Origin> bySource = new java.util.HashMap<>();
    allSweeps(g)
        .forEach(
            w ->
                bySource.put(
                    w.source(),
                    new SweepOrigins.Origin("5d8927e", "2026-11-25", "AMD EPYC", 0.96, 0, 0)));
    assertThat(new SweepOrigins(bySource).of(g))
        .isEqualTo(
            new SweepOrigins.Summary(
                java.util.Map.of("5d8927e", 5),
                java.util.Map.of("AMD EPYC", 5),
                2,
                3,
                "2026-11-25",
                "2026-11-25",
                0.96,
                0.96,
                0,
                0,
                List.of()));
    String box = new VerdictBox(List.of(g), new SweepOrigins(bySource)).markdown();
    assertThat(box)
        .contains(
            "| 1 Gbit/s, R shared | `5d8927e` | AMD EPYC | 2-3 | 2026-11-25 | 0.96 Mbit/s |"
                + " none | not recorded |\n")
        // 2 or 3 sweeps: the trials of a point, too few to test it on its own
        .contains(
            "Points have 2 to 3 sweeps a side: too few for a per-point test (3 against 3, the"
                + " smallest p a rank test can reach is 0.10; it takes 4 a side)");
    // files that record neither say so, rather than leave the cell empty
    assertThat(new VerdictBox(List.of(g)).markdown())
        .contains(
            "| 1 Gbit/s, R shared | `not recorded` | not recorded | 2-3 | not recorded |"
                + " not recorded | none | not recorded |");
  }

  @Test
  void failedCallsOfTheKeptRunsAreCountedPerProtocolWithTheirPoints() {
    SyntheticRegime s = new SyntheticRegime("thread", "1mbit");
    s.point(RawProtocol.RPCX, 10, 100, runs(100, 10));
    s.point(RawProtocol.OPENFEIGN, 10, 100, runs(100, 100));
    s.point(RawProtocol.RPCX, 110, 100, runs(100, 10));
    s.failing(RawProtocol.OPENFEIGN, 110, 100, 2L, runs(100, 100));
    s.point(RawProtocol.RPCX, 210, 100, runs(100, 10));
    s.failing(RawProtocol.OPENFEIGN, 210, 100, 150L, runs(100, 100));
    String box = new VerdictBox(List.of(s.regime())).markdown();
    // 9 kept runs each: 18 and 1,350 failed calls; run 0's are not counted
    assertThat(box).contains("| OpenFeign 1368 (110 x 100, 210 x 100) |");
  }

  @Test
  void theLinkIsReadFromTheLabLineInMbitPerSecond() {
    assertThat(SweepOrigins.linkMbit("rate=1mbit cpus=1 memory=2g delay=0ms measured=0.84mbit"))
        .isEqualTo(0.84);
    assertThat(SweepOrigins.linkMbit("measured=2.5gbit")).isEqualTo(2500);
    assertThat(SweepOrigins.linkMbit("measured=840kbit")).isEqualTo(0.84);
    assertThat(SweepOrigins.linkMbit("rate=1gbit cpus=1")).isNaN();
    assertThat(SweepOrigins.linkMbit(null)).isNaN();
  }

  @Test
  void theSweepToSweepTableGivesEachSweepsTypicalAdvantageAloneAndCountsPairsASweepLacks() {
    SyntheticRegime s = new SyntheticRegime("total", "1gbit");
    // sweep 1: gRPC 4x RPCX (75 %), sweep 2: 3x (66.7 %) at five points; 510 threads has one sweep
    for (int t : new int[] {10, 110, 210, 310, 410}) {
      s.sweeps(RawProtocol.RPCX, t, 100, runs(100, 10), runs(100, 10));
      s.sweeps(RawProtocol.GRPC, t, 100, runs(100, 40), runs(100, 30));
    }
    s.sweeps(RawProtocol.RPCX, 510, 100, runs(100, 10));
    s.sweeps(RawProtocol.GRPC, 510, 100, runs(100, 40));
    String box = new VerdictBox(List.of(s.regime())).markdown();
    assertThat(box)
        .contains("| regime | rival | sweep 1 | sweep 2 | all sweeps |\n")
        // sweep 2 has 5 pairs, too few for the paired test; all sweeps: 35 ms pooled at five
        // points (71.4 %), 75 % at one: the Walsh averages' median 71.4 %, the interval both
        .contains(
            "| 1 Gbit/s, R shared | gRPC | 75.0 % [75.0, 75.0] | – (5) | 71.4 % [71.4, 75.0] |\n");
    // one sweep a point everywhere: no such table
    assertThat(new VerdictBox(List.of(constantRegime())).markdown())
        .doesNotContain("Sweep to sweep");
  }

  @Test
  void earlierSweepsAreSetBesideTheseWithTheChangePairedByPoint() {
    // these: gRPC 4x RPCX (75 %), OpenFeign 10x (90 %); earlier: gRPC 2x (50 %), OpenFeign the same
    SyntheticRegime then = new SyntheticRegime("thread", "1gbit");
    for (int t : new int[] {10, 110, 210, 310, 410, 510}) {
      then.point(RawProtocol.RPCX, t, 100, runs(1000, t));
      then.point(RawProtocol.GRPC, t, 100, runs(1000, 2.0 * t));
      then.point(RawProtocol.OPENFEIGN, t, 100, runs(1000, 10.0 * t));
    }
    // a regime the earlier files lack is left out of the table
    SyntheticRegime other = new SyntheticRegime("total", "1mbit");
    other.point(RawProtocol.RPCX, 10, 100, runs(100, 10));
    other.point(RawProtocol.GRPC, 10, 100, runs(100, 20));
    EarlierSweeps earlier = new EarlierSweeps(List.of(then.regime()), SweepOrigins.none());

    String box =
        new VerdictBox(List.of(constantRegime(6), other.regime()), SweepOrigins.none(), earlier)
            .markdown();

    assertThat(box)
        .contains("Moved: 1 of 2.")
        .contains(
            "| regime | rival | these sweeps | earlier sweeps | sweep spread s, these / earlier |"
                + " change of RPCX / rival | earlier commits |\n")
        // RPCX / gRPC went from 0.5 to 0.25 at every point: -50 %, and 6 equal pairs leave out 0
        .contains(
            "| 1 Gbit/s, T × R | gRPC | 75.0 % [75.0, 75.0] | 50.0 % [50.0, 50.0] |"
                + " – (1) / – (1) | **-50.0 % [-50.0, -50.0]** | `not recorded` |\n")
        .contains(
            "|  | OpenFeign | 90.0 % [90.0, 90.0] | 90.0 % [90.0, 90.0] | – (1) / – (1) |"
                + " 0.0 % [0.0, 0.0] |  |\n")
        .contains("**It does not hold sweep-to-sweep variance**")
        .doesNotContain("| 1 Mbit/s, R shared | gRPC | 50.0 %");
    // without earlier files: no such table
    assertThat(new VerdictBox(List.of(constantRegime())).markdown())
        .doesNotContain("Against the earlier sweeps");
  }

  @Test
  void tpsInsideIsCountedOnTheMeanOfPerRunTpsNotTransformedFromRuntime() {
    SyntheticRegime s = new SyntheticRegime("thread", "1gbit");
    s.point(RawProtocol.RPCX, 10, 100, runs(1000, 10));
    // gRPC's kept runs: five of 10 ms and four of 40 ms. Mean runtime 23.3 ms: RPCX 57.1 %
    // faster, inside 55.9-88.9 %. Mean of per-run TPS (Eq. 3) 6,667: RPCX's 10,000 is 50 %
    // more, outside 126.9-802.8 %, though the transform of 57.1 % (133 %) would be inside.
    s.point(RawProtocol.GRPC, 10, 100, 1000, 10, 40, 10, 40, 10, 40, 10, 40, 10);
    String box = new VerdictBox(List.of(s.regime())).markdown();
    assertThat(box)
        .containsPattern("\\| 1 Gbit/s, T × R \\| gRPC \\| 1 of 1 \\|.*\\| 1/1 \\| 0/1 \\|\n")
        .contains("**TPS here is always the paper's own estimator**: Eq. 3 per run");
  }

  @Test
  void threeSweepsAreShownAsTheirSpreadAndNeverTestedPerPoint() {
    // these: six points, three sweeps of gRPC at 40, 30 and 50 ms against RPCX's 10 (75, 66.7
    // and 80 %: s = 6.7 points); earlier: one sweep at 25 ms (60 %). The change, paired by point,
    // is 0.25 / 0.4 at every point; the sweep spread is shown beside it, not inside it.
    SyntheticRegime now = new SyntheticRegime("thread", "1gbit");
    SyntheticRegime then = new SyntheticRegime("thread", "1gbit");
    for (int t : new int[] {10, 110, 210, 310, 410, 510}) {
      now.sweeps(RawProtocol.RPCX, t, 100, runs(100, 10), runs(100, 10), runs(100, 10));
      now.sweeps(RawProtocol.GRPC, t, 100, runs(100, 40), runs(100, 30), runs(100, 50));
      then.point(RawProtocol.RPCX, t, 100, runs(100, 10));
      then.point(RawProtocol.GRPC, t, 100, runs(100, 25));
    }
    EarlierSweeps earlier = new EarlierSweeps(List.of(then.regime()), SweepOrigins.none());
    String box = new VerdictBox(List.of(now.regime()), SweepOrigins.none(), earlier).markdown();
    assertThat(earlier.moved()).isEqualTo(new EarlierSweeps.Moved(1, 1));
    assertThat(box)
        .contains("Moved: 1 of 1.")
        .contains("| 6.7 (3) / – (1) | **-37.5 % [-37.5, -37.5]** |")
        .contains(
            "| 1 Gbit/s, T × R | gRPC | 75.0 % [75.0, 75.0] | 66.7 % [66.7, 66.7] |"
                + " 80.0 % [80.0, 80.0] | 75.0 % [75.0, 75.0] |\n")
        // how sure, in two short sentences: the direction, then the sizes
        .contains(
            "4. **How sure?** Solid that RPCX is faster: it won all 6 pairs in every sweep, and"
                + " every row's 95 % interval lies above 0. Thin for the sizes: 3 sweeps a point,"
                + " and 1 of 1 rows moved against earlier sweeps.\n")
        .contains("3 against 3, the smallest p a rank test can reach is 0.10; it takes 4 a side")
        .contains("> 1. **Is RPCX faster? Yes, everywhere:** at 6 of 6 complete pairs")
        .contains("No single pair has a 95 % claim: that takes 4 sweeps a side");
  }

  @Test
  void fourSweepsASideAreTestedPerPointWithTheOneEstimator() {
    // RPCX's sweeps 10-13 ms, gRPC's 40-43 ms: 4 against 4 wholly apart, p = 2 / 70 = 0.029
    SyntheticRegime s = new SyntheticRegime("total", "1gbit");
    for (int t : new int[] {10, 110, 210, 310, 410, 510}) {
      s.sweeps(
          RawProtocol.RPCX, t, 100, runs(100, 10), runs(100, 11), runs(100, 12), runs(100, 13));
      s.sweeps(
          RawProtocol.GRPC, t, 100, runs(100, 40), runs(100, 41), runs(100, 42), runs(100, 43));
    }
    String box = new VerdictBox(List.of(s.regime())).markdown();
    assertThat(box)
        // 11.5 / 41.5 at every point: 72.3 %
        .contains("| 1 Gbit/s, R shared | gRPC | 6 of 6 | 6 of 6 | 72.3 % [72.3, 72.3] |")
        .contains(
            "Tested on its own (its sweeps as trials, Mann-Whitney): RPCX significantly faster at"
                + " 6 of 6 pairs.")
        .contains("Of the 6 pairs with 4 sweeps a side or more, RPCX is significantly faster at 6.")
        .contains("a point with 4 or more a side is tested on its own");
  }

  @Test
  void theFirstScreenHasFiveLinesThatNameTheBestFitAndHowClose() {
    String box = new VerdictBox(List.of(constantRegime())).markdown();
    String top = box.substring(0, box.indexOf("<details>"));
    assertThat(top.lines().filter(l -> l.matches("> [1-5]\\. .*"))).hasSize(5);
    assertThat(top)
        // 3 pairs a rival: no row the paired test can take
        .contains("> 1. **Is RPCX faster? Yes on the means, untested:** at 6 of 6 complete pairs")
        .contains("> 2. **Does the paper's 55.9-88.9 % hold? Not as a whole, in the one regime**")
        // three points a series: no regime can show the paper's shape
        .contains("no regime has the paper's shape")
        .contains("Over gRPC 3 of 3 pairs inside (typical – (3 pairs; need 6))")
        .contains("over OpenFeign 0 of 3 pairs inside (typical – (3 pairs; need 6))")
        .contains("(what stays untested](reproduction.md#what-stays-untested)".substring(1));
  }

  @Test
  void theFirstScreenNamesTheBestFitByItsTypicalAdvantage() {
    String box = new VerdictBox(List.of(constantRegime(6))).markdown();
    assertThat(box)
        .contains("Over gRPC inside at 6 of 6 pairs (typical 75.0 % [75.0, 75.0])")
        .contains("over OpenFeign above it (typical 90.0 % [90.0, 90.0], 1.1 points over 88.9 %");
  }

  private static List<RunTimes.Sweep> allSweeps(Regime g) {
    List<RunTimes.Sweep> out = new java.util.ArrayList<>();
    g.measurements().points.forEach(p -> out.addAll(g.runs().of(p)));
    return out;
  }

  @Test
  void theBoxIsTheSameInAGermanLocaleAndOnEveryRun() {
    Locale saved = Locale.getDefault();
    try {
      Regime g = noisyRegime();
      String us = new VerdictBox(List.of(g)).markdown();
      Locale.setDefault(Locale.GERMANY);
      String de = new VerdictBox(List.of(g)).markdown();
      assertThat(de).isEqualTo(us).doesNotContainPattern("[0-9],[0-9]");
    } finally {
      Locale.setDefault(saved);
    }
  }

  @Test
  void tpsTransformOfTheRuntimeRange() {
    assertThat(VerdictBox.tps(55.9))
        .isCloseTo(126.76, org.assertj.core.api.Assertions.within(0.01));
    assertThat(VerdictBox.tps(88.9))
        .isCloseTo(800.90, org.assertj.core.api.Assertions.within(0.01));
    assertThat(VerdictBox.tps(50)).isEqualTo(100.0);
  }

  /** Runs that vary within each point: RPCX around 10t ms, gRPC around 30t ms. */
  static Regime noisyRegime() {
    SyntheticRegime g = new SyntheticRegime("total", "1mbit");
    for (int t : new int[] {10, 110, 210, 310}) {
      double base = t / 10.0;
      g.point(
          RawProtocol.RPCX,
          t,
          100,
          500,
          base,
          base * 1.2,
          base * 0.9,
          base * 1.1,
          base,
          base * 1.3);
      g.point(
          RawProtocol.GRPC,
          t,
          100,
          900,
          3 * base,
          3.5 * base,
          2.6 * base,
          3 * base,
          3.3 * base,
          2.8 * base);
    }
    return g.regime();
  }
}
