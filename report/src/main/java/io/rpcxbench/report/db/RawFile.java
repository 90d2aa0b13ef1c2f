package io.rpcxbench.report.db;

import java.util.List;
import java.util.Map;

/**
 * A parsed raw result file (docs/raw-format.md) as the report stores it: its provenance, the point
 * it measured (protocol, threads, requests) and its runs. {@code problems} holds the lines that
 * were skipped, already formatted as {@code file:line: reason}; a file with {@code usable == false}
 * could not be read at all.
 */
public record RawFile(
    String source,
    String sha256,
    Map<String, String> provenance,
    PointStatus status,
    RawProtocol protocol,
    int threads,
    int requests,
    Integer limitS,
    List<StoredRun> runs,
    List<String> problems,
    boolean usable) {

  public int type() {
    return protocol.type;
  }
}
