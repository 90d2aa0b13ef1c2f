package io.rpcxbench.report.archive;

import io.rpcxbench.api.ExitCode;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
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

/** {@code measurements unpack NAME... [--to DIR]}: checked files, in a folder of their own. */
@Command(
    name = "unpack",
    mixinStandardHelpOptions = true,
    description =
        "Unpack each NAME into results/measurements/NAME (or --to DIR, one NAME), checking every"
            + " file's sha256 before the folder appears. A folder already holding exactly those"
            + " files is kept; one holding anything else is refused. An archive not here (main"
            + " keeps only the manifests) is one line naming 'measurements fetch', before any"
            + " unpacking.",
    exitCodeListHeading = "Exit codes:%n",
    exitCodeList = {
      "0:unpacked (or already there)",
      "1:an archive failed its check, or is not here (fetch it: measurements fetch NAME);"
          + " nothing was written",
      "2:bad usage (no such measurement, DIR holds other files)"
    })
final class UnpackCommand implements Callable<Integer> {
  static final Path DEFAULT_PARENT = Path.of("results", "measurements");

  @Spec CommandSpec spec;
  @Mixin ArchivesOption archives;

  @Parameters(arity = "1..*", paramLabel = "NAME", description = "Measurements to unpack.")
  List<String> names;

  @Option(names = "--to", paramLabel = "DIR", description = "Where (one NAME only).")
  Path to;

  @Override
  public Integer call() throws IOException {
    if (to != null && names.size() > 1) {
      throw new CommandLine.ParameterException(spec.commandLine(), "--to takes one NAME");
    }
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    List<String> notHere = new ArrayList<>();
    for (String name : names) {
      if (!Files.isRegularFile(MeasurementArchive.archivePath(archives.folder, name))
          && Files.isRegularFile(ArchiveManifest.path(archives.folder, name))) {
        notHere.add(name);
      }
    }
    if (!notHere.isEmpty()) {
      err.println(ArchivesNotHere.line(archives.folder, notHere, false));
      return ExitCode.FAILED.code();
    }
    for (String name : names) {
      Path dir = to != null ? to : DEFAULT_PARENT.resolve(name);
      try {
        boolean now = MeasurementArchive.of(archives.folder, name).unpackTo(dir);
        out.printf("%s: %s %s%n", name, now ? "unpacked into" : "already in", dir);
      } catch (IllegalArgumentException e) {
        err.println("error: " + e.getMessage());
        return ExitCode.USAGE.code();
      } catch (ArchiveCheckFailed e) {
        err.println("error: " + e.getMessage());
        return ExitCode.FAILED.code();
      }
    }
    return ExitCode.OK.code();
  }
}
