package io.rpcxbench.report.diff;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.rpcxbench.raw.PointIdentity;
import io.rpcxbench.raw.RawResultFile;
import io.rpcxbench.raw.RunRow;
import io.rpcxbench.report.Cli;
import io.rpcxbench.verdict.diff.CalibrationFixture;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code report diff} on folders of raw files written by the raw-format writer. */
class DiffCommandTest {
  @TempDir static Path tmp;
  private static Path base;
  private static Path copy;
  private static Path slower;

  /**
   * A point of 6 runs (orders 0..5) of 2000 calls; each run about {@code ms} long (2 % noise), its
   * calls about {@code us} (10 % noise).
   */
  static void point(Path out, PointIdentity id, String host, double ms, double us, long seed)
      throws IOException {
    Map<String, String> p = new LinkedHashMap<>();
    p.put("status", "complete");
    p.putAll(id.withClientHost(host).provenance());
    p.put("type", "1");
    p.put("runs", "6");
    String folder = out.getFileName().toString();
    if (folder.matches("trial-[0-9]+")) {
      p.put("trial", folder.substring(6));
    }
    SplittableRandom r = new SplittableRandom(seed);
    List<RunRow> rows = new ArrayList<>();
    for (int order = 0; order < 6; order++) {
      Histogram h = new Histogram(3_600_000_000_000L, 3);
      for (int i = 0; i < 2000; i++) {
        h.recordValue((long) (us * (1 + 0.1 * r.nextGaussian()) * 1000));
      }
      double runMs = ms * (1 + 0.02 * r.nextGaussian());
      rows.add(RunRow.measured(1, id.threads(), id.requests(), order, runMs, 2000, 0, h));
    }
    RawResultFile.write(id.path(out), p, rows);
  }

  @Test
  void aPercentileATrialHasTooFewCallsForSaysSo() throws IOException {
    Path a = tmp.resolve("short-a");
    Path b = tmp.resolve("short-b");
    for (int k = 1; k <= 4; k++) {
      for (Path side : List.of(a, b)) {
        Map<String, String> p = new LinkedHashMap<>(RPCX.withClientHost("h").provenance());
        p.put("status", "complete");
        p.put("type", "1");
        p.put("trial", String.valueOf(k));
        List<RunRow> rows = new ArrayList<>();
        for (int order = 0; order < 2; order++) {
          Histogram h = new Histogram(3_600_000_000_000L, 3);
          for (int i = 0; i < 300; i++) {
            h.recordValue(200_000 + 1000L * i + 10_000L * k);
          }
          rows.add(RunRow.measured(1, 10, 200, order, 30 + k, 300, 0, h));
        }
        RawResultFile.write(RPCX.path(side.resolve("trial-" + k)), p, rows);
      }
    }
    Cli.Result r = Cli.run("diff", a.toString(), b.toString(), "--threshold", "delta.p99<10%");
    assertThat(r.exit()).as(r.err()).isEqualTo(98);
    assertThat(r.out())
        .contains(
            "- INCONCLUSIVE delta.p99<10%: p99 of rpcx/t10-r200: n/a: too few calls for p99 (a"
                + " trial needs 500); cannot tell");
    // 300 kept calls a trial: p99 (3 beyond it) and p99.9 have too few; p50 is tested
    assertThat(r.out())
        .contains("| n/a: too few calls for p99.9 (a trial needs 5000) |")
        .contains("| n/a: too few calls for p99 (a trial needs 500) |")
        .containsPattern("## p50 µs[^#]*\\| rpcx/t10-r200 \\|[^\\n]*\\| 4 / 4 \\|");
  }

  /**
   * {@code n} trials of a point, trial k in {@code out/trial-k/}: each trial's runs and calls
   * {@code trialNoise} (a share) off the point's own figures, as fresh JVMs are.
   */
  static void trials(
      Path out,
      PointIdentity id,
      String host,
      double ms,
      double us,
      long seed,
      int n,
      double trialNoise)
      throws IOException {
    SplittableRandom r = new SplittableRandom(seed * 7919);
    for (int k = 1; k <= n; k++) {
      double f = Math.exp(trialNoise * gaussian(r));
      point(out.resolve("trial-" + k), id, host, ms * f, us * f, seed * 100 + k);
    }
  }

  private static double gaussian(SplittableRandom r) {
    return Math.sqrt(-2 * Math.log(1 - r.nextDouble())) * Math.cos(2 * Math.PI * r.nextDouble());
  }

  static final PointIdentity RPCX = PointIdentity.closed("rpcx", 10, 200);
  static final PointIdentity GRPC = PointIdentity.closed("grpc", 10, 200);
  static final PointIdentity ECHO = PointIdentity.closed("rpcx", 10, 200).withCall("echo", 1024, 0);

