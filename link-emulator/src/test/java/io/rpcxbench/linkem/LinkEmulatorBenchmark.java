package io.rpcxbench.linkem;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * A benchmark, not a test (it asserts nothing and runs only when asked): the added round trip's
 * error at the median and linkem's CPU per packet, from 20 us to 200 ms of added RTT, with the
 * default timing (sleep, then spin the last tens of microseconds) and with {@code --busy}. As root:
 *
 * <pre>
 * flock /tmp/rpcx-bench-measure.lock mvn -B -o -pl link-emulator test \
 *     -Dtest=LinkEmulatorBenchmark -Dlinkem.bench=true
 * </pre>
 *
 * prints one line per point and writes link-emulator/target/linkem-bench.tsv.
 */
@EnabledIfSystemProperty(named = "linkem.bench", matches = "true")
class LinkEmulatorBenchmark {
  private static final double[] RTT_US = {
    20, 50, 100, 200, 500, 1_000, 2_000, 5_000, 10_000, 20_000, 50_000, 100_000, 200_000
  };

  /** Round trips per point: 600, fewer for long ones (about 4 s a point at most). */
  private static int count(double rttUs) {
    return (int) Math.max(20, Math.min(600, 4e6 / rttUs));
  }

  @Test
  void addedRttErrorAndCpuPerPacket() throws Exception {
    List<String> rows = new ArrayList<>();
    rows.add(
        "mode\trtt_us\tcount\tbase_p50_us\tadded_p50_us\terror_us\terror_pct\tp99_us"
            + "\tlate_p99_us\tcpu_us_per_packet");
    try (TapPair pair = TapPair.create()) {
      for (String mode : new String[] {"auto", "busy"}) {
        String[] options = mode.equals("busy") ? new String[] {"--busy"} : new String[0];
        pair.start("", "", options);
        double base = pair.rtt(1000).get("p50");
        for (double rtt : RTT_US) {
          String delay = String.format(Locale.ROOT, "delay %.1fus", rtt / 2);
          pair.start(delay, delay, options);
          Map<String, Double> r = pair.rtt(count(rtt));
          Map<String, String> stats = pair.stop();
          double added = r.get("p50") - base;
          String row =
              String.format(
                  Locale.ROOT,
                  "%s\t%.0f\t%d\t%.1f\t%.1f\t%+.1f\t%+.2f\t%.1f\t%s\t%s",
                  mode,
                  rtt,
                  count(rtt),
                  base,
                  added,
                  added - rtt,
                  100 * (added - rtt) / rtt,
                  r.get("p99") - base,
                  stats.get("up.late_us_p99"),
                  stats.get("total.cpu_us_per_packet"));
          System.out.println("[linkem-bench] " + row.replace('\t', ' '));
          rows.add(row);
        }
      }
    }
    Path out = Native.moduleDir().resolve("target/linkem-bench.tsv");
    Files.write(out, rows);
    System.out.println("[linkem-bench] wrote " + out);
  }
}
