package io.rpcxbench.report.choose;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.rpcxbench.report.Cli;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code report choose} on folders written as rpcx-bench choose writes them. */
class ChooseCommandTest {
  @TempDir static Path shared;
  private static Path five;
  private static Cli.Result fiveResult;

  private final Locale saved = Locale.getDefault();

  @AfterEach
  void restoreLocale() {
    Locale.setDefault(saved);
  }

  /**
   * rpcx three times grpc-tuned's capacity, measured twice (A/A); http-json and resp alike; resp's
   * last run of each round contended.
   */
  static ChooseFolder five() {
    return new ChooseFolder("items(10)")
        .candidate("rpcx", 300, 31000, 30500, 31500, 30900, 31100, 30700)
        .candidate("grpc-tuned", 500, 10000, 10200, 9800, 10100, 9900, 10050)
        .candidate("http-json", 900, 4000, 4200, 3900, 4050, 4100, 3950)
        .contended("resp", 700, 1, 4100, 4000, 4150, 3950, 4060, 4020)
        .candidate("rpcx#2", 300, 30800, 31200, 30600, 31050, 30950, 30850);
  }

  /** The five-candidate folder, judged once in the German locale (decimal commas by default). */
  @BeforeAll
  static void judgeFive() throws IOException {
    Locale before = Locale.getDefault();
    Locale.setDefault(Locale.GERMANY);
    try {
      five = five().write(shared.resolve("five"));
      fiveResult =
          Cli.run(
              "choose",
              five.toString(),
              "--threshold",
              "capacity>20000",
              "--summary-export",
              shared.resolve("summary.json").toString());
    } finally {
      Locale.setDefault(before);
    }
  }

  @Test
  void candidatesWhoseCapacitiesDoNotDifferShareARank() throws IOException {
    assertThat(fiveResult.exit()).as(fiveResult.err()).isZero();
    String md = Files.readString(five.resolve("report/scorecard.md"));
    assertThat(md)
        .contains(
            "# items(10) over loopback (unshaped), plaintext (TLS off), at p99 <= 5 ms: 4 protocols"
                + " (rpcx twice, A/A) on local")
        .contains("| SLO capacity calls/s: mean of rounds 1..6, 95 % t interval |")
        .contains("| =1 | rpcx | 30950 (30588-31312) | server |")
        .contains("| =1 | rpcx#2 | 30908 (30690-31127) | server |")
        .contains("| 3 | grpc-tuned | 10008 (9858-10158) | server |")
        .contains("| =4 | resp | 4047 (3971-4122) |")
        .contains("| =4 | http-json | 4033 (3920-4147) |");
    // CPU per call: 0.3 s client and 0.15 s server per run of 3000 calls; 60 / 400 bytes per call;
    // every round the same, so each interval over rounds is that figure
    assertThat(md)
        .contains(
            "| 100.0 (100.0-100.0) | 50.0 (50.0-50.0) | 103.0 (103.0-103.0) | 60 (60-60) / 400"
                + " (400-400) | n/a | 0 | 18 (0.03 %) | 0/18 |");
  }

  @Test
  void theVerdictNamesTheWinnerOnlyWhenItIsSignificantlyAhead(@TempDir Path tmp)
      throws IOException {
    String verdict =
        "rpcx sustains 3.09x (3.04-3.15x) the rate of grpc-tuned at p99 <= 5 ms (rank test over"
            + " rounds, p = 0.013 after Holm). resp and http-json do not differ by more than 10 %"
            + " (p = 0.937).";
    assertThat(fiveResult.out()).startsWith(verdict + "\n\n| rank | candidate |");
    assertThat(Files.readString(five.resolve("report/scorecard.md")))
        .contains("\n" + verdict + "\n");
    Path tie =
        new ChooseFolder("echo 64 B")
            .candidate("rpcx", 300, 31000, 30500, 31500, 30800, 31200)
            .candidate("grpc-tuned", 400, 30000, 31800, 30900, 31300, 30700)
            .write(tmp.resolve("tie"));
    Cli.Result r = Cli.run("choose", tie.toString());
    assertThat(r.exit()).as(r.err()).isZero();
    assertThat(r.out())
        .startsWith(
            "rpcx and grpc-tuned tie at the top at p99 <= 5 ms: their SLO capacities are within"
                + " 10 % of each other (rank test over rounds, p = ")
        .contains("| =1 | rpcx |")
        .contains("| =1 | grpc-tuned |");
    JsonNode json = new ObjectMapper().readTree(tie.resolve("report/scorecard.json").toFile());
    assertThat(json.get("winner").isNull()).isTrue();
    assertThat(json.get("winner_for_thresholds").asText()).isEqualTo("rpcx");
  }

