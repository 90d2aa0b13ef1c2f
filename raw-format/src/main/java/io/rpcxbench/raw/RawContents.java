package io.rpcxbench.raw;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What {@link RawResultFile#read} found in a file: its provenance ({@code # key: value} lines, in
 * file order), the header's column names, the run rows that were read and the lines that were not,
 * as {@code source:line: reason}. A file that could not be read at all ({@code usable == false}:
 * bad provenance, no header row in a complete file, a required column missing) has no rows and a
 * problem that ends in {@code "; file skipped"} or names the missing piece.
 *
 * <pre>{@code
 * RawContents c = RawResultFile.read(Path.of("results/raw/rpcx/t10-r100.csv"));
 * c.problems().forEach(System.err::println);
 * String status = c.provenance().get("status");       // complete, timeout, incomplete or failed
 * boolean v2 = c.hasColumn("histogram");
 * }</pre>
 */
public record RawContents(
    Map<String, String> provenance,
    List<String> columns,
    List<RunRow> rows,
    List<String> problems,
    boolean usable) {

  public RawContents {
    provenance = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(provenance));
    columns = List.copyOf(columns);
    rows = List.copyOf(rows);
    problems = List.copyOf(problems);
  }

  /** Whether the header row has {@code column} (v1 files have no {@code histogram}). */
  public boolean hasColumn(String column) {
    return columns.contains(column);
  }

  /** The provenance value of {@code key}, if the file has it. */
  public Optional<String> provenance(String key) {
    return Optional.ofNullable(provenance.get(key));
  }
}
