package io.rpcxbench.spi;

import io.rpcxbench.api.Item;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;

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
 *
 * <p>The {@code ...Async} forms serve the harness's open-loop and in-flight load models (many calls
 * outstanding without a thread each). Their defaults run the blocking call in the calling thread
 * and return a completed future, so every protocol works; a protocol whose client has a real
 * asynchronous API (RPCX's {@code CompletableFuture} methods, gRPC's async stub) overrides them and
 * {@link #isAsync()}. A failure completes the future exceptionally; it is never thrown.
 *
 * <pre>{@code
 * if (client.isAsync()) {
 *   client.helloAsync("world").whenComplete((reply, failure) -> record(reply, failure));
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
   * The TLS session the client negotiated, as {@code "TLSv1.3 TLS_AES_128_GCM_SHA256"} (protocol
   * version and cipher suite), once a call has completed over TLS and where the stack exposes it;
   * empty for plaintext, before the first call, or when the stack hides its session. A run records
   * it.
   */
  default Optional<String> tlsSession() {
    return Optional.empty();
  }

  /**
   * The client to use for the reachability probe, whose answer must come within the connect
   * timeout. Clients whose connect timeout already bounds the first call return themselves.
   */
  default BenchClient forProbe(Duration connectTimeout) {
    return this;
  }

  /**
   * Whether the {@code ...Async} methods return before the reply is in (the client has an
   * asynchronous API). False: they block like the plain methods, and the harness gives every
   * outstanding call a thread of its own instead.
   */
  default boolean isAsync() {
    return false;
  }

  /** {@link #hello} without waiting for the reply (when {@link #isAsync()}). */
  default CompletableFuture<String> helloAsync(String name) {
    return completed(() -> hello(name));
  }

  /** {@link #echo} without waiting for the reply (when {@link #isAsync()}). */
  default CompletableFuture<byte[]> echoAsync(byte[] payload) {
    return completed(() -> echo(payload));
  }

  /** {@link #put} without waiting for the reply (when {@link #isAsync()}). */
  default CompletableFuture<Boolean> putAsync(String key, byte[] value) {
    return completed(() -> put(key, value));
  }

  /** {@link #items} without waiting for the reply (when {@link #isAsync()}). */
  default CompletableFuture<List<Item>> itemsAsync(int n) {
    return completed(() -> items(n));
  }

  /** Runs a blocking call here; its result or its failure as a completed future. */
  private static <T> CompletableFuture<T> completed(Supplier<T> call) {
    try {
      return CompletableFuture.completedFuture(call.get());
    } catch (RuntimeException e) {
      return CompletableFuture.failedFuture(e);
    }
  }

  @Override
  void close();
}
