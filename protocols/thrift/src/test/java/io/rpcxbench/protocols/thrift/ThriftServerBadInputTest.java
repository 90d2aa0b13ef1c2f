package io.rpcxbench.protocols.thrift;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.protocols.thrift.wire.Bench;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.apache.thrift.TApplicationException;
import org.apache.thrift.protocol.TMessage;
import org.apache.thrift.protocol.TMessageType;
import org.apache.thrift.protocol.TProtocol;
import org.apache.thrift.protocol.TStruct;
import org.apache.thrift.transport.TSocket;
import org.apache.thrift.transport.layered.TFramedTransport;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * Malformed bytes on raw sockets: each closes only its own connection (or, for an unknown method,
 * is answered with a {@code TApplicationException} on a connection that stays usable), and the
 * server goes on serving a connection that was open before and new ones.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ThriftServerBadInputTest {
  private static final int READ_TIMEOUT_MS = 10_000;

  private ThriftServer server;
  private CallConnection bystander;

  @BeforeAll
  void start() throws Exception {
    server = ThriftServer.start("127.0.0.1", 0);
    bystander = connect();
    assertThat(bystander.client().hello("before")).isEqualTo("hello, before");
  }

  @AfterAll
  void stop() {
    bystander.close();
    server.close();
  }

  /** The open connection and a new one both still answer. */
  @AfterEach
  void serverStillServes() throws Exception {
    assertThat(bystander.client().hello("bystander")).isEqualTo("hello, bystander");
    try (CallConnection fresh = connect()) {
      assertThat(fresh.client().hello("fresh")).isEqualTo("hello, fresh");
    }
  }

  private CallConnection connect() throws Exception {
    return CallConnection.open("127.0.0.1", server.port(), 2_000, READ_TIMEOUT_MS);
  }

  @Test
  void garbageBytesCloseTheConnection() throws Exception {
    byte[] http = "GET / HTTP/1.1\r\nHost: x\r\n\r\n".getBytes(StandardCharsets.US_ASCII);
    byte[] ones = new byte[64];
    Arrays.fill(ones, (byte) 0xff); // a negative frame length
    assertThat(sendAndAwaitClose(http)).as("HTTP request").isTrue();
    assertThat(sendAndAwaitClose(ones)).as("0xff...").isTrue();
  }

  @Test
  void aFrameThatIsNotAThriftMessageClosesTheConnection() throws Exception {
    byte[] junk = new byte[16];
    Arrays.fill(junk, (byte) 0xab);
    assertThat(sendAndAwaitClose(frame(junk))).isTrue();
  }

  @Test
  void aFrameLengthOverTheLimitClosesTheConnectionBeforeAnyAllocation() throws Exception {
    assertThat(sendAndAwaitClose(length(ThriftLimits.MAX_FRAME + 1))).isTrue();
    assertThat(sendAndAwaitClose(length(Integer.MAX_VALUE))).isTrue();
  }

  /**
   * The peer sends 10 of 100 bytes and ends its side. (A peer that only goes quiet holds its worker
   * until it closes: the server has no read timeout, so that idle harness connections stay open.)
   */
  @Test
  void aTruncatedFrameClosesTheConnection() throws Exception {
    byte[] cut = Arrays.copyOf(length(100), 4 + 10);
    assertThat(sendAndAwaitClose(cut, true)).isTrue();
  }

  /** hello whose name claims 2 GiB inside a small frame: refused without allocating it. */
  @Test
  void aStringLengthBeyondTheMessageClosesTheConnection() throws Exception {
    ByteArrayOutputStream message = new ByteArrayOutputStream();
    DataOutputStream out = new DataOutputStream(message);
    out.writeInt(0x80010000 | TMessageType.CALL); // strict binary protocol, version 1
    out.writeInt(5);
    out.writeBytes("hello");
    out.writeInt(1); // sequence id
    out.writeByte(11); // field type string
    out.writeShort(1); // field id 1: name
    out.writeInt(Integer.MAX_VALUE); // its length
    out.writeBytes("world");
    assertThat(sendAndAwaitClose(frame(message.toByteArray()))).isTrue();
  }

  @Test
  void anUnknownMethodIsAnsweredAndTheConnectionStaysUsable() throws Exception {
    try (TSocket socket =
        new TSocket(
            ThriftLimits.configuration(), "127.0.0.1", server.port(), READ_TIMEOUT_MS, 2_000)) {
      TFramedTransport transport = new TFramedTransport(socket, ThriftLimits.MAX_FRAME);
      transport.open();
      TProtocol protocol = ThriftLimits.protocol(transport);
      protocol.writeMessageBegin(new TMessage("launchMissiles", TMessageType.CALL, 7));
      protocol.writeStructBegin(new TStruct("launchMissiles_args"));
      protocol.writeFieldStop();
      protocol.writeStructEnd();
      protocol.writeMessageEnd();
      transport.flush();

      TMessage reply = protocol.readMessageBegin();
      assertThat(reply.type).isEqualTo(TMessageType.EXCEPTION);
      assertThat(reply.seqid).isEqualTo(7);
      TApplicationException error = TApplicationException.readFrom(protocol);
      protocol.readMessageEnd();
      assertThat(error.getType()).isEqualTo(TApplicationException.UNKNOWN_METHOD);
      assertThat(error.getMessage()).contains("launchMissiles");

      assertThat(new Bench.Client(protocol).hello("same socket")).isEqualTo("hello, same socket");
    }
  }

  private static byte[] length(int length) {
    byte[] bytes = new byte[4];
    TFramedTransport.encodeFrameSize(length, bytes);
    return bytes;
  }

  private static byte[] frame(byte[] body) {
    byte[] framed = Arrays.copyOf(length(body.length), 4 + body.length);
    System.arraycopy(body, 0, framed, 4, body.length);
    return framed;
  }

  private boolean sendAndAwaitClose(byte[] bytes) throws IOException {
    return sendAndAwaitClose(bytes, false);
  }

  /**
   * Sends the bytes on a raw socket, and ends its output if asked; true when the server then closes
   * it without writing anything.
   */
  private boolean sendAndAwaitClose(byte[] bytes, boolean endOutput) throws IOException {
    try (Socket socket = new Socket("127.0.0.1", server.port())) {
      socket.setSoTimeout(READ_TIMEOUT_MS);
      socket.getOutputStream().write(bytes);
      socket.getOutputStream().flush();
      if (endOutput) {
        socket.shutdownOutput();
      }
      InputStream in = socket.getInputStream();
      try {
        return in.read() < 0;
      } catch (SocketException reset) {
        return true;
      }
    }
  }
}
