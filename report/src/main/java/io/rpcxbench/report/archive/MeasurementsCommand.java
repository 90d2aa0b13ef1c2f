package io.rpcxbench.report.archive;

import io.rpcxbench.api.ExitCode;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * {@code measurements fetch|verify|unpack|pack|publish}: the raw evidence behind the docs, one
 * archive a measurement: {@code NAME.manifest.tsv} in main's {@code measurements/}, {@code
 * NAME.tar.xz} on the orphan {@code measurements} branch, fetched into {@code measurements/}.
 *
 * <pre>
 * java -jar report/target/report.jar measurements fetch                   # every archive, checked
 * java -jar report/target/report.jar measurements verify                  # every archive
 * java -jar report/target/report.jar measurements unpack knee-2026-11-22  # results/measurements/
 * java -jar report/target/report.jar measurements unpack knee-2026-11-22 --to /tmp/knee
 * </pre>
 */
@Command(
    name = "measurements",
    mixinStandardHelpOptions = true,
    description =
        "The measurements' raw evidence, one archive each: NAME.manifest.tsv in main's"
            + " measurements/ (the archive's size and sha256, every file's path, bytes, sha256,"
            + " commit, machine, date), NAME.tar.xz (xz -9) on the orphan 'measurements' branch."
            + " fetch gets the archives into measurements/, checked; verify checks every sha256;"
            + " unpack checks and writes the files; pack makes an archive of a folder; publish"
            + " commits it onto the measurements branch.",
    subcommands = {
      FetchCommand.class,
      VerifyCommand.class,
      UnpackCommand.class,
      PackCommand.class,
      PublishCommand.class
    },
    footer =
        "%nExample: java -jar report.jar measurements fetch knee-2026-11-22 && java -jar"
            + " report.jar measurements unpack knee-2026-11-22",
    exitCodeListHeading = "Exit codes:%n",
    exitCodeList = {
      "0:ok",
      "1:an archive failed its check (corrupted, truncated, a file missing or changed), is not"
          + " here (measurements fetch NAME), or git failed",
      "2:bad usage (no such measurement, --to a folder holding other files)",
      "124:git did not answer in time"
    })
public final class MeasurementsCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Override
  public Integer call() {
    spec.commandLine().usage(spec.commandLine().getErr());
    return ExitCode.USAGE.code();
  }
}
