package io.rpcxbench.rpcx;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.CorruptedFrameException;
import io.netty.handler.codec.DecoderException;
import io.netty.handler.codec.TooLongFrameException;
import io.rpcxbench.rpcx.wire.Parameter;
import io.rpcxbench.rpcx.wire.ParameterType;
import io.rpcxbench.rpcx.wire.RpcxRequest;
import java.io.ByteArrayInputStream;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class FrameDecoderTest {
  private static final int MAX = 1024;

  private static RpcxRequest request(long id, String name) {
    return RpcxRequest.newBuilder()
        .setId(id)
        .setService("bench")
        .setMethod("hello")
        .addParameters(Parameter.newBuilder().setType(ParameterType.STRING).setStringValue(name))
        .build();
  }

  private static byte[] frames(RpcxRequest... requests) {
    ByteBuf all = Unpooled.buffer();
    for (RpcxRequest request : requests) {
      ByteBuf frame = Frames.encode(ByteBufAllocator.DEFAULT, request);
      all.writeBytes(frame);
      frame.release();
    }
    byte[] bytes = new byte[all.readableBytes()];
    all.readBytes(bytes);
    return bytes;
  }

  private static EmbeddedChannel channel() {
    return new EmbeddedChannel(new FrameDecoder<>(RpcxRequest.parser(), MAX));
  }

  private static List<RpcxRequest> drain(EmbeddedChannel channel) {
    List<RpcxRequest> out = new ArrayList<>();
    RpcxRequest request;
    while ((request = channel.readInbound()) != null) {
      out.add(request);
    }
    return out;
  }

  @Test
  void encodedFrameIsProtobufDelimitedFormat() throws Exception {
    RpcxRequest request = request(7, "world");
    byte[] bytes = frames(request);
    assertThat(RpcxRequest.parseDelimitedFrom(new ByteArrayInputStream(bytes))).isEqualTo(request);
  }

  @Test
  void decodesFramesFedOneByteAtATime() {
    RpcxRequest[] requests = {request(1, "a"), request(300, "b".repeat(200)), request(3, "")};
    byte[] bytes = frames(requests);
    EmbeddedChannel channel = channel();
    for (byte b : bytes) {
      channel.writeInbound(Unpooled.wrappedBuffer(new byte[] {b}));
    }
    assertThat(drain(channel)).containsExactly(requests);
    assertThat(channel.finish()).isFalse();
  }

  @Test
  void decodesFramesSplitAtEveryByte() {
    RpcxRequest[] requests = {request(1, "x".repeat(150)), request(2, "y")};
    byte[] bytes = frames(requests);
    for (int split = 0; split <= bytes.length; split++) {
      EmbeddedChannel channel = channel();
      channel.writeInbound(Unpooled.wrappedBuffer(bytes, 0, split));
      channel.writeInbound(Unpooled.wrappedBuffer(bytes, split, bytes.length - split));
      assertThat(drain(channel)).as("split at %d", split).containsExactly(requests);
      channel.finishAndReleaseAll();
    }
  }

  @Test
  void rejectsLengthOverTheMaximumBeforeReadingTheBody() {
    EmbeddedChannel channel = channel();
    ByteBuf prefix = Unpooled.buffer();
    prefix.writeByte(0x81).writeByte(0x08); // varint 1025
    assertThatThrownBy(() -> channel.writeInbound(prefix))
        .isInstanceOf(TooLongFrameException.class)
        .hasMessageContaining("frame length 1025 exceeds the maximum 1024");
  }

  @Test
  void rejectsVarintLongerThan32Bits() {
    EmbeddedChannel channel = channel();
    byte[] garbage = {(byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff, 0x01};
    assertThatThrownBy(() -> channel.writeInbound(Unpooled.wrappedBuffer(garbage)))
        .isInstanceOf(CorruptedFrameException.class)
        .hasMessageContaining("malformed length prefix");
  }

  @Test
  void rejectsGarbageThatIsNotProtobufClosesAndIgnoresTheRest() {
    EmbeddedChannel channel = channel();
    byte[] garbage = {0x03, (byte) 0xff, (byte) 0xff, (byte) 0xff};
    ByteBuf garbageThenAGoodFrame =
        Unpooled.wrappedBuffer(
            Unpooled.wrappedBuffer(garbage), Unpooled.wrappedBuffer(frames(request(9, "later"))));
    assertThatThrownBy(() -> channel.writeInbound(garbageThenAGoodFrame))
        .isInstanceOf(DecoderException.class)
        .hasMessageContaining("malformed protobuf message");
    assertThat(drain(channel)).isEmpty();
    assertThat(channel.isOpen()).isFalse();
  }

  @Test
  void waitsForTheWholeFrame() {
    byte[] bytes = frames(request(5, "partial"));
    EmbeddedChannel channel = channel();
    channel.writeInbound(Unpooled.wrappedBuffer(bytes, 0, bytes.length - 1));
    assertThat(drain(channel)).isEmpty();
    channel.writeInbound(Unpooled.wrappedBuffer(bytes, bytes.length - 1, 1));
    assertThat(drain(channel)).containsExactly(request(5, "partial"));
  }
}
