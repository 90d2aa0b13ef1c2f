package io.rpcxbench.report.gc;

import io.rpcxbench.api.ExitCode;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code gc-check size --rate X --seconds S --runs K --threads T}: calls per thread per run for a
 * harness of K runs at T threads to last about S s at X calls/s, at least 10 (see {@link
 * PhaseOnePlan}).
 *
 * <pre>
 * java -jar report.jar gc-check size --rate 61234.5 --seconds 60 --runs 6 --threads 64
 * 9567
 * </pre>
 */
@Command(
    name = "size",
    mixinStandardHelpOptions = true,
    description =
        "Print the calls per thread per run that fill --seconds at --rate calls/s with --runs runs "
            + "at --threads threads: int(rate * seconds / runs / threads), at least 10.")
final class GcSizeCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Mixin PhaseOneOptions phaseOne;

  @Option(
      names = "--rate",
      required = true,
      paramLabel = "X",
      converter = DecimalText.Converter.class,
      description = "Calls/s measured so far (the calibration's).")
  DecimalText rate;

  @Override
  public Integer call() {
    spec.commandLine().getOut().println(phaseOne.plan(spec).callsPerThread(rate.value()));
    spec.commandLine().getOut().flush();
    return ExitCode.OK.code();
  }
}
