package io.rpcxbench.protocols.typedjson;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.protocols.typedjson.TypedJsonException.Code;
import io.rpcxbench.spi.ClientOptions;
import io.rpcxbench.testsupport.Await;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One failover drill, against in-JVM servers or server processes: THREADS callers share one client
 * of all the servers; one server dies mid-run; the callers go on; the server comes back on the same
 * port and gets calls again. Asserts that no more calls were lost than were in flight on the dead
 * connection when it died, that the callers finished, and that the survivors carried the load in
 * between; prints the figures.
 */
final class FailoverDrill {
  static final int THREADS = 8;
  private static final Duration WITHIN = Duration.ofSeconds(30);

  /** The servers under the drill. */
  interface Servers {
    List<Integer> ports();

    /** Kills server i the hard way (its connections end with no goodbye). */
    void kill(int i) throws Exception;

    /** Starts server i again on its port; returns once it listens. */
    void restart(int i) throws Exception;
  }

  /** What the drill measured. */
  record Figures(
      long inFlightAtDeath,
      long callsLost,
      long resent,
      long detectedMillis,
      long survivorsCallsDuringOutage,
      long reconnectedMillis,
      long backMillis,
      long callsTotal) {}

  private FailoverDrill() {}

  static Figures run(String label, Servers servers, int victim) throws Exception {
    List<InetSocketAddress> addresses = new ArrayList<>();
    for (int port : servers.ports()) {
      addresses.add(InetSocketAddress.createUnresolved("127.0.0.1", port));
    }
    ClientOptions options =
        new ClientOptions(
            "127.0.0.1",
            servers.ports().get(0),
            Duration.ofSeconds(5),
            Duration.ofSeconds(2),
            THREADS,
            addresses);
    AtomicBoolean stop = new AtomicBoolean();
    AtomicLong ok = new AtomicLong();
    AtomicLong lost = new AtomicLong();
    Map<Code, AtomicLong> failures = new ConcurrentHashMap<>();
    ExecutorService callers = Executors.newFixedThreadPool(THREADS);
    try (TypedJsonClient client = TypedJsonClient.open(options)) {
      List<Future<?>> loops = new ArrayList<>();
      for (int t = 0; t < THREADS; t++) {
        int thread = t;
        loops.add(
            callers.submit(
                () -> {
                  for (long i = 0; !stop.get(); i++) {
                    String name = "t" + thread + "-" + i;
                    try {
                      assertThat(client.hello(name)).isEqualTo("hello, " + name);
                      ok.incrementAndGet();
                    } catch (TypedJsonException e) {
                      lost.incrementAndGet();
                      failures.computeIfAbsent(e.code(), c -> new AtomicLong()).incrementAndGet();
                    }
                  }
                  return null;
                }));
      }
      Await.until(
          "every server answers",
          WITHIN,
          () -> client.stats().stream().allMatch(s -> s.replies() > 200));

      long killedAt = System.nanoTime();
      servers.kill(victim);
      Await.until(
          "the client sees the dead connection",
          WITHIN,
          () -> !client.stats().get(victim).connected());
      long detected = System.nanoTime();
      long survivorsBefore = survivorReplies(client, victim);
      long victimAtDeath = client.stats().get(victim).replies();
      long okBefore = ok.get();
      Await.until("calls flow on the survivors", WITHIN, () -> ok.get() > okBefore + 2000);
      long victimBefore = client.stats().get(victim).replies();
      assertThat(victimBefore).as("no replies from a dead server").isEqualTo(victimAtDeath);

      servers.restart(victim);
      long restarted = System.nanoTime();
      Await.until(
          "the client reconnects", WITHIN, () -> client.stats().get(victim).connects() == 2);
      long reconnected = System.nanoTime();
      Await.until(
          "the restarted server answers",
          WITHIN,
          () -> client.stats().get(victim).replies() > victimBefore);
      long back = System.nanoTime();
      long survivorsDuring = survivorReplies(client, victim) - survivorsBefore;
      Await.until(
          "the restarted server takes its share",
          WITHIN,
          () -> client.stats().get(victim).replies() > victimBefore + 500);

      stop.set(true);
      for (Future<?> loop : loops) {
        loop.get(WITHIN.toSeconds(), TimeUnit.SECONDS); // every caller finished, no hang
      }
      ServerLink.Stats dead = client.stats().get(victim);
      Figures f =
          new Figures(
              dead.lastLossInFlight(),
              lost.get(),
              client.resent(),
              TimeUnit.NANOSECONDS.toMillis(detected - killedAt),
              survivorsDuring,
              TimeUnit.NANOSECONDS.toMillis(reconnected - restarted),
              TimeUnit.NANOSECONDS.toMillis(back - restarted),
              ok.get() + lost.get());
      System.out.println(
          "failover "
              + label
              + ": "
              + servers.ports().size()
              + " servers, "
              + THREADS
              + " threads; in flight on the dead connection when it died: "
              + f.inFlightAtDeath()
              + "; calls lost: "
              + f.callsLost()
              + " "
              + failures
              + "; unsent calls sent to another server: "
              + f.resent()
              + "; death seen after "
              + f.detectedMillis()
              + " ms; calls answered by the survivors meanwhile: "
              + f.survivorsCallsDuringOutage()
              + "; restarted server (from its ready line): reconnected after "
              + f.reconnectedMillis()
              + " ms, answering after "
              + f.backMillis()
              + " ms; calls in all: "
              + f.callsTotal()
              + "; links "
              + client.stats());
      assertThat(dead.losses()).isEqualTo(1);
      assertThat(dead.connects()).isEqualTo(2);
      assertThat(f.callsLost()).isLessThanOrEqualTo(f.inFlightAtDeath());
      assertThat(failures.keySet()).allMatch(c -> c == Code.UNAVAILABLE);
      assertThat(f.survivorsCallsDuringOutage()).isPositive();
      return f;
    } finally {
      stop.set(true);
      callers.shutdownNow();
    }
  }

  private static long survivorReplies(TypedJsonClient client, int victim) {
    long sum = 0;
    List<ServerLink.Stats> stats = client.stats();
    for (int i = 0; i < stats.size(); i++) {
      if (i != victim) {
        sum += stats.get(i).replies();
      }
    }
    return sum;
  }
}
