package io.rpcxbench.serverkit.grpc;

import io.grpc.netty.shaded.io.netty.channel.ChannelHandlerContext;
import io.grpc.netty.shaded.io.netty.channel.ChannelInboundHandlerAdapter;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * The kit's rapid-reset defence of the CPU, beside grpc-java's of the connection. GOAWAY after
 * {@value GrpcLimits#MAX_RST_PER_WINDOW} RST_STREAM in {@value GrpcLimits#RST_WINDOW_SECONDS} s
 * bounds what one connection holds, but a client that reconnects after each GOAWAY goes on: every
 * reset stream costs the server a call's start and cancel, several times what the two frames cost
 * the client, and one such client on a 2-vCPU box took two thirds of an honest client's calls. So
 * an address whose connection passed the limit is an offender for {@value #FORGET_SECONDS} s: its
 * new connections are accepted but not read for a hold that doubles with each offence, from {@value
 * #FIRST_HOLD_MILLIS} ms to {@value #MAX_HOLD_MILLIS} ms (a tarpit: the client's writes fill the
 * socket buffers and it waits, the server does nothing). Connections already open, an honest
 * client's, are not touched; a new one from the offender's address (behind the same NAT) waits as
 * long. At most {@value #MAX_ADDRESSES} offenders are remembered, the oldest forgotten first.
 *
 * <pre>{@code
 * ResetFlood flood = new ResetFlood(System::nanoTime);
 * ResetFlood.Counter resets = flood.counter();   // one per connection, fed its frames
 * resets.opened(1);
 * if (resets.reset(1)) { flood.offended(remote); goAway(); }
 * long hold = flood.holdMillis(remoteOfANewConnection);   // 0: read it now
 * }</pre>
 */
final class ResetFlood {
  static final long FIRST_HOLD_MILLIS = 1_000;
  static final long MAX_HOLD_MILLIS = 16_000;
  static final long FORGET_SECONDS = 60;
  static final int MAX_ADDRESSES = 4096;

  private final LongSupplier nanoTime;
  private final Map<InetAddress, Offender> offenders =
      new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<InetAddress, Offender> eldest) {
          return size() > MAX_ADDRESSES;
        }
      };

  ResetFlood(LongSupplier nanoTime) {
    this.nanoTime = nanoTime;
  }

  /** A connection's count of RST_STREAM frames, in grpc-java's window. */
  Counter counter() {
    return new Counter();
  }

  /** A connection from this address passed the limit. */
  synchronized void offended(SocketAddress remote) {
    InetAddress address = address(remote);
    if (address == null) {
      return;
    }
    long now = nanoTime.getAsLong();
    Offender o = offenders.get(address);
    if (o == null || forgotten(o, now)) {
      offenders.put(address, new Offender(1, now));
    } else {
      offenders.put(address, new Offender(o.offences + 1, now));
    }
  }

  /** How long to leave a new connection from this address unread: 0 for one not an offender. */
  synchronized long holdMillis(SocketAddress remote) {
    InetAddress address = address(remote);
    Offender o = address == null ? null : offenders.get(address);
    if (o == null) {
      return 0;
    }
    if (forgotten(o, nanoTime.getAsLong())) {
      offenders.remove(address);
      return 0;
    }
    int doublings = Math.min(o.offences - 1, 30);
    return Math.min(MAX_HOLD_MILLIS, FIRST_HOLD_MILLIS << doublings);
  }

  /** The offenders remembered now. */
  synchronized int offenders() {
    return offenders.size();
  }

  private static boolean forgotten(Offender o, long now) {
    return now - o.lastNanos > TimeUnit.SECONDS.toNanos(FORGET_SECONDS);
  }

  private static InetAddress address(SocketAddress remote) {
    return remote instanceof InetSocketAddress inet ? inet.getAddress() : null;
  }

  private record Offender(int offences, long lastNanos) {}

  /**
   * RST_STREAM frames of one connection, counted as grpc-java's {@code maxRstFramesPerWindow}
   * counts them (a window starts at a reset more than the window after the last start), but only
   * those of a stream the client had not finished sending: a flood resets a stream right after its
   * HEADERS, while an honest unary call has sent all of its request before its deadline makes it
   * cancel, so a client past its deadlines under overload is not made an offender.
   */
  final class Counter {
    private static final int MAX_OPEN = 2 * GrpcLimits.MAX_CALLS_PER_CONNECTION;
    private final long windowNanos = TimeUnit.SECONDS.toNanos(GrpcLimits.RST_WINDOW_SECONDS);
    private final Set<Integer> open = new LinkedHashSet<>(); // oldest first
    private long windowStart;
    private int count;

    /** The client's HEADERS opened this stream and did not end its side of it. */
    void opened(int stream) {
      open.add(stream);
      if (open.size() > MAX_OPEN) {
        Iterator<Integer> oldest = open.iterator();
        oldest.next();
        oldest.remove();
      }
    }

    /** The client ended its side of this stream (END_STREAM). */
    void halfClosed(int stream) {
      open.remove(stream);
    }

    /** An RST_STREAM of this stream arrived; whether the connection has now passed the limit. */
    boolean reset(int stream) {
      if (!open.remove(stream)) {
        return false;
      }
      long now = nanoTime.getAsLong();
      if (count == 0 || now - windowStart > windowNanos) {
        windowStart = now;
        count = 1;
      } else {
        count++;
      }
      return count > GrpcLimits.MAX_RST_PER_WINDOW;
    }
  }

  /**
   * Leaves a new connection unread for a hold, then reads it: put first in the pipeline of a
   * connection accepted from an offender.
   */
  static final class HeldReads extends ChannelInboundHandlerAdapter {
    private final long holdMillis;

    HeldReads(long holdMillis) {
      this.holdMillis = holdMillis;
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) {
      ctx.channel().config().setAutoRead(false); // before the pipeline's first read
      ctx.executor()
          .schedule(
              () -> {
                if (ctx.channel().isOpen()) {
                  ctx.channel().config().setAutoRead(true);
                }
                if (ctx.pipeline().context(this) != null) {
                  ctx.pipeline().remove(this);
                }
              },
              holdMillis,
              TimeUnit.MILLISECONDS);
      ctx.fireChannelActive();
    }
  }
}
