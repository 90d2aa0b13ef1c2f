package io.rpcxbench.report.archive;

import io.rpcxbench.raw.RawContents;
import io.rpcxbench.raw.RawResultFile;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Where and when a file was measured, as far as the file itself says: a raw result file's {@code
 * git_commit}, {@code client_host} and {@code started}; "-" for what it does not carry.
 */
public record FileFacts(String commit, String machine, String date) {
  static final String UNKNOWN = "-";
  public static final FileFacts NONE = new FileFacts(UNKNOWN, UNKNOWN, UNKNOWN);

  public FileFacts {
    commit = orUnknown(commit);
    machine = orUnknown(machine);
    date = orUnknown(date);
  }

  /** The facts of one file: a raw result file's provenance, otherwise {@link #NONE}. */
  static FileFacts of(Path file) throws IOException {
    if (!file.getFileName().toString().endsWith(".csv") || !isRawResultFile(file)) {
      return NONE;
    }
    RawContents raw = RawResultFile.read(file);
    return new FileFacts(
        raw.provenance("git_commit").orElse(UNKNOWN),
        raw.provenance("client_host").orElse(UNKNOWN),
        raw.provenance("started").orElse(UNKNOWN));
  }

  private static boolean isRawResultFile(Path file) throws IOException {
    try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      String first = in.readLine();
      return first != null && first.replace("\uFEFF", "").startsWith(RawResultFile.MAGIC_PREFIX);
    } catch (java.nio.charset.MalformedInputException e) {
      return false;
    }
  }

  private static String orUnknown(String value) {
    return value == null || value.isBlank() ? UNKNOWN : value.strip().replaceAll("\\s+", " ");
  }
}
