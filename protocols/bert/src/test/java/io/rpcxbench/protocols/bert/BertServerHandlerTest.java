package io.rpcxbench.protocols.bert;

import static io.rpcxbench.protocols.bert.Berp.binary;
import static io.rpcxbench.protocols.bert.Berp.call;
import static io.rpcxbench.protocols.bert.Berp.helloReply;
import static org.assertj.core.api.Assertions.assertThat;

import com.ericsson.otp.erlang.OtpErlangObject;
import com.ericsson.otp.erlang.OtpErlangTuple;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.rpcxbench.api.BenchLogic;
import java.nio.ByteBuffer;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** The server's pipeline on an {@link EmbeddedChannel}: framing split anywhere, and oversize. */
class BertServerHandlerTest {
  private static EmbeddedChannel channel() {
    return new EmbeddedChannel(
        BertServerInitializer.frameDecoder(),
        new BertServerHandler(new BertCalls(new BenchLogic())));
  }

  private static OtpErlangObject reply(EmbeddedChannel channel) throws Exception {
    ByteBuf out = channel.readOutbound();
    assertThat(out).as("a reply").isNotNull();
    try {
      byte[] bytes = ByteBufUtil.getBytes(out);
      assertThat(ByteBuffer.wrap(bytes).getInt()).isEqualTo(bytes.length - 4);
      return Terms.decode(bytes, 4, bytes.length - 4, TermBounds.REPLY);
    } finally {
      out.release();
    }
  }

  @Test
  void aRequestSplitAtEveryByteGetsOneReply() throws Exception {
    byte[] request = Berp.frame(call("bench", "hello", binary("split")));
    for (int cut = 0; cut <= request.length; cut++) {
      EmbeddedChannel channel = channel();
      channel.writeInbound(Unpooled.wrappedBuffer(Arrays.copyOfRange(request, 0, cut)));
      if (cut < request.length) {
        assertThat((Object) channel.readOutbound()).as("no reply to %d bytes", cut).isNull();
      }
      channel.writeInbound(
          Unpooled.wrappedBuffer(Arrays.copyOfRange(request, cut, request.length)));
      assertThat(reply(channel)).as("cut at %d", cut).isEqualTo(helloReply("split"));
      assertThat((Object) channel.readOutbound()).isNull();
      assertThat(channel.finish()).isFalse();
    }
  }

  @Test
  void twoRequestsInOneReadGetTwoRepliesInOrder() throws Exception {
    EmbeddedChannel channel = channel();
    byte[] one = Berp.frame(call("bench", "hello", binary("one")));
    byte[] two = Berp.frame(call("bench", "hello", binary("two")));
    channel.writeInbound(Unpooled.wrappedBuffer(one, two));
    assertThat(reply(channel)).isEqualTo(helloReply("one"));
    assertThat(reply(channel)).isEqualTo(helloReply("two"));
  }

  @Test
  void anOversizeHeaderIsAnErrorReplyAndTheChannelCloses() throws Exception {
    EmbeddedChannel channel = channel();
    channel.writeInbound(Unpooled.wrappedBuffer(new byte[] {0x7f, 0, 0, 0}));
    OtpErlangTuple error = (OtpErlangTuple) ((OtpErlangTuple) reply(channel)).elementAt(1);
    assertThat(error.elementAt(0)).isEqualTo(Berp.atom("protocol"));
    assertThat(error.elementAt(1)).isEqualTo(Berp.integer(1));
    assertThat(channel.isActive()).isFalse();
  }
}
