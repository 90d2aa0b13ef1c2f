import io.rpcxbench.harness.HarnessCommand;
import io.rpcxbench.runner.RpcxBenchCommand;
import java.util.Arrays;
import picocli.CommandLine;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;

/**
 * readme.bats's check of a command it cannot afford to run (a sweep of trials, a compare of two
 * builds): parses its arguments with the real command line of rpcx-bench or the client harness,
 * so that an unknown option, a missing value or a value of the wrong type fails as it would, and
 * runs nothing. Prints the command it resolved to; exit 0, or 2 with picocli's message.
 *
 * <pre>
 * java -cp client-harness/target/client-harness.jar ParseOnly.java rpcx-bench compare A B --threshold 'delta.p99<10%'
 * </pre>
 */
public final class ParseOnly {
  public static void main(String[] args) {
    CommandLine cl =
        switch (args[0]) {
          case "rpcx-bench" -> RpcxBenchCommand.commandLine();
          case "client-harness" -> HarnessCommand.commandLine();
          default -> throw new IllegalArgumentException("rpcx-bench or client-harness, got " + args[0]);
        };
    try {
      ParseResult parsed = cl.parseArgs(Arrays.copyOfRange(args, 1, args.length));
      StringBuilder names = new StringBuilder(args[0]);
      for (ParseResult p = parsed.subcommand(); p != null; p = p.subcommand()) {
        names.append(' ').append(p.commandSpec().name());
      }
      System.out.println("parsed: " + names);
    } catch (ParameterException e) {
      System.err.println(e.getMessage());
      System.exit(2);
    }
  }
}
