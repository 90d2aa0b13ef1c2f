package io.rpcxbench.report;

import io.rpcxbench.raw.RawContents;
import io.rpcxbench.raw.RawResultFile;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

/**
 * Reads one raw result file with the raw-format library and adds what only the report needs: the
 * file's SHA-256 (to skip unchanged files) and its protocol, resolved from the {@code protocol} and
 * {@code type} provenance keys (any id; the paper's three must carry their paper type).
 */
final class RawFileParser {
  private RawFileParser() {}

  /** Parses {@code file}; {@code source} is the name used in the database and in messages. */
  static RawFile parse(Path file, String source) throws IOException {
    byte[] bytes = Files.readAllBytes(file);
    return parse(new String(bytes, StandardCharsets.UTF_8), source, sha256(bytes));
  }

  static RawFile parse(String text, String source, String sha256) {
    RawContents c = RawResultFile.parse(text, source);
    List<String> problems = new ArrayList<>(c.problems());
    if (!c.usable()) {
      return unusable(source, sha256, c, problems);
    }
    Protocol protocol;
    try {
      protocol = protocolOf(c);
    } catch (IllegalArgumentException e) {
      problems.add(source + ":1: " + e.getMessage() + "; file skipped");
      return unusable(source, sha256, c, problems);
    }
    Map<String, String> p = c.provenance();
    PointStatus status = PointStatus.of(p.get("status")).orElseThrow(); // checked by the library
    Integer limit = p.containsKey("limit_s") ? Integer.valueOf(p.get("limit_s").trim()) : null;
    List<StoredRun> runs = c.rows().stream().map(r -> StoredRun.of(r, c)).toList();
    return new RawFile(
        source,
        sha256,
        p,
        status,
        protocol,
        Integer.parseInt(p.get("threads").trim()),
        Integer.parseInt(p.get("requests").trim()),
        limit,
        runs,
        List.copyOf(problems),
        true);
  }

  /**
   * The file's protocol: id and type from provenance; one of them may be missing if the other says
   * it.
   */
  static Protocol protocolOf(RawContents c) {
    String id = c.provenance().get("protocol");
    String typeText = c.provenance().get("type");
    if (typeText == null || typeText.isBlank()) {
      return Protocol.paperById(id)
          .orElseThrow(
              () ->
                  new IllegalArgumentException(
                      "missing provenance key 'type' for protocol '" + id + "'"));
    }
    int type = Integer.parseInt(typeText.trim()); // checked by the library
    return id == null || id.isBlank() ? Protocol.ofTypeOnly(type) : Protocol.of(id, type);
  }

  private static RawFile unusable(String source, String sha, RawContents c, List<String> problems) {
    return new RawFile(
        source,
        sha,
        c.provenance(),
        null,
        null,
        0,
        0,
        null,
        List.of(),
        List.copyOf(problems),
        false);
  }

  static String sha256(byte[] bytes) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("JDK without SHA-256", e);
    }
  }
}