  /** Its last line, as k6 and benchstat end theirs: decided, how sure, where the page is. */
  @Test
  void itEndsWithOneLineThatSaysWhatWasDecidedHowSureAndWhereThePageIs() {
    List<String> lines = fiveResult.out().lines().toList();
    assertThat(lines.get(lines.size() - 1))
        .startsWith(
            "== choose: rpcx sustains 3.09x (3.04-3.15x) the rate of grpc-tuned at p99 <= 5 ms"
                + " (rank test over rounds, p = 0.013 after Holm); how sure: capacity detectable"
                + " here +-")
        .contains(" %, A/A held, 6 of 90 runs contended, 1 warning above")
        .endsWith("; page: " + five.resolve("report/scorecard.html"));
  }

  @Test
  void theAaPairsVerdictGoesToTheLedgerOnceHoweverOftenTheFolderIsRead(@TempDir Path tmp)
      throws IOException {
    Path ledger = tmp.resolve("aa-ledger.tsv");
    for (int k = 0; k < 2; k++) {
      Cli.Result r = Cli.run("choose", five.toString(), "--aa-ledger", ledger.toString());
      assertThat(r.exit()).as(r.err()).isZero();
    }
    io.rpcxbench.stats.AaLedger l = io.rpcxbench.stats.AaLedger.read(ledger);
    assertThat(l.entries()).hasSize(1);
    assertThat(l.entries().get(0).metric()).isEqualTo("capacity");
    assertThat(l.entries().get(0).source()).isEqualTo("choose");
    assertThat(l.entries().get(0).significant()).isFalse();
  }

  @Test
  void contendedRunsAndAZeroCapacityAreWarned(@TempDir Path tmp) throws IOException {
    String md = Files.readString(five.resolve("report/scorecard.md"));
    assertThat(md)
        .contains("- WARNING: 6 runs were contended (something else used the CPUs meanwhile)")
        .contains("- Noise: 6 of 90 kept runs at the shared load were contended (resp 6/18).")
        .contains(
            "- A/A: rpcx / rpcx#2 capacity 1.00x (0.99-1.02x) (p = 0.937): one protocol measured"
                + " twice did not differ, as it must not.")
        .contains("- Detectable here: a capacity difference of about +-3.4 % (80 % power")
        .doesNotContain("A/A CHECK FAILED");
    Path zero =
        new ChooseFolder("hello")
            .candidate("rpcx", 300, 31000, 30500, 31500)
            .candidate("resp", 700, 0, 0, 500)
            .write(tmp.resolve("zero"));
    Path ledger = zero.resolve("capacity.tsv");
    List<String> rows = new java.util.ArrayList<>(Files.readAllLines(ledger));
    rows.set(1, rows.get(1) + "at 32550/s: p99 6ms > 5ms; 4 probes contended");
    Files.write(ledger, rows);
    Cli.Result r = Cli.run("choose", zero.toString());
    assertThat(r.exit()).as(r.err()).isZero();
    assertThat(r.out())
        .contains("Even the lowest rate tried missed p99 <= 5 ms for resp in 2 of 3 rounds.");
    assertThat(Files.readString(zero.resolve("report/scorecard.md")))
        .contains(
            "- WARNING: resp's capacity was 0 in 2 of 3 rounds: even the lowest rate tried missed"
                + " p99 <= 5 ms.")
        .contains(
            "- No A/A pair: repeat a candidate (e.g. --protocol rpcx,grpc,rpcx) to check the machine")
        .contains(
            "- WARNING: the capacity search of rpcx in round 1 had contended probes (capacity.tsv's"
                + " note)");
  }

