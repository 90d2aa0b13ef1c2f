package io.rpcxbench.verdict.choose;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One candidate's SLO capacity search in one round of {@code rpcx-bench choose}: a line of its
 * {@code capacity.tsv} (tab-separated, a header line naming the columns {@code round protocol
 * capacity failed_at probes limited_by note}).
 *
 * <pre>{@code
 * Map<String, List<CapacityRound>> byCandidate = CapacityRound.read(dir.resolve("capacity.tsv"));
 * byCandidate.get("rpcx").get(0).capacity();   // 31000.0 calls/s met the SLO in round 1
 * }</pre>
 *
 * @param capacity the highest rate (calls/s) that met the SLO; 0 when even the lowest tried failed
 * @param failedAt the lowest rate above it that failed; null when none failed below the ceiling
 * @param limitedBy the failing probe's {@code limited_by}; empty when unknown
 */
public record CapacityRound(
    int round,
    String protocol,
    double capacity,
    Double failedAt,
    int probes,
    String limitedBy,
    String note) {

  static final String FILE = "capacity.tsv";
  private static final List<String> NEEDED = List.of("round", "protocol", "capacity");

  /**
   * The rounds by candidate, each candidate's in round order.
   *
   * @throws IOException when the file is missing, has no header, or a line is malformed (the
   *     message names {@code file:line})
   */
  static Map<String, List<CapacityRound>> read(Path file) throws IOException {
    List<String> lines;
    try {
      lines = Files.readAllLines(file, StandardCharsets.UTF_8);
    } catch (NoSuchFileException e) {
      throw new IOException(file + " is missing (rpcx-bench choose writes one line per round)", e);
    }
    if (lines.isEmpty()) {
      throw new IOException(file + " is empty: no header line");
    }
    List<String> header = Arrays.asList(lines.get(0).trim().split("\t", -1));
    for (String column : NEEDED) {
      if (!header.contains(column)) {
        throw new IOException(file + ":1: no column '" + column + "' in the header");
      }
    }
    Map<String, List<CapacityRound>> out = new LinkedHashMap<>();
    for (int i = 1; i < lines.size(); i++) {
      if (lines.get(i).isBlank()) {
        continue;
      }
      String[] f = lines.get(i).split("\t", -1);
      try {
        CapacityRound r =
            new CapacityRound(
                Integer.parseInt(field(f, header, "round")),
                field(f, header, "protocol"),
                Double.parseDouble(field(f, header, "capacity")),
                field(f, header, "failed_at").isEmpty()
                    ? null
                    : Double.parseDouble(field(f, header, "failed_at")),
                field(f, header, "probes").isEmpty()
                    ? 0
                    : Integer.parseInt(field(f, header, "probes")),
                field(f, header, "limited_by"),
                field(f, header, "note"));
        if (r.protocol().isEmpty() || r.capacity() < 0 || Double.isNaN(r.capacity())) {
          throw new NumberFormatException("no protocol or a negative capacity");
        }
        out.computeIfAbsent(r.protocol(), k -> new ArrayList<>()).add(r);
      } catch (NumberFormatException e) {
        throw new IOException(
            file + ":" + (i + 1) + ": malformed line (" + e.getMessage() + ")", e);
      }
    }
    out.values().forEach(l -> l.sort((a, b) -> Integer.compare(a.round(), b.round())));
    return out;
  }

  private static String field(String[] f, List<String> header, String column) {
    int i = header.indexOf(column);
    return i < 0 || i >= f.length ? "" : f[i].trim();
  }
}
