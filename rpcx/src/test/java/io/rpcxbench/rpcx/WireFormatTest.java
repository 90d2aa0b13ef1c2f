package io.rpcxbench.rpcx;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.ByteBufUtil;
import io.rpcxbench.rpcx.wire.RpcxReply;
import io.rpcxbench.rpcx.wire.RpcxRequest;
import org.junit.jupiter.api.Test;

/** The exact bytes of docs/wire-format.md's examples, produced by the real encoders. */
class WireFormatTest {

  private static String frameHex(com.google.protobuf.MessageLite message) {
    ByteBuf frame = Frames.encode(ByteBufAllocator.DEFAULT, message);
    try {
      return ByteBufUtil.hexDump(frame);
    } finally {
      frame.release();
    }
  }

  @Test
  void helloRequestFrame() {
    ClientMethod hello =
        new ClientMethod(
            "bench",
            "hello",
            new ValueMapping[] {ScalarMapping.STRING},
            ScalarMapping.STRING,
            false);
    RpcxRequest request = hello.request(1, new Object[] {"world"});
    assertThat(frameHex(request))
        .isEqualTo(
            "1b"
                + "0801"
                + "120562656e6368"
                + "1a0568656c6c6f"
                + "2209"
                + "0809"
                + "3a05776f726c64");
  }

  @Test
  void directEncodingIsByteForByteTheProtobufEncoding() throws Exception {
    ClientInterface parsed = ClientInterface.parse(TestClient.class, name -> "1");
    ClientMethod mix =
        parsed.methods.get(
            TestClient.class.getMethod(
                "mix",
                boolean.class,
                byte.class,
                short.class,
                char.class,
                int.class,
                long.class,
                float.class,
                double.class,
                Integer.class,
                String.class,
                byte[].class,
                com.google.protobuf.Timestamp.class));
    Object[][] cases = {
      {
        true,
        (byte) -128,
        (short) 32767,
        'é',
        Integer.MIN_VALUE,
        Long.MIN_VALUE,
        -0.0f,
        Double.NaN,
        7,
        "ünï ✓",
        new byte[300],
        com.google.protobuf.Timestamp.newBuilder().setSeconds(-5).setNanos(9).build()
      },
      {false, (byte) 0, (short) 0, '\0', 0, 0L, 0f, 0d, null, null, null, null},
      {
        false,
        (byte) 1,
        (short) -1,
        'x',
        1,
        1L,
        1f,
        1d,
        0,
        "",
        new byte[0],
        com.google.protobuf.Timestamp.getDefaultInstance()
      },
    };
    for (long id : new long[] {0, 1, 127, 128, 1L << 40, -1L}) {
      for (Object[] args : cases) {
        byte[] direct = mix.encode(id, args, Integer.MAX_VALUE);
        assertThat(ByteBufUtil.hexDump(direct)).isEqualTo(frameHex(mix.request(id, args)));
      }
    }
  }

  @Test
  void directReplyEncodingIsByteForByteTheProtobufEncoding() {
    Object[][] mappingsAndValues = {
      {ScalarMapping.STRING, "hello, world"},
      {ScalarMapping.STRING, "ünï ✓"},
      {ScalarMapping.STRING, ""},
      {ScalarMapping.STRING, null},
      {ScalarMapping.BYTES, new byte[300]},
      {ScalarMapping.BYTES, new byte[0]},
      {ScalarMapping.BOOL, true},
      {ScalarMapping.BOOL, false},
      {ScalarMapping.INT64, Long.MIN_VALUE},
      {ScalarMapping.DOUBLE, -0.0d},
      {ScalarMapping.CHAR, 'é'},
      {
        MessageMapping.of(com.google.protobuf.Timestamp.class),
        com.google.protobuf.Timestamp.newBuilder().setSeconds(-5).setNanos(9).build()
      },
      {
        MessageMapping.of(com.google.protobuf.Timestamp.class),
        com.google.protobuf.Timestamp.getDefaultInstance()
      },
      {MessageMapping.of(com.google.protobuf.Timestamp.class), null},
      {null, null}, // void
    };
    for (long id : new long[] {0, 1, 127, 128, 1L << 40, -1L}) {
      for (Object[] mappingAndValue : mappingsAndValues) {
        ServerMethod method =
            new ServerMethod(
                "s.m",
                new ValueMapping[0],
                new boolean[0],
                (ValueMapping) mappingAndValue[0],
                null,
                true);
        Object value = mappingAndValue[1];
        byte[] direct = method.replyFrame(id, value, Integer.MAX_VALUE);
        assertThat(ByteBufUtil.hexDump(direct)).isEqualTo(frameHex(method.reply(id, value)));
      }
    }
  }

  @Test
  void replyOverTheMaximumIsRefusedBeforeEncoding() {
    ServerMethod method =
        new ServerMethod(
            "s.m", new ValueMapping[0], new boolean[0], ScalarMapping.BYTES, null, true);
    assertThatThrownBy(() -> method.replyFrame(1, new byte[100], 50))
        .isInstanceOf(RpcxException.class)
        .hasMessageContaining("reply of 108 bytes exceeds the maximum frame length 50");
  }

  @Test
  void helloReplyFrame() {
    RpcxReply reply =
        RpcxReply.newBuilder()
            .setId(1)
            .setResult(ScalarMapping.STRING.toWire("hello, world"))
            .build();
    assertThat(frameHex(reply))
        .isEqualTo("14" + "0801" + "1210" + "0809" + "3a0c68656c6c6f2c20776f726c64");
  }

  @Test
  void errorReplyFrame() {
    RpcxReply reply =
        RpcxReply.newBuilder()
            .setId(2)
            .setStatus(StatusCodes.toWire(RpcxException.Code.NOT_FOUND))
            .setMessage("unknown service 'x'")
            .build();
    assertThat(frameHex(reply))
        .isEqualTo("19" + "0802" + "1805" + "2213" + "756e6b6e6f776e207365727669636520277827");
  }
}
