package io.rpcxbench.report.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.report.Cli;
import io.rpcxbench.report.clean.OpenProtocolTest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code show}: columns, provenance and the cleaned point of one file, with explicit exit codes.
 */
public class ShowCommandTest {
  static Path zz() throws Exception {
    return OpenProtocolTest.extra().resolve("zz-proto/t10-r100.csv");
  }

  @Test
  void columnPrintsOneLinePerRunInFileOrder() throws Exception {
    Cli.Result r = Cli.run("show", zz().toString(), "--column", "throughput");
    assertThat(r.exit()).as(r.err()).isZero();
    assertThat(r.out().lines().toList()).containsExactly("2000.000", "50000.000", "50000.000");
    Cli.Result h = Cli.run("show", zz().toString(), "--column", "histogram");
    assertThat(h.out().lines().toList()).hasSize(3).allMatch(l -> l.startsWith("HISTF"));
    Path v1 = Cli.fixture().resolve("rpcx/t10-r100.csv");
    Cli.Result order = Cli.run("show", v1.toString(), "--column", "order");
    assertThat(order.out().lines().toList())
        .containsExactly("0", "1", "2", "3", "4", "5", "6", "7", "8", "9");
    // a v1 file has no histogram: one empty line per run
    assertThat(Cli.run("show", v1.toString(), "--column", "histogram").out().lines().toList())
        .hasSize(10)
        .allMatch(String::isEmpty);
  }

  @Test
  void provenancePrintsTheValueOrExitsWithOne() throws Exception {
    Cli.Result r = Cli.run("show", zz().toString(), "--provenance", "protocol");
    assertThat(r.exit()).isZero();
    assertThat(r.out()).isEqualTo("zz-proto\n");
    Cli.Result missing = Cli.run("show", zz().toString(), "--provenance", "lab");
    assertThat(missing.exit()).isEqualTo(1);
    assertThat(missing.out()).isEmpty();
    assertThat(missing.err()).contains("has no provenance key 'lab'");
  }

  @Test
  void cleanedDropsOrderZeroAndMergesHistograms() throws Exception {
    Map<String, String> c = keyValues(Cli.run("show", zz().toString(), "--cleaned"));
    assertThat(c)
        .containsEntry("protocol", "zz-proto")
        .containsEntry("type", "77")
        .containsEntry("runs_kept", "2")
        .containsEntry("calls", "2000")
        .containsEntry("errors", "0")
        .containsEntry("throughput", "50000.000")
        .containsEntry("tps", "5000.000")
        .containsEntry("time_total_ms", "20.000")
        .containsEntry("latency_from", "histogram");
    assertThat(Double.parseDouble(c.get("p99_us"))).isBetween(199.5, 200.5);
    // one engine: every figure names its estimator, with its interval where two runs give one
    assertThat(c)
        .containsEntry(
            "p99_us_estimator",
            "p99 of the merged histogram of runs 1..2, 95 % bootstrap interval over runs")
        .containsEntry("throughput_estimator", "calls/s: mean of runs 1..2, 95 % t interval")
        .containsEntry("throughput_interval", "50000.000 50000.000");
    String[] p99 = c.get("p99_us_interval").split(" ");
    assertThat(Double.parseDouble(p99[0])).isLessThanOrEqualTo(Double.parseDouble(c.get("p99_us")));
    assertThat(Double.parseDouble(p99[1]))
        .isGreaterThanOrEqualTo(Double.parseDouble(c.get("p99_us")));
    assertThat(Double.parseDouble(c.get("max_us"))).isBetween(1999.0, 2002.0);
    assertThat(c.keySet())
        .containsSubsequence(
            "protocol",
            "type",
            "runs_kept",
            "calls",
            "errors",
            "throughput",
            "tps",
            "time_total_ms",
            "p50_us",
            "p90_us",
            "p99_us",
            "p999_us",
            "max_us");
    Map<String, String> all =
        keyValues(Cli.run("show", zz().toString(), "--cleaned", "--keep-first"));
    assertThat(all).containsEntry("runs_kept", "3").containsEntry("calls", "3000");
    assertThat(Double.parseDouble(all.get("max_us"))).isBetween(5000.0, 5003.0);
  }

  @Test
  void keyPrintsOneCleanedValueAloneAndNamesTheKeysWhenItHasNone() throws Exception {
    Cli.Result calls =
        Cli.run("show", zz().toString(), "--cleaned", "--keep-first", "--key", "calls");
    assertThat(calls.exit()).isZero();
    assertThat(calls.out()).isEqualTo("3000\n");
    assertThat(Cli.run("show", zz().toString(), "--cleaned", "--key", "errors").out())
        .isEqualTo("0\n");
    Cli.Result none = Cli.run("show", zz().toString(), "--cleaned", "--key", "p98_us");
    assertThat(none.exit()).isEqualTo(2);
    assertThat(none.err())
        .startsWith("error: the cleaned point has no key 'p98_us'; keys: protocol, type, status,");
    Cli.Result alone = Cli.run("show", zz().toString(), "--column", "calls", "--key", "calls");
    assertThat(alone.exit()).isEqualTo(2);
    assertThat(alone.err()).contains("--key goes with --cleaned");
  }

  @Test
  void aSingleRunIsKept(@TempDir Path tmp) throws Exception {
    Path one = tmp.resolve("one.csv");
    List<String> lines = Files.readAllLines(zz());
    Files.write(one, lines.subList(0, lines.size() - 2));
    Map<String, String> c = keyValues(Cli.run("show", one.toString(), "--cleaned"));
    assertThat(c)
        .containsEntry("runs_kept", "1")
        .containsEntry("throughput", "2000.000")
        .containsEntry("throughput_interval", "")
        .containsEntry("p50_us_estimator", "p50 of the merged histogram of run 0");
  }

  @Test
  void badUsageAndUnreadableFiles(@TempDir Path tmp) throws Exception {
    Cli.Result unknown = Cli.run("show", zz().toString(), "--column", "latency");
    assertThat(unknown.exit()).isEqualTo(2);
    assertThat(unknown.err()).contains("unknown column 'latency'; columns: type, threadNum");
    assertThat(Cli.run("show", zz().toString()).exit())
        .isEqualTo(2); // one of the three is required
    assertThat(Cli.run("show", zz().toString(), "--cleaned", "--column", "tps").exit())
        .isEqualTo(2);
    Cli.Result missing = Cli.run("show", tmp.resolve("nope.csv").toString(), "--column", "tps");
    assertThat(missing.exit()).isEqualTo(1);
    assertThat(missing.err()).contains("cannot read " + tmp.resolve("nope.csv"));
    Path bad = tmp.resolve("bad.csv");
    Files.writeString(bad, io.rpcxbench.raw.RawResultFile.MAGIC + "\n# status: finished\n");
    Cli.Result skipped = Cli.run("show", bad.toString(), "--cleaned");
    assertThat(skipped.exit()).isEqualTo(1);
    assertThat(skipped.err()).contains(bad + ":1: unknown status 'finished'; file skipped");
  }

  public static Map<String, String> keyValues(Cli.Result r) {
    assertThat(r.exit()).as(r.err()).isZero();
    Map<String, String> out = new LinkedHashMap<>();
    for (String line : r.out().lines().toList()) {
      String[] kv = line.split("\t", -1);
      assertThat(kv).as(line).hasSize(2);
      out.put(kv[0], kv[1]);
    }
    return out;
  }
}
