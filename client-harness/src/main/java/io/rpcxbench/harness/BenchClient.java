package io.rpcxbench.harness;

import java.time.Duration;

/**
 * One protocol's client, created once per protocol JVM and shared by all worker threads (all
 * three clients are thread-safe). Failures are unchecked exceptions of the protocol's own type.
 */
interface BenchClient extends AutoCloseable {
  String hello(String name);

  byte[] echo(byte[] payload);

  /** One line for the provenance: the client as built, with every non-default setting. */
  String describe();

  /**
   * The client to use for the reachability probe, whose answer must come within the connect
   * timeout. Clients whose connect timeout already bounds the first call return themselves.
   */
  default BenchClient forProbe(Duration connectTimeout) {
    return this;
  }

  @Override
  void close();
}
