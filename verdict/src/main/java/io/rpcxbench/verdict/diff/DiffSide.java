package io.rpcxbench.verdict.diff;

import io.rpcxbench.raw.PointIdentity;
import io.rpcxbench.raw.RawContents;
import io.rpcxbench.raw.RawResultFile;
import io.rpcxbench.raw.RunRow;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * One side of {@code report diff}: every raw file under a folder, by point ({@link PointIdentity},
 * the one definition of "the same point", with the client host left out so two machines' folders
 * match). Each file is one trial (one harness JVM, against servers started for its sweep): the unit
 * a test counts, never the runs inside it. A trial keeps its runs of order 1 and up (all when there
 * is only order 0), and when it was recorded.
 *
 * <pre>{@code
 * DiffSide base = DiffSide.read(Path.of("results/raw-before"));   // rpcx-bench sweep --trials 6
 * base.points().get(id).trials().size();   // 6
 * base.span();                              // the first start and the last end of its trials
 * }</pre>
 */
public record DiffSide(Path dir, Map<PointIdentity, DiffSide.Point> points, List<String> problems) {

  /**
   * One trial of a point: its file, its number ({@code trial} of its provenance, 0 when not
   * recorded), its kept runs, when it ran (null when not recorded), and the time of all its runs,
   * the dropped ones too (ms).
   */
  public record Trial(
      Path file,
      int number,
      List<RunRow> kept,
      Instant started,
      Instant finished,
      double allRunsMs) {
    /** The share of its kept runs the noise guard marked contended (0 without the column). */
    double contendedShare() {
      long c = kept.stream().filter(r -> r.extra("contended").orElse("0").equals("1")).count();
      return kept.isEmpty() ? 0 : c / (double) kept.size();
    }
  }

  /** A point's label ({@code rpcx/echo-p1024-t10-r100}) and trials. */
  public record Point(PointIdentity id, String label, List<Trial> trials) {
    /** The kept runs of all its trials. */
    List<RunRow> kept() {
      return trials.stream().flatMap(t -> t.kept().stream()).toList();
    }
  }

  /**
   * Reads every {@code *.csv} under {@code dir} (temp files, {@code .name}, left out).
   *
   * @throws IOException when {@code dir} is not a folder or holds no usable raw file
   */
  public static DiffSide read(Path dir) throws IOException {
    return read(dir, false);
  }

  /**
   * As {@link #read(Path)}; {@code anyProfile}: the network profile left out of the identity too,
   * so that a point measured over one link matches the same point over another (diff's {@code
   * --across-profiles}: what the link changes).
   */
  public static DiffSide read(Path dir, boolean anyProfile) throws IOException {
    if (!Files.isDirectory(dir)) {
      throw new IOException(dir + " is not a folder");
    }
    List<Path> files;
    try (Stream<Path> walk = Files.walk(dir)) {
      files =
          walk.filter(Files::isRegularFile)
              .filter(f -> f.getFileName().toString().endsWith(".csv"))
              .filter(f -> !f.getFileName().toString().startsWith("."))
              .sorted()
              .toList();
    }
    // keyed by the identity itself (its equals), never by a label: two points are the same
    // only when PointIdentity says so
    Map<PointIdentity, Point> points = new LinkedHashMap<>();
    List<String> problems = new ArrayList<>();
    for (Path f : files) {
      RawContents c = RawResultFile.read(f);
      if (!c.usable() || c.rows().isEmpty()) {
        problems.add(f + ": no runs to compare");
        continue;
      }
      PointIdentity id;
      try {
        id = PointIdentity.of(c.provenance()).withClientHost("");
        if (anyProfile) {
          id = id.withNetworkProfile("");
        }
      } catch (IllegalArgumentException e) {
        problems.add(f + ": " + e.getMessage());
        continue;
      }
      List<RunRow> kept = io.rpcxbench.raw.KeepRule.kept(c);
      Trial t =
          new Trial(
              f,
              number(c.provenance("trial").orElse("0")),
              kept.isEmpty() ? c.rows() : kept,
              instant(c.provenance("started").orElse(null)),
              instant(c.provenance("finished").orElse(null)),
              c.rows().stream().mapToDouble(RunRow::timeTotal).filter(x -> x > 0).sum());
      Point before = points.get(id);
      List<Trial> all = new ArrayList<>(before == null ? List.of() : before.trials());
      all.add(t);
      points.put(id, new Point(id, label(id), all));
    }
    if (points.isEmpty()) {
      throw new IOException(dir + " holds no raw file with runs");
    }
    return new DiffSide(dir, points, problems);
  }

  private static int number(String text) {
    return text.trim().matches("[0-9]{1,6}") ? Integer.parseInt(text.trim()) : 0;
  }

  private static Instant instant(String text) {
    try {
      return text == null ? null : Instant.parse(text.trim());
    } catch (DateTimeParseException e) {
      return null;
    }
  }

  /** The first start and the last end of its trials ({@code null}s when none was recorded). */
  Instant[] span() {
    Instant first = null;
    Instant last = null;
    for (Point p : points.values()) {
      for (Trial t : p.trials()) {
        if (t.started() != null && (first == null || t.started().isBefore(first))) {
          first = t.started();
        }
        if (t.finished() != null && (last == null || t.finished().isAfter(last))) {
          last = t.finished();
        }
      }
    }
    return new Instant[] {first, last};
  }

  /** {@code rpcx/echo-p1024-t10-r100}, with {@code @1gbit} for a lab link. */
  static String label(PointIdentity id) {
    String name = id.fileName().replaceFirst("\\.csv$", "");
    return id.protocol() + "/" + name + (id.linkRate().isEmpty() ? "" : " @" + id.linkRate());
  }
}
