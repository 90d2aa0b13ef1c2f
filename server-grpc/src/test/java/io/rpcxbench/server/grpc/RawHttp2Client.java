package io.rpcxbench.server.grpc;

import io.grpc.netty.shaded.io.netty.buffer.Unpooled;
import io.grpc.netty.shaded.io.netty.handler.codec.http2.DefaultHttp2HeadersDecoder;
import io.grpc.netty.shaded.io.netty.handler.codec.http2.Http2Exception;
import io.grpc.netty.shaded.io.netty.handler.codec.http2.Http2Headers;
import java.io.ByteArrayOutputStream;
import java.io.Closeable;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;

/**
 * A hand-driven HTTP/2 client for the attacks no gRPC client makes: it writes frames as told
 * (ignoring flow control), and reads the server's frames, decoding HEADERS with Netty's HPACK
 * decoder.
 */
final class RawHttp2Client implements Closeable {
  static final int DATA = 0;
  static final int HEADERS = 1;
  static final int RST_STREAM = 3;
  static final int SETTINGS = 4;
  static final int GOAWAY = 7;

  /** Not a frame type of HTTP/2: a SETTINGS frame that acknowledges the client's. */
  static final int SETTINGS_ACK = -SETTINGS;

  static final int END_STREAM = 0x1;
  static final int ACK = 0x1;
  static final int END_HEADERS = 0x4;
  static final int ENHANCE_YOUR_CALM = 0xb;
  static final int MAX_DATA_FRAME = 16_384;

  private static final byte[] PREFACE =
      "PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n".getBytes(StandardCharsets.US_ASCII);
  private static final int SETTINGS_INITIAL_WINDOW_SIZE = 0x4;

  private final Socket socket;
  private final OutputStream out;
  private final DataInputStream in;
  private final DefaultHttp2HeadersDecoder hpack = new DefaultHttp2HeadersDecoder(false);

  /** A frame the server sent; {@code headers} of HEADERS, {@code error} of RST_STREAM or GOAWAY. */
  record Frame(int type, int flags, int stream, Http2Headers headers, int error) {
    boolean endsStream() {
      return (type == HEADERS || type == DATA) && (flags & END_STREAM) != 0 || type == RST_STREAM;
    }
  }

  /**
   * Connects, sends the preface and SETTINGS (with this initial stream window, or the default when
   * negative), and acknowledges the server's SETTINGS.
   */
  RawHttp2Client(int port, int initialWindow) throws IOException {
    socket = new Socket("127.0.0.1", port);
    socket.setSoTimeout(10_000);
    out = socket.getOutputStream();
    in = new DataInputStream(socket.getInputStream());
    out.write(PREFACE);
    byte[] settings =
        initialWindow < 0
            ? new byte[0]
            : new byte[] {
              0,
              SETTINGS_INITIAL_WINDOW_SIZE,
              (byte) (initialWindow >>> 24),
              (byte) (initialWindow >>> 16),
              (byte) (initialWindow >>> 8),
              (byte) initialWindow
            };
    frame(SETTINGS, 0, 0, settings);
    out.flush();
    while (true) {
      Frame f = read();
      if (f.type() == SETTINGS && (f.flags() & ACK) == 0) {
        frame(SETTINGS, ACK, 0, new byte[0]);
        out.flush();
        return;
      }
    }
  }

  /** HEADERS of a gRPC call of this method on this stream (not ending it). */
  void startCall(int stream, String method) throws IOException {
    frame(HEADERS, END_HEADERS, stream, callHeaders(method));
  }

  /** One gRPC message prefix announcing this many bytes, then these bytes, in DATA frames. */
  void sendMessage(int stream, int announced, byte[] body, boolean endStream) throws IOException {
    byte[] message = new byte[5 + body.length];
    message[1] = (byte) (announced >>> 24);
    message[2] = (byte) (announced >>> 16);
    message[3] = (byte) (announced >>> 8);
    message[4] = (byte) announced;
    System.arraycopy(body, 0, message, 5, body.length);
    for (int from = 0; from < message.length; from += MAX_DATA_FRAME) {
      int to = Math.min(message.length, from + MAX_DATA_FRAME);
      byte[] chunk = java.util.Arrays.copyOfRange(message, from, to);
      frame(DATA, endStream && to == message.length ? END_STREAM : 0, stream, chunk);
    }
  }

  void reset(int stream) throws IOException {
    frame(RST_STREAM, 0, stream, new byte[] {0, 0, 0, 8}); // CANCEL
  }

  void flush() throws IOException {
    out.flush();
  }

  /** The next frame; null when none came within the timeout; throws when the server closed. */
  Frame next(int timeoutMs) throws IOException {
    socket.setSoTimeout(timeoutMs);
    try {
      return read();
    } catch (SocketTimeoutException e) {
      return null;
    }
  }

  private Frame read() throws IOException {
    int length = in.readUnsignedShort() << 8 | in.readUnsignedByte();
    int type = in.readUnsignedByte();
    int flags = in.readUnsignedByte();
    int stream = in.readInt() & 0x7fffffff;
    byte[] payload = in.readNBytes(length);
    if (payload.length < length) {
      throw new java.io.EOFException("the server closed the connection");
    }
    Http2Headers headers = null;
    int error = -1;
    if (type == HEADERS) {
      try {
        headers = hpack.decodeHeaders(stream, Unpooled.wrappedBuffer(payload));
      } catch (Http2Exception e) {
        throw new IOException(e);
      }
    } else if (type == RST_STREAM) {
      error =
          (payload[0] & 0xff) << 24
              | (payload[1] & 0xff) << 16
              | (payload[2] & 0xff) << 8
              | payload[3] & 0xff;
    } else if (type == GOAWAY) {
      error =
          (payload[4] & 0xff) << 24
              | (payload[5] & 0xff) << 16
              | (payload[6] & 0xff) << 8
              | payload[7] & 0xff;
    }
    return new Frame(type, flags, stream, headers, error);
  }

