package io.rpcxbench.report.archive;

/**
 * One file of a measurement archive as its manifest lists it: the path inside the measurement
 * folder (forward slashes), its size and SHA-256, and the commit, machine and date its own
 * provenance names ({@link FileFacts#NONE} when it carries none, e.g. a script or a log).
 */
public record ManifestEntry(String path, long bytes, String sha256, FileFacts facts) {
  public ManifestEntry {
    if (path.isEmpty() || path.startsWith("/") || path.contains("\\") || hasParentStep(path)) {
      throw new IllegalArgumentException("not a relative path inside the measurement: " + path);
    }
    if (path.contains("\t") || path.contains("\n")) {
      throw new IllegalArgumentException("a tab or a line end in a path: " + path);
    }
  }

  private static boolean hasParentStep(String path) {
    for (String part : path.split("/", -1)) {
      if (part.equals("..") || part.equals(".") || part.isEmpty()) {
        return true;
      }
    }
    return false;
  }
}
