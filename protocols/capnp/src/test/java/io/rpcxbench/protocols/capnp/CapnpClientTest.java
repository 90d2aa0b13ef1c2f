package io.rpcxbench.protocols.capnp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rpcxbench.api.BenchContract;
import io.rpcxbench.protocols.capnp.CapnpException.Code;
import io.rpcxbench.serverkit.RunningServer;
import io.rpcxbench.spi.BenchClient;
import io.rpcxbench.spi.ProtocolProvider;
import io.rpcxbench.testsupport.ByteCountingProxy;
import io.rpcxbench.testsupport.PerThreadSocketClientContract;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.List;
import org.capnproto.MessageReader;
import org.junit.jupiter.api.Test;

/**
 * The capnp plug-in's client against the real server: the contract, plus the error codes, an
 * unknown call, the per-thread socket across a restart, the call timeout, what malformed bytes on a
 * raw socket do to the server, and the bytes of one put on the wire.
 */
class CapnpClientTest extends PerThreadSocketClientContract {
  @Override
  protected String code(RuntimeException e) {
    return e instanceof CapnpException x ? x.code().name() : null;
  }

  @Override
  protected ProtocolProvider provider() {
    return new CapnpProtocol();
  }

  @Override
  protected RunningServer startServer(int port) throws Exception {
    return CapnpServer.start("127.0.0.1", port);
  }

  private static void assertCode(Runnable call, Code code, String message) {
    assertThatThrownBy(call::run)
        .isInstanceOfSatisfying(CapnpException.class, e -> assertThat(e.code()).isEqualTo(code))
        .hasMessageContaining(message);
  }

  @Test
  void catalogEntry() {
    ProtocolProvider p = provider();
    assertThat(p.id()).isEqualTo("capnp");
    assertThat(p.type()).isEqualTo(12);
    assertThat(p.defaultPort()).isEqualTo(8092);
    assertThat(p.label()).isEqualTo("raw socket + Cap'n Proto");
    assertThat(p.server().jar()).isEqualTo("protocols/capnp/target/capnp-server.jar");
    assertThat(client().describe()).contains("1 blocking socket per calling thread");
    assertThat(client().items(BenchContract.MAX_ITEMS)).isEqualTo(BenchContract.items(10_000));
    assertThat(client().echo(new byte[BenchContract.MAX_PAYLOAD])).hasSize(1 << 20);
  }

  @Test
  void invalidArgumentsAreInvalidArgumentWithTheServersMessage() {
    BenchClient c = client();
    Code invalid = Code.INVALID_ARGUMENT;
    assertCode(() -> c.hello(null), invalid, "hello: name is required");
    assertCode(() -> c.echo(null), invalid, "echo: payload is required");
    assertCode(() -> c.put(null, new byte[1]), invalid, "put: key");
    assertCode(() -> c.put("k", null), invalid, "put: value");
    assertCode(
        () -> c.put("k".repeat(BenchContract.MAX_KEY + 1), new byte[1]),
        invalid,
        "put: key is longer than");
    assertCode(() -> c.items(BenchContract.MAX_ITEMS + 1), invalid, "items: n must be between");
    assertCode(() -> c.items(-1), invalid, "items: n must be between");
    assertThat(c.hello("after")).isEqualTo("hello, after");
  }

  /**
   * A payload just over the limit is an error reply; one over the frame limit closes the socket.
   */
  @Test
  void oversizePayloadsAreAnErrorOrAClosedSocketAndTheNextCallWorks() {
    assertCode(
        () -> client().echo(new byte[BenchContract.MAX_PAYLOAD + 1]),
        Code.INVALID_ARGUMENT,
        "payload is larger than");
    assertCode(
        () -> client().echo(new byte[BenchContract.MAX_PAYLOAD + 128 * 1024]),
        Code.UNAVAILABLE,
        "");
    assertThat(client().hello("fresh")).isEqualTo("hello, fresh");
  }

