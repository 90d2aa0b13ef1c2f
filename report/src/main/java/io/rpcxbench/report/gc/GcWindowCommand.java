package io.rpcxbench.report.gc;

import io.rpcxbench.api.ExitCode;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code gc-check window LOG --from S --to S}: the pauses of a unified GC log in a window of the
 * JVM's uptime, on one line (see {@link GcLogWindow}).
 *
 * <pre>
 * java -jar report.jar gc-check window rpcx/gc.log --from 12.51 --to 73.40
 * 47.1 26 0 4 n/a 60.9 0.08
 * </pre>
 */
@Command(
    name = "window",
    mixinStandardHelpOptions = true,
    description =
        "Print 'pause_ms pauses full_pauses max_after_mb live_after_gcrun_mb wall_s share_pct' of "
            + "the one-line pause summaries ([gc] tag) logged from uptime --from to --to s: the "
            + "pauses' total time (ms, 1 decimal) and number, the full pauses other than requested "
            + "ones (Diagnostic Command, System.gc()), the largest heap after a pause (MB), the heap "
            + "after the last requested full GC (MB, n/a without one), the window's length (s, 1 "
            + "decimal) and the pauses' share of it (%%, 2 decimals; n/a for 0.0 s).")
final class GcWindowCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Mixin UptimeWindow window;

  @Parameters(paramLabel = "LOG", description = "-Xlog:gc*:file=LOG:uptime,level,tags")
  Path log;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    try {
      out.println(GcLogWindow.read(log, window.from.value(), window.to.value()).summaryLine());
      return ExitCode.OK.code();
    } catch (IOException | RuntimeException e) {
      err.println("error: gc-check window " + log + ": " + GcTableCommand.reason(e));
      return ExitCode.FAILED.code();
    } finally {
      out.flush();
      err.flush();
    }
  }
}
