package io.rpcxbench.protocols.typedjson;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.rpcxbench.api.BenchContract;
import io.rpcxbench.protocols.typedjson.wire.EchoReply;
import io.rpcxbench.protocols.typedjson.wire.EchoRequest;
import io.rpcxbench.protocols.typedjson.wire.ErrorReply;
import io.rpcxbench.protocols.typedjson.wire.HelloReply;
import io.rpcxbench.protocols.typedjson.wire.HelloRequest;
import io.rpcxbench.protocols.typedjson.wire.ItemsReply;
import io.rpcxbench.protocols.typedjson.wire.ItemsRequest;
import io.rpcxbench.protocols.typedjson.wire.PutReply;
import io.rpcxbench.protocols.typedjson.wire.PutRequest;
import io.rpcxbench.protocols.typedjson.wire.Reply;
import io.rpcxbench.protocols.typedjson.wire.Request;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The typed JSON and the frames: what is on the wire, the bound, and the server's pipeline. */
class TypedJsonWireTest {
  private static String json(Request r) throws Exception {
    return TypedJson.REQUEST_WRITER.writeValueAsString(r);
  }

  private static String json(Reply r) throws Exception {
    return TypedJson.REPLY_WRITER.writeValueAsString(r);
  }

  @Test
  void everyObjectCarriesItsJavaType() throws Exception {
    assertThat(json(new HelloRequest("world")))
        .isEqualTo(
            "{\"@class\":\"io.rpcxbench.protocols.typedjson.wire.HelloRequest\",\"name\":\"world\"}");
    assertThat(json(new PutRequest("k", new byte[] {1, 2, 3})))
        .isEqualTo(
            "{\"@class\":\"io.rpcxbench.protocols.typedjson.wire.PutRequest\",\"key\":\"k\","
                + "\"value\":\"AQID\"}");
    assertThat(json(new ItemsReply(BenchContract.items(2))))
        .isEqualTo(
            "{\"@class\":\"io.rpcxbench.protocols.typedjson.wire.ItemsReply\",\"items\":["
                + "{\"@class\":\"io.rpcxbench.api.Item\",\"id\":0,\"name\":\"item-0\",\"price\":0.0,"
                + "\"flag\":true,\"tags\":[\"red-0\",\"green-0\",\"blue-0\"]},"
                + "{\"@class\":\"io.rpcxbench.api.Item\",\"id\":1,\"name\":\"item-1\",\"price\":1.25,"
                + "\"flag\":false,\"tags\":[\"red-1\",\"green-1\",\"blue-1\"]}]}");
    assertThat(json(new ErrorReply(ErrorReply.Status.INVALID_ARGUMENT, "m")))
        .isEqualTo(
            "{\"@class\":\"io.rpcxbench.protocols.typedjson.wire.ErrorReply\","
                + "\"status\":\"INVALID_ARGUMENT\",\"message\":\"m\"}");
  }

  @Test
  void everyMessageRoundTrips() throws Exception {
    for (Request r :
        List.of(
            new HelloRequest("grüße, 世界"),
            new HelloRequest(null),
            new ItemsRequest(10),
            new PutRequest("k", null))) {
      assertThat(TypedJson.REQUESTS.<Request>readValue(json(r))).isEqualTo(r);
    }
    EchoRequest echo =
        (EchoRequest) TypedJson.REQUESTS.readValue(json(new EchoRequest(new byte[] {9, 8})));
    assertThat(echo.payload()).containsExactly(9, 8);
    for (Reply r :
        List.of(
            new HelloReply("hello, x"),
            new PutReply(true),
            new ItemsReply(BenchContract.items(100)),
            new ErrorReply(ErrorReply.Status.INTERNAL, "boom"))) {
      assertThat(TypedJson.REPLIES.<Reply>readValue(json(r))).isEqualTo(r);
    }
  }

