package io.rpcxbench.protocols.amqp;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Hello requests published as fast as the broker takes them by {@code publishers} connections at
 * once, the request queue's depth sampled every 50 ms; closing waits for the publishers to finish
 * (at most 60 s) and the queue to drain (at most 30 s).
 */
final class FloodAttack implements AttackedJar.Attack {
  private static final long MAX_PUBLISH_MS = 60_000;
  private static final long MAX_DRAIN_MS = 30_000;

  private final AmqpAttacker watcher;
  private final int port;
  private final int count;
  private final int publishers;
  private final String replyTo;
  private final AtomicLong maxDepth = new AtomicLong();
  private final List<AmqpAttacker> connections = new ArrayList<>();
  private final List<AmqpAttacker.Flood> floods = new ArrayList<>();
  private AttackThread depth;
  private long drainedMs = -2;
  private boolean closed;

  /**
   * @param watcher the connection that samples the queue's depth
   * @param replyTo the requests' {@code reply_to}; null for none
   */
  FloodAttack(AmqpAttacker watcher, int port, int count, int publishers, String replyTo) {
    this.watcher = watcher;
    this.port = port;
    this.count = count;
    this.publishers = publishers;
    this.replyTo = replyTo;
  }

  @Override
  public void start() throws Exception {
    depth =
        new AttackThread(
            stop -> {
              while (!stop.get()) {
                maxDepth.accumulateAndGet(watcher.queueDepth(), Math::max);
                Thread.sleep(50); // a sample of the queue's depth every 50 ms while the flood runs
              }
            });
    depth.start();
    for (int i = 0; i < publishers; i++) {
      AmqpAttacker publisher = new AmqpAttacker(port);
      connections.add(publisher);
      floods.add(publisher.flood(count / publishers, replyTo));
    }
  }

  @Override
  public void close() throws Exception {
    if (closed) {
      return;
    }
    closed = true;
    long deadline = System.nanoTime() + MAX_PUBLISH_MS * 1_000_000;
    for (AmqpAttacker.Flood flood : floods) {
      flood.await(Math.max(1, (deadline - System.nanoTime()) / 1_000_000));
    }
    drainedMs = watcher.awaitDrained(MAX_DRAIN_MS);
    depth.close();
    connections.forEach(AmqpAttacker::close);
  }

  /** The most requests seen waiting in the queue. */
  long maxDepth() {
    return maxDepth.get();
  }

  /** How long the queue took to empty once the publishers were done, ms; -1: it did not. */
  long drainedMs() {
    return drainedMs;
  }

  /** Publishes the broker refused (nack, or a channel it closed). */
  long refused() {
    return floods.stream().mapToLong(f -> f.nacked.get() + f.channelsClosedByBroker.get()).sum();
  }

  String describe() {
    return String.format(
        Locale.ROOT,
        "%d publishers: %,d published in %,d ms, %,d confirmed, %,d refused (nack), %d channels"
            + " closed by the broker; at most %,d waiting; drained %,d ms after the publishers"
            + " ended",
        publishers,
        floods.stream().mapToLong(f -> f.published.get()).sum(),
        floods.stream().mapToLong(AmqpAttacker.Flood::millis).max().orElse(0),
        floods.stream().mapToLong(f -> f.acked.get()).sum(),
        floods.stream().mapToLong(f -> f.nacked.get()).sum(),
        floods.stream().mapToLong(f -> f.channelsClosedByBroker.get()).sum(),
        maxDepth.get(),
        drainedMs);
  }
}
