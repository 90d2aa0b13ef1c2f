package io.rpcxbench.protocols.tcpprotobuf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rpcxbench.protocols.tcpprotobuf.wire.Hello;
import io.rpcxbench.protocols.tcpprotobuf.wire.Reply;
import io.rpcxbench.protocols.tcpprotobuf.wire.Request;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class FramesTest {

  private static byte[] delimited(com.google.protobuf.MessageLite message) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    message.writeDelimitedTo(out);
    return out.toByteArray();
  }

  /** A stream that hands out one byte per read, as a slow network might. */
  private static InputStream trickle(byte[] bytes) {
    return new FilterInputStream(new ByteArrayInputStream(bytes)) {
      @Override
      public int read(byte[] b, int off, int len) throws IOException {
        return super.read(b, off, Math.min(len, 1));
      }
    };
  }

  @Test
  void readsWhatWriteDelimitedToWrote() throws IOException {
    Request hello = Request.newBuilder().setHello(Hello.newBuilder().setName("world")).build();
    byte[] two = delimited(hello);
    two = Arrays.copyOf(two, two.length * 2);
    System.arraycopy(two, 0, two, two.length / 2, two.length / 2);
    InputStream in = trickle(two);
    assertThat(Request.parseFrom(Frames.read(in, Frames.MAX_FRAME))).isEqualTo(hello);
    assertThat(Request.parseFrom(Frames.read(in, Frames.MAX_FRAME))).isEqualTo(hello);
    assertThat(Frames.read(in, Frames.MAX_FRAME)).as("clean end between frames").isNull();
  }

  @Test
  void aFrameCutAnywhereIsAnEndOfStreamInsideIt() throws IOException {
    byte[] whole = delimited(Reply.newBuilder().setHello("hello, world").build());
    for (int cut = 1; cut < whole.length; cut++) {
      InputStream in = trickle(Arrays.copyOf(whole, cut));
      assertThatThrownBy(() -> Frames.read(in, Frames.MAX_FRAME))
          .as("cut at %d", cut)
          .isInstanceOf(EOFException.class);
    }
  }

  @Test
  void lengthsOverTheLimitAreRejectedBeforeAnyAllocation() {
    byte[] maxInt = {(byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff, 0x07};
    assertThatThrownBy(() -> Frames.read(new ByteArrayInputStream(maxInt), Frames.MAX_FRAME))
        .isInstanceOf(Frames.BadFrameException.class)
        .hasMessage("frame of 2147483647 bytes, the limit is " + Frames.MAX_FRAME);
    byte[] negative = {(byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff, 0x0f};
    assertThatThrownBy(() -> Frames.read(new ByteArrayInputStream(negative), Frames.MAX_FRAME))
        .isInstanceOf(Frames.BadFrameException.class)
        .hasMessage("frame of 4294967295 bytes, the limit is " + Frames.MAX_FRAME);
    byte[] eleven = {11, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11};
    assertThatThrownBy(() -> Frames.read(new ByteArrayInputStream(eleven), 10))
        .isInstanceOf(Frames.BadFrameException.class)
        .hasMessage("frame of 11 bytes, the limit is 10");
  }

  @Test
  void aRunawayVarintIsMalformed() {
    byte[] runaway = new byte[16];
    Arrays.fill(runaway, (byte) 0x80);
    assertThatThrownBy(() -> Frames.read(new ByteArrayInputStream(runaway), Frames.MAX_FRAME))
        .isInstanceOf(Frames.BadFrameException.class)
        .hasMessageStartingWith("malformed length");
  }

  /** The bytes on the wire per hello("world"), quoted in the README. */
  @Test
  void helloWorldIsTenBytesOutAndFifteenBack() throws IOException {
    Request request = Request.newBuilder().setHello(Hello.newBuilder().setName("world")).build();
    Reply reply = Reply.newBuilder().setHello("hello, world").build();
    assertThat(delimited(request)).hasSize(10);
    assertThat(delimited(reply)).hasSize(15);
  }

  /**
   * The client's classes load without the server kit (the harness's fat jar leaves it out): a
   * reference to it in Frames or the client's socket was a NoClassDefFoundError on every call.
   */
  @Test
  void theClientsClassesNeedNothingOfTheServerKit() throws IOException {
    for (Class<?> c :
        new Class<?>[] {
          Frames.class, Frames.BadFrameException.class, CallSocket.class, TcpProtobufClient.class
        }) {
      String name = c.getName().replace('.', '/') + ".class";
      try (var in = c.getClassLoader().getResourceAsStream(name)) {
        String bytes = new String(in.readAllBytes(), java.nio.charset.StandardCharsets.ISO_8859_1);
        assertThat(bytes).as(name).doesNotContain("io/rpcxbench/serverkit/");
      }
    }
  }
}
