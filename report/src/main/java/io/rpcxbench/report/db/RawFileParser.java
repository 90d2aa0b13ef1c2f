package io.rpcxbench.report.db;

import io.rpcxbench.raw.RawContents;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * One raw file read whole into a {@link RawFile} (for {@code show} and tests; ingest streams with
 * {@link RawFileScanner} instead), and the rule that names a file's protocol from its {@code
 * protocol} and {@code type} provenance keys (any id; the paper's three must carry their paper
 * type).
 */
public final class RawFileParser {
  private RawFileParser() {}

  /** Parses {@code file}; {@code source} is the name used in messages. */
  public static RawFile parse(Path file, String source) throws IOException {
    String sha = RawFileScanner.sha256(file);
    try (InputStream in = Files.newInputStream(file)) {
      return parse(in, source, sha);
    }
  }

  public static RawFile parse(String text, String source, String sha256) {
    try {
      return parse(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)), source, sha256);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static RawFile parse(InputStream in, String source, String sha256) throws IOException {
    StringWriter problems = new StringWriter();
    ProblemLog log = new ProblemLog(new PrintWriter(problems), source);
    List<StoredRun> runs = new ArrayList<>();
    try (RawFileScanner s = RawFileScanner.of(in, log)) {
      RawFileScanner.Head h = s.head();
      if (h == null) {
        log.finish();
        return new RawFile(
            source,
            sha256,
            java.util.Map.of(),
            null,
            null,
            0,
            0,
            null,
            List.of(),
            problems.toString().lines().toList(),
            false);
      }
      s.rows(runs::add);
      log.finish();
      return new RawFile(
          source,
          sha256,
          h.provenance(),
          status(h, runs.size()),
          h.protocol(),
          h.threads(),
          h.requests(),
          h.limitS(),
          List.copyOf(runs),
          problems.toString().lines().toList(),
          true);
    } catch (SQLException e) {
      throw new IllegalStateException("a list does not throw SQLException", e);
    }
  }

  /**
   * The file's status: as declared, except that a complete file with fewer stored runs than its
   * {@code runs} is incomplete.
   */
  static PointStatus status(RawFileScanner.Head h, int stored) {
    if (h.declared() == PointStatus.COMPLETE && h.runs() != null && stored < h.runs()) {
      return PointStatus.INCOMPLETE;
    }
    return h.declared();
  }

  /**
   * The file's protocol: id and type from provenance; one of them may be missing if the other says
   * it.
   */
  static RawProtocol protocolOf(RawContents c) {
    String id = c.provenance().get("protocol");
    String typeText = c.provenance().get("type");
    if (typeText == null || typeText.isBlank()) {
      return RawProtocol.paperById(id)
          .orElseThrow(
              () ->
                  new IllegalArgumentException(
                      "missing provenance key 'type' for protocol '" + id + "'"));
    }
    int type = Integer.parseInt(typeText.trim()); // checked by the library
    return id == null || id.isBlank() ? RawProtocol.ofTypeOnly(type) : RawProtocol.of(id, type);
  }
}
