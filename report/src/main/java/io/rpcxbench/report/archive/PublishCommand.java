package io.rpcxbench.report.archive;

import io.rpcxbench.api.ExitCode;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code measurements publish NAME...}: a packed archive onto the measurements branch, with git's
 * plumbing (no checkout: main's working tree and index are not touched).
 */
@Command(
    name = "publish",
    mixinStandardHelpOptions = true,
    description =
        "Check NAME.tar.xz against its manifest (size, sha256, every file), then commit it at the"
            + " root of the '"
            + ArchiveBranch.NAME
            + "' branch (this clone's, else origin's as cloned, else a new orphan branch) without"
            + " a checkout. Then push the branch (git push origin "
            + ArchiveBranch.NAME
            + ") and commit NAME.manifest.tsv on main.",
    footer = "%nExample: java -jar report/target/report.jar measurements publish my-run-2026-11-27",
    exitCodeListHeading = "Exit codes:%n",
    exitCodeList = {
      "0:committed (or the same bytes already on the branch)",
      "1:an archive is not here or failed its check, or git failed (its words in one line)",
      "2:bad usage (no such measurement)",
      "124:git did not answer in time"
    })
final class PublishCommand implements Callable<Integer> {
  @Spec CommandSpec spec;
  @Mixin ArchivesOption archives;

  @Parameters(arity = "1..*", paramLabel = "NAME", description = "Measurements to publish.")
  List<String> names;

  @Override
  public Integer call() throws IOException {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    List<MeasurementArchive> all = new ArrayList<>();
    try {
      for (String name : names) {
        all.add(MeasurementArchive.of(archives.folder, name));
      }
    } catch (IllegalArgumentException e) {
      err.println("error: " + e.getMessage());
      return ExitCode.USAGE.code();
    }
    ArchiveBranch branch = new ArchiveBranch(new Git(archives.folder));
    for (MeasurementArchive a : all) {
      String name = a.manifest().name();
      try {
        if (!a.isHere()) {
          err.println(ArchivesNotHere.line(archives.folder, List.of(name), false));
          return ExitCode.FAILED.code();
        }
        a.verify();
        ArchiveManifest m = a.manifest();
        ArchiveBranch.Published p =
            branch.publish(
                a.archive(),
                a.archive().getFileName().toString(),
                "measurement "
                    + name
                    + ": "
                    + m.archiveBytes()
                    + " bytes, sha256 "
                    + m.archiveSha256());
        out.printf(
            "%s: %s %s %.8s%n",
            name, p.now() ? "committed onto" : "already on", ArchiveBranch.NAME, p.commit());
      } catch (ArchiveCheckFailed e) {
        err.println("error: " + e.getMessage());
        return ExitCode.FAILED.code();
      } catch (Git.GitFailed e) {
        err.println("error: " + e.getMessage());
        return (e.timedOut ? ExitCode.TIMED_OUT : ExitCode.FAILED).code();
      }
    }
    out.printf("next: git push origin %s; commit the manifests on main%n", ArchiveBranch.NAME);
    return ExitCode.OK.code();
  }
}
