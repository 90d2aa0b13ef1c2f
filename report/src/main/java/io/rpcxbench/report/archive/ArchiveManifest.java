package io.rpcxbench.report.archive;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * A measurement archive's manifest, {@code NAME.manifest.tsv} beside {@code NAME.tar.xz}: the
 * archive's own size and SHA-256, the measurement's commit, machine and dates gathered from its
 * files, then one tab-separated line per file (path, bytes, sha256, commit, machine, date). This
 * class is the format's one reader and one writer.
 *
 * <pre>
 * # rpcx-bench measurement manifest v1
 * # name: knee-2026-11-22
 * # source: docs/measurements/knee-2026-11-22
 * # archive_bytes: 412345
 * # archive_sha256: 9f86d0...
 * ...
 * path	bytes	sha256	commit	machine	date
 * data/rpcx/t10-r100.csv	20480	2c26b4...	5d8927e	vm	2026-11-22T10:00:00Z
 * </pre>
 */
public record ArchiveManifest(
    String name,
    String source,
    long archiveBytes,
    String archiveSha256,
    List<ManifestEntry> files) {
  static final String MAGIC = "# rpcx-bench measurement manifest v1";
  static final List<String> COLUMNS =
      List.of("path", "bytes", "sha256", "commit", "machine", "date");
  static final String SUFFIX = ".manifest.tsv";

  public ArchiveManifest {
    files = List.copyOf(files);
  }

  /** Where NAME's manifest lies among the archives. */
  static Path path(Path archives, String name) {
    return archives.resolve(name + SUFFIX);
  }

  /** The files' bytes together, as unpacked. */
  public long unpackedBytes() {
    return files.stream().mapToLong(ManifestEntry::bytes).sum();
  }

  /** The commits the files name, e.g. {@code 5d8927e-dirty}, or "-". */
  public String commit() {
    return distinct(f -> f.facts().commit());
  }

  /** The machines (client hosts) the files name, or "-". */
  public String machine() {
    return distinct(f -> f.facts().machine());
  }

  /** The first and last start the files name, {@code FIRST .. LAST}, or "-". */
  public String date() {
    TreeSet<String> dates = known(f -> f.facts().date());
    if (dates.isEmpty()) {
      return FileFacts.UNKNOWN;
    }
    return dates.size() == 1 ? dates.first() : dates.first() + " .. " + dates.last();
  }

  private String distinct(Function<ManifestEntry, String> fact) {
    TreeSet<String> values = known(fact);
    return values.isEmpty() ? FileFacts.UNKNOWN : String.join(" ", values);
  }

  private TreeSet<String> known(Function<ManifestEntry, String> fact) {
    TreeSet<String> values = new TreeSet<>();
    files.stream().map(fact).filter(v -> !v.equals(FileFacts.UNKNOWN)).forEach(values::add);
    return values;
  }

  void write(Path file) throws IOException {
    StringBuilder s = new StringBuilder(MAGIC).append('\n');
    header().forEach((k, v) -> s.append("# ").append(k).append(": ").append(v).append('\n'));
    s.append(String.join("\t", COLUMNS)).append('\n');
    for (ManifestEntry f : files) {
      FileFacts facts = f.facts();
      s.append(String.join("\t", f.path(), Long.toString(f.bytes()), f.sha256()))
          .append('\t')
          .append(String.join("\t", facts.commit(), facts.machine(), facts.date()))
          .append('\n');
    }
    Files.writeString(file, s, StandardCharsets.UTF_8);
  }

  private Map<String, String> header() {
    Map<String, String> h = new LinkedHashMap<>();
    h.put("name", name);
    h.put("source", source);
    h.put("archive_bytes", Long.toString(archiveBytes));
    h.put("archive_sha256", archiveSha256);
    h.put("files", Integer.toString(files.size()));
    h.put("unpacked_bytes", Long.toString(unpackedBytes()));
    h.put("commit", commit());
    h.put("machine", machine());
    h.put("date", date());
    h.put("unpack", "java -jar report/target/report.jar measurements unpack " + name);
    return h;
  }

  /** Reads a manifest; a malformed one is an {@link ArchiveCheckFailed} naming the file. */
  static ArchiveManifest read(Path file) throws IOException {
    List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
    if (lines.isEmpty() || !lines.get(0).equals(MAGIC)) {
      throw new ArchiveCheckFailed(file + ": not a measurement manifest (no '" + MAGIC + "')");
    }
    Map<String, String> header = new LinkedHashMap<>();
    int i = 1;
    for (; i < lines.size() && lines.get(i).startsWith("# "); i++) {
      String[] kv = lines.get(i).substring(2).split(": ", 2);
      header.put(kv[0], kv.length > 1 ? kv[1] : "");
    }
    if (i >= lines.size() || !lines.get(i).equals(String.join("\t", COLUMNS))) {
      throw new ArchiveCheckFailed(file + ": no column line " + String.join(",", COLUMNS));
    }
    List<ManifestEntry> files = new ArrayList<>();
    for (i++; i < lines.size(); i++) {
      files.add(entry(file, i + 1, lines.get(i)));
    }
    try {
      return new ArchiveManifest(
          required(file, header, "name"),
          header.getOrDefault("source", FileFacts.UNKNOWN),
          Long.parseLong(required(file, header, "archive_bytes")),
          required(file, header, "archive_sha256"),
          files);
    } catch (NumberFormatException e) {
      throw new ArchiveCheckFailed(file + ": archive_bytes is not a number");
    }
  }

  private static ManifestEntry entry(Path file, int lineNumber, String line) {
    String[] c = line.split("\t", -1);
    try {
      if (c.length != COLUMNS.size()) {
        throw new IllegalArgumentException(c.length + " columns, not " + COLUMNS.size());
      }
      return new ManifestEntry(c[0], Long.parseLong(c[1]), c[2], new FileFacts(c[3], c[4], c[5]));
    } catch (IllegalArgumentException e) {
      throw new ArchiveCheckFailed(file + ":" + lineNumber + ": " + e.getMessage());
    }
  }

  private static String required(Path file, Map<String, String> header, String key) {
    String v = header.get(key);
    if (v == null || v.isBlank()) {
      throw new ArchiveCheckFailed(file + ": no '# " + key + ":' line");
    }
    return v;
  }
}
