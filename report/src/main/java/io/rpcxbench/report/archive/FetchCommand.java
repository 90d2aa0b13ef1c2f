package io.rpcxbench.report.archive;

import io.rpcxbench.api.ExitCode;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code measurements fetch [NAME...] [--from REPO]}: the archives from the measurements branch
 * into the archives folder, each kept only when its size and SHA-256 are its manifest's.
 */
@Command(
    name = "fetch",
    mixinStandardHelpOptions = true,
    description =
        "Get NAME.tar.xz (without a NAME, every archive a manifest names) from the repository's"
            + " '"
            + ArchiveBranch.NAME
            + "' branch: this clone's own, or origin's as cloned, else git fetch REPO "
            + ArchiveBranch.NAME
            + " (with --from, always from REPO). Each is written as NAME.tar.xz.partial and"
            + " kept only when its size and sha256 are the manifest's. An archive already here"
            + " and matching is kept.",
    footer = "%nExample: java -jar report/target/report.jar measurements fetch knee-2026-11-22",
    exitCodeListHeading = "Exit codes:%n",
    exitCodeList = {
      "0:every archive here (fetched, or already here)",
      "1:an archive differs from its manifest (nothing kept), is not on the branch, or git"
          + " failed (its words in one line)",
      "2:bad usage (no such measurement): before any git call",
      "124:git did not answer in time (15 min a fetch, 2 min a local call)"
    })
final class FetchCommand implements Callable<Integer> {
  @Spec CommandSpec spec;
  @Mixin ArchivesOption archives;

  @Parameters(arity = "0..*", paramLabel = "NAME", description = "Measurements (default: all).")
  List<String> names = new ArrayList<>();

  @Option(
      names = "--from",
      paramLabel = "REPO",
      description = "The repository to fetch from: a path or URL (default: origin).")
  String from;

  @Override
  public Integer call() throws IOException {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    List<MeasurementArchive> wanted = new ArrayList<>();
    try {
      for (String name : names.isEmpty() ? all() : names) {
        wanted.add(MeasurementArchive.of(archives.folder, name));
      }
    } catch (IllegalArgumentException e) {
      err.println("error: " + e.getMessage());
      return ExitCode.USAGE.code();
    }
    List<MeasurementArchive> missing = new ArrayList<>();
    for (MeasurementArchive a : wanted) {
      if (a.isHereAndMatches()) {
        out.printf("%s: already here%n", a.manifest().name());
      } else {
        missing.add(a);
      }
    }
    try {
      return missing.isEmpty() ? ExitCode.OK.code() : fetch(missing, out, err);
    } catch (Git.GitFailed e) {
      err.println("error: " + e.getMessage());
      return (e.timedOut ? ExitCode.TIMED_OUT : ExitCode.FAILED).code();
    }
  }

  private int fetch(List<MeasurementArchive> missing, PrintWriter out, PrintWriter err)
      throws IOException {
    ArchiveBranch branch = new ArchiveBranch(new Git(archives.folder));
    String here = from == null ? branch.here() : null;
    String fetched = null;
    String repo = from == null ? "origin" : from;
    for (MeasurementArchive a : missing) {
      String file = a.archive().getFileName().toString();
      String commit = here;
      if (commit == null || !branch.holds(commit, file)) {
        fetched = fetched != null ? fetched : branch.fetch(repo);
        commit = fetched;
      }
      if (!branch.holds(commit, file)) {
        err.printf(
            "error: no %s on the %s branch (%s, commit %.8s)%n",
            file, ArchiveBranch.NAME, commit.equals(here) ? "this clone's" : repo, commit);
        return ExitCode.FAILED.code();
      }
      if (!keep(a, branch, commit, err)) {
        return ExitCode.FAILED.code();
      }
      out.printf(
          "%s: fetched (%d bytes, sha256 as the manifest's) from %s%n",
          a.manifest().name(),
          a.manifest().archiveBytes(),
          commit.equals(here) ? ArchiveBranch.NAME + " " + commit.substring(0, 8) : repo);
    }
    return ExitCode.OK.code();
  }

  /** The blob into NAME.tar.xz.partial, checked, then moved into place; on a mismatch, deleted. */
  private static boolean keep(
      MeasurementArchive a, ArchiveBranch branch, String commit, PrintWriter err)
      throws IOException {
    Path partial = a.archive().resolveSibling(a.archive().getFileName() + ".partial");
    try {
      branch.copy(commit, a.archive().getFileName().toString(), partial);
      a.checkArchiveFile(partial);
      Files.move(
          partial,
          a.archive(),
          StandardCopyOption.ATOMIC_MOVE,
          StandardCopyOption.REPLACE_EXISTING);
      return true;
    } catch (ArchiveCheckFailed e) {
      err.println("error: " + e.getMessage() + "; nothing kept");
      return false;
    } finally {
      Files.deleteIfExists(partial);
    }
  }

  private List<String> all() throws IOException {
    if (!Files.isDirectory(archives.folder)) {
      throw new CommandLine.ParameterException(
          spec.commandLine(), "no archives folder " + archives.folder);
    }
    return MeasurementArchive.names(archives.folder);
  }
}
