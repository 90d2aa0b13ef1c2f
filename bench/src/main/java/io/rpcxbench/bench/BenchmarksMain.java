package io.rpcxbench.bench;

import io.rpcxbench.api.RpcxBenchVersion;
import java.io.PrintStream;

/**
 * {@code benchmarks.jar}'s entry point: JMH's own command line, and {@code --version}, which JMH
 * does not have, with the version line every jar of the project prints.
 *
 * <pre>
 * java -jar bench/target/benchmarks.jar --version       # rpcx-bench 0.1.0-SNAPSHOT (commit ...)
 * java -jar bench/target/benchmarks.jar -l              # JMH: the benchmarks
 * </pre>
 */
public final class BenchmarksMain {
  private BenchmarksMain() {}

  public static void main(String[] args) throws Exception {
    if (!version(args, System.out)) {
      org.openjdk.jmh.Main.main(args);
    }
  }

  /** Prints the version line when {@code args} asks only for it. */
  static boolean version(String[] args, PrintStream out) {
    if (args.length == 1 && args[0].equals("--version")) {
      out.println(RpcxBenchVersion.line());
      return true;
    }
    return false;
  }
}
