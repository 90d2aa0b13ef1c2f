package io.rpcxbench.report.reproduction;

import io.rpcxbench.raw.RunRow;
import io.rpcxbench.report.RawFiles;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Writes the reproduction fixture (src/test/resources/reproduction) with the raw-format writer: two
 * link regimes (1gbit with {@code link_rate}, 1mbit with the older {@code lab: rate=...}) times two
 * readings (thread, total), the paper's three protocols at 10 and 110 threads x 100 requests, 10
 * runs each; one point timed out, one cut after 6 runs; the 1gbit thread points at 110 threads on a
 * later commit and day than the rest. Synthetic numbers: runtimes follow each protocol's bytes per
 * call over the link, with a few percent of spread between runs. Regenerate with {@code
 * -Dgolden.update=true} (ReproductionTest).
 */
final class ReproductionFixture {
  private record Proto(
      String id, int type, String label, int bytesAtoB, int bytesBtoA, double usPerCall) {}

  private static final List<Proto> PROTOCOLS =
      List.of(
          new Proto("rpcx", 1, "RPCX", 60, 40, 20),
          new Proto("grpc", 2, "gRPC", 110, 90, 55),
          new Proto("openfeign", 3, "OpenFeign", 300, 220, 120));

  private ReproductionFixture() {}

  static void write(Path dir) throws IOException {
    for (String rate : List.of("1gbit", "1mbit")) {
      for (String reading : List.of("thread", "total")) {
        for (Proto p : PROTOCOLS) {
          for (int threads : List.of(10, 110)) {
            point(dir.resolve(rate + "-" + reading), rate, reading, p, threads, 100);
          }
        }
      }
    }
  }

  private static void point(
      Path dir, String rate, String reading, Proto p, int threads, int requests)
      throws IOException {
    Map<String, String> prov = RawFiles.provenance(p.id, p.type, threads, requests, 10);
    prov.put("label", p.label);
    prov.put("requests_per", reading);
    if (rate.equals("1gbit")) {
      prov.put("link_rate", rate);
      prov.put("link_burst", "32kb");
    } else {
      prov.put("lab", "rate=" + rate + " cpus=1 memory=2g");
    }
    prov.put("server_jvm_flags", "-Xmx1g");
    // where the files come from: one commit a link, one 1gbit-thread point on a later commit and
    // day
    boolean later = rate.equals("1gbit") && reading.equals("thread") && threads == 110;
    prov.put("git_commit", later ? "fed9876" : rate.equals("1gbit") ? "abc1234" : "def5678-dirty");
    prov.put("started", later ? "2026-11-23T09:00:00Z" : "2026-11-22T10:00:00Z");
    prov.put("timeout_per", "PT600S");
    Path file = dir.resolve(p.id).resolve("t" + threads + "-r" + requests + ".csv");
    boolean timedOut =
        rate.equals("1mbit")
            && reading.equals("thread")
            && p.id.equals("openfeign")
            && threads == 110;
    if (timedOut) {
      prov.put("status", "timeout");
      prov.put("limit_s", "600");
      RawFiles.write(file, prov, List.of());
      return;
    }
    long calls = reading.equals("total") ? requests : (long) threads * requests;
    double bps = rate.equals("1gbit") ? 1e9 : 1e6;
    double linkMs = calls * p.bytesAtoB * 8 / bps * 1000;
    double cpuMs = calls * p.usPerCall / 1000 / Math.min(threads, 2);
    double base = Math.max(linkMs * 1.15, cpuMs);
    int rows =
        rate.equals("1mbit") && reading.equals("total") && p.id.equals("grpc") && threads == 110
            ? 6
            : 10;
    if (rows < 10) {
      prov.put("status", "incomplete"); // as a sweep that lost the point after 6 runs writes it
    }
    List<RunRow> runs =
        RawFiles.runs(prov, rows, k -> k == 0 ? base * 8 : base * (1 + 0.03 * ((k * 7) % 5 - 2)));
    prov.put("link_bytes_a_to_b", String.valueOf(calls * rows * p.bytesAtoB));
    prov.put("link_bytes_b_to_a", String.valueOf(calls * rows * p.bytesBtoA));
    RawFiles.write(file, prov, runs);
  }
}
