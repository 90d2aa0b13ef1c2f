package io.rpcxbench.testsupport;

import io.rpcxbench.spi.BenchClient;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * An honest client that keeps making calls on a thread of its own while a test attacks the server:
 * each call returns whether its reply was the right one. The test then asserts that all of them
 * were served correctly during the attack.
 *
 * <pre>{@code
 * try (HonestCaller honest = HonestCaller.start(() -> client.hello("x").equals("hello, x"))) {
 *   ... attack ...
 *   honest.awaitCalls(2000);
 * }
 * assertThat(honest.failed()).isZero();
 * }</pre>
 */
public final class HonestCaller implements AutoCloseable {
  private final Callable<Boolean> call;
  private final AtomicInteger ok = new AtomicInteger();
  private final AtomicInteger failed = new AtomicInteger();
  private final AtomicReference<String> firstFailure = new AtomicReference<>();
  private final Thread thread;
  private volatile boolean stop;

  private HonestCaller(Callable<Boolean> call) {
    this.call = call;
    this.thread = new Thread(this::loop, "honest-caller");
    thread.setDaemon(true);
  }

  public static HonestCaller start(Callable<Boolean> call) {
    HonestCaller caller = new HonestCaller(call);
    caller.thread.start();
    return caller;
  }

  /** hello calls through {@code client}, each with a name of its own and its reply checked. */
  public static HonestCaller hellos(BenchClient client) {
    AtomicLong n = new AtomicLong();
    return start(
        () -> {
          String name = "n" + n.incrementAndGet();
          return client.hello(name).equals("hello, " + name);
        });
  }

  /**
   * echo calls of {@code bytes} random bytes through {@code client} (issue 59: an honest client
   * whose requests are over the 8 KiB every connection is granted), each reply checked.
   */
  public static HonestCaller echoes(BenchClient client, int bytes) {
    byte[] payload = new byte[bytes];
    new java.util.Random(bytes).nextBytes(payload);
    return start(() -> java.util.Arrays.equals(client.echo(payload), payload));
  }

  /**
   * Of {@code calls} echo calls of {@code bytes} bytes in a row through {@code client}, those
   * answered right.
   */
  /**
   * Of {@code calls} calls in a row (hellos, or echoes of {@code bytes} when not 0), those served,
   * counted once the client is served at all again: a client that reconnects in the background with
   * back-off (typed-json's, up to 2.4 s) is not counted as refused while it waits. None served
   * within {@link #BACK_WITHIN}: 0.
   */
  public static int servedOnceBack(BenchClient client, int bytes, int calls) {
    java.util.function.IntSupplier some =
        () -> bytes == 0 ? servedHellos(client, 1) : servedEchoes(client, bytes, 1);
    try {
      Await.until("the honest client served again", BACK_WITHIN, () -> some.getAsInt() == 1);
    } catch (AssertionError neverBack) {
      return 0;
    }
    return bytes == 0 ? servedHellos(client, calls) : servedEchoes(client, bytes, calls);
  }

  /** How long {@link #servedOnceBack} waits for the first call served. */
  public static final java.time.Duration BACK_WITHIN = java.time.Duration.ofSeconds(10);

  public static int servedEchoes(BenchClient client, int bytes, int calls) {
    byte[] payload = new byte[bytes];
    new java.util.Random(bytes).nextBytes(payload);
    int served = 0;
    for (int i = 0; i < calls; i++) {
      try {
        if (java.util.Arrays.equals(client.echo(payload), payload)) {
          served++;
        }
      } catch (RuntimeException notServed) {
        // counted as not served
      }
    }
    return served;
  }

  /**
   * Of {@code calls} hello calls in a row through {@code client}, those answered right (a call that
   * fails, a timeout, is one not served).
   */
  public static int servedHellos(BenchClient client, int calls) {
    int served = 0;
    for (int i = 0; i < calls; i++) {
      String caller = "after" + i;
      try {
        if (client.hello(caller).equals("hello, " + caller)) {
          served++;
        }
      } catch (RuntimeException notServed) {
        // counted as not served
      }
    }
    return served;
  }

  /** The calls served right in the next {@code millis} ms. */
  public int okIn(long millis) throws InterruptedException {
    int before = ok();
    Thread.sleep(millis);
    return ok() - before;
  }

  private void loop() {
    while (!stop) {
      try {
        if (Boolean.TRUE.equals(call.call())) {
          ok.incrementAndGet();
        } else {
          fail("wrong reply");
        }
      } catch (Exception e) {
        fail(e.toString());
      }
    }
  }

  private void fail(String why) {
    failed.incrementAndGet();
    firstFailure.compareAndSet(null, why);
  }

  /** Waits until {@code calls} calls have ended, well or not (at most 60 s). */
  public void awaitCalls(int calls) throws InterruptedException {
    long deadline = System.nanoTime() + 60_000_000_000L;
    while (ok.get() + failed.get() < calls && System.nanoTime() < deadline) {
      Thread.sleep(5);
    }
  }

  public int ok() {
    return ok.get();
  }

  public int failed() {
    return failed.get();
  }

  /** The first failure, or null. */
  public String firstFailure() {
    return firstFailure.get();
  }

  /** Stops calling and waits for the last call to end. */
  @Override
  public void close() throws InterruptedException {
    stop = true;
    thread.join(30_000);
  }
}
