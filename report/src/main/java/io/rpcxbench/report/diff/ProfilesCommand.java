package io.rpcxbench.report.diff;

import io.rpcxbench.api.ExitCode;
import io.rpcxbench.raw.AtomicText;
import io.rpcxbench.report.cli.OutFileConverter;
import io.rpcxbench.verdict.diff.DiffSide;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code profiles DIR}: a sweep across network profiles side by side, so that a ranking that flips
 * between the link on this machine and a WAN shows at a glance ({@link ProfileView}).
 *
 * <pre>
 * java -jar report.jar profiles results/profiles --out results/profiles/profiles.md
 * </pre>
 *
 * Exit codes: 0 ok, 1 a folder without raw files, 2 bad usage.
 */
@Command(
    name = "profiles",
    mixinStandardHelpOptions = true,
    description =
        "Each protocol's throughput, p50 and p99 under every network profile of a folder"
            + " (rpcx-bench sweep --profile loopback,cross-az,wan) side by side, with 95 %% intervals,"
            + " each profile's ranking (> only where a test says so) and the pairs whose order flips.",
    footer = {
      "",
      "Example:",
      "  ./rpcx-bench sweep --local --profile loopback,cross-az,wan --protocol rpcx,grpc-tuned \\",
      "    --threads 16 --requests 300 --runs 4 --out results/profiles",
      "  java -jar report/target/report.jar profiles results/profiles"
    })
public final class ProfilesCommand implements Callable<Integer> {
  @Spec CommandLine.Model.CommandSpec spec;

  @Parameters(index = "0", paramLabel = "DIR", description = "A folder of raw files.")
  Path dir;

  @Option(
      names = "--out",
      converter = OutFileConverter.class,
      paramLabel = "FILE",
      description = "Also write the page here.")
  Path out;

  @Override
  public Integer call() {
    PrintWriter stdout = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    try {
      DiffSide side = DiffSide.read(dir);
      side.problems().forEach(p -> err.println("warning: " + p));
      ProfileView view = ProfileView.of(side);
      if (!view.acrossProfiles()) {
        err.println(
            "note: no point of "
                + dir
                + " was measured under two network profiles (rpcx-bench sweep --profile A,B)");
      }
      String page = "# Across network profiles: " + dir.getFileName() + "\n\n" + view.markdown();
      stdout.print(page);
      if (out != null) {
        AtomicText.write(out, page);
      }
      return ExitCode.OK.code();
    } catch (IOException e) {
      err.println("error: " + e.getMessage());
      return ExitCode.FAILED.code();
    } finally {
      stdout.flush();
      err.flush();
    }
  }
}
