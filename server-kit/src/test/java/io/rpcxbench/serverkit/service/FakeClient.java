package io.rpcxbench.serverkit.service;

import io.rpcxbench.api.BenchContract;
import io.rpcxbench.api.Item;
import io.rpcxbench.spi.BenchClient;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;

/** A downstream service in memory: answers right, wrong, fails, or never; counts its calls. */
public final class FakeClient implements BenchClient {
  /** How it answers. */
  public enum Behaviour {
    RIGHT,
    WRONG,
    FAILS,
    HANGS
  }

  public final AtomicInteger calls = new AtomicInteger();
  public final AtomicInteger asyncCalls = new AtomicInteger();
  public volatile boolean closed;
  private final Behaviour behaviour;
  private final boolean async;
  private final CountDownLatch never = new CountDownLatch(1);

  public FakeClient(Behaviour behaviour, boolean async) {
    this.behaviour = behaviour;
    this.async = async;
  }

  private <T> T answer(T right, T wrong) {
    calls.incrementAndGet();
    switch (behaviour) {
      case WRONG:
        return wrong;
      case FAILS:
        throw new IllegalStateException("connection refused");
      case HANGS:
        try {
          never.await();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
        throw new IllegalStateException("interrupted");
      default:
        return right;
    }
  }

  @Override
  public String hello(String name) {
    return answer(BenchContract.helloReply(name), "hi, " + name);
  }

  @Override
  public byte[] echo(byte[] payload) {
    return answer(payload, new byte[] {1, 2, 3});
  }

  @Override
  public boolean put(String key, byte[] value) {
    return answer(true, false);
  }

  @Override
  public List<Item> items(int n) {
    return answer(BenchContract.items(n), BenchContract.items(n + 1));
  }

  @Override
  public boolean isAsync() {
    return async;
  }

  @Override
  public CompletableFuture<String> helloAsync(String name) {
    asyncCalls.incrementAndGet();
    if (behaviour == Behaviour.HANGS) {
      calls.incrementAndGet();
      return new CompletableFuture<>();
    }
    return CompletableFuture.supplyAsync(() -> hello(name));
  }

  @Override
  public String describe() {
    return "fake " + behaviour;
  }

  @Override
  public void close() {
    closed = true;
    never.countDown();
  }
}
