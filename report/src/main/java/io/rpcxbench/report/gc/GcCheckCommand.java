package io.rpcxbench.report.gc;

import io.rpcxbench.api.ExitCode;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * {@code gc-check window|size|next|table}: every number and the report of bench/gc-check.sh, which
 * only drives the OS (servers, harness JVMs, {@code jcmd}) and asks this for the rest.
 *
 * <pre>
 * java -jar report.jar gc-check window results/gc-check/x/rpcx/gc.log --from 12.51 --to 73.40
 *     # 47.1 26 0 4 n/a 60.9 0.08   (pause_ms pauses full_pauses max_after_mb live_mb wall_s share_pct)
 * java -jar report.jar gc-check size --rate 61234.5 --seconds 60 --runs 6 --threads 64
 *     # 9567                          (calls per thread per run)
 * java -jar report.jar gc-check next --rate 61234.5 --calls 3713664 --harness-from 12.9 --to 73.4 \
 *     --from 12.5 --harnesses 1 --seconds 60 --runs 6 --threads 64
 *     # 61383.7 60.9 done             (rate, window so far s, next calls per thread or done)
 * java -jar report.jar gc-check table results/gc-check/x --share-max 2 --load-threads 64 \
 *     --load-seconds 60 --many-threads 990 --many-rounds 4 --many-runs 2 --many-requests 20 > gc.md
 * </pre>
 */
@Command(
    name = "gc-check",
    mixinStandardHelpOptions = true,
    description =
        "The computations of bench/gc-check.sh: GC pauses in an uptime window of a unified GC log, "
            + "the sizing of phase 1's harness runs, and the report with its verdicts.",
    subcommands = {
      GcWindowCommand.class,
      GcSizeCommand.class,
      GcNextCommand.class,
      GcTableCommand.class
    })
public final class GcCheckCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Override
  public Integer call() {
    spec.commandLine().usage(spec.commandLine().getErr());
    return ExitCode.USAGE.code();
  }
}
