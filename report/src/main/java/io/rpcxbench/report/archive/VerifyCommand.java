package io.rpcxbench.report.archive;

import io.rpcxbench.api.ExitCode;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code measurements verify [NAME...]}: each archive against its manifest (none named: all). */
@Command(
    name = "verify",
    mixinStandardHelpOptions = true,
    description =
        "Check NAME.tar.xz's size and sha256, then every file's, against NAME.manifest.tsv;"
            + " without a NAME, every archive. A failed archive is one line on standard error;"
            + " archives not here (main keeps only the manifests) are one line naming"
            + " 'measurements fetch'.",
    exitCodeListHeading = "Exit codes:%n",
    exitCodeList = {
      "0:every archive matches",
      "1:an archive failed its check, or is not here (fetch it: measurements fetch NAME)",
      "2:bad usage (no such measurement)"
    })
final class VerifyCommand implements Callable<Integer> {
  @Spec CommandSpec spec;
  @Mixin ArchivesOption archives;

  @Parameters(arity = "0..*", paramLabel = "NAME", description = "Measurements (default: all).")
  List<String> names = new ArrayList<>();

  @Override
  public Integer call() throws IOException {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    List<String> which = names.isEmpty() ? all() : names;
    int code = ExitCode.OK.code();
    List<String> notHere = new ArrayList<>();
    for (String name : which) {
      try {
        MeasurementArchive a = MeasurementArchive.of(archives.folder, name);
        if (!a.isHere()) {
          notHere.add(name);
          continue;
        }
        a.verify();
        ArchiveManifest m = a.manifest();
        out.printf("%s: ok, %d files, %d bytes%n", name, m.files().size(), m.unpackedBytes());
      } catch (IllegalArgumentException e) {
        err.println("error: " + e.getMessage());
        return ExitCode.USAGE.code();
      } catch (ArchiveCheckFailed e) {
        err.println("error: " + e.getMessage());
        code = ExitCode.FAILED.code();
      }
    }
    if (!notHere.isEmpty()) {
      err.println(ArchivesNotHere.line(archives.folder, notHere, names.isEmpty()));
      code = ExitCode.FAILED.code();
    }
    return code;
  }

  private List<String> all() throws IOException {
    if (!Files.isDirectory(archives.folder)) {
      throw new CommandLine.ParameterException(
          spec.commandLine(), "no archives folder " + archives.folder);
    }
    return MeasurementArchive.names(archives.folder);
  }
}