  private static Path aa;
  private static Path few;
  private static Path calibration;

  /** {@code report diff} with this machine's calibration. */
  static Cli.Result diff(String... args) {
    List<String> all = new ArrayList<>(List.of("diff"));
    all.addAll(List.of(args));
    all.addAll(List.of("--calibration", calibration.toString()));
    return Cli.run(all.toArray(String[]::new));
  }

  @BeforeAll
  static void folders() throws IOException {
    base = tmp.resolve("base");
    trials(base, RPCX, "host-a", 100, 200, 1, 6, 0.03);
    trials(base, GRPC, "host-a", 300, 600, 2, 6, 0.03);
    copy = tmp.resolve("copy");
    trials(copy, RPCX, "host-a", 100, 200, 1, 6, 0.03);
    trials(copy, GRPC, "host-a", 300, 600, 2, 6, 0.03);
    // the same machine again, other trials (an A/A pair)
    aa = tmp.resolve("aa");
    trials(aa, RPCX, "host-a", 100, 200, 11, 6, 0.03);
    trials(aa, GRPC, "host-a", 300, 600, 12, 6, 0.03);
    // another machine: 20 % less throughput (runs 25 % longer), calls 20 % slower; one new point
    slower = tmp.resolve("slower");
    trials(slower, RPCX, "host-b", 125, 240, 3, 6, 0.03);
    trials(slower, GRPC, "host-b", 375, 720, 4, 6, 0.03);
    trials(slower, ECHO, "host-b", 100, 200, 5, 6, 0.03);
    // a single sweep: one trial a point
    few = tmp.resolve("few");
    point(few, RPCX, "host-a", 50, 100, 6);
    point(few, GRPC, "host-a", 150, 300, 7);
    calibration = CalibrationFixture.write(tmp.resolve("calibration.properties"), 0.01);
  }

  @Test
  void anUnchangedCopySaysNoSignificantChangeEverywhere() {
    Cli.Result r = diff(base.toString(), copy.toString());
    assertThat(r.exit()).as(r.err()).isZero();
    assertThat(r.out())
        .contains("2 points in both; 0 only in BASE, 0 only in NEW. No significant change.")
        .contains("## throughput calls/s (a trial's calls over its kept runs' time")
        .contains("Hodges-Lehmann ratio, 95 % Mann-Whitney interval over trials")
        .contains("## p99 µs (a trial's merged histogram of its kept runs")
        .contains("| 6 / 6 |")
        .doesNotContain("significantly");
    long rows =
        r.out().lines().filter(l -> l.startsWith("| grpc/") || l.startsWith("| rpcx/")).count();
    long unchanged = r.out().lines().filter(l -> l.endsWith("| no significant change |")).count();
    assertThat(rows).isEqualTo(8);
    assertThat(unchanged).isEqualTo(8);
  }

  /** Its last line: the rows by verdict, what they detect here, the page (--json's). */
  @Test
  void itEndsWithOneLineOfTheRowsByVerdictWhatTheyDetectAndThePage() {
    Path json = tmp.resolve("closing.json");
    Cli.Result r = diff(base.toString(), slower.toString(), "--json", json.toString());
    List<String> err = r.err().lines().toList();
    assertThat(err.get(err.size() - 1))
        .startsWith("== diff: 2 points: 8 significantly slower; how sure: rows detect +-")
        .contains(" % here in the median (")
        .endsWith("; page: " + json);
    Cli.Result same =
        diff(base.toString(), copy.toString(), "--threshold", "delta.throughput>-50%");
    List<String> sameErr = same.err().lines().toList();
    assertThat(sameErr.get(sameErr.size() - 1))
        .startsWith("== diff: 2 points: 8 no significant change; gates: PASS; how sure:");
  }

  @Test
  void anAaPairOfIndependentTrialsIsNotCalledAChange() {
    Cli.Result r = diff(base.toString(), aa.toString());
    assertThat(r.exit()).as(r.err()).isZero();
    assertThat(r.out()).contains("No significant change.").doesNotContain("significantly");
  }

  @Test
  void oneTrialASideIsNoVerdictNeverATie() {
    Cli.Result r = diff(few.toString(), base.toString());
    assertThat(r.exit()).as(r.err()).isZero();
    assertThat(r.out())
        .contains("8 of 8 comparisons not tested: fewer than 4 trials a side, too few calls")
        .contains("| n too small to test (1 and 6 trials; need 4 a side) |")
        .doesNotContain("no significant change");
  }

