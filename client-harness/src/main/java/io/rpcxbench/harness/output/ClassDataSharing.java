package io.rpcxbench.harness.output;

import java.util.List;

/**
 * The flags by which the runner gives a JVM of its own a class-data-sharing archive (JDK 17's
 * dynamic archive: the classes a first JVM loaded, mapped by the next instead of loaded again).
 * They change how fast a JVM starts, never what it measures, so they are no part of a point's
 * {@code jvm_flags}; {@link #KEY} says whether an archive was used.
 */
public final class ClassDataSharing {
  /** The provenance key: {@code on} (an archive used or written) or {@code off: why}. */
  public static final String KEY = "class_data_sharing";

  /** Maps an archive written before. */
  public static final String USE = "-XX:SharedArchiveFile=";

  /** Writes the archive when the JVM exits. */
  public static final String WRITE = "-XX:ArchiveClassesAtExit=";

  /**
   * The archive's own warnings (a class it cannot hold, an archive of another build) go nowhere:
   * they would land among a server's or a harness's lines.
   */
  public static final List<String> QUIET = List.of("-Xlog:cds=off", "-Xlog:cds+dynamic=off");

  private ClassDataSharing() {}

  /** Whether {@code flag} is one of the archive's flags, not one that shapes the measurement. */
  public static boolean isArchiveFlag(String flag) {
    return flag.startsWith(USE) || flag.startsWith(WRITE) || QUIET.contains(flag);
  }
}