  @Test
  void oneRoundIsCannotRankNeverATieAndNeverMetRanksBelow(@TempDir Path tmp) throws IOException {
    Path one =
        new ChooseFolder("items(10)")
            .candidate("rpcx", 300, 1354)
            .candidate("grpc-tuned", 500, 1200)
            .candidate("http-json", 900, 0)
            .write(tmp.resolve("one"));
    Cli.Result r = Cli.run("choose", one.toString());
    assertThat(r.exit()).as(r.err()).isZero();
    assertThat(r.out())
        .startsWith(
            "Cannot rank rpcx and grpc-tuned at p99 <= 5 ms: n too small to test (1 and 1 trials;"
                + " need 4 a side)")
        .doesNotContain("tie at the top")
        .contains("| ?1 | rpcx |")
        .contains("| ?1 | grpc-tuned |")
        .contains("| 3 | http-json |");
  }

  /**
   * A real choose (met-250ms): grpc-tuned's server reads with recv, so its counted bytes in (11 a
   * call against 41 the client sent) are "not counted"; rpcx's server reads with read, and shows.
   */
  @Test
  void aServerWhoseReadsAreNotCountedShowsNoBytesIn(@TempDir Path tmp) throws Exception {
    Cli.Result r =
        Cli.run(
            "choose",
            ScorecardInChromiumTest.fixture("met-250ms").toString(),
            "--out",
            tmp.toString());
    assertThat(r.exit()).as(r.err()).isZero();
    String md = Files.readString(tmp.resolve("scorecard.md"));
    assertThat(md.lines().filter(l -> l.contains("| grpc-tuned |")).findFirst().orElseThrow())
        .contains("| not counted / ");
    assertThat(md.lines().filter(l -> l.contains("| rpcx |")).findFirst().orElseThrow())
        .doesNotContain("not counted");
  }

  @Test
  void anAaPairThatDiffersFailsLoudly(@TempDir Path tmp) throws IOException {
    Path drift =
        new ChooseFolder("items(10)")
            .candidate("rpcx", 300, 31000, 30500, 31500, 30900, 31100, 30700)
            .candidate("rpcx#2", 300, 20000, 20500, 19500, 20100, 19900, 20300)
            .write(tmp.resolve("drift"));
    Cli.Result r = Cli.run("choose", drift.toString());
    assertThat(r.exit()).as(r.err()).isZero();
    assertThat(Files.readString(drift.resolve("report/scorecard.md")))
        .contains("- WARNING: A/A CHECK FAILED: rpcx and rpcx#2 are one protocol, yet their")
        .contains("no difference on this page is to be trusted");
  }

  /**
   * Two inversions in 5 against 5 rounds: p = 0.032, a difference at one look; where rounds could
   * be added while undecided (5 to 8), every look is at 0.0262 and the same rounds do not differ.
   */
  @Test
  void roundsAddedWhileUndecidedTestAtTheDesignsLowerLevel(@TempDir Path tmp) throws IOException {
    ChooseFolder f =
        new ChooseFolder("items(10)")
            .candidate("rpcx", 300, 10400, 10500, 10700, 10800, 10900)
            .candidate("grpc-tuned", 500, 10000, 10100, 10200, 10300, 10600);
    Path fixed = f.write(tmp.resolve("fixed"));
    assertThat(Cli.run("choose", fixed.toString()).exit()).isZero();
    assertThat(Files.readString(fixed.resolve("report/scorecard.md")))
        .contains("rpcx sustains")
        .contains("p = 0.032")
        .doesNotContain("Rounds were added");

    Path sequential =
        f.set("planned_rounds", "5").set("max_rounds", "8").write(tmp.resolve("sequential"));
    assertThat(Cli.run("choose", sequential.toString()).exit()).isZero();
    assertThat(Files.readString(sequential.resolve("report/scorecard.md")))
        .contains("tie at the top")
        .contains(
            "Rounds were added after 5 only while a pair was undecided (looked at after rounds 5-8,"
                + " each look at alpha 0.0262 so that a false difference stays at most 5 %)");
  }

  /**
   * Not different is not the same: a pair whose interval is neither beyond 1 nor within 10 % is
   * "cannot tell" (?1), never a tie (=1).
   */
  @Test
  void aWidePairIsCannotTellNeverATie(@TempDir Path tmp) throws IOException {
    Path wide =
        new ChooseFolder("items(10)")
            .candidate("rpcx", 300, 31000, 12000, 45000, 20000, 38000)
            .candidate("grpc-tuned", 400, 25000, 15000, 40000, 18000, 30000)
            .write(tmp.resolve("wide"));
    Cli.Result r = Cli.run("choose", wide.toString());
    assertThat(r.exit()).as(r.err()).isZero();
    assertThat(r.out())
        .startsWith("Cannot tell rpcx and grpc-tuned apart at p99 <= 5 ms: rpcx sustains ")
        .contains("neither different nor within 10 %")
        .contains("| ?1 | rpcx |")
        .contains("| ?1 | grpc-tuned |")
        .doesNotContain("tie at the top");
  }

