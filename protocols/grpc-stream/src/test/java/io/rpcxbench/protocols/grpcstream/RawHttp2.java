package io.rpcxbench.protocols.grpcstream;

import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;

/** Hand-made HTTP/2 bytes for the tests that feed the server what no gRPC client sends. */
final class RawHttp2 {
  private static final int READ_TIMEOUT_MS = 10_000;
  private static final byte[] PREFACE =
      "PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n".getBytes(StandardCharsets.US_ASCII);
  private static final int DATA = 0;
  private static final int HEADERS = 1;
  private static final int RST_STREAM = 3;
  private static final int SETTINGS = 4;
  private static final int GOAWAY = 7;
  private static final int END_STREAM = 0x1;
  private static final int END_HEADERS = 0x4;

  private RawHttp2() {}

  /** Sends the bytes; true when the server then closes the connection. */
  static boolean sendAndAwaitClose(int port, byte[] bytes) throws IOException {
    try (Socket socket = new Socket("127.0.0.1", port)) {
      socket.setSoTimeout(READ_TIMEOUT_MS);
      socket.getOutputStream().write(bytes);
      try {
        while (socket.getInputStream().read() >= 0) {
          // whatever the server says before it closes (a GOAWAY)
        }
        return true;
      } catch (SocketException reset) {
        return true;
      }
    }
  }

  /**
   * Opens stream 1 of BenchStream/Calls and sends a gRPC message prefix announcing 2 GiB - 1; true
   * when the server ends that stream (RST_STREAM, trailers, or GOAWAY).
   */
  static boolean hugeMessageEndsStream(int port) throws IOException {
    try (Socket socket = new Socket("127.0.0.1", port)) {
      socket.setSoTimeout(READ_TIMEOUT_MS);
      OutputStream out = socket.getOutputStream();
      out.write(PREFACE);
      frame(out, SETTINGS, 0, 0, new byte[0]);
      frame(out, HEADERS, END_HEADERS, 1, callHeaders());
      frame(out, DATA, 0, 1, new byte[] {0, 0x7f, (byte) 0xff, (byte) 0xff, (byte) 0xff, 1, 2});
      out.flush();
      DataInputStream in = new DataInputStream(socket.getInputStream());
      try {
        while (true) {
          int length = in.readUnsignedShort() << 8 | in.readUnsignedByte();
          int type = in.readUnsignedByte();
          int flags = in.readUnsignedByte();
          int stream = in.readInt() & 0x7fffffff;
          in.skipNBytes(length);
          boolean endsStream1 =
              stream == 1 && (type == RST_STREAM || (type == HEADERS && (flags & END_STREAM) != 0));
          if (endsStream1 || type == GOAWAY) {
            return true;
          }
        }
      } catch (EOFException | SocketException closed) {
        return true;
      }
    }
  }

  /**
   * The bytes of a connection that opens stream 1 of BenchStream/Calls and sends {@code sent} bytes
   * of a message announcing {@code announced}, in 16 KiB DATA frames, never the rest; the server's
   * SETTINGS are acknowledged blindly, so its 1 MiB stream window applies.
   */
  static byte[] partialMessage(int announced, int sent) {
    try {
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      out.write(PREFACE);
      frame(out, SETTINGS, 0, 0, new byte[0]);
      frame(out, SETTINGS, 0x1, 0, new byte[0]); // ACK
      frame(out, HEADERS, END_HEADERS, 1, callHeaders());
      byte[] message = new byte[5 + sent];
      message[1] = (byte) (announced >>> 24);
      message[2] = (byte) (announced >>> 16);
      message[3] = (byte) (announced >>> 8);
      message[4] = (byte) announced;
      for (int from = 0; from < message.length; from += 16_384) {
        int to = Math.min(message.length, from + 16_384);
        frame(out, DATA, 0, 1, java.util.Arrays.copyOfRange(message, from, to));
      }
      return out.toByteArray();
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
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
  private static byte[] headers(String... namesAndValues) {
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

  /** The HEADERS block of a call of BenchStream/Calls. */
  private static byte[] callHeaders() {
    return headers(
        ":method",
        "POST",
        ":scheme",
        "http",
        ":path",
        "/rpcxbench.grpcstream.BenchStream/Calls",
        ":authority",
        "localhost",
        "content-type",
        "application/grpc",
        "te",
        "trailers");
  }
}
