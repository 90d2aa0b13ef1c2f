package io.rpcxbench.report.archive;

import io.rpcxbench.api.ExitCode;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * {@code measurements verify|unpack|pack}: the raw evidence behind the docs, one archive a
 * measurement in {@code measurements/} ({@code NAME.tar.xz} and {@code NAME.manifest.tsv}).
 *
 * <pre>
 * java -jar report/target/report.jar measurements verify                  # every archive
 * java -jar report/target/report.jar measurements unpack knee-2026-11-22  # results/measurements/
 * java -jar report/target/report.jar measurements unpack knee-2026-11-22 --to /tmp/knee
 * </pre>
 */
@Command(
    name = "measurements",
    mixinStandardHelpOptions = true,
    description =
        "The measurements' raw evidence, one archive each in measurements/ (NAME.tar.xz, xz -9,"
            + " and NAME.manifest.tsv: every file's path, bytes, sha256, commit, machine, date)."
            + " verify checks every sha256; unpack checks and writes the files; pack makes an"
            + " archive of a folder.",
    subcommands = {VerifyCommand.class, UnpackCommand.class, PackCommand.class},
    footer = "%nExample: java -jar report.jar measurements unpack knee-2026-11-22",
    exitCodeListHeading = "Exit codes:%n",
    exitCodeList = {
      "0:ok",
      "1:an archive failed its check (corrupted, truncated, a file" + " missing or changed)",
      "2:bad usage (no such measurement, --to a folder holding other files)"
    })
public final class MeasurementsCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Override
  public Integer call() {
    spec.commandLine().usage(spec.commandLine().getErr());
    return ExitCode.USAGE.code();
  }
}
