package io.rpcxbench.harness;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import picocli.CommandLine;

/** Runs the harness command in this JVM, as main does, with stdout and stderr captured. */
final class HarnessInvocation {
  private HarnessInvocation() {}

  record Outcome(int exitCode, String out, String err) {}

  static Outcome run(String... args) {
    return run(line -> {}, args);
  }

  /** {@code onErrLine} sees each stderr line (progress lines) as the harness prints it. */
  static Outcome run(Consumer<String> onErrLine, String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    PrintWriter errWriter =
        new PrintWriter(err, true) {
          @Override
          public void println(String line) {
            super.println(line);
            onErrLine.accept(line);
          }
        };
    CommandLine cl = HarnessCommand.commandLine();
    cl.setOut(new PrintWriter(out, true));
    cl.setErr(errWriter);
    int code = cl.execute(args);
    return new Outcome(code, out.toString(), err.toString());
  }

  static String[] args(Object... parts) {
    List<String> list = new ArrayList<>();
    for (Object p : parts) {
      list.add(String.valueOf(p));
    }
    return list.toArray(new String[0]);
  }
}