  /** The verdict names the protocol; an A/A copy that happens to lead is said as such. */
  @Test
  void anAaCopyThatLeadsIsNamedByItsProtocol(@TempDir Path tmp) throws IOException {
    Path dir =
        new ChooseFolder("items(10)")
            .candidate("rpcx", 300, 31000, 30500, 31500, 30900, 31100, 30700)
            .candidate("rpcx#2", 300, 32000, 31500, 32500, 31900, 32100, 31700)
            .candidate("grpc-tuned", 500, 10000, 10200, 9800, 10100, 9900, 10050)
            .write(tmp.resolve("copy"));
    Cli.Result r = Cli.run("choose", dir.toString());
    assertThat(r.exit()).as(r.err()).isZero();
    assertThat(r.out())
        .startsWith("rpcx (its A/A copy rpcx#2 leads by these rounds) sustains ")
        .contains("the rate of grpc-tuned");
  }

  @Test
  void roundsTooFewForHolmOverThePairsAreWarned(@TempDir Path tmp) throws IOException {
    Path few =
        new ChooseFolder("items(10)")
            .candidate("rpcx", 300, 31000, 30500, 31500, 30900)
            .candidate("grpc-tuned", 500, 10000, 10200, 9800, 10100)
            .candidate("http-json", 900, 4000, 4200, 3900, 4050)
            .candidate("resp", 700, 4100, 4000, 4150, 3950)
            .write(tmp.resolve("few"));
    Cli.Result r = Cli.run("choose", few.toString());
    assertThat(r.exit()).as(r.err()).isZero();
    assertThat(Files.readString(few.resolve("report/scorecard.md")))
        .contains("- WARNING: with these rounds no pair can be significant after Holm");
  }

  @Test
  void theMachinesCalibrationIsPrintedBesideTheVerdict(@TempDir Path tmp) throws Exception {
    Path dir = five().write(tmp.resolve("calibrated"));
    io.rpcxbench.stats.Calibration c =
        new io.rpcxbench.stats.Calibration(
            "h",
            "rpcx/t8-r2000",
            6,
            1,
            java.time.Instant.parse("2026-11-28T02:40:00Z"),
            List.of(
                new io.rpcxbench.stats.Calibration.Metric(
                    "p99",
                    0.1,
                    io.rpcxbench.stats.VarianceComponents.of(
                        List.of(List.of(List.of(100.0, 103.0), List.of(110.0, 108.0)))),
                    io.rpcxbench.stats.FalsePositives.none(),
                    io.rpcxbench.stats.FalsePositives.none())));
    try (java.io.Writer w = Files.newBufferedWriter(dir.resolve("calibration.properties"))) {
      c.write(w);
    }
    Cli.Result r = Cli.run("choose", dir.toString());
    assertThat(r.exit()).as(r.err()).isZero();
    JsonNode cal =
        new ObjectMapper()
            .readTree(dir.resolve("report/scorecard.json").toFile())
            .get("calibration");
    assertThat(cal.get("measured").asText()).isEqualTo("2026-11-28T02:40:00Z");
    assertThat(cal.get("metrics").get("p99").get("trial_spread").asDouble()).isEqualTo(0.1);
    assertThat(
            cal.get("metrics")
                .get("p99")
                .get("false_positives_interleaved")
                .get("verdicts")
                .asInt())
        .isZero();
    assertThat(Files.readString(dir.resolve("report/scorecard.md")))
        .contains(
            "- This machine's calibration (a closed-loop point's throughput and latency, not an SLO"
                + " capacity: rpcx/t8-r2000, 1 invocation x 6 + 6 A/A trials, 2026-11-28T02:40Z):"
                + " p99 detectable with 6 trials: +-");
  }

