package io.rpcxbench.harness;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import picocli.CommandLine;

/**
 * Runs the harness command in this JVM, as main does, with stdout and stderr captured. {@link #run}
 * measures the paper's way ({@code --paper}: no warm-up) unless the arguments choose a warm-up: the
 * tests check behaviour, and a steady warm-up (the default) would add seconds to every point;
 * {@link #runAsGiven} passes the arguments untouched (the tests of the default).
 */
final class HarnessInvocation {
  private HarnessInvocation() {}

  record Outcome(int exitCode, String out, String err) {}

  static Outcome run(String... args) {
    return run(line -> {}, args);
  }

  /** {@code onErrLine} sees each stderr line (progress lines) as the harness prints it. */
  static Outcome run(Consumer<String> onErrLine, String... args) {
    return runAsGiven(onErrLine, paperUnlessChosen(args));
  }

  static Outcome runAsGiven(String... args) {
    return runAsGiven(line -> {}, args);
  }

  /** {@code args} with --paper added, unless they choose a warm-up themselves. */
  static String[] paperUnlessChosen(String... args) {
    for (String a : args) {
      if (a.startsWith("--warmup") || a.equals("--paper") || a.equals("--cold-start")) {
        return args;
      }
    }
    List<String> all = new ArrayList<>(List.of(args));
    all.add("--paper");
    return all.toArray(new String[0]);
  }

  static Outcome runAsGiven(Consumer<String> onErrLine, String... args) {
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
