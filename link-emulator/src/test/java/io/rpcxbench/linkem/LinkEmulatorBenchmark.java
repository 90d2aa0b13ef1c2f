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

  /** Round trips per point: 1,000, fewer for long ones (about 4 s a point at most). */
  private static int count(double rttUs) {
    return (int) Math.max(20, Math.min(1_000, 4e6 / rttUs));
  }

  /** The links of the bulk scan: the rate alone, and with a round trip of 10 and 40 ms. */
  private static final String[] BULK = {
    "",
    "delay 5ms",
    "rate 100mbit",
    "delay 20ms 2ms rate 100mbit",
    "rate 1gbit",
    "delay 5ms rate 1gbit"
  };

  /**
   * One TCP transfer A to B per link, offload on then off: the wire frames it took, the reads and
   * writes that carried them, linkem's CPU per frame, the frames a second, and the wire rate
   * against the link's (the bytes linkem released, headers included, over the transfer's time).
   */
  @Test
  void bulkOffloadOnAgainstOff() throws Exception {
    List<String> rows = new ArrayList<>();
    rows.add(
        "link\toffload\tbytes\tseconds\tgoodput_mbit\twire_steady_mbit\twire_vs_rate\tframes"
            + "\treads\twrites\tframes_per_s\tcpu_us_per_frame\tlate_p50_us\tlate_p99_us");
    try (TapPair pair = TapPair.create()) {
      for (String link : BULK) {
        long bytes =
            link.contains("100mbit")
                ? 60_000_000L
                : link.contains("1gbit") ? 600_000_000L : 250_000_000L;
        for (String offload : new String[] {"on", "off"}) {
          pair.start(link, "", "--offload", offload);
          List<double[]> samples = new java.util.concurrent.CopyOnWriteArrayList<>();
          java.util.concurrent.atomic.AtomicBoolean done =
              new java.util.concurrent.atomic.AtomicBoolean();
          Thread sampler = new Thread(() -> sample(pair, samples, done));
          sampler.start();
          double bps;
          try {
            bps = pair.transfer(bytes);
          } finally {
            done.set(true);
            sampler.join();
          }
          Map<String, String> st = pair.stop();
          double steady = steadyRate(samples);
          double seconds = bytes * 8 / bps;
          long frames = Long.parseLong(st.get("up.in")) + Long.parseLong(st.get("down.in"));
          double wire = steady;
          double rate = link.contains("1gbit") ? 1e9 : link.contains("100mbit") ? 1e8 : Double.NaN;
          String row =
              String.format(
                  Locale.ROOT,
                  "%s\t%s\t%d\t%.3f\t%.1f\t%.1f\t%s\t%d\t%s\t%s\t%.0f\t%s\t%s\t%s",
                  link.isEmpty() ? "none" : link,
                  offload,
                  bytes,
                  seconds,
                  bps / 1e6,
                  wire / 1e6,
                  Double.isNaN(rate)
                      ? "-"
                      : String.format(Locale.ROOT, "%+.2f%%", 100 * (wire / rate - 1)),
                  frames,
                  st.get("up.reads"),
                  st.get("up.writes"),
                  frames / seconds,
                  st.get("total.cpu_us_per_packet"),
                  st.get("up.late_us_p50"),
                  st.get("up.late_us_p99"));
          System.out.println("[linkem-bench] " + row.replace('\t', ' '));
          rows.add(row);
        }
      }
    }
    Path out = Native.moduleDir().resolve("target/linkem-bulk.tsv");
    Files.write(out, rows);
    System.out.println("[linkem-bench] wrote " + out);
  }

  /** linkem's own counters every 250 ms while the transfer runs: (elapsed s, up bytes out). */
  private static void sample(
      TapPair pair, List<double[]> samples, java.util.concurrent.atomic.AtomicBoolean done) {
    while (!done.get()) {
      try {
        Map<String, String> now = pair.statsNow();
        samples.add(
            new double[] {
              Double.parseDouble(now.get("total.elapsed_s")),
              Double.parseDouble(now.get("up.bytes_out"))
            });
        Thread.sleep(250); // the benchmark's sampling pace: a reading every 250 ms
      } catch (Exception e) {
        return;
      }
    }
  }

  /**
   * The wire rate while the transfer was in full flow: the median over the windows between samples
   * of the bytes linkem wrote (wire-sized frames, headers included), leaving out the first two
   * (slow start) and the last (the end of the transfer).
   */
  private static double steadyRate(List<double[]> samples) {
    List<Double> rates = new ArrayList<>();
    for (int i = 3; i < samples.size() - 1; i++) {
      double dt = samples.get(i)[0] - samples.get(i - 1)[0];
      if (dt > 0) {
        rates.add((samples.get(i)[1] - samples.get(i - 1)[1]) * 8 / dt);
      }
    }
    if (rates.isEmpty()) {
      return Double.NaN;
    }
    java.util.Collections.sort(rates);
    return rates.get(rates.size() / 2);
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
