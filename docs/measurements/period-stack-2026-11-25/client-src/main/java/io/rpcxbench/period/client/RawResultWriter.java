package io.rpcxbench.period.client;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardCopyOption;
import java.util.Arrays;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * The runs as the harness's raw result file (docs/raw-format.md, v2), so that the repository's
 * report tool reads them ({@code report show}, {@code report diff}): the format line, {@code # key:
 * value} provenance, the v2 columns with the latency histogram, then {@code client_cpu_s} (and
 * {@code server_cpu_s} with a server pid). Java 8 here; the repository's raw-format library, which
 * reads these files, needs Java 17. Each write is atomic (a temp file, then a rename).
 */
final class RawResultWriter {
  static final String MAGIC = "# rpcx-bench raw result v2";
  private static final String COLUMNS =
      "type,threadNum,requestNum,order,timeTotal,tps,calls,errors,throughput,"
          + "p50_us,p90_us,p99_us,p999_us,max_us,histogram,client_cpu_s";

  private final Path file;
  private final int type;
  private final int threads;
  private final int requests;
  private final boolean serverCpu;

  RawResultWriter(String file, int type, int threads, int requests, boolean serverCpu) {
    this.file = Paths.get(file).toAbsolutePath();
    this.type = type;
    this.threads = threads;
    this.requests = requests;
    this.serverCpu = serverCpu;
  }

  /** Writes the file: {@code provenance} after {@code status}, then the runs so far. */
  void write(String status, Map<String, String> provenance, List<RunResult> runs)
      throws IOException {
    Map<String, String> all = new LinkedHashMap<>();
    all.put("status", status);
    all.putAll(provenance);
    all.put("runs_completed", Integer.toString(runs.size()));
    Path dir = file.getParent();
    Files.createDirectories(dir);
    Path temp = Files.createTempFile(dir, "." + file.getFileName() + ".", ".tmp");
    try {
      try (BufferedWriter w = Files.newBufferedWriter(temp, StandardCharsets.UTF_8)) {
        w.write(MAGIC);
        w.newLine();
        for (Map.Entry<String, String> e : all.entrySet()) {
          w.write("# " + e.getKey() + ": " + e.getValue().replaceAll("[\\r\\n]+", " "));
          w.newLine();
        }
        w.write(serverCpu ? COLUMNS + ",server_cpu_s" : COLUMNS);
        w.newLine();
        for (RunResult run : runs) {
          w.write(row(run));
          w.newLine();
        }
      }
      Files.move(temp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    } finally {
      Files.deleteIfExists(temp);
    }
  }

  /** A row as raw-format's RunRow.measured writes it: tps = requestNum / s, calls/s, µs. */
  private String row(RunResult run) {
    double ms = run.wallNanos / 1e6;
    double seconds = ms / 1000;
    Histogram h = run.latency;
    return String.format(
            Locale.ROOT,
            "%d,%d,%d,%d,%.3f,%.3f,%d,%d,%.3f,%.1f,%.1f,%.1f,%.1f,%.1f,%s,%s",
            type,
            threads,
            requests,
            run.order,
            ms,
            requests / seconds,
            run.calls,
            run.errors,
            run.calls / seconds,
            h.getValueAtPercentile(50) / 1000.0,
            h.getValueAtPercentile(90) / 1000.0,
            h.getValueAtPercentile(99) / 1000.0,
            h.getValueAtPercentile(99.9) / 1000.0,
            h.getMaxValue() / 1000.0,
            h.getTotalCount() == 0 ? "" : encode(h),
            seconds(run.clientCpuNanos))
        + (serverCpu ? "," + seconds(run.serverCpuNanos) : "");
  }

  /** CPU ns as seconds to the ms, as the harness writes them; empty when not measured. */
  static String seconds(long nanos) {
    return nanos < 0 ? "" : String.format(Locale.ROOT, "%.3f", nanos / 1e9);
  }

  /** raw-format's Histograms.encode: the compressed encoding, base64. */
  private static String encode(Histogram h) {
    ByteBuffer buffer = ByteBuffer.allocate(h.getNeededByteBufferCapacity());
    int length = h.encodeIntoCompressedByteBuffer(buffer);
    return Base64.getEncoder().encodeToString(Arrays.copyOf(buffer.array(), length));
  }
}
