package io.rpcxbench.report.diff;

import io.rpcxbench.raw.PointIdentity;
import io.rpcxbench.raw.RawContents;
import io.rpcxbench.raw.RawResultFile;
import io.rpcxbench.raw.RunRow;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * One side of {@code report diff}: every raw file under a folder, by point ({@link PointIdentity},
 * the one definition of "the same point", with the client host left out so two machines' folders
 * match), each point's kept runs (orders 1 and up; all when there is only order 0) of all its
 * files.
 *
 * <pre>{@code
 * DiffSide base = DiffSide.read(Path.of("results/raw-before"));
 * base.points().keySet();   // the identities; base.points().get(id).kept() its runs
 * }</pre>
 */
record DiffSide(Path dir, Map<PointIdentity, DiffSide.Point> points, List<String> problems) {

  /** A point's label ({@code rpcx/echo-p1024-t10-r100}) and kept runs. */
  record Point(PointIdentity id, String label, List<RunRow> kept) {}

  /**
   * Reads every {@code *.csv} under {@code dir} (temp files, {@code .name}, left out).
   *
   * @throws IOException when {@code dir} is not a folder or holds no usable raw file
   */
  static DiffSide read(Path dir) throws IOException {
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
      } catch (IllegalArgumentException e) {
        problems.add(f + ": " + e.getMessage());
        continue;
      }
      List<RunRow> kept = c.rows().stream().filter(r -> r.order() >= 1).toList();
      Point before = points.get(id);
      List<RunRow> all = new ArrayList<>(before == null ? List.of() : before.kept());
      all.addAll(kept.isEmpty() ? c.rows() : kept);
      points.put(id, new Point(id, label(id), all));
    }
    if (points.isEmpty()) {
      throw new IOException(dir + " holds no raw file with runs");
    }
    return new DiffSide(dir, points, problems);
  }

  /** {@code rpcx/echo-p1024-t10-r100}, with {@code @1gbit} for a lab link. */
  static String label(PointIdentity id) {
    String name = id.fileName().replaceFirst("\\.csv$", "");
    return id.protocol() + "/" + name + (id.linkRate().isEmpty() ? "" : " @" + id.linkRate());
  }
}
