package io.rpcxbench.report.archive;

import io.rpcxbench.api.ExitCode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code measurements pack FOLDER [--name NAME]}: a measurement folder into its archive. */
@Command(
    name = "pack",
    mixinStandardHelpOptions = true,
    description =
        "Pack every file under FOLDER into NAME.tar.xz (xz -9, reproducible) and write"
            + " NAME.manifest.tsv; NAME defaults to FOLDER's name. Replaces an archive of that"
            + " name. The archive stays out of main (git-ignored): put it on the '"
            + ArchiveBranch.NAME
            + "' branch with measurements publish NAME, and commit the manifest on main.",
    exitCodeListHeading = "Exit codes:%n",
    exitCodeList = {"0:packed", "2:bad usage (no such folder, a link inside it)"})
final class PackCommand implements Callable<Integer> {
  @Spec CommandSpec spec;
  @Mixin ArchivesOption archives;

  @Parameters(paramLabel = "FOLDER", description = "The measurement's folder.")
  Path folder;

  @Option(names = "--name", paramLabel = "NAME", description = "The archive's name.")
  String name;

  @Override
  public Integer call() throws IOException {
    if (!Files.isDirectory(folder)) {
      throw new CommandLine.ParameterException(spec.commandLine(), "no folder " + folder);
    }
    String n = name != null ? name : folder.toAbsolutePath().normalize().getFileName().toString();
    try {
      ArchiveManifest m =
          ArchivePacker.pack(folder, folder.normalize().toString(), archives.folder, n);
      spec.commandLine()
          .getOut()
          .printf(
              "%s: %d files, %d bytes -> %d bytes%n",
              n, m.files().size(), m.unpackedBytes(), m.archiveBytes());
      spec.commandLine()
          .getOut()
          .printf(
              "next: java -jar report/target/report.jar measurements publish %s (commits the"
                  + " archive onto the %s branch; then git push origin %s), and commit %s on"
                  + " main%n",
              n, ArchiveBranch.NAME, ArchiveBranch.NAME, ArchiveManifest.path(archives.folder, n));
      return ExitCode.OK.code();
    } catch (IllegalArgumentException e) {
      spec.commandLine().getErr().println("error: " + e.getMessage());
      return ExitCode.USAGE.code();
    }
  }
}
