package io.rpcxbench.report.archive;

/**
 * An archive, a manifest or an unpacked copy that does not match what was recorded: corrupted,
 * truncated, a file missing, added or changed. The message is one line naming the file and what
 * differs.
 */
public final class ArchiveCheckFailed extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public ArchiveCheckFailed(String message) {
    super(message);
  }
}
