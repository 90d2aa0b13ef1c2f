package io.rpcxbench.report.archive;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The {@code measurements} branch: an orphan branch of the repository, one {@code NAME.tar.xz} a
 * measurement at its root, off main's history (a {@code git clone --single-branch} of main does not
 * fetch it). Read and written with git's plumbing only: no checkout, main's working tree and index
 * untouched.
 *
 * <pre>
 * ArchiveBranch branch = new ArchiveBranch(new Git(Path.of("measurements")));
 * String commit = branch.here();                        // the local branch, origin's, or null
 * branch.copy(commit, "knee-2026-11-22.tar.xz", partial);
 * branch.publish(Path.of("measurements/my-run.tar.xz"), "my-run.tar.xz", "measurement my-run");
 * </pre>
 */
final class ArchiveBranch {
  static final String NAME = "measurements";
  static final String LOCAL = "refs/heads/" + NAME;
  static final String ORIGIN = "refs/remotes/origin/" + NAME;

  private final Git git;

  ArchiveBranch(Git git) {
    this.git = git;
  }

  /** The branch's commit in this clone: the local branch, else origin's as cloned, else null. */
  String here() throws IOException {
    String local = commitOf(LOCAL);
    return local != null ? local : commitOf(ORIGIN);
  }

  private String commitOf(String ref) throws IOException {
    String rev = ref + "^{commit}";
    return git.has(rev) ? git.text(Git.LOCAL, "rev-parse", "--verify", rev) : null;
  }

  /** {@code git fetch REPO measurements}: the fetched commit (objects here, no ref changed). */
  String fetch(String repo) throws IOException {
    git.text(Git.NETWORK, "fetch", "--no-tags", "--quiet", repo, LOCAL);
    return git.text(Git.LOCAL, "rev-parse", "--verify", "FETCH_HEAD^{commit}");
  }

  /** Whether the commit's tree holds the file at its root. */
  boolean holds(String commit, String file) throws IOException {
    return git.has(commit + ":" + file);
  }

  /** The file's bytes in that commit, written to {@code to}. */
  void copy(String commit, String file, Path to) throws IOException {
    git.run(Git.LOCAL, Map.of(), null, to, "cat-file", "blob", commit + ":" + file);
  }

  /** What {@link #publish} did: the branch's commit after it, and whether it made that commit. */
  record Published(String commit, boolean now) {}

  /**
   * Commits {@code archive} as {@code file} at the branch's root on top of the branch (the local
   * one, else origin's as cloned, else a new orphan root) and moves {@code refs/heads/measurements}
   * to it, refusing if the branch moved meanwhile. The same bytes already there: no commit.
   */
  Published publish(Path archive, String file, String message) throws IOException {
    String local = commitOf(LOCAL);
    String parent = local != null ? local : commitOf(ORIGIN);
    String blob =
        git.text(Git.LOCAL, "hash-object", "-w", "--no-filters", archive.toAbsolutePath() + "");
    String entry = "100644 blob " + blob + "\t" + file;
    List<String> entries = new ArrayList<>();
    if (parent != null) {
      for (String line : git.text(Git.LOCAL, "ls-tree", "--full-tree", parent).split("\n")) {
        if (line.equals(entry)) {
          return new Published(parent, false);
        }
        if (!line.isBlank() && !line.endsWith("\t" + file)) {
          entries.add(line);
        }
      }
    }
    entries.add(entry);
    Path listing = Files.createTempFile("tree", ".txt");
    try {
      Files.writeString(listing, String.join("\n", entries) + "\n", StandardCharsets.UTF_8);
      String tree = git.text(Git.LOCAL, Map.of(), listing, "mktree");
      List<String> args = new ArrayList<>(List.of("commit-tree", tree, "-m", message));
      if (parent != null) {
        args.addAll(List.of("-p", parent));
      }
      String commit = git.text(Git.LOCAL, args.toArray(String[]::new));
      // compare and swap: a branch that moved since it was read (or appeared) is not overwritten
      git.text(Git.LOCAL, "update-ref", "-m", message, LOCAL, commit, local == null ? "" : local);
      return new Published(commit, true);
    } finally {
      Files.deleteIfExists(listing);
    }
  }
}