  @Test
  void aTwentyPercentSlowerNewIsFlaggedWithTheRightSign() throws IOException {
    Path json = tmp.resolve("diff.json");
    Cli.Result r = diff(base.toString(), slower.toString(), "--json", json.toString());
    assertThat(r.exit()).as(r.err()).isZero();
    assertThat(r.out())
        .contains("2 points in both; 0 only in BASE, 1 only in NEW. 8 significant changes")
        .contains("- only in NEW: rpcx/echo-p1024-t10-r200")
        .contains("recorded apart, not interleaved");
    List<String> throughput =
        r.out().lines().filter(l -> l.matches("\\| rpcx/t10-r200 \\| \\d{5} .*")).toList();
    assertThat(throughput).hasSize(1);
    assertThat(throughput.get(0))
        .containsPattern("\\| -(1[5-9]|2[0-5])\\.")
        .endsWith("| significantly slower |");
    JsonNode d = new ObjectMapper().readTree(json.toFile());
    JsonNode rpcx = d.get("points").get(1);
    assertThat(rpcx.get("point").asText()).isEqualTo("rpcx/t10-r200");
    assertThat(rpcx.get("throughput").get("change_percent").asDouble()).isBetween(-24.0, -16.0);
    assertThat(rpcx.get("throughput").get("change_high_percent").asDouble()).isLessThan(0);
    assertThat(rpcx.get("throughput").get("change").asDouble()).isLessThan(0);
    assertThat(rpcx.get("p99").get("change_percent").asDouble()).isBetween(12.0, 28.0);
    assertThat(rpcx.get("p99").get("change_low_percent").asDouble()).isGreaterThan(0);
    assertThat(rpcx.get("p99").get("change").asDouble()).isGreaterThan(0);
    assertThat(rpcx.get("p99").get("verdict").asText()).isEqualTo("significantly slower");
    assertThat(rpcx.get("p99").get("trials_new").asInt()).isEqualTo(6);
    assertThat(rpcx.get("p99").get("detectable_percent").asDouble()).isBetween(1.0, 30.0);
    assertThat(d.get("only_new").get(0).asText()).isEqualTo("rpcx/echo-p1024-t10-r200");
    // the document's shape: its top-level keys, and each metric's two sides
    assertThat(d.fieldNames())
        .toIterable()
        .containsExactly(
            "base",
            "new",
            "summary",
            "points",
            "only_base",
            "only_new",
            "thresholds",
            "gates",
            "spans",
            "outcome",
            "passed");
    assertThat(d.get("base").asText()).isEqualTo(base.toString());
    assertThat(rpcx.get("p99").has("base")).isTrue();
    assertThat(rpcx.get("p99").has("new")).isTrue();
  }

  @Test
  void everyPrintedRowsVerdictAgreesWithItsInterval() throws IOException {
    for (Path other : List.of(copy, aa, slower)) {
      Path json = tmp.resolve("agree.json");
      diff(base.toString(), other.toString(), "--json", json.toString());
      for (JsonNode point : new ObjectMapper().readTree(json.toFile()).get("points")) {
        for (String m : List.of("throughput", "p50", "p99", "p99.9")) {
          JsonNode v = point.get(m);
          if (v.get("p").isNull()) {
            continue;
          }
          boolean excludes =
              v.get("change_low_percent").asDouble() > 0
                  || v.get("change_high_percent").asDouble() < 0;
          boolean rawSignificant = v.get("p").asDouble() <= 0.05;
          assertThat(rawSignificant).as(point + " " + m).isEqualTo(excludes);
          if (v.get("significant").asBoolean()) {
            assertThat(excludes).isTrue();
          }
        }
      }
    }
  }

  @Test
  void gatesAnswerFromTheIntervalPassFailOrInconclusive() {
    Cli.Result pass = diff(base.toString(), copy.toString(), "--threshold", "delta.p99<10%");
    assertThat(pass.exit()).as(pass.out()).isZero();
    assertThat(pass.out()).contains("- PASS delta.p99<10%: p99 of rpcx/t10-r200 changed");
    Cli.Result fail =
        diff(
            base.toString(),
            slower.toString(),
            "--threshold",
            "delta.p99<10%",
            "--threshold",
            "p99<1s");
    assertThat(fail.exit()).isEqualTo(99);
    assertThat(fail.out())
        .containsPattern(
            "- FAIL delta.p99<10%: p99 of rpcx/t10-r200 changed \\+[12][0-9]\\.[0-9] %")
        .containsPattern(
            "\\| p99<1s \\| p99 of grpc/t10-r200 \\(NEW\\) \\| [0-9]+ µs \\| PASS \\|");
    // a 20 % change against a 20 % margin: the interval straddles it
    Cli.Result unsure = diff(base.toString(), slower.toString(), "--threshold", "delta.p99<20%");
    assertThat(unsure.exit()).as(unsure.out()).isEqualTo(98);
    assertThat(unsure.out()).contains("INCONCLUSIVE delta.p99<20%").contains("cannot tell at 20 %");
    Cli.Result tooFew = diff(few.toString(), base.toString(), "--threshold", "delta.p99<10%");
    assertThat(tooFew.exit()).isEqualTo(98);
    assertThat(tooFew.out()).contains("n too small to test").doesNotContain("- FAIL");
    Cli.Result bad = diff(base.toString(), copy.toString(), "--threshold", "capacity>1");
    assertThat(bad.exit()).isEqualTo(2);
    assertThat(bad.err().strip()).startsWith("error: threshold 'capacity>1': unknown metric");
  }

