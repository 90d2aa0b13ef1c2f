package io.rpcxbench.rpcx;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.protobuf.CodedOutputStream;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.DecoderException;
import io.rpcxbench.rpcx.wire.Parameter;
import io.rpcxbench.rpcx.wire.ParameterType;
import io.rpcxbench.rpcx.wire.RpcxRequest;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/** The server's decoder checks a request against its method before building any parameter. */
class RequestDecoderTest {
  private static final int MAX = 4 * 1024 * 1024;

  private static EmbeddedChannel channel() {
    ServiceRegistry registry =
        new ServiceRegistry(
            List.of(PublishedService.parse(null, new TestService(), Function.identity())));
    return new EmbeddedChannel(new RequestDecoder(registry, MAX, null));
  }

  private static RpcxRequest hello(int parameters) {
    RpcxRequest.Builder request = RpcxRequest.newBuilder().setId(3).setService("test");
    request.setMethod("hello");
    for (int i = 0; i < parameters; i++) {
      request.addParameters(
          Parameter.newBuilder().setType(ParameterType.STRING).setStringValue("p" + i));
    }
    return request.build();
  }

  private static byte[] frame(byte[] message) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    CodedOutputStream out = CodedOutputStream.newInstance(bytes);
    out.writeUInt32NoTag(message.length);
    out.writeRawBytes(message);
    out.flush();
    return bytes.toByteArray();
  }

  @Test
  void aGoodRequestIsParsed() throws Exception {
    EmbeddedChannel channel = channel();
    channel.writeInbound(Unpooled.wrappedBuffer(frame(hello(1).toByteArray())));
    RequestDecoder.Call call = channel.readInbound();
    assertThat(call.id()).isEqualTo(3);
    assertThat(call.method().fullName()).isEqualTo("test.hello");
    assertThat(call.parameters()).containsExactlyElementsOf(hello(1).getParametersList());
  }

  @Test
  void requestsFromADirectBufferAndForAnotherMethodAreParsedAlike() throws Exception {
    EmbeddedChannel channel = channel();
    RpcxRequest negate =
        RpcxRequest.newBuilder()
            .setId(4)
            .setService("test")
            .setMethod("negate")
            .addParameters(ScalarMapping.INT64.toWire(7L))
            .build();
    for (RpcxRequest request : List.of(hello(1), negate, hello(1))) {
      byte[] frame = frame(request.toByteArray());
      channel.writeInbound(Unpooled.directBuffer(frame.length).writeBytes(frame));
      RequestDecoder.Call call = channel.readInbound();
      assertThat(call.id()).isEqualTo(request.getId());
      assertThat(call.method().fullName()).isEqualTo("test." + request.getMethod());
      assertThat(call.parameters()).containsExactlyElementsOf(request.getParametersList());
    }
  }

  @Test
  void anUnknownMethodIsRejectedAndTheConnectionStays() throws Exception {
    EmbeddedChannel channel = channel();
    channel.writeInbound(Unpooled.wrappedBuffer(frame(hello(1).toByteArray())));
    channel.readInbound();
    RpcxRequest unknown = hello(1).toBuilder().setMethod("nope").build();
    channel.writeInbound(Unpooled.wrappedBuffer(frame(unknown.toByteArray())));
    assertThat((Object) channel.readInbound())
        .isEqualTo(
            new RequestDecoder.Rejected(
                3, RpcxException.Code.NOT_FOUND, "service 'test' has no method 'nope'"));
    assertThat(channel.isOpen()).isTrue();
  }

  @Test
  void aNameThatIsNotUtf8ClosesTheConnection() throws Exception {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    CodedOutputStream out = CodedOutputStream.newInstance(bytes);
    out.writeString(2, "test");
    out.writeByteArray(3, new byte[] {(byte) 0xc3, (byte) 0x28});
    out.flush();
    EmbeddedChannel channel = channel();
    assertThatThrownBy(
            () -> channel.writeInbound(Unpooled.wrappedBuffer(frame(bytes.toByteArray()))))
        .isInstanceOf(DecoderException.class)
        .hasMessageContaining("invalid UTF-8");
    assertThat(channel.isOpen()).isFalse();
  }

  @Test
  void aWrongCountIsRejectedWithoutParsingAndTheConnectionStays() throws Exception {
    EmbeddedChannel channel = channel();
    channel.writeInbound(Unpooled.wrappedBuffer(frame(hello(3).toByteArray())));
    Object out = channel.readInbound();
    assertThat(out)
        .isEqualTo(
            new RequestDecoder.Rejected(
                3, RpcxException.Code.INVALID_ARGUMENT, "test.hello takes 1 argument(s), got 3"));
    assertThat(channel.isOpen()).isTrue();
  }

  @Test
  void moreParametersThanAnyMethodTakesCloseTheConnection() throws Exception {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    CodedOutputStream out = CodedOutputStream.newInstance(bytes);
    out.writeUInt64(1, 3);
    out.writeString(2, "test");
    out.writeString(3, "hello");
    for (int i = 0; i < 100_000; i++) {
      out.writeTag(4, 2);
      out.writeUInt32NoTag(0); // an empty parameter
    }
    out.flush();
    EmbeddedChannel channel = channel();
    assertThatThrownBy(
            () -> channel.writeInbound(Unpooled.wrappedBuffer(frame(bytes.toByteArray()))))
        .isInstanceOf(DecoderException.class)
        .hasMessageContaining("more than 255 parameters");
    assertThat(channel.isOpen()).isFalse();
  }

  @Test
  void unknownFieldsCloseTheConnection() throws Exception {
    byte[] withUnknown =
        hello(1).toBuilder()
            .setUnknownFields(
                com.google.protobuf.UnknownFieldSet.newBuilder()
                    .addField(
                        12,
                        com.google.protobuf.UnknownFieldSet.Field.newBuilder().addVarint(1).build())
                    .build())
            .build()
            .toByteArray();
    EmbeddedChannel channel = channel();
    assertThatThrownBy(() -> channel.writeInbound(Unpooled.wrappedBuffer(frame(withUnknown))))
        .isInstanceOf(DecoderException.class)
        .hasMessageContaining("RpcxRequest has no field 12");
    assertThat(channel.isOpen()).isFalse();
  }

  @Test
  void aParameterFieldOfTheWrongWireTypeClosesTheConnection() throws Exception {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    CodedOutputStream out = CodedOutputStream.newInstance(bytes);
    out.writeString(2, "test");
    out.writeString(3, "hello");
    out.writeTag(4, 2);
    out.writeUInt32NoTag(2);
    out.writeTag(7, 0); // string_value as a varint
    out.writeUInt32NoTag(1);
    out.flush();
    EmbeddedChannel channel = channel();
    assertThatThrownBy(
            () -> channel.writeInbound(Unpooled.wrappedBuffer(frame(bytes.toByteArray()))))
        .isInstanceOf(DecoderException.class)
        .hasMessageContaining("Parameter has no field 7 of wire type 0");
  }
}
