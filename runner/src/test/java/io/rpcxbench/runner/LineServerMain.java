package io.rpcxbench.runner;

import io.rpcxbench.harness.testplugin.LineProtocol;
import io.rpcxbench.runner.point.LocalServers;
import java.util.List;

/**
 * The line test protocol's server as a program, started by {@link LocalServers} from a jar the test
 * writes ({@link TestJars}): prints its arguments, then the ready line server-kit prints. With
 * {@code --chain-to} and {@code --refuse-chain} it exits 2 as a gateway that refuses to be one.
 */
public final class LineServerMain {
  private LineServerMain() {}

  public static void main(String[] args) throws Exception {
    List<String> list = List.of(args);
    System.out.println("args: " + String.join(" ", list));
    if (list.contains("--chain-to") && list.contains("--refuse-chain")) {
      System.out.println("error: this protocol cannot be a chain gateway");
      System.exit(2);
    }
    if (list.contains("--exit-early")) {
      System.out.println("cannot start");
      System.exit(1);
    }
    try (LineProtocol.Server server = new LineProtocol.Server()) {
      System.out.println("line listening on 127.0.0.1:" + server.port());
      System.out.flush();
      Thread.sleep(Long.MAX_VALUE); // a stand-in server: it serves until the test kills it
    }
  }
}