  /** The frame bound fits the contract's largest messages, and lets an oversized echo through. */
  @Test
  void theFrameBoundFitsTheContractsLargestMessages() throws Exception {
    int max = BenchContract.MAX_PAYLOAD;
    // a key of control characters is the longest JSON a valid key can take: 6 B per byte
    String worstKey = "\u0001".repeat(BenchContract.MAX_KEY);
    List<Object> largest =
        List.of(
            new EchoRequest(new byte[max]),
            new EchoReply(new byte[max]),
            new PutRequest(worstKey, new byte[max]),
            new ItemsReply(BenchContract.items(BenchContract.MAX_ITEMS)),
            new EchoRequest(new byte[max + 1])); // must reach the server, which rejects it
    for (Object m : largest) {
      ByteBuf frame =
          Frames.encode(
              ByteBufAllocator.DEFAULT,
              1,
              m,
              m instanceof Request ? TypedJson.REQUEST_WRITER : TypedJson.REPLY_WRITER);
      assertThat(frame).as(m.getClass().getSimpleName()).isNotNull();
      System.out.println(
          "frame of the largest "
              + m.getClass().getSimpleName()
              + ": "
              + frame.readableBytes()
              + " B (bound "
              + Frames.MAX_FRAME
              + " B)");
      frame.release();
    }
    assertThat(
            Frames.encode(
                ByteBufAllocator.DEFAULT,
                1,
                new EchoReply(new byte[Frames.MAX_FRAME]),
                TypedJson.REPLY_WRITER))
        .isNull();
  }

  private static byte[] requestFrame(int id, String name) throws Exception {
    ByteBuf b =
        Frames.encode(
            ByteBufAllocator.DEFAULT, id, new HelloRequest(name), TypedJson.REQUEST_WRITER);
    byte[] bytes = new byte[b.readableBytes()];
    b.readBytes(bytes);
    b.release();
    return bytes;
  }

  private static EmbeddedChannel serverPipeline() {
    return new EmbeddedChannel(Frames.decoder(), new CallHandler());
  }

  private static List<String> replies(EmbeddedChannel ch) throws Exception {
    List<String> out = new ArrayList<>();
    for (ByteBuf b; (b = ch.readOutbound()) != null; b.release()) {
      while (b.isReadable()) {
        int length = b.readInt();
        int id = b.readInt();
        byte[] json = new byte[length - 4];
        b.readBytes(json);
        Reply r = TypedJson.REPLIES.readValue(json);
        out.add(id + "=" + ((HelloReply) r).text());
      }
    }
    return out;
  }

  @Test
  void twoFramesSplitAtEveryByteGetTwoReplies() throws Exception {
    byte[] a = requestFrame(7, "a");
    byte[] b = requestFrame(8, "bé");
    byte[] both = new byte[a.length + b.length];
    System.arraycopy(a, 0, both, 0, a.length);
    System.arraycopy(b, 0, both, a.length, b.length);
    for (int split = 0; split <= both.length; split++) {
      EmbeddedChannel ch = serverPipeline();
      ch.writeInbound(Unpooled.wrappedBuffer(both, 0, split));
      ch.writeInbound(Unpooled.wrappedBuffer(both, split, both.length - split));
      assertThat(replies(ch)).as("split at %d", split).containsExactly("7=hello, a", "8=hello, bé");
      assertThat(ch.isOpen()).isTrue();
      ch.finishAndReleaseAll();
    }
  }

  @Test
  void everyByteAlone() throws Exception {
    EmbeddedChannel ch = serverPipeline();
    for (byte x : requestFrame(3, "slow")) {
      ch.writeInbound(Unpooled.wrappedBuffer(new byte[] {x}));
    }
    assertThat(replies(ch)).containsExactly("3=hello, slow");
    ch.finishAndReleaseAll();
  }

  @Test
  void anOversizeLengthClosesThePipelineAtOnce() {
    EmbeddedChannel ch = serverPipeline();
    try {
      ch.writeInbound(Unpooled.buffer().writeInt(Frames.MAX_FRAME + 1).writeInt(1));
    } catch (RuntimeException expected) {
      // EmbeddedChannel rethrows what the pipeline saw after the handler closed the channel
    }
    assertThat(ch.isOpen()).isFalse();
  }
}