  @Test
  void anUnknownCallIsAnErrorReplyAndTheSocketStaysUsable() throws Exception {
    byte[] bytes = WireBytes.of(WireBytes.request(r -> r.setItems(1)));
    // segment table (8 B), root pointer (8 B), id (8 B), then the union tag
    ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).putShort(24, (short) 9);
    try (Socket socket = new Socket("127.0.0.1", server().port())) {
      socket.setSoTimeout(10_000);
      socket.getOutputStream().write(bytes);
      var in = Frames.channel(socket.getInputStream());
      Reply.Reader reply = readReply(in);
      assertThat(reply.which()).isEqualTo(Reply.Which.ERROR);
      assertThat(reply.errorCode()).isEqualTo(Reply.ErrorCode.INVALID_ARGUMENT);
      assertThat(reply.errorMessage()).isEqualTo("request: unknown call (union tag 9)");

      socket.getOutputStream().write(WireBytes.of(WireBytes.request(r -> r.setHello("again"))));
      assertThat(readReply(in).hello()).isEqualTo("hello, again");
    }
  }

  private static Reply.Reader readReply(java.nio.channels.ReadableByteChannel in) throws Exception {
    MessageReader message = Frames.read(in, Frames.REPLY_LIMITS).orElseThrow();
    return message.getRoot(Reply.factory);
  }

  @Test
  void malformedInputClosesOnlyThatConnection() throws Exception {
    assertThat(client().hello("first")).isEqualTo("hello, first");
    byte[] garbage = new byte[64];
    Arrays.fill(garbage, (byte) 0xff);
    byte[] hugeSegment = words(0, 0x0fff_ffff, 0, 0); // one segment of 2 GiB announced
    int[] table = new int[514]; // count, 512 sizes, padding to a whole word
    table[0] = 511; // 512 segments of 1 MiB each: the sum is over the limit
    Arrays.fill(table, 1, 513, 1 << 17);
    byte[] hugeTable = words(table);
    // one segment of 2 words whose root pointer points 1000 words away: out of bounds
    byte[] wildPointer = words(0, 2, 1000 << 2, 0x0002_0002, 0, 0);
    for (byte[] bad : List.of(garbage, hugeSegment, hugeTable, wildPointer)) {
      assertThat(sendAndAwaitClose(server().port(), bad, false)).as(Arrays.toString(bad)).isTrue();
      assertThat(client().hello("still")).isEqualTo("hello, still");
    }
    // a frame that announces 10 words and sends 3, then ends
    byte[] truncated = words(0, 10, 1, 2, 3, 4, 5, 6);
    assertThat(sendAndAwaitClose(server().port(), truncated, true)).isTrue();
    assertThat(client().hello("after truncation")).isEqualTo("hello, after truncation");
  }

  /** Little-endian 32-bit words. */
  private static byte[] words(int... ints) {
    ByteBuffer bytes = ByteBuffer.allocate(ints.length * 4).order(ByteOrder.LITTLE_ENDIAN);
    for (int i : ints) {
      bytes.putInt(i);
    }
    return bytes.array();
  }

  /** Sends the bytes on a raw socket; true when the server then closes it. */
  private static boolean sendAndAwaitClose(int port, byte[] bytes, boolean endOutput)
      throws Exception {
    try (Socket socket = new Socket("127.0.0.1", port)) {
      socket.setSoTimeout(10_000);
      OutputStream out = socket.getOutputStream();
      out.write(bytes);
      out.flush();
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

  /** For the README: one put of a 64 B key and a 512 B value, as the harness sends it. */
  @Test
  void wireBytesOfOnePut() throws Exception {
    try (ByteCountingProxy proxy = ByteCountingProxy.start(server().port());
        BenchClient c = provider().open(options(proxy.port()))) {
      String key = BenchContract.putKey("wire-", 1, BenchContract.DEFAULT_KEY_BYTES);
      byte[] value = new byte[BenchContract.DEFAULT_VALUE_BYTES];
      assertThat(c.put(key, value)).isTrue();
      long up = proxy.requestBytes();
      long down = proxy.replyBytes();
      assertThat(c.put(BenchContract.putKey("wire-", 2, 64), value)).isTrue();
      long request = proxy.requestBytes() - up;
      long reply = proxy.replyBytes() - down;
      System.out.println(
          "wire bytes capnp put(64 B, 512 B): request " + request + ", reply " + reply);
      // table 8 + root 8 + Request 32 (2 data words, 2 pointers) + key 72 (64 B + NUL, padded) +
      // value 512
      assertThat(request).isEqualTo(632);
      // table 8 + root 8 + Reply 24 (2 data words, 1 pointer)
      assertThat(reply).isEqualTo(40);
    }
  }
}
