package io.rpcxbench.runner;

/** Entry point of {@code rpcx-bench}; the only place of it that calls {@code System.exit}. */
public final class RpcxBenchMain {
  private RpcxBenchMain() {}

  public static void main(String[] args) {
    System.exit(RpcxBenchCommand.commandLine().execute(args));
  }
}
