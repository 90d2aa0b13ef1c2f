package io.rpcxbench.harness.testplugin;

import io.rpcxbench.api.BenchContract;
import io.rpcxbench.api.Item;
import io.rpcxbench.spi.BenchClient;
import io.rpcxbench.spi.ClientOptions;
import io.rpcxbench.spi.ProtocolProvider;
import io.rpcxbench.spi.ServerLaunch;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * An in-JVM protocol for the load-model tests, with a {@link Server} the test scripts: it counts
 * the calls it holds at once, can hold replies until a number of calls are in (so that a test sees
 * how many a load model keeps outstanding without relying on timing), can make one call slow, and
 * can stall once the way a server whose connection stops taking requests stalls its clients (the
 * client's send blocks). No socket: the "port" names a server in this JVM. {@code scripted} has an
 * async client, {@code scripted-sync} the same calls blocking only.
 */
public class ScriptedProtocol implements ProtocolProvider {
  public static final String ID = "scripted";
  public static final int TYPE = 98;

  private static final Map<Integer, Server> SERVERS = new ConcurrentHashMap<>();
  private static final AtomicInteger NEXT_PORT = new AtomicInteger(40_000);

  @Override
  public String id() {
    return ID;
  }

  @Override
  public String label() {
    return "scripted in-JVM test protocol";
  }

  @Override
  public int type() {
    return TYPE;
  }

  /** Nothing is served on it: a server must be named with --port. */
  @Override
  public int defaultPort() {
    return 1;
  }

  @Override
  public ServerLaunch server() {
    return new ServerLaunch("", List.of(), "the test's own in-JVM server");
  }

  boolean async() {
    return true;
  }

  @Override
  public BenchClient open(ClientOptions options) {
    Server server = SERVERS.get(options.port());
    if (server == null) {
      throw new IllegalStateException("no scripted server on port " + options.port());
    }
    return new Client(server, async());
  }

  /** The same protocol with a blocking client only. */
  public static final class Sync extends ScriptedProtocol {
    @Override
    public String id() {
      return ID + "-sync";
    }

    @Override
    public int type() {
      return TYPE - 1;
    }

    @Override
    boolean async() {
      return false;
    }
  }

  private static final class Client implements BenchClient {
    private final Server server;
    private final boolean async;

    Client(Server server, boolean async) {
      this.server = server;
      this.async = async;
    }

    @Override
    public boolean isAsync() {
      return async;
    }

    @Override
    public CompletableFuture<String> helloAsync(String name) {
      if (!async) {
        return BenchClient.super.helloAsync(name);
      }
      return server.call(name);
    }

    @Override
    public String hello(String name) {
      try {
        return server.call(name).get();
      } catch (ExecutionException e) {
        throw new IllegalStateException(e.getCause());
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException(e);
      }
    }

    @Override
    public byte[] echo(byte[] payload) {
      return payload;
    }

    @Override
    public boolean put(String key, byte[] value) {
      return true;
    }

    @Override
    public List<Item> items(int n) {
      return BenchContract.items(n);
    }

    @Override
    public String describe() {
      return "scripted, " + (async ? "async" : "blocking");
    }

    @Override
    public void close() {
      // the server belongs to the test
    }
  }

  /** The scripted server; {@link #port()} names it to the harness. */
  public static final class Server implements AutoCloseable {
    /** A held reply is released after this at the latest, so that a wrong harness cannot hang. */
    private static final long HOLD_LIMIT_MS = 2_000;

    private final int port = NEXT_PORT.getAndIncrement();
    private final ScheduledExecutorService replies =
        Executors.newSingleThreadScheduledExecutor(
            r -> {
              Thread t = new Thread(r, "scripted-server");
              t.setDaemon(true);
              return t;
            });
    private final AtomicInteger calls = new AtomicInteger();
    private final AtomicInteger inProgress = new AtomicInteger();
    private final AtomicInteger maxInProgress = new AtomicInteger();
    private final List<Runnable> held = new ArrayList<>();
    private volatile int releaseAt = 1;
    private volatile int stallAt = -1;
    private volatile Duration stall = Duration.ZERO;
    private volatile int slowAt = -1;
    private volatile Duration slow = Duration.ZERO;
    private volatile int dropAt = -1;
    private volatile Duration every = Duration.ZERO;

    public Server() {
      SERVERS.put(port, this);
    }

    public int port() {
      return port;
    }

    /** Replies wait until {@code n} calls are held, then all go (at most 2 s later anyway). */
    public Server releaseAt(int n) {
      releaseAt = n;
      return this;
    }

    /** Call number {@code index} (from 0) blocks its sender for {@code d}: the server stalls. */
    public Server stallOnce(int index, Duration d) {
      stallAt = index;
      stall = d;
      return this;
    }

    /** Call number {@code index} (from 0) is answered {@code d} late. */
    public Server slowOnce(int index, Duration d) {
      slowAt = index;
      slow = d;
      return this;
    }

    /**
     * Call number {@code index} (from 0) is never answered, and its client has no deadline of its
     * own: the call is lost (a dropped reply, or a client that lost the call's completion).
     */
    public Server dropOnce(int index) {
      dropAt = index;
      return this;
    }

    /** Every call is answered {@code d} after it came (instead of held, see releaseAt). */
    public Server answerEachAfter(Duration d) {
      every = d;
      return this;
    }

    public int calls() {
      return calls.get();
    }

    /** The most calls this server held at once (received, not yet answered). */
    public int maxInProgress() {
      return maxInProgress.get();
    }

    CompletableFuture<String> call(String name) {
      int index = calls.getAndIncrement();
      if (index == stallAt) {
        sleep(stall); // the script: a server that stalls on this call
      }
      CompletableFuture<String> reply = new CompletableFuture<>();
      maxInProgress.accumulateAndGet(inProgress.incrementAndGet(), Math::max);
      Runnable answer =
          () -> {
            inProgress.decrementAndGet();
            reply.complete(BenchContract.helloReply(name));
          };
      if (index == dropAt) {
        return reply;
      }
      if (index == slowAt || !every.isZero()) {
        Duration late = index == slowAt ? slow : every;
        replies.schedule(answer, late.toNanos(), TimeUnit.NANOSECONDS);
        return reply;
      }
      List<Runnable> go = List.of();
      synchronized (held) {
        held.add(answer);
        if (held.size() >= releaseAt) {
          go = new ArrayList<>(held);
          held.clear();
        }
      }
      if (!go.isEmpty()) {
        List<Runnable> batch = go;
        replies.execute(() -> batch.forEach(Runnable::run));
      } else {
        replies.schedule(this::releaseAll, HOLD_LIMIT_MS, TimeUnit.MILLISECONDS);
      }
      return reply;
    }

    private void releaseAll() {
      List<Runnable> go;
      synchronized (held) {
        go = new ArrayList<>(held);
        held.clear();
      }
      go.forEach(Runnable::run);
    }

    private static void sleep(Duration d) {
      try {
        Thread.sleep(d.toMillis()); // a delay, not a wait: the script's stall is what is tested
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }

    @Override
    public void close() {
      SERVERS.remove(port);
      replies.shutdownNow();
    }
  }
}
