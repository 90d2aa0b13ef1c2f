package io.rpcxbench.link;

import java.util.SplittableRandom;

/**
 * One direction of the shaped link, shared by every connection through it (a real link's rate is
 * shared by its flows): when a chunk of bytes read now may be delivered. The rate serialises chunks
 * one after the other (tbf's role), then each waits the delay plus its jitter (netem's). Used from
 * the shaper's one event-loop thread only.
 */
final class Link {
  private final LinkDirection direction;
  private final SplittableRandom random;
  private long wireFreeAtNanos;

  Link(LinkDirection direction, long seed) {
    this.direction = direction;
    this.random = new SplittableRandom(seed);
  }

  LinkDirection direction() {
    return direction;
  }

  /** When {@code bytes} read at {@code nowNanos} arrive at the far end, before ordering. */
  long arrival(long nowNanos, int bytes) {
    long sent = nowNanos;
    long rate = direction.rateBitsPerSecond();
    if (rate > 0) {
      long start = Math.max(nowNanos, wireFreeAtNanos);
      wireFreeAtNanos = start + Math.round(bytes * 8e9 / rate);
      sent = wireFreeAtNanos;
    }
    return sent + Math.max(0, direction.delayNanos() + jitter());
  }

  /** The largest chunk to time as one: 1 ms of bytes at the rate, at least one TCP segment. */
  int sliceBytes() {
    long rate = direction.rateBitsPerSecond();
    if (rate == 0) {
      return Integer.MAX_VALUE;
    }
    return (int) Math.max(1460, Math.min(Integer.MAX_VALUE, rate / 8 / 1000));
  }

  /**
   * Bytes to hold before reading stops: twice the bytes in flight at the rate and delay, >= 4 MiB.
   */
  long holdLimitBytes() {
    long rate = direction.rateBitsPerSecond();
    long bdp = rate == 0 ? 0 : Math.round(rate / 8.0 * (2 * direction.delayNanos() / 1e9));
    return Math.max(4L << 20, 2 * bdp);
  }

  private long jitter() {
    long j = direction.jitterNanos();
    if (j == 0) {
      return 0;
    }
    return switch (direction.distribution()) {
      case "normal" -> Math.round(gaussian() * j);
      case "-", "uniform" -> Math.round((random.nextDouble() * 2 - 1) * j);
      default -> throw new IllegalStateException("no " + direction.distribution() + " jitter here");
    };
  }

  /** A standard normal sample (Box-Muller; SplittableRandom has no nextGaussian on JDK 17). */
  private double gaussian() {
    double u = 1 - random.nextDouble();
    double v = random.nextDouble();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }
}
