package io.rpcxbench.report.db;

import java.util.Optional;

/** How a point ended (raw-format.md, provenance key {@code status}). */
public enum PointStatus {
  COMPLETE("complete"),
  TIMEOUT("timeout"),
  FAILED("failed"),
  /** Fewer run rows than the file's {@code runs}: a cut file, or one that says so. */
  INCOMPLETE("incomplete");

  public final String id;

  PointStatus(String id) {
    this.id = id;
  }

  public static Optional<PointStatus> of(String id) {
    for (PointStatus s : values()) {
      if (s.id.equals(id)) {
        return Optional.of(s);
      }
    }
    return Optional.empty();
  }
}
