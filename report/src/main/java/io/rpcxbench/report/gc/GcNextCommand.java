package io.rpcxbench.report.gc;

import io.rpcxbench.api.ExitCode;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code gc-check next ...}: after a harness of phase 1, the rate to size the next one from, the
 * window so far and the next harness's calls per thread per run, or {@code done} (see {@link
 * PhaseOnePlan}).
 *
 * <pre>
 * java -jar report.jar gc-check next --rate 61234.5 --calls 737280 --harness-from 14.2 --to 26.3 \
 *     --from 12.5 --harnesses 1 --seconds 60 --runs 6 --threads 64
 * 60932.2 13.8 7330
 * </pre>
 */
@Command(
    name = "next",
    mixinStandardHelpOptions = true,
    description =
        "After harness number --harnesses of phase 1 (uptime --harness-from to --to, --calls "
            + "calls), print 'rate window_s next': the rate the next harness is sized from (calls "
            + "over the harness's uptime span, else --rate as given), the window from --from to "
            + "--to (s, 1 decimal), and the next harness's calls per thread per run for the "
            + "window's time left, or 'done' when the window is within 2 s of --seconds or 10 "
            + "harnesses have run.")
final class GcNextCommand implements Callable<Integer> {
  static final String DONE = "done";

  @Spec CommandSpec spec;

  @Mixin UptimeWindow window;

  @Mixin PhaseOneOptions phaseOne;

  @Option(
      names = "--rate",
      required = true,
      paramLabel = "X",
      converter = DecimalText.Converter.class,
      description = "The rate the last harness was sized from (calls/s).")
  DecimalText rate;

  @Option(
      names = "--calls",
      required = true,
      paramLabel = "C",
      description = "The last harness's calls (0: its file was not read).")
  long calls;

  @Option(
      names = "--harness-from",
      required = true,
      paramLabel = "S",
      converter = DecimalText.Converter.class,
      description = "The server's uptime when the last harness started.")
  DecimalText harnessFrom;

  @Option(
      names = "--harnesses",
      required = true,
      paramLabel = "N",
      description = "Harnesses run so far.")
  int harnesses;

  @Override
  public Integer call() {
    PhaseOnePlan plan = phaseOne.plan(spec);
    if (calls < 0 || harnesses < 0) {
      throw new CommandLine.ParameterException(
          spec.commandLine(), "--calls and --harnesses must be at least 0");
    }
    String nextRate =
        PhaseOnePlan.nextRate(rate.text(), calls, harnessFrom.value(), window.to.value());
    String next =
        plan.wantsMore(window.from.value(), window.to.value(), harnesses)
            ? Long.toString(
                plan.callsPerThreadLeft(
                    Double.parseDouble(nextRate), window.from.value(), window.to.value()))
            : DONE;
    spec.commandLine()
        .getOut()
        .println(
            nextRate
                + " "
                + AwkNumbers.fixed(window.to.value() - window.from.value(), 1)
                + " "
                + next);
    spec.commandLine().getOut().flush();
    return ExitCode.OK.code();
  }
}
