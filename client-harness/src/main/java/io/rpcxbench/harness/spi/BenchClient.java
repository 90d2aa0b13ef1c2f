package io.rpcxbench.harness.spi;

import java.time.Duration;

/**
 * One protocol's client, created once per protocol JVM and shared by all load threads, so it
 * must be thread-safe. Failures are unchecked exceptions of the protocol's own type; the harness
 * counts them as errors. The harness checks every reply itself.
 *
 * <pre>{@code
 * try (BenchClient client = provider.open(options)) {
 *   String reply = client.hello("world");   // must be "hello, world"
 * }
 * }</pre>
 */
public interface BenchClient extends AutoCloseable {
  /** Must return {@code "hello, " + name} ({@code BenchContract.helloReply}). */
  String hello(String name);

  /** Must return the payload's bytes unchanged. */
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
