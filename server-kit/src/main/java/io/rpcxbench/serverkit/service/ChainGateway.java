package io.rpcxbench.serverkit.service;

import io.rpcxbench.api.BenchLogic;
import io.rpcxbench.api.BenchService;
import io.rpcxbench.api.Item;
import io.rpcxbench.api.UnavailableException;
import io.rpcxbench.spi.BenchClient;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.BiPredicate;
import java.util.function.Function;

/**
 * The gateway of a microservice chain (seed 002's order service): each call goes to every
 * downstream service in parallel through the protocol's own client, waits for all of them, checks
 * that all succeeded and agree, and answers with the agreed reply (put: true when all stored).
 *
 * <pre>{@code
 * ChainGateway gateway = new ChainGateway(
 *     List.of(new Downstream("127.0.0.1:8181", client1), new Downstream("127.0.0.1:8281", client2)),
 *     Duration.ofSeconds(5), executor);
 * gateway.hello("world");   // "hello, world", once both services said so
 * }</pre>
 *
 * <p>Arguments are checked here first, as every server checks them ({@code
 * InvalidArgumentException}). A downstream that fails, or does not answer within the deadline, is
 * {@link UnavailableException}; services that disagree, {@link IllegalStateException}: both end in
 * the protocol's error reply, never a hang. The calling server thread waits for the replies (as a
 * blocking handler would). A client with an asynchronous API ({@link BenchClient#isAsync()}) is
 * called from that thread; any other on the executor's threads, so that the calls overlap; clients
 * are shared by all threads, as the harness shares them (those with a connection per calling thread
 * open one per executor thread).
 */
public final class ChainGateway implements BenchService, AutoCloseable {
  /** One downstream service: its address for messages and its client. */
  public record Downstream(String name, BenchClient client) {}

  private final List<Downstream> services;
  private final long timeoutNanos;
  private final ExecutorService executor;
  private final BenchLogic checks = new BenchLogic();

  /**
   * @param services the services every call goes to, at least one
   * @param timeout how long a call waits for all replies
   * @param executor runs the calls of clients without an asynchronous API; closed with the gateway
   */
  public ChainGateway(List<Downstream> services, Duration timeout, ExecutorService executor) {
    if (services.isEmpty()) {
      throw new IllegalArgumentException("a chain needs at least one service");
    }
    this.services = List.copyOf(services);
    this.timeoutNanos = timeout.toNanos();
    this.executor = Objects.requireNonNull(executor, "executor");
  }

  @Override
  public String hello(String name) {
    checks.hello(name);
    return call("hello", c -> c.helloAsync(name), c -> c.hello(name), String::equals);
  }

  @Override
  public byte[] echo(byte[] payload) {
    checks.echo(payload);
    return call("echo", c -> c.echoAsync(payload), c -> c.echo(payload), Arrays::equals);
  }

  @Override
  public boolean put(String key, byte[] value) {
    checks.put(key, value);
    boolean stored =
        call("put", c -> c.putAsync(key, value), c -> c.put(key, value), Boolean::equals);
    if (!stored) {
      throw new IllegalStateException("put: a service answered false");
    }
    return true;
  }

  @Override
  public List<Item> items(int n) {
    BenchLogic.checkItemCount(n);
    return call("items", c -> c.itemsAsync(n), c -> c.items(n), List::equals);
  }

  @Override
  public boolean blocks() {
    return true;
  }

  @Override
  public String describe() {
    StringBuilder line = new StringBuilder("chain gateway to ");
    for (int i = 0; i < services.size(); i++) {
      line.append(i == 0 ? "" : ", ")
          .append(services.get(i).name())
          .append(" (")
          .append(services.get(i).client().describe())
          .append(')');
    }
    return line.append(", timeout ").append(timeoutNanos / 1_000_000).append("ms").toString();
  }

  /** Closes every client and the executor. */
  @Override
  public void close() {
    executor.shutdownNow();
    for (Downstream service : services) {
      try {
        service.client().close();
      } catch (RuntimeException e) {
        // closing anyway
      }
    }
  }

  /**
   * Starts the call on every service, then waits for each reply in turn until the common deadline;
   * the first failure ends the call (the others' replies are dropped), and a late reply cancels the
   * rest.
   */
  private <T> T call(
      String call,
      Function<BenchClient, CompletableFuture<T>> async,
      Function<BenchClient, T> blocking,
      BiPredicate<T, T> same) {
    long deadline = System.nanoTime() + timeoutNanos;
    List<CompletableFuture<T>> replies = new ArrayList<>(services.size());
    for (Downstream service : services) {
      replies.add(start(service.client(), async, blocking));
    }
    T agreed = null;
    try {
      for (int i = 0; i < replies.size(); i++) {
        T reply = await(call, i, replies.get(i), deadline);
        if (i == 0) {
          agreed = reply;
        } else if (!same.test(agreed, reply)) {
          throw new IllegalStateException(
              call + ": " + services.get(i).name() + " disagrees with " + services.get(0).name());
        }
      }
      return agreed;
    } finally {
      for (CompletableFuture<T> reply : replies) {
        reply.cancel(false); // no-op for those done; a queued blocking call then never runs
      }
    }
  }

  private <T> CompletableFuture<T> start(
      BenchClient client,
      Function<BenchClient, CompletableFuture<T>> async,
      Function<BenchClient, T> blocking) {
    try {
      return client.isAsync()
          ? async.apply(client)
          : CompletableFuture.supplyAsync(() -> blocking.apply(client), executor);
    } catch (RejectedExecutionException e) {
      return CompletableFuture.failedFuture(
          new UnavailableException("chain gateway: every thread is busy", e));
    } catch (RuntimeException e) { // an async form that throws instead of failing its future
      return CompletableFuture.failedFuture(e);
    }
  }

  private <T> T await(String call, int i, CompletableFuture<T> reply, long deadline) {
    String service = services.get(i).name();
    try {
      T value = reply.get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
      if (value == null) {
        throw new UnavailableException(call + ": " + service + " answered nothing");
      }
      return value;
    } catch (TimeoutException e) {
      throw new UnavailableException(
          call + ": " + service + " did not answer within " + timeoutNanos / 1_000_000 + "ms");
    } catch (ExecutionException | CancellationException e) {
      Throwable cause = e instanceof ExecutionException ? e.getCause() : e;
      throw new UnavailableException(call + ": " + service + " failed: " + cause, cause);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new UnavailableException(call + ": interrupted while waiting for " + service);
    }
  }
}
