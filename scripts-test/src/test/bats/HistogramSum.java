import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;

/**
 * fleet.bats's own check of report merge-hosts, apart from it: reads raw files with plain CSV
 * parsing, adds the histograms of each order over the files with HdrHistogram itself, prints one
 * line per order: "ORDER CALLS P99_US" (P99 as the raw format writes it: ns / 1000, one decimal).
 *
 * <pre>
 * java -cp report/target/report.jar HistogramSum.java a.csv b.csv c.csv
 * </pre>
 */
public final class HistogramSum {
  public static void main(String[] args) throws Exception {
    TreeMap<Integer, Histogram> sums = new TreeMap<>();
    TreeMap<Integer, Long> calls = new TreeMap<>();
    for (String file : args) {
      List<String> rows = new ArrayList<>();
      String[] header = null;
      for (String line : Files.readAllLines(Path.of(file))) {
        if (line.startsWith("#") || line.isBlank()) {
          continue;
        }
        if (header == null) {
          header = line.split(",", -1);
        } else {
          rows.add(line);
        }
      }
      int order = column(header, "order");
      int histogram = column(header, "histogram");
      int count = column(header, "calls");
      for (String row : rows) {
        String[] f = row.split(",", -1);
        int o = Integer.parseInt(f[order]);
        Histogram h =
            Histogram.decodeFromCompressedByteBuffer(
                ByteBuffer.wrap(Base64.getDecoder().decode(f[histogram])), 0);
        sums.computeIfAbsent(o, k -> sameBuckets(h)).add(h);
        calls.merge(o, Long.parseLong(f[count]), Long::sum);
      }
    }
    sums.forEach(
        (o, h) ->
            System.out.printf(
                Locale.ROOT, "%d %d %.1f%n", o, calls.get(o), h.getValueAtPercentile(99) / 1000.0));
  }

  /** An empty histogram with {@code h}'s buckets (lowest value, digits) that grows as needed. */
  private static Histogram sameBuckets(Histogram h) {
    long lowest = h.getLowestDiscernibleValue();
    Histogram empty = new Histogram(lowest, 2 * lowest, h.getNumberOfSignificantValueDigits());
    empty.setAutoResize(true);
    return empty;
  }

  private static int column(String[] header, String name) {
    for (int i = 0; i < header.length; i++) {
      if (header[i].equals(name)) {
        return i;
      }
    }
    throw new IllegalArgumentException("no column " + name);
  }
}
