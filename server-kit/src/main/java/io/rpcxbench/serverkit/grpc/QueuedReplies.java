package io.rpcxbench.serverkit.grpc;

import io.grpc.ForwardingServerCall;
import io.grpc.ForwardingServerCallListener;
import io.grpc.Grpc;
import io.grpc.Metadata;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;
import io.grpc.Status;
import io.rpcxbench.serverkit.InputBudget;
import io.rpcxbench.serverkit.RateLimitedLog;
import java.io.IOException;
import java.io.InputStream;
import java.net.SocketAddress;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A budget for replies that wait to be sent, which grpc-java does not have: a unary reply is handed
 * to the transport whatever the client's HTTP/2 window, so a client that keeps its window shut (or
 * never reads its socket) and sends many calls makes the server queue their replies in direct
 * memory until it is gone. Each reply is reserved in a process-wide budget of {@code
 * --max-buffered} bytes (a budget of its own, beside the one for unfinished requests) before it is
 * sent, and given back when its call ends or grpc-java reports its stream ready again (fewer than
 * {@value #READY_BYTES} bytes queued: grpc-java's on-ready threshold). A connection with nothing
 * queued always gets its reply (an honest client's one large reply is never the one refused); a
 * reply that would pass the budget while its connection already has replies waiting is not sent:
 * the call ends with {@code RESOURCE_EXHAUSTED} ("replies wait unread on this connection"), in
 * trailers that need no window. What is queued is thus at most the budget plus one reply per
 * connection. Connections are told apart by their remote address.
 */
final class QueuedReplies implements ServerInterceptor {
  private static final Logger log = LoggerFactory.getLogger(QueuedReplies.class);
  private static final RateLimitedLog warnings = new RateLimitedLog(log);

  /** grpc-java's default on-ready threshold: a ready stream has fewer bytes than this queued. */
  static final int READY_BYTES = 32 * 1024;

  /** The gRPC message prefix. */
  private static final int PREFIX_BYTES = 5;

  private static final ConcurrentMap<Long, InputBudget> SHARED = new ConcurrentHashMap<>();

  private final String name;
  private final InputBudget budget;
  private final ConcurrentMap<SocketAddress, Connection> connections = new ConcurrentHashMap<>();

  QueuedReplies(String name, long maxBytes) {
    this.name = name;
    this.budget = SHARED.computeIfAbsent(maxBytes, InputBudget::new);
  }

  /** The process's budget for queued replies of this size (tests). */
  static InputBudget budget(long maxBytes) {
    return SHARED.computeIfAbsent(maxBytes, InputBudget::new);
  }

  @Override
  public <Q, R> ServerCall.Listener<Q> interceptCall(
      ServerCall<Q, R> call, Metadata headers, ServerCallHandler<Q, R> next) {
    SocketAddress peer = call.getAttributes().get(Grpc.TRANSPORT_ATTR_REMOTE_ADDR);
    if (peer == null) {
      return next.startCall(call, headers);
    }
    Connection connection =
        connections.compute(peer, (key, c) -> (c == null ? new Connection() : c).callStarted());
    CountedCall<Q, R> counted = new CountedCall<>(call, peer, connection);
    return new CountedListener<>(next.startCall(counted, headers), counted);
  }

  /** One connection's queued replies and calls in flight. */
  private static final class Connection {
    private int calls;
    private long queued;

    synchronized Connection callStarted() {
      calls++;
      return this;
    }
  }

  /** A call whose replies are counted until they are sent. */
  private final class CountedCall<Q, R>
      extends ForwardingServerCall.SimpleForwardingServerCall<Q, R> {
    private final SocketAddress peer;
    private final Connection connection;
    private long held;
    private boolean refused;
    private boolean ended;

    CountedCall(ServerCall<Q, R> call, SocketAddress peer, Connection connection) {
      super(call);
      this.peer = peer;
      this.connection = connection;
    }

    @Override
    public synchronized void sendMessage(R message) {
      if (refused) {
        return;
      }
      if (delegate().isReady()) {
        shrinkTo(READY_BYTES);
      }
      long bytes = size(message) + PREFIX_BYTES;
      long waiting;
      synchronized (connection) {
        waiting = connection.queued;
        if (waiting == 0) {
          budget.grant(bytes);
        } else if (!budget.tryReserve(bytes)) {
          waiting = -waiting;
        }
        if (waiting >= 0) {
          connection.queued += bytes;
        }
      }
      if (waiting < 0) {
        refused = true;
        warnings.warn(
            "queued",
            "{}: refusing a reply of {} bytes to {}: {} bytes of replies already wait unsent on its"
                + " connection (the client does not read; its HTTP/2 window is shut) and all"
                + " connections' waiting replies would pass {} bytes (--max-buffered)",
            name,
            bytes,
            peer,
            -waiting,
            budget.max());
        delegate()
            .close(
                Status.RESOURCE_EXHAUSTED.withDescription(
                    "replies wait unread on this connection: its client does not read them"
                        + " (--max-buffered)"),
                new Metadata());
        return;
      }
      held += bytes;
      delegate().sendMessage(message);
    }

    @Override
    public synchronized void close(Status status, Metadata trailers) {
      if (!refused) {
        delegate().close(status, trailers);
      }
    }

    /** grpc-java says fewer than {@link #READY_BYTES} are queued on this stream now. */
    synchronized void ready() {
      if (delegate().isReady()) { // the event may be older than the stream's state
        shrinkTo(READY_BYTES);
      }
    }

    /** The stream has ended: nothing of it is queued any more. */
    synchronized void ended() {
      if (ended) {
        return;
      }
      ended = true;
      shrinkTo(0);
      connections.computeIfPresent(
          peer,
          (key, c) -> {
            synchronized (c) {
              c.calls--;
              return c.calls == 0 && c.queued == 0 ? null : c;
            }
          });
    }

    private void shrinkTo(long bytes) {
      if (held <= bytes) {
        return;
      }
      long freed = held - bytes;
      held = bytes;
      synchronized (connection) {
        connection.queued -= freed;
      }
      budget.release(freed);
    }

    private long size(R message) {
      // protobuf's marshaller answers available() with the message's serialized size
      try (InputStream stream = getMethodDescriptor().streamResponse(message)) {
        return stream.available();
      } catch (IOException e) {
        return 0;
      }
    }
  }

  /** Tells its call when the stream is ready again or ended. */
  private static final class CountedListener<Q>
      extends ForwardingServerCallListener.SimpleForwardingServerCallListener<Q> {
    private final CountedCall<Q, ?> call;

    CountedListener(ServerCall.Listener<Q> listener, CountedCall<Q, ?> call) {
      super(listener);
      this.call = call;
    }

    @Override
    public void onReady() {
      call.ready();
      super.onReady();
    }

    @Override
    public void onComplete() {
      call.ended();
      super.onComplete();
    }

    @Override
    public void onCancel() {
      call.ended();
      super.onCancel();
    }
  }
}
