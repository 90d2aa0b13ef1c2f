package io.rpcxbench.harness.review;

import io.rpcxbench.raw.RawContents;
import io.rpcxbench.raw.RawResultFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * What becomes of a point's files once it ran, for {@code rpcx-bench run} (its protocols) and
 * {@code rpcx-bench sweep} (every point of its plan): a warning for kept runs that still trend
 * ({@link KeptRunsTrend}, key {@code trend}) and the verdict of each {@code --threshold} ({@link
 * Thresholds}, key {@code thresholds}, one line per threshold and point), both on the console and
 * in the files' provenance.
 *
 * <pre>{@code
 * PointReview review = new PointReview(Thresholds.parse(List.of("p99<5ms")), err::println,
 *     out::println);
 * boolean failed = review.review(List.of(
 *     new PointReview.PointFile("", "rpcx", Path.of("results/raw/rpcx/t10-r100.csv")),
 *     new PointReview.PointFile("", "grpc", Path.of("results/raw/grpc/t10-r100.csv"))), true);
 * // threshold p99<5ms: rpcx PASS (p99 3.2 ms), grpc FAIL (p99 7.9 ms)
 * }</pre>
 */
public final class PointReview {
  /**
   * A point's file: {@code where} names the point on a line ({@code t10 r100}; "" for a run's own
   * point), points with the same {@code where} share their threshold lines.
   */
  public record PointFile(String where, String protocol, Path file) {}

  private final Thresholds thresholds;
  private final Consumer<String> warnings;
  private final Consumer<String> lines;

  public PointReview(Thresholds thresholds, Consumer<String> warnings, Consumer<String> lines) {
    this.thresholds = thresholds;
    this.warnings = warnings;
    this.lines = lines;
  }

  /**
   * Reviews the points whose files exist, grouped by {@code where} in first-seen order; adds the
   * {@code thresholds} key (and {@code trend} when {@code writeTrend}) to their files.
   *
   * @return whether any threshold failed
   */
  public boolean review(List<PointFile> files, boolean writeTrend) throws IOException {
    Map<String, List<PointFile>> byPoint = new LinkedHashMap<>();
    for (PointFile f : files) {
      if (Files.exists(f.file())) {
        byPoint.computeIfAbsent(f.where(), k -> new ArrayList<>()).add(f);
      }
    }
    boolean failed = false;
    for (Map.Entry<String, List<PointFile>> point : byPoint.entrySet()) {
      failed |= reviewPoint(point.getKey(), point.getValue(), writeTrend);
    }
    return failed;
  }

  private boolean reviewPoint(String where, List<PointFile> files, boolean writeTrend)
      throws IOException {
    List<List<Thresholds.Verdict>> verdicts = new ArrayList<>();
    for (PointFile f : files) {
      RawContents c = RawResultFile.read(f.file());
      Map<String, String> keys = new LinkedHashMap<>();
      KeptRunsTrend.of(KeptRuns.of(c))
          .ifPresent(
              t -> {
                String mode = c.provenance("warmup_mode").orElse("none");
                warnings.accept(
                    (where.isEmpty() ? "" : where + ": ") + t.warning(f.protocol(), mode));
                if (writeTrend) {
                  keys.put(KeptRunsTrend.KEY, t.provenance());
                }
              });
      List<Thresholds.Verdict> each = thresholds.evaluate(c);
      verdicts.add(each);
      if (!thresholds.isEmpty()) {
        keys.put(Thresholds.KEY, Thresholds.provenance(each));
      }
      addKeys(f.file(), c, keys);
    }
    List<String> protocols = files.stream().map(PointFile::protocol).toList();
    boolean failed = false;
    for (int i = 0; i < thresholds.all().size(); i++) {
      int t = i;
      List<Thresholds.Verdict> column = verdicts.stream().map(v -> v.get(t)).toList();
      lines.accept(Thresholds.line(thresholds.all().get(t), where, protocols, column));
      failed |= column.stream().anyMatch(v -> !v.passed());
    }
    return failed;
  }

  /** Rewrites the file with the keys added; a file with unreadable lines is left as it is. */
  private static void addKeys(Path file, RawContents c, Map<String, String> keys)
      throws IOException {
    if (keys.isEmpty() || !c.problems().isEmpty() || !c.usable()) {
      return;
    }
    Map<String, String> provenance = new LinkedHashMap<>(c.provenance());
    provenance.putAll(keys);
    RawResultFile.write(file, provenance, c.rows());
  }
}
