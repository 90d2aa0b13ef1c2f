package io.rpcxbench.report.gc;

import io.rpcxbench.api.ExitCode;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.AccessDeniedException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code gc-check table DIR ...}: bench/gc-check.sh's report from the phase1.txt and phase2.txt in
 * DIR, in markdown, with its verdicts (see {@link GcCheckTable}); exit 99 when one is MISS.
 *
 * <pre>
 * java -jar report.jar gc-check table results/gc-check/x --share-max 2 --load-threads 64 \
 *     --load-seconds 60 --many-threads 990 --many-rounds 4 --many-runs 2 --many-requests 20 > gc.md
 * </pre>
 */
@Command(
    name = "table",
    mixinStandardHelpOptions = true,
    description =
        "Print the GC check's report from DIR/phase1.txt and DIR/phase2.txt: phase 1's table "
            + "(PASS: GC share below --share-max %% and no full GC), phase 2's, and per server its "
            + "live set after GC.run (PASS: the last round at most 1 MB above the first).")
final class GcTableCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Parameters(paramLabel = "DIR", description = "The check's result folder.")
  Path folder;

  @Option(
      names = "--share-max",
      required = true,
      paramLabel = "PCT",
      converter = DecimalText.Converter.class,
      description = "Phase 1's limit on the GC share of wall time, %%.")
  DecimalText shareMax;

  @Option(
      names = "--load-threads",
      required = true,
      paramLabel = "N",
      description = "Phase 1's client threads, as the check ran it (the report states it).")
  int loadThreads;

  @Option(
      names = "--load-seconds",
      required = true,
      paramLabel = "S",
      description = "Phase 1's length in seconds, as the check ran it (the report states it).")
  int loadSeconds;

  @Option(
      names = "--many-threads",
      required = true,
      paramLabel = "N",
      description = "Phase 2's client threads, as the check ran it (the report states it).")
  int manyThreads;

  @Option(
      names = "--many-rounds",
      required = true,
      paramLabel = "N",
      description = "Phase 2's rounds: harness JVMs, each followed by GC.run.")
  int manyRounds;

  @Option(
      names = "--many-runs",
      required = true,
      paramLabel = "N",
      description = "Phase 2's runs per harness JVM.")
  int manyRuns;

  @Option(
      names = "--many-requests",
      required = true,
      paramLabel = "N",
      description = "Phase 2's calls per thread per run.")
  int manyRequests;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    try {
      GcCheckTable table =
          GcCheckTable.read(
              folder,
              new GcCheckTable.Setup(
                  loadThreads,
                  loadSeconds,
                  manyThreads,
                  manyRounds,
                  manyRuns,
                  manyRequests,
                  shareMax.text()));
      out.print(table.markdown());
      // a verdict MISS: GATE_FAILED, as choose's and diff's failed thresholds
      return table.allPass() ? ExitCode.OK.code() : ExitCode.GATE_FAILED.code();
    } catch (IOException | RuntimeException e) {
      err.println("error: gc-check table " + folder + ": " + reason(e));
      return ExitCode.FAILED.code();
    } finally {
      out.flush();
      err.flush();
    }
  }

  /** One line: a missing or forbidden file says so instead of naming only the path. */
  static String reason(Exception e) {
    if (e instanceof NoSuchFileException) {
      return "no such file: " + e.getMessage();
    }
    if (e instanceof AccessDeniedException) {
      return "permission denied: " + e.getMessage();
    }
    return e.getMessage();
  }
}