  void frame(int type, int flags, int stream, byte[] payload) throws IOException {
    frame(out, type, flags, stream, payload);
  }

  /**
   * The bytes of a connection that starts a call of this method and sends the first {@code sent}
   * bytes of a message announcing {@code announced}, all within the default 64 KiB windows.
   */
  static byte[] partialCall(String method, int announced, int sent) {
    return partialCall(method, announced, sent, false);
  }

  /**
   * As {@link #partialCall(String, int, int)}; {@code ackSettings}: acknowledges the server's
   * SETTINGS blindly, before it has read them, so the server's 1 MiB stream window applies and the
   * call may send more than HTTP/2's initial 65,535 bytes without reading anything.
   */
  static byte[] partialCall(String method, int announced, int sent, boolean ackSettings) {
    try {
      ByteArrayOutputStream bytes = new ByteArrayOutputStream();
      bytes.write(PREFACE);
      frame(bytes, SETTINGS, 0, 0, new byte[0]);
      if (ackSettings) {
        frame(bytes, SETTINGS, ACK, 0, new byte[0]);
      }
      frame(bytes, HEADERS, END_HEADERS, 1, callHeaders(method));
      byte[] message = new byte[5 + sent];
      message[1] = (byte) (announced >>> 24);
      message[2] = (byte) (announced >>> 16);
      message[3] = (byte) (announced >>> 8);
      message[4] = (byte) announced;
      for (int from = 0; from < message.length; from += MAX_DATA_FRAME) {
        int to = Math.min(message.length, from + MAX_DATA_FRAME);
        frame(bytes, DATA, 0, 1, java.util.Arrays.copyOfRange(message, from, to));
      }
      return bytes.toByteArray();
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  /**
   * Issue 59: a whole hello call whose name is {@code nameBytes} long (its reply as large), and in
   * the same bytes a second call's message announcing {@code announced} of which {@code sent} bytes
   * follow, all within the default 64 KiB windows.
   */
  static byte[] wholeHelloThenPartial(int nameBytes, int announced, int sent) {
    try {
      ByteArrayOutputStream bytes = new ByteArrayOutputStream();
      bytes.write(PREFACE);
      frame(bytes, SETTINGS, 0, 0, new byte[0]);
      frame(bytes, HEADERS, END_HEADERS, 1, callHeaders("/rpcxbench.Bench/Hello"));
      ByteArrayOutputStream hello = new ByteArrayOutputStream();
      hello.write(0x0a); // HelloRequest.name, length-delimited
      for (int n = nameBytes; ; n >>>= 7) { // varint
        if (n < 0x80) {
          hello.write(n);
          break;
        }
        hello.write((n & 0x7f) | 0x80);
      }
      hello.write("x".repeat(nameBytes).getBytes(StandardCharsets.US_ASCII));
      byte[] message = grpcMessage(hello.size(), hello.toByteArray());
      for (int from = 0; from < message.length; from += MAX_DATA_FRAME) {
        int to = Math.min(message.length, from + MAX_DATA_FRAME);
        int flags = to == message.length ? END_STREAM : 0;
        frame(bytes, DATA, flags, 1, java.util.Arrays.copyOfRange(message, from, to));
      }
      frame(bytes, HEADERS, END_HEADERS, 3, callHeaders("/rpcxbench.Bench/Echo"));
      frame(bytes, DATA, 0, 3, grpcMessage(announced, new byte[sent]));
      return bytes.toByteArray();
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  private static byte[] grpcMessage(int announced, byte[] body) {
    byte[] message = new byte[5 + body.length];
    message[1] = (byte) (announced >>> 24);
    message[2] = (byte) (announced >>> 16);
    message[3] = (byte) (announced >>> 8);
    message[4] = (byte) announced;
    System.arraycopy(body, 0, message, 5, body.length);
    return message;
  }

  private static byte[] callHeaders(String method) {
    return literalHeaders(
        ":method",
        "POST",
        ":scheme",
        "http",
        ":path",
        method,
        ":authority",
        "localhost",
        "content-type",
        "application/grpc",
        "te",
        "trailers");
  }

  private static void frame(OutputStream out, int type, int flags, int stream, byte[] payload)
      throws IOException {
    out.write(
        new byte[] {
          (byte) (payload.length >>> 16),
          (byte) (payload.length >>> 8),
          (byte) payload.length,
          (byte) type,
          (byte) flags,
          (byte) (stream >>> 24),
          (byte) (stream >>> 16),
          (byte) (stream >>> 8),
          (byte) stream
        });
    out.write(payload);
  }

  /** HPACK "literal header field without indexing, new name", no Huffman: lengths < 127. */
  private static byte[] literalHeaders(String... namesAndValues) {
    ByteArrayOutputStream block = new ByteArrayOutputStream();
    for (int i = 0; i < namesAndValues.length; i += 2) {
      block.write(0);
      for (String s : new String[] {namesAndValues[i], namesAndValues[i + 1]}) {
        byte[] bytes = s.getBytes(StandardCharsets.US_ASCII);
        block.write(bytes.length);
        block.writeBytes(bytes);
      }
    }
    return block.toByteArray();
  }

  @Override
  public void close() throws IOException {
    socket.close();
  }
}
