package io.rpcxbench.harness;

/** Entry point of {@code client-harness.jar}; the only place that calls {@code System.exit}. */
public final class HarnessMain {
  private HarnessMain() {}

  public static void main(String[] args) {
    System.exit(HarnessCommand.commandLine().execute(args));
  }
}
