package io.rpcxbench.verdict.choose;

import io.rpcxbench.stats.CapacityModel;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The probes of a {@code choose} folder ({@code probes.tsv}, the harness's ProbeLedger: columns
 * found by the header's names) per candidate, as the capacity model takes them: a probe that met or
 * missed the SLO is data, one without data (it did not finish) is left out. A folder without the
 * file (a choose before probes were kept) has no probes.
 *
 * <pre>{@code
 * Map<String, List<ProbeRows.Row>> probes = ProbeRows.rows(dir);
 * probes.get("rpcx").get(0).percentileUs();   // 812.4: the SLO percentile that probe reached
 * }</pre>
 */
public final class ProbeRows {
  static final String FILE = "probes.tsv";

  /**
   * One probe with data: its rate, whether it met the SLO, the SLO percentile it reached (µs; null
   * when not recorded), what limited it ({@code client}, {@code server}, ...; empty: unknown) and
   * whether its machine was contended.
   */
  public record Row(
      String candidate,
      int round,
      double rate,
      boolean met,
      Double percentileUs,
      String limitedBy,
      boolean contended) {
    CapacityModel.Probe probe() {
      return new CapacityModel.Probe(round, rate, met);
    }
  }

  private ProbeRows() {}

  /** Per candidate, its probes with data, in the order they ran. */
  public static Map<String, List<Row>> rows(Path dir) throws IOException {
    Path file = dir.resolve(FILE);
    Map<String, List<Row>> out = new LinkedHashMap<>();
    List<String> lines = lines(file);
    if (lines.isEmpty()) {
      return out;
    }
    List<String> header = Arrays.asList(lines.get(0).trim().split("\t", -1));
    for (String column : List.of("candidate", "round", "rate", "outcome")) {
      if (!header.contains(column)) {
        throw new IOException(file + ":1: no column '" + column + "' in the header");
      }
    }
    for (int i = 1; i < lines.size(); i++) {
      if (lines.get(i).isBlank()) {
        continue;
      }
      String[] f = lines.get(i).split("\t", -1);
      String outcome = field(f, header, "outcome");
      if (!outcome.equals("met") && !outcome.equals("missed")) {
        continue; // no data: neither a pass nor a miss
      }
      try {
        out.computeIfAbsent(field(f, header, "candidate"), k -> new java.util.ArrayList<>())
            .add(
                new Row(
                    field(f, header, "candidate"),
                    Integer.parseInt(field(f, header, "round")),
                    Double.parseDouble(field(f, header, "rate")),
                    outcome.equals("met"),
                    field(f, header, "percentile_us").isEmpty()
                        ? null
                        : Double.valueOf(field(f, header, "percentile_us")),
                    field(f, header, "limited_by"),
                    field(f, header, "contended").equals("1")));
      } catch (NumberFormatException e) {
        throw new IOException(file + ":" + (i + 1) + ": " + e.getMessage(), e);
      }
    }
    return out;
  }

  /** A probe's raw file, relative to the choose's folder. */
  record File(String path) {}

  /** The raw files of {@code candidate}'s probes that wrote one, in the order they ran. */
  static List<File> files(Path dir, String candidate) throws IOException {
    List<File> out = new java.util.ArrayList<>();
    List<String> lines = lines(dir.resolve(FILE));
    if (lines.isEmpty()) {
      return out;
    }
    List<String> header = Arrays.asList(lines.get(0).trim().split("\t", -1));
    for (String line : lines.subList(1, lines.size())) {
      String[] f = line.split("\t", -1);
      String path = field(f, header, "file");
      if (field(f, header, "candidate").equals(candidate)
          && !path.isEmpty()
          && !path.startsWith("/")
          && !path.contains("..")) {
        out.add(new File(path));
      }
    }
    return out;
  }

  /** The file's lines; none when it is missing. */
  private static List<String> lines(Path file) throws IOException {
    return Files.isRegularFile(file) ? Files.readAllLines(file, StandardCharsets.UTF_8) : List.of();
  }

  private static String field(String[] f, List<String> header, String column) {
    int at = header.indexOf(column);
    return at >= 0 && at < f.length ? f[at].trim() : "";
  }
}
