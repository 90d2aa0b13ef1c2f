package io.rpcxbench.testsupport;

import io.rpcxbench.testsupport.AttackContract.Attack;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

/**
 * Issue 59's further attack modes for {@link AttackContract}, each a fresh attack per round: slow
 * senders (a loris: an unfinished request trickled a byte at a time), a fuzz (each connection its
 * own random bytes), and a connection flood (connect and close as fast as the server accepts). The
 * whole-then-partial and oversize modes are {@link AttackContract#holding} of the right bytes.
 *
 * <pre>{@code
 * attack("loris", AttackModes.trickling(300, prefix, Duration.ofMillis(200)));
 * }</pre>
 */
final class AttackModes {
  private AttackModes() {}

  /**
   * Connections that each write their bytes and hold, a fresh set for each round; {@link
   * Attack#closedByServer()} counts the ones the server ended. {@link #writes} says what each
   * connection writes, {@link #started} what goes on after they are open.
   */
  abstract static class Held implements Attack {
    private HostileClient attacker;

    abstract List<byte[]> writes();

    /** After the connections are open (a loris's ticks); nothing by default. */
    void started(HostileClient opened) {}

    @Override
    public int start(String host, int port) throws Exception {
      attacker = new HostileClient(host, port);
      int opened = attacker.open(writes());
      started(attacker);
      return opened;
    }

    @Override
    public int closedByServer() throws InterruptedException {
      return attacker == null ? 0 : attacker.closedByServer();
    }

    @Override
    public void close() throws Exception {
      if (attacker != null) {
        attacker.close();
      }
    }
  }

  /** {@code connections} that each write {@code bytes} (an unfinished request) and hold. */
  static Supplier<Attack> holding(int connections, byte[] bytes) {
    return () ->
        new Held() {
          @Override
          List<byte[]> writes() {
            return java.util.Collections.nCopies(connections, bytes);
          }
        };
  }

  /**
   * {@code connections} that each write {@code prefix} (a request announcing more to come) and then
   * one byte every {@code every}: a server that resets its deadline on each byte is held forever.
   */
  static Supplier<Attack> trickling(int connections, byte[] prefix, Duration every) {
    return () ->
        new Held() {
          private ScheduledExecutorService ticks;

          @Override
          List<byte[]> writes() {
            return java.util.Collections.nCopies(connections, prefix);
          }

          @Override
          void started(HostileClient opened) {
            ticks = Executors.newSingleThreadScheduledExecutor();
            ticks.scheduleAtFixedRate(
                () -> opened.sendMore(new byte[] {0}),
                every.toMillis(),
                every.toMillis(),
                TimeUnit.MILLISECONDS);
          }

          @Override
          public void close() throws Exception {
            if (ticks != null) {
              ticks.shutdownNow();
            }
            super.close();
          }
        };
  }

  /**
   * {@code connections} that each write their own random bytes (16 B to 4 KiB, from {@code seed}:
   * the same fuzz each run) and hold: a decoder that trusts a length, a tag or a type byte is met
   * with every value of it.
   */
  static Supplier<Attack> fuzzing(int connections, long seed) {
    return () ->
        new Held() {
          @Override
          List<byte[]> writes() {
            Random random = new Random(seed);
            List<byte[]> writes = new ArrayList<>();
            for (int i = 0; i < connections; i++) {
              byte[] b = new byte[16 + random.nextInt(4096 - 16)];
              random.nextBytes(b);
              writes.add(b);
            }
            return writes;
          }
        };
  }

  /**
   * {@code threads} that connect and close again as fast as they can, until closed: the accept loop
   * and whatever a server sets up per connection (a TLS engine, a pipeline, a thread).
   */
  static Supplier<Attack> connectFlood(int threads) {
    return () ->
        new Attack() {
          private final AtomicBoolean stop = new AtomicBoolean();
          private final AtomicInteger made = new AtomicInteger();
          private final List<Thread> running = new ArrayList<>();

          @Override
          public int start(String host, int port) {
            InetSocketAddress to = new InetSocketAddress(host, port);
            for (int i = 0; i < threads; i++) {
              Thread t =
                  new Thread(
                      () -> {
                        while (!stop.get()) {
                          try (Socket s = new Socket()) {
                            s.connect(to, 1000);
                            made.incrementAndGet();
                          } catch (IOException refusedOrFull) {
                            // the server refused or its backlog is full: try again
                          }
                        }
                      },
                      "connect-flood-" + i);
              t.setDaemon(true);
              t.start();
              running.add(t);
            }
            return 0; // none held: the RSS bound is the server's own
          }

          @Override
          public void close() throws InterruptedException {
            stop.set(true);
            for (Thread t : running) {
              t.join(5000);
            }
            AttackLine.printf("connect flood: %d connections made and closed", made.get());
          }
        };
  }

  /** {@code a} then {@code b} then {@code zeros} zero bytes, one write. */
  static byte[] concat(byte[] a, byte[] b, int zeros) {
    byte[] out = java.util.Arrays.copyOf(a, a.length + b.length + zeros);
    System.arraycopy(b, 0, out, a.length, b.length);
    return out;
  }
}
