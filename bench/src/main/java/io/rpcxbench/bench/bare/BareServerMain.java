package io.rpcxbench.bench.bare;

import io.rpcxbench.serverkit.ServerDefinition;
import io.rpcxbench.serverkit.ServerMain;

/**
 * {@code java -jar bench/target/bare-server.jar [--bind ADDR] [--port 8090]}: the bare Netty
 * baseline's server (a benchmark floor, not a product protocol), on the server kit's command line:
 * varint32 frames [id][name] -> [id]["hello, " + name], answered on the event loop.
 */
public final class BareServerMain {
  /** Default port of the baseline: next to the catalog's 8081-8089, never one of them. */
  public static final int DEFAULT_PORT = 8090;

  static final ServerDefinition DEFINITION =
      ServerDefinition.of(
          BareProtocol.ID,
          DEFAULT_PORT,
          "The bare Netty request/response baseline (a benchmark floor, not a product protocol).",
          "Example: java -jar bench/target/bare-server.jar --port 8090");

  private BareServerMain() {}

  public static void main(String[] args) {
    // The jar carries slf4j-simple unregistered (see bench/pom.xml); Netty logs nothing here.
    System.setProperty("slf4j.provider", "org.slf4j.simple.SimpleServiceProvider");
    ServerMain.run(DEFINITION, (bind, port, extra) -> BareServer.start(bind, port), args);
  }
}
