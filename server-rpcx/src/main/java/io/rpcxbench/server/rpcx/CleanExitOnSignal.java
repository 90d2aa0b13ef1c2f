package io.rpcxbench.server.rpcx;

import sun.misc.Signal;

/**
 * SIGTERM and SIGINT become {@code System.exit(0)}: the shutdown hook still stops the server
 * gracefully, and the process reports a clean stop instead of the JVM's 143/130, the same as the
 * other two servers.
 */
final class CleanExitOnSignal {
  private CleanExitOnSignal() {}

  static void install() {
    for (String name : new String[] {"TERM", "INT"}) {
      Signal.handle(new Signal(name), signal -> System.exit(0));
    }
  }
}