  @Test
  void everyProbeFeedsTheCapacityModelAndProbesWithoutDataAreLeftOut(@TempDir Path tmp)
      throws IOException {
    Path dir = five().write(tmp.resolve("probes"));
    StringBuilder tsv =
        new StringBuilder(
            "candidate\tround\trate\toutcome\tpercentile_us\terrors\tdrop_share\tcontended"
                + "\tlimited_by\tstarted\tfinished\tfile\n");
    for (int round = 1; round <= 6; round++) {
      for (int rate : new int[] {1000, 2000, 4000, 8000}) {
        String outcome = rate <= 2000 || (rate == 4000 && round % 2 == 0) ? "met" : "missed";
        tsv.append("rpcx\t" + round + "\t" + rate + "\t" + outcome + "\t900.0\t0\t0\t0\t\t\t\t\n");
      }
      tsv.append("rpcx\t" + round + "\t16000\tno-data\t\t0\t\t0\t\t\t\t\n");
    }
    Files.writeString(dir.resolve("probes.tsv"), tsv.toString());
    Cli.Result r = Cli.run("choose", dir.toString());
    assertThat(r.exit()).as(r.err()).isZero();
    String md = Files.readString(dir.resolve("report/scorecard.md"));
    assertThat(md)
        .contains("## SLO capacity from every probe")
        .contains(
            "| candidate | met half the time calls/s | met 90 % of the time calls/s | rounds |");
    String row = md.lines().filter(l -> l.startsWith("| rpcx | ")).findFirst().orElseThrow();
    // met at 4000 in half the rounds: the half-way rate is near 4000, the 90 % rate below it
    String[] cells = row.split("\\|");
    double c50 = Double.parseDouble(cells[2].trim().split(" ")[0]);
    double c90 = Double.parseDouble(cells[3].trim().split(" ")[0]);
    assertThat(c50).isBetween(2800.0, 5000.0);
    assertThat(c90).isLessThan(c50).isGreaterThan(1000.0);
    assertThat(row).endsWith("| 6 |");
  }

  @Test
  void manyContendedSearchesAreCountedNotListed(@TempDir Path tmp) throws IOException {
    Path dir = five().write(tmp.resolve("busy"));
    Path ledger = dir.resolve("capacity.tsv");
    List<String> rows = new java.util.ArrayList<>(Files.readAllLines(ledger));
    for (int i = 1; i < rows.size(); i++) {
      rows.set(i, rows.get(i) + "; 3 probes contended");
    }
    Files.write(ledger, rows);
    Cli.Result r = Cli.run("choose", dir.toString());
    assertThat(r.exit()).as(r.err()).isZero();
    assertThat(Files.readString(dir.resolve("report/scorecard.md")))
        .contains(
            "- WARNING: the capacity search of 30 of 30 candidate rounds had contended probes");
  }

  @Test
  void theJsonCarriesEveryFigureWithItsInterval() throws IOException {
    JsonNode json = new ObjectMapper().readTree(five.resolve("report/scorecard.json").toFile());
    assertThat(json.get("winner").asText()).isEqualTo("rpcx");
    assertThat(json.get("passed").asBoolean()).isTrue();
    JsonNode first = json.get("candidates").get(0);
    assertThat(first.get("name").asText()).isEqualTo("rpcx");
    assertThat(first.get("rank_text").asText()).isEqualTo("=1");
    assertThat(first.get("capacity").get("value").asDouble()).isEqualTo(30950.0);
    assertThat(first.get("capacity").get("low").asDouble()).isBetween(30587.0, 30589.0);
    assertThat(first.get("p99_us").get("estimator").asText())
        .startsWith("p99 of the merged histogram of runs 1..3 of rounds 1..6 at the shared load");
    assertThat(first.get("server_bytes_out_per_call").get("value").asDouble()).isEqualTo(400.0);
    assertThat(first.get("server_cpu_us_per_call").get("estimator").asText())
        .isEqualTo("server CPU µs/call: mean of rounds 1..6, 95 % t interval");
    assertThat(json.get("candidates").get(3).get("contended_runs").asInt()).isEqualTo(6);
    assertThat(json.get("capacity_pairs")).hasSize(10);
    JsonNode aa = json.get("capacity_pairs").get(0);
    assertThat(aa.get("aa").asBoolean()).isTrue();
    assertThat(aa.get("significant").asBoolean()).isFalse();
    assertThat(json.get("aa_check").asText()).isEqualTo("held");
    assertThat(json.get("thresholds").get(0).get("pass").asBoolean()).isTrue();
    assertThat(Files.readString(shared.resolve("summary.json")))
        .isEqualTo(Files.readString(five.resolve("report/scorecard.json")));
    try (Stream<Path> files = Files.list(five.resolve("report"))) {
      assertThat(files.map(f -> f.getFileName().toString()))
          .containsExactlyInAnyOrder("scorecard.md", "scorecard.html", "scorecard.json");
    }
  }

