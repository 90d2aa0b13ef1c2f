package io.rpcxbench.protocols.typedjson;

import io.rpcxbench.protocols.typedjson.wire.Reply;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.net.InetAddress;
import java.net.Socket;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;

/** A raw socket to the server, for bad input: frames or any bytes out, reply frames in. */
final class RawFrames implements AutoCloseable {
  /** A reply frame, decoded. */
  record Frame(int id, Reply reply) {}

  private final Socket socket;
  private final DataInputStream in;
  private final DataOutputStream out;

  RawFrames(int port) throws IOException {
    socket = new Socket(InetAddress.getLoopbackAddress(), port);
    socket.setSoTimeout(10_000);
    in = new DataInputStream(socket.getInputStream());
    out = new DataOutputStream(socket.getOutputStream());
  }

  /** One well-formed frame around these JSON bytes. */
  void send(int id, String json) throws IOException {
    byte[] bytes = json.getBytes(StandardCharsets.UTF_8);
    out.writeInt(Frames.ID_BYTES + bytes.length);
    out.writeInt(id);
    out.write(bytes);
    out.flush();
  }

  /**
   * Sends a frame the server is expected to refuse: a server that closes on reading the length
   * prefix may do so while the rest is still being written (broken pipe or reset), which is the
   * refusal itself, not a failure of the test.
   */
  void sendRefused(int id, String json) throws IOException {
    try {
      send(id, json);
    } catch (SocketException closedWhileWriting) {
      // the server closed first: what closedByServer() then reports
    }
  }

  void sendRaw(byte[] bytes) throws IOException {
    out.write(bytes);
    out.flush();
  }

  void halfClose() throws IOException {
    socket.shutdownOutput();
  }

  Frame read() throws IOException {
    int length = in.readInt();
    int id = in.readInt();
    byte[] json = new byte[length - Frames.ID_BYTES];
    in.readFully(json);
    return new Frame(id, TypedJson.REPLIES.readValue(json));
  }

  /** True when the server closes the connection (end of stream or reset) before any reply. */
  boolean closedByServer() throws IOException {
    try {
      return in.read() < 0;
    } catch (SocketException reset) {
      return true;
    } catch (EOFException end) {
      return true;
    }
  }

  @Override
  public void close() throws IOException {
    socket.close();
  }
}