  @Test
  void noPointInBothIsAnErrorNeverNoChange() throws IOException {
    Path other = tmp.resolve("other-profile");
    trials(other, RPCX.withNetworkProfile("cross-az"), "host-a", 100, 200, 8, 4, 0.03);
    Cli.Result r =
        Cli.run("diff", base.toString(), other.toString(), "--threshold", "delta.p99<10%");
    assertThat(r.exit()).isEqualTo(1);
    assertThat(r.err()).contains("error: nothing compared: no point is in both folders");
    assertThat(r.out()).doesNotContain("No significant change");
    Cli.Result across = Cli.run("diff", base.toString(), other.toString(), "--across-profiles");
    assertThat(across.exit()).as(across.err()).isZero();
    assertThat(across.out()).contains("1 points in both; 1 only in BASE, 0 only in NEW.");
  }

  @Test
  void aFolderWithoutRawFilesIsExitOne() throws IOException {
    Path empty = Files.createDirectories(tmp.resolve("empty"));
    Cli.Result r = Cli.run("diff", base.toString(), empty.toString());
    assertThat(r.exit()).isEqualTo(1);
    assertThat(r.err().strip()).isEqualTo("error: " + empty + " holds no raw file with runs");
  }

  @Test
  void twoFoldersRecordedApartWithoutACalibrationGetNoVerdictAndTheCommandThatWouldTell() {
    Cli.Result r =
        Cli.run("diff", base.toString(), slower.toString(), "--threshold", "delta.p99<10%");
    assertThat(r.exit()).as(r.out()).isEqualTo(98);
    assertThat(r.out())
        .contains("invocations cannot be told from the change")
        .contains(
            "`rpcx-bench compare --base-jar BEFORE.jar --new-jar AFTER.jar --protocol grpc"
                + " --threads 10 --requests 200`")
        .contains("| recorded apart: invocations cannot be told from the change |")
        .doesNotContain("significantly")
        .doesNotContain("- FAIL");
  }

  @Test
  void aWideSpreadBetweenInvocationsWidensTheIntervalUntilTheChangeIsNotTold() throws IOException {
    Path wide = CalibrationFixture.write(tmp.resolve("wide.properties"), 0.3);
    Cli.Result r =
        Cli.run("diff", base.toString(), slower.toString(), "--calibration", wide.toString());
    assertThat(r.exit()).as(r.err()).isZero();
    assertThat(r.out())
        .contains("allow for the spread between invocations that `rpcx-bench calibrate` measured")
        .doesNotContain("significantly slower");
    Cli.Result bad =
        Cli.run("diff", base.toString(), slower.toString(), "--calibration", "/nonexistent");
    assertThat(bad.exit()).isEqualTo(2);
    assertThat(bad.err().strip()).isEqualTo("error: --calibration: no file /nonexistent");
  }

  @Test
  void helpOfBothCommandsShowsAnExampleAndFormatsCleanly() {
    java.io.PrintStream saved = System.err;
    java.io.ByteArrayOutputStream picocliWarnings = new java.io.ByteArrayOutputStream();
    System.setErr(new java.io.PrintStream(picocliWarnings, true));
    try {
      Cli.Result diff = Cli.run("diff", "--help");
      Cli.Result choose = Cli.run("choose", "--help");
      assertThat(diff.exit()).isZero();
      assertThat(diff.out())
          .contains("Example:")
          .contains("--threshold 'delta.p99<10%' --json diff.json")
          .contains("Exit codes: rpcx-bench help exit-codes")
          .doesNotContainPattern("99 +a gate failed")
          .doesNotContain("%%");
      assertThat(choose.out())
          .contains("--threshold 'p99<=5ms' --summary-export summary.json")
          .contains("drops<1%")
          .doesNotContain("%%");
    } finally {
      System.setErr(saved);
    }
    assertThat(picocliWarnings.toString()).doesNotContain("Could not format");
  }
}