  @Test
  void decimalsUseAPointInAGermanLocale() throws IOException {
    // judged with Locale.GERMANY as the default (judgeFive)
    String md = Files.readString(five.resolve("report/scorecard.md"));
    assertThat(md)
        .contains("3.09x (3.04-3.15x)")
        .contains("| 300.3 (")
        .doesNotContainPattern("\\d,\\d");
    assertThat(Files.readString(five.resolve("report/scorecard.json")))
        .contains("\"value\" : 30950.0");
  }

  @Test
  void theHtmlIsSelfContainedAndEscapesWhatItRead(@TempDir Path tmp) throws IOException {
    Path dir =
        new ChooseFolder("items(10) <script>alert('x')</script> & \"co\"")
            .candidate("rpcx", 300, 31000, 30500)
            .candidate("grpc", 500, 10000, 10200)
            .write(tmp.resolve("html"));
    Cli.Result r = Cli.run("choose", dir.toString());
    assertThat(r.exit()).as(r.err()).isZero();
    String html = Files.readString(dir.resolve("report/scorecard.html"));
    assertThat(html)
        .startsWith("<!DOCTYPE html>")
        .contains("<h1>items(10) &lt;script&gt;alert('x')&lt;/script&gt; &amp; &quot;co&quot; over")
        .contains("p99 &lt;= 5 ms")
        .doesNotContain("<script>alert")
        // one file: Chart.js and the page's script inlined, nothing loaded from elsewhere
        .doesNotContain("<script src=")
        .doesNotContain("<link ")
        .doesNotContain("<img ")
        .contains("<td class=\"r\">30750 (27573-33927)</td>");
  }

  @Test
  void aFailedThresholdExitsNinetyNineAndABadOneTwo(@TempDir Path tmp) throws IOException {
    Path dir = five().set("threshold.1", "p99<=5ms").write(tmp.resolve("t"));
    Cli.Result pass = Cli.run("choose", dir.toString(), "--threshold", "errors==0");
    assertThat(pass.exit()).as(pass.err()).isZero();
    assertThat(pass.out())
        .contains("PASS p99<=5ms: p99 of rpcx (rank 1) is 433 µs")
        .contains("PASS errors==0: errors of rpcx (rank 1) is 0");
    Cli.Result fail = Cli.run("choose", dir.toString(), "--threshold", "p99<400us");
    assertThat(fail.exit()).isEqualTo(99);
    assertThat(fail.out()).contains("FAIL p99<400us: p99 of rpcx (rank 1) is 433 µs");
    assertThat(Files.readString(dir.resolve("report/scorecard.md")))
        .contains("| p99<400us | p99 of rpcx (rank 1) | 433 µs | FAIL |");
    Cli.Result bad = Cli.run("choose", dir.toString(), "--threshold", "p99 about 5ms");
    assertThat(bad.exit()).isEqualTo(2);
    assertThat(bad.err().strip())
        .isEqualTo("error: threshold 'p99 about 5ms': no comparison (<, <=, >, >=, ==)");
    Path badFile = five().set("threshold.3", "latency<5ms").write(tmp.resolve("b"));
    Cli.Result fromFile = Cli.run("choose", badFile.toString());
    assertThat(fromFile.exit()).isEqualTo(2);
    assertThat(fromFile.err().strip().lines()).hasSize(1);
  }

  @Test
  void aFolderWithoutCapacityTsvIsOneLineAndExitOne(@TempDir Path tmp) throws IOException {
    Path dir = five().write(tmp.resolve("m"));
    Files.delete(dir.resolve("capacity.tsv"));
    Cli.Result r = Cli.run("choose", dir.toString());
    assertThat(r.exit()).isEqualTo(1);
    assertThat(r.out()).isEmpty();
    assertThat(r.err().strip())
        .isEqualTo(
            "error: "
                + dir.resolve("capacity.tsv")
                + " is missing (rpcx-bench choose writes one line per round)");
    Cli.Result none = Cli.run("choose", tmp.resolve("nowhere").toString());
    assertThat(none.exit()).isEqualTo(1);
    assertThat(none.err().strip().lines()).hasSize(1);
  }
}
