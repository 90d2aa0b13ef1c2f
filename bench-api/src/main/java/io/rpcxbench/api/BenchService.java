package io.rpcxbench.api;

import java.util.List;

/**
 * What a server serves once it has decoded a call: the four calls of the contract. Every server is
 * handed one by the server kit instead of building {@link BenchLogic} itself, so the same server
 * can be a plain service ({@link BenchLogic}), a service that works a while per call ({@code
 * --work}), or the gateway of a microservice chain ({@code --chain-to}) that calls two services
 * through the protocol's own client.
 *
 * <pre>{@code
 * BenchService service = new BenchLogic();          // what a server gets by default
 * String reply = service.hello("world");            // "hello, world"
 * }</pre>
 *
 * <p>Implementations are thread-safe. A missing or oversized argument is {@link
 * InvalidArgumentException}; a service the call depends on failed: {@link UnavailableException}.
 * Both become the protocol's own error reply, and the connection stays open.
 */
public interface BenchService {
  /** Returns {@code "hello, " + name}. */
  String hello(String name);

  /** Returns the payload unchanged. */
  byte[] echo(byte[] payload);

  /** Stores the value under the key and returns true. */
  boolean put(String key, byte[] value);

  /** Returns {@link BenchContract#items(int)}. */
  List<Item> items(int n);

  /**
   * Whether a call may wait (a sleep, other services' replies): a server that runs plain calls on
   * its I/O threads should then run them on worker threads, where it can. {@link BenchLogic}:
   * false.
   */
  default boolean blocks() {
    return false;
  }

  /**
   * The message shape the server was asked to carry ({@code --message FILE.proto:Name}, the server
   * kit's option), for the protocol's message carrier to load its schema from; empty: none.
   */
  default java.util.Optional<String> messageShape() {
    return java.util.Optional.empty();
  }

  /** One line for the server's log: what the service does per call. */
  default String describe() {
    return "bench logic";
  }
}
