package io.rpcxbench.spi;

import io.rpcxbench.api.Item;
import java.time.Duration;
import java.util.List;

/**
 * One protocol's client, created once per protocol JVM and shared by all load threads, so it must
 * be thread-safe. Failures are unchecked exceptions of the protocol's own type; the harness counts
 * them as errors. The harness checks every reply itself. A null argument is sent as "missing" where
 * the wire can say so; the server then rejects the call (see {@code BenchLogic}).
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

  /** Must store the value under the key and return true. */
  boolean put(String key, byte[] value);

  /** Must return {@code BenchContract.items(n)}. */
  List<Item> items(int n);

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
