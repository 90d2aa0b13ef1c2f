package io.rpcxbench.report;

import io.rpcxbench.raw.RawResultFile;
import io.rpcxbench.raw.RunRow;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;

/** Writes raw files for tests with the raw-format library's writer (the harness's). */
public final class RawFiles {
  private RawFiles() {}

  /** ProvenanceValues of a complete point of {@code protocol} with the harness's usual keys. */
  public static Map<String, String> provenance(
      String protocol, int type, int threads, int requests, int runs) {
    Map<String, String> p = new LinkedHashMap<>();
    p.put("status", "complete");
    p.put("protocol", protocol);
    p.put("type", String.valueOf(type));
    p.put("threads", String.valueOf(threads));
    p.put("requests", String.valueOf(requests));
    p.put("requests_per", "thread");
    p.put("runs", String.valueOf(runs));
    p.put("call", "hello");
    p.put("client_host", "host-a");
    return p;
  }

  /**
   * {@code rows} runs (orders 0..rows-1) of a point whose order-k run takes {@code msOf(k)} ms and
   * makes threads x requests calls (requests_per thread) or requests calls (total), each call
   * taking a latency from a small histogram.
   */
  public static List<RunRow> runs(
      Map<String, String> p, int rows, java.util.function.IntToDoubleFunction msOf) {
    int type = Integer.parseInt(p.get("type"));
    int threads = Integer.parseInt(p.get("threads"));
    int requests = Integer.parseInt(p.get("requests"));
    long calls = "total".equals(p.get("requests_per")) ? requests : (long) threads * requests;
    List<RunRow> out = new ArrayList<>();
    for (int order = 0; order < rows; order++) {
      double ms = msOf.applyAsDouble(order);
      Histogram h = new Histogram(3);
      h.recordValueWithCount(Math.max(1000, (long) (ms * 1e6 * threads / calls)), calls);
      out.add(RunRow.measured(type, threads, requests, order, ms, calls, 0, h));
    }
    return out;
  }

  public static Path write(Path file, Map<String, String> provenance, List<RunRow> rows)
      throws IOException {
    RawResultFile.write(file, provenance, rows);
    return file;
  }
}
