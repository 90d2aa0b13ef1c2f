package io.rpcxbench.serverkit.grpc;

import io.grpc.netty.shaded.io.netty.buffer.ByteBuf;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A connection's gRPC messages in progress, one per stream, followed through its HTTP/2 frames as
 * their bytes arrive (the preface, each frame's 9-byte header, a DATA frame's padding, then each
 * message's 5-byte prefix and announced length), and the bytes they hold: what {@link
 * UnfinishedMessages} charges the connection. Its streams' opens, ends and resets go to the
 * connection's {@link ResetFlood.Counter}.
 */
final class StreamMessages {
  private static final int PREFACE_BYTES = 24;
  private static final int FRAME_HEADER_BYTES = 9;
  private static final int DATA = 0;
  private static final int HEADERS = 1;
  private static final int RST_STREAM = 3;
  private static final int END_STREAM = 0x1;
  private static final int PADDED = 0x8;

  private final ResetFlood.Counter resets;
  private boolean tooManyResets;
  private final Map<Integer, GrpcMessage> unfinished = new HashMap<>();
  private final byte[] header = new byte[FRAME_HEADER_BYTES];
  private int prefaceLeft = PREFACE_BYTES;
  private int headerFill;
  private long payloadLeft;
  private int type;
  private int flags;
  private int stream;
  private int padLeft = -1; // DATA: -1 until the pad length byte (if PADDED) is read
  private long held;
  private final List<GrpcMessage> touched = new ArrayList<>(); // unfinished after this read's bytes

  StreamMessages(ResetFlood.Counter resets) {
    this.resets = resets;
  }

  /** Whether the connection has sent more RST_STREAM than {@link ResetFlood} allows. */
  boolean tooManyResets() {
    return tooManyResets;
  }

  /** Streams with an unfinished message. */
  int streams() {
    return unfinished.size();
  }

  boolean isEmpty() {
    return unfinished.isEmpty();
  }

  /** Forgets every unfinished message (the connection is ended). */
  void clear() {
    unfinished.clear();
  }

  /**
   * Follows the frames through these bytes (one read); updates {@link #held}.
   *
   * @param ending the connection is being ended: its messages' new bytes are not counted
   */
  void scan(ByteBuf in, boolean ending) {
    touched.clear();
    int i = in.readerIndex();
    int end = in.writerIndex();
    if (prefaceLeft > 0) {
      int n = Math.min(prefaceLeft, end - i);
      prefaceLeft -= n;
      i += n;
    }
    while (i < end) {
      if (headerFill < FRAME_HEADER_BYTES) {
        header[headerFill++] = in.getByte(i++);
        if (headerFill == FRAME_HEADER_BYTES) {
          frameStarts(i);
        }
        continue;
      }
      int n = (int) Math.min(payloadLeft, end - i);
      if (type == DATA) {
        data(in, i, n, ending);
      }
      i += n;
      payloadLeft -= n;
      if (payloadLeft == 0) {
        frameEnds(i);
      }
    }
  }

  private void frameStarts(int at) {
    payloadLeft = (header[0] & 0xffL) << 16 | (header[1] & 0xff) << 8 | (header[2] & 0xff);
    type = header[3] & 0xff;
    flags = header[4] & 0xff;
    stream =
        (header[5] & 0x7f) << 24
            | (header[6] & 0xff) << 16
            | (header[7] & 0xff) << 8
            | header[8] & 0xff;
    padLeft = type == DATA && (flags & PADDED) != 0 ? -1 : 0;
    if (payloadLeft == 0) {
      frameEnds(at);
    }
  }

  /** The frame ends before index {@code at} of the buffer being scanned. */
  private void frameEnds(int at) {
    headerFill = 0;
    boolean ends =
        type == RST_STREAM || ((type == DATA || type == HEADERS) && (flags & END_STREAM) != 0);
    if (type == HEADERS && !ends) {
      resets.opened(stream);
    } else if (type == RST_STREAM) {
      tooManyResets |= resets.reset(stream);
    } else if (ends) {
      resets.halfClosed(stream);
    }
    if (ends) {
      GrpcMessage message = unfinished.remove(stream);
      if (message != null) {
        held -= message.held;
      }
    }
  }

  /** DATA payload bytes: the pad length, the stream's gRPC bytes, then padding. */
  private void data(ByteBuf in, int from, int n, boolean ending) {
    int i = from;
    int end = from + n;
    if (padLeft < 0 && i < end) {
      padLeft = in.getUnsignedByte(i++);
    }
    long dataLeft = payloadLeft - (i - from) - padLeft;
    int take = (int) Math.max(0, Math.min(dataLeft, end - i));
    if (take == 0) {
      return;
    }
    if (ending) {
      return; // the connection is being ended
    }
    GrpcMessage message = unfinished.computeIfAbsent(stream, s -> new GrpcMessage());
    long before = message.held;
    message.arrived(in, i, take);
    held += message.held - before;
    if (message.held == 0) {
      unfinished.remove(stream);
    } else if (!touched.contains(message)) {
      touched.add(message);
    }
  }

  /**
   * What the connection holds once a read of this capacity is scanned: its unfinished messages'
   * bytes, or the read buffers they keep if more (issue 59: {@link UnfinishedMessages} says why);
   * zero when no message is unfinished. Each message still unfinished that this read carried bytes
   * of now keeps this read's buffer too.
   */
  long charge(int readCapacity) {
    long pinned = 0;
    for (GrpcMessage message : unfinished.values()) {
      if (message.held > 0 && touched.contains(message)) {
        message.pinned += readCapacity;
      }
      pinned += message.held > 0 ? message.pinned : 0;
    }
    return held == 0 ? 0 : Math.max(held, pinned);
  }

  /** Whether a message is still unfinished more than {@code maxNanos} after its first byte. */
  boolean unfinishedFor(long now, long maxNanos) {
    for (GrpcMessage message : unfinished.values()) {
      if (message.held > 0 && now - message.started > maxNanos) {
        return true;
      }
    }
    return false;
  }

  /** One stream's gRPC message in progress: its 5-byte prefix, then the announced length. */
  private static final class GrpcMessage {
    private static final int PREFIX_BYTES = 5;
    private final byte[] prefix = new byte[PREFIX_BYTES];
    private int prefixFill;
    private long bodyLeft;
    long held;
    long pinned; // the capacity of the read buffers that carried its bytes: released once whole
    long started; // System.nanoTime() of the message's first byte

    void arrived(ByteBuf in, int from, int n) {
      int i = from;
      int end = from + n;
      while (i < end) {
        if (prefixFill < PREFIX_BYTES) {
          if (prefixFill == 0) {
            started = System.nanoTime();
          }
          prefix[prefixFill++] = in.getByte(i++);
          held++;
          if (prefixFill == PREFIX_BYTES) {
            bodyLeft =
                (prefix[1] & 0xffL) << 24
                    | (prefix[2] & 0xff) << 16
                    | (prefix[3] & 0xff) << 8
                    | prefix[4] & 0xff;
            if (bodyLeft == 0) {
              done();
            }
          }
          continue;
        }
        int take = (int) Math.min(bodyLeft, end - i);
        i += take;
        bodyLeft -= take;
        held += take;
        if (bodyLeft == 0) {
          done();
        }
      }
    }

    private void done() {
      prefixFill = 0;
      held = 0;
      pinned = 0;
    }
  }
}
