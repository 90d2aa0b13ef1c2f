package io.rpcxbench.raw;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Parses one file's text for {@link RawResultFile#parse}; one instance per file. */
final class RawFileReader {
  private static final Pattern PROVENANCE = Pattern.compile("#\\s*([a-z0-9_]+)\\s*:\\s?(.*)");

  private final String source;
  private final List<String> problems = new ArrayList<>();
  private final Map<String, String> provenance = new LinkedHashMap<>();

  RawFileReader(String source) {
    this.source = source;
  }

  /** What the provenance says about the point, checked once; rows are checked against it. */
  private record Point(String status, Integer type, int threads, int requests, Integer runs) {}

  RawContents parse(String text) {
    if (text.startsWith("\uFEFF")) {
      text = text.substring(1);
    }
    String[] lines = text.split("\n", -1);
    int i = 0;
    while (i < lines.length && lines[i].isBlank()) {
      i++;
    }
    String version = unknownVersion(i < lines.length ? stripCr(lines[i]) : "");
    if (version != null) {
      problems.add(source + ":" + (i + 1) + ": " + version + "; file skipped");
      return unusable();
    }
    for (; i < lines.length; i++) {
      String line = stripCr(lines[i]);
      if (line.isBlank()) {
        continue;
      }
      if (!line.startsWith("#")) {
        break;
      }
      Matcher m = PROVENANCE.matcher(line);
      if (m.matches()) {
        provenance.put(m.group(1), m.group(2).trim());
      }
    }
    Point point = readPoint();
    if (point == null) {
      return unusable();
    }
    boolean complete = point.status.equals("complete");
    // timeout and incomplete files keep the rows of the runs that finished; failed ones have none
    boolean rowsAllowed = !point.status.equals("failed");
    if (i >= lines.length || stripCr(lines[i]).isBlank()) {
      if (complete) {
        problems.add(source + ":" + (i + 1) + ": missing CSV header row");
        return unusable();
      }
      return new RawContents(provenance, List.of(), List.of(), problems, true);
    }
    int headerLine = i + 1;
    List<String> columns = new ArrayList<>();
    for (String c : stripCr(lines[i]).split(",", -1)) {
      columns.add(c.trim());
    }
    Map<String, Integer> index = new HashMap<>();
    for (int c = 0; c < columns.size(); c++) {
      index.put(columns.get(c), c);
    }
    for (String required : RawResultFile.REQUIRED_COLUMNS) {
      if (!index.containsKey(required)) {
        problems.add(source + ":" + headerLine + ": header lacks column '" + required + "'");
        return unusable();
      }
    }
    List<RunRow> rows = new ArrayList<>();
    Set<Integer> orders = new HashSet<>();
    for (i = i + 1; i < lines.length; i++) {
      String line = stripCr(lines[i]);
      if (line.isBlank() || line.startsWith("#")) {
        continue;
      }
      String where = source + ":" + (i + 1) + ": ";
      if (!rowsAllowed) {
        problems.add(where + "run row in a file with status " + point.status);
        continue;
      }
      try {
        RunRow row = RowFields.read(line.split(",", -1), columns, index);
        check(row, point);
        if (!orders.add(row.order())) {
          throw new IllegalArgumentException("duplicate order " + row.order());
        }
        rows.add(row);
      } catch (IllegalArgumentException e) {
        problems.add(where + e.getMessage());
      }
    }
    return new RawContents(provenance, columns, rows, problems, true);
  }

  /**
   * Why the format line {@code first} is not one of a known version, or null when it is: {@code #
   * rpcx-bench raw result} and one of {@link RawResultFile#VERSIONS}.
   */
  static String unknownVersion(String first) {
    String line = first.strip();
    if (!line.startsWith(RawResultFile.MAGIC_PREFIX.strip())) {
      return "no format line '"
          + RawResultFile.MAGIC
          + "' (not a raw result file, or one of no known version)";
    }
    String version = line.substring(RawResultFile.MAGIC_PREFIX.strip().length()).strip();
    if (!RawResultFile.VERSIONS.contains(version)) {
      return "raw format version '"
          + version
          + "' is not one this reader knows ("
          + String.join(", ", RawResultFile.VERSIONS)
          + ")";
    }
    return null;
  }

  private Point readPoint() {
    try {
      String status = required("status");
      if (!RawResultFile.STATUSES.contains(status)) {
        throw new IllegalArgumentException("unknown status '" + status + "'");
      }
      Integer type = provenance.containsKey("type") ? positiveInt("type") : null;
      String protocol = provenance.get("protocol");
      if (type == null && (protocol == null || protocol.isEmpty())) {
        throw new IllegalArgumentException("missing provenance key 'type' (or 'protocol')");
      }
      int threads = positiveInt(required("threads"), "threads");
      int requests = positiveInt(required("requests"), "requests");
      Integer runs = provenance.containsKey("runs") ? positiveInt("runs") : null;
      if (provenance.containsKey("limit_s")) {
        positiveInt("limit_s");
      }
      return new Point(status, type, threads, requests, runs);
    } catch (IllegalArgumentException e) {
      problems.add(source + ":1: " + e.getMessage() + "; file skipped");
      return null;
    }
  }

  private static void check(RunRow row, Point p) {
    boolean typeOk = p.type == null || row.type() == p.type;
    if (!typeOk || row.threadNum() != p.threads || row.requestNum() != p.requests) {
      throw new IllegalArgumentException(
          "row is for type "
              + row.type()
              + ", "
              + row.threadNum()
              + " threads, "
              + row.requestNum()
              + " requests but the file is for type "
              + (p.type == null ? "?" : p.type)
              + ", "
              + p.threads
              + " threads, "
              + p.requests
              + " requests");
    }
    if (p.runs != null && row.order() >= p.runs) {
      throw new IllegalArgumentException("order " + row.order() + " outside 0.." + (p.runs - 1));
    }
  }

  private String required(String key) {
    String v = provenance.get(key);
    if (v == null || v.isEmpty()) {
      throw new IllegalArgumentException("missing provenance key '" + key + "'");
    }
    return v;
  }

  private int positiveInt(String key) {
    return positiveInt(provenance.get(key), key);
  }

  private static int positiveInt(String text, String what) {
    try {
      int v = Integer.parseInt(text.trim());
      if (v <= 0) {
        throw new IllegalArgumentException(what + " must be positive, got " + text);
      }
      return v;
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(what + " is not an integer: '" + text + "'");
    }
  }

  private RawContents unusable() {
    return new RawContents(provenance, List.of(), List.of(), problems, false);
  }

  private static String stripCr(String line) {
    return line.endsWith("\r") ? line.substring(0, line.length() - 1) : line;
  }
}
