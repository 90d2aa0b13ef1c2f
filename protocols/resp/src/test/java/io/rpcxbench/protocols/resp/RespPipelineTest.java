package io.rpcxbench.protocols.resp;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.rpcxbench.api.BenchContract;
import io.rpcxbench.serverkit.netty.LingeringClose;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The server's pipeline in an {@code EmbeddedChannel}: frames split anywhere, pipelining. */
class RespPipelineTest {
  private static final String THREE_COMMANDS =
      "*2\r\n$11\r\nBENCH.HELLO\r\n$5\r\nworld\r\n"
          + "*3\r\n$9\r\nBENCH.PUT\r\n$1\r\nk\r\n$3\r\nv\0v\r\n"
          + "*2\r\n$11\r\nBENCH.ITEMS\r\n$1\r\n1\r\n";

  private static final String THREE_REPLIES =
      "$12\r\nhello, world\r\n"
          + "+OK\r\n"
          + "*1\r\n*5\r\n:0\r\n$6\r\nitem-0\r\n$3\r\n0.0\r\n:1\r\n"
          + "*3\r\n$5\r\nred-0\r\n$7\r\ngreen-0\r\n$6\r\nblue-0\r\n";

  private static EmbeddedChannel channel() {
    return new EmbeddedChannel(
        new RespServerInitializer(new Commands("test"), new NoConnections()));
  }

  private static String written(EmbeddedChannel channel) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteBuf buf;
    while ((buf = channel.readOutbound()) != null) {
      byte[] bytes = new byte[buf.readableBytes()];
      buf.readBytes(bytes);
      out.writeBytes(bytes);
      buf.release();
    }
    return out.toString(StandardCharsets.ISO_8859_1);
  }

  @Test
  void pipelinedCommandsSplitAtEveryByteGetTheirRepliesInOrder() {
    byte[] bytes = THREE_COMMANDS.getBytes(StandardCharsets.ISO_8859_1);
    for (int cut = 1; cut < bytes.length; cut++) {
      EmbeddedChannel channel = channel();
      channel.writeInbound(Unpooled.wrappedBuffer(Arrays.copyOfRange(bytes, 0, cut)));
      channel.writeInbound(Unpooled.wrappedBuffer(Arrays.copyOfRange(bytes, cut, bytes.length)));
      assertThat(written(channel)).as("cut at %d", cut).isEqualTo(THREE_REPLIES);
      assertThat(channel.isOpen()).isTrue();
      channel.finishAndReleaseAll();
    }
  }

  @Test
  void oneByteAtATime() {
    EmbeddedChannel channel = channel();
    for (byte b : THREE_COMMANDS.getBytes(StandardCharsets.ISO_8859_1)) {
      channel.writeInbound(Unpooled.wrappedBuffer(new byte[] {b}));
    }
    assertThat(written(channel)).isEqualTo(THREE_REPLIES);
    channel.finishAndReleaseAll();
  }

  @Test
  void aPayloadOfTheContractsLimitIsEchoedAndOneByteMoreIsRejected() {
    EmbeddedChannel channel = channel();
    int max = BenchContract.MAX_PAYLOAD;
    channel.writeInbound(Unpooled.wrappedBuffer(echo(max)));
    String reply = written(channel);
    assertThat(reply.length()).isEqualTo(max + 12); // $1048576 CR LF, the bytes, CR LF
    assertThat(reply.substring(0, 12)).isEqualTo("$" + max + "\r\npp");
    channel.writeInbound(Unpooled.wrappedBuffer(echo(max + 1)));
    assertThat(written(channel))
        .isEqualTo("-ERR echo: payload is larger than " + max + " bytes\r\n");
    assertThat(channel.isOpen()).isTrue();
    channel.finishAndReleaseAll();
  }

  @Test
  void anOversizeCommandClosesTheChannelAndDropsTheRestOfTheRead() {
    EmbeddedChannel channel = channel();
    String tooLong =
        "*2\r\n$10\r\nBENCH.ECHO\r\n$" + (CommandLimits.MAX_COMMAND_BYTES + 1) + "\r\n";
    channel.writeInbound(
        Unpooled.wrappedBuffer(
            (tooLong + "*1\r\n$4\r\nPING\r\n").getBytes(StandardCharsets.UTF_8)));
    assertThat(written(channel))
        .startsWith("-ERR Protocol error: command longer than")
        .doesNotContain("PONG");
    // a lingering close: open for the client to read the error, closed within the linger
    assertThat(channel.isOpen()).isTrue();
    channel.advanceTimeBy(LingeringClose.LINGER_MS, TimeUnit.MILLISECONDS);
    channel.runScheduledPendingTasks();
    assertThat(channel.isOpen()).isFalse();
    channel.finishAndReleaseAll();
  }

  private static byte[] echo(int size) {
    byte[] head = ("*2\r\n$10\r\nBENCH.ECHO\r\n$" + size + "\r\n").getBytes(StandardCharsets.UTF_8);
    byte[] bytes = Arrays.copyOf(head, head.length + size + 2);
    Arrays.fill(bytes, head.length, head.length + size, (byte) 'p');
    bytes[bytes.length - 2] = '\r';
    bytes[bytes.length - 1] = '\n';
    return bytes;
  }

  /** A channel group that keeps nothing: the embedded channel needs none. */
  private static final class NoConnections extends io.netty.channel.group.DefaultChannelGroup {
    NoConnections() {
      super(io.netty.util.concurrent.ImmediateEventExecutor.INSTANCE);
    }
  }
}
