package io.rpcxbench.protocols.typedjson;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.protocols.typedjson.wire.ErrorReply;
import io.rpcxbench.protocols.typedjson.wire.ErrorReply.Status;
import io.rpcxbench.protocols.typedjson.wire.HelloReply;
import io.rpcxbench.spi.ClientOptions;
import java.nio.ByteBuffer;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Bad input on real sockets. Bytes that break the framing (garbage, a length over the bound or
 * negative, a frame too short for an id, a frame cut short) close that connection; a well-framed
 * frame that is not a call (malformed JSON, an unknown or disallowed type id, a gadget class, a
 * type that is no call) gets an error reply with its id and the connection goes on. Either way the
 * server stays up and serves another connection, and no gadget class is initialized or constructed.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class BadInputTest {
  private static final String WIRE = "io.rpcxbench.protocols.typedjson.wire.";
  private static final String GADGET = "io.rpcxbench.protocols.typedjson.Gadget";
  private static final String HELLO = "{\"@class\":\"" + WIRE + "HelloRequest\",\"name\":\"ok\"}";

  private TypedJsonServer server;
  private TypedJsonClient client;

  @BeforeAll
  void start() throws Exception {
    server = TypedJsonServer.start("127.0.0.1", 0);
    client =
        TypedJsonClient.open(
            new ClientOptions(
                "127.0.0.1", server.port(), Duration.ofSeconds(5), Duration.ofSeconds(2), 1));
  }

  @AfterAll
  void stop() {
    client.close();
    server.close();
  }

  private void assertServerStillServes() {
    assertThat(client.hello("still")).isEqualTo("hello, still");
  }

  private static byte[] header(int length) {
    return ByteBuffer.allocate(4).putInt(length).array();
  }

  private static byte[] concat(byte[] a, byte[] b) {
    return ByteBuffer.allocate(a.length + b.length).put(a).put(b).array();
  }

  @Test
  void garbageClosesTheConnection() throws Exception {
    try (RawFrames raw = new RawFrames(server.port())) {
      raw.sendRaw("GET / HTTP/1.1\r\nHost: x\r\n\r\n".getBytes());
      assertThat(raw.closedByServer()).isTrue();
    }
    assertServerStillServes();
  }

  @ParameterizedTest(name = "length {0}")
  @ValueSource(ints = {Frames.MAX_FRAME + 1, Integer.MAX_VALUE, -1, Integer.MIN_VALUE})
  void aLengthOverTheBoundOrNegativeClosesTheConnectionBeforeAnyBody(int length) throws Exception {
    try (RawFrames raw = new RawFrames(server.port())) {
      raw.sendRaw(concat(header(length), new byte[] {0, 0, 0, 1}));
      assertThat(raw.closedByServer()).isTrue();
    }
    assertServerStillServes();
  }

  @Test
  void aFrameTooShortForARequestIdClosesTheConnection() throws Exception {
    try (RawFrames raw = new RawFrames(server.port())) {
      raw.sendRaw(concat(header(2), new byte[] {1, 2}));
      assertThat(raw.closedByServer()).isTrue();
    }
    assertServerStillServes();
  }

  @Test
  void aTruncatedFrameIsDroppedWhenThePeerGoes() throws Exception {
    try (RawFrames raw = new RawFrames(server.port())) {
      raw.sendRaw(concat(header(100), "{\"@class\":".getBytes()));
      raw.halfClose();
      assertThat(raw.closedByServer()).isTrue();
    }
    assertServerStillServes();
  }

  /** Sends a frame, expects an error reply with its id, then a good call on the same socket. */
  private static String rejected(int port, String json) throws Exception {
    try (RawFrames raw = new RawFrames(port)) {
      raw.send(41, json);
      RawFrames.Frame reply = raw.read();
      assertThat(reply.id()).isEqualTo(41);
      assertThat(reply.reply()).as(json).isInstanceOf(ErrorReply.class);
      ErrorReply error = (ErrorReply) reply.reply();
      assertThat(error.status()).isEqualTo(Status.BAD_REQUEST);
      raw.send(42, HELLO);
      RawFrames.Frame next = raw.read();
      assertThat(next.id()).isEqualTo(42);
      assertThat(next.reply()).isEqualTo(new HelloReply("hello, ok"));
      return error.message();
    }
  }

  @Test
  void malformedJsonIsAnErrorReplyAndTheConnectionGoesOn() throws Exception {
    for (String json :
        new String[] {
          "",
          "not json",
          "{\"@class\":",
          "{\"name\":\"no type id\"}",
          "{\"@class\":\"" + WIRE + "HelloRequest\",\"name\":\"x\",\"extra\":1}",
          "{\"@class\":\"" + WIRE + "HelloRequest\",\"name\":\"x\"} {}",
          "{\"@class\":\"" + WIRE + "ItemsRequest\"}",
          "{\"@class\":\"" + WIRE + "ItemsRequest\",\"n\":null}",
          "{\"@class\":\"" + WIRE + "ItemsRequest\",\"n\":1.5}", // no coercion (issue 30)
          "{\"@class\":\"" + WIRE + "ItemsRequest\",\"n\":\"10\"}",
          "{\"@class\":\"" + WIRE + "EchoRequest\",\"payload\":\"not base64!\"}",
          "{\"@class\":\""
              + WIRE
              + "HelloRequest\",\"name\":"
              + "[".repeat(100)
              + "]".repeat(100)
              + "}",
          "{\"@class\":\"" + WIRE + "HelloRequest\",\"name\":{\"@class\":\"" + GADGET + "\"}}",
        }) {
      assertThat(rejected(server.port(), json)).as(json).startsWith("malformed typed JSON");
    }
    assertServerStillServes();
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(
      strings = {
        WIRE + "DeleteRequest", // unknown type id
        "io.rpcxbench.protocols.typedjson.wire.Request", // the base type itself
        WIRE + "HelloReply", // a contract type that is no call: an unknown method
        "io.rpcxbench.api.Item", // likewise
      })
  void aTypeIdThatIsNoCallIsAnErrorReply(String type) throws Exception {
    assertThat(rejected(server.port(), "{\"@class\":\"" + type + "\",\"text\":\"x\"}"))
        .startsWith("not a call: type id '" + type + "'");
    assertServerStillServes();
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(
      strings = {
        "com.sun.rowset.JdbcRowSetImpl",
        "java.lang.ProcessBuilder",
        "org.springframework.context.support.ClassPathXmlApplicationContext",
        GADGET,
      })
  void aGadgetTypeIsRefusedAndNothingIsInstantiated(String gadget) throws Exception {
    String json =
        "{\"@class\":\""
            + gadget
            + "\",\"dataSourceName\":\"ldap://127.0.0.1:1/x\",\"autoCommit\":true,"
            + "\"command\":\"touch /tmp/pwned\"}";
    assertThat(rejected(server.port(), json))
        .startsWith("not a call: type id '" + gadget + "'")
        .contains("denied");
    assertThat(GadgetLog.INITIALIZED).doesNotContain(GADGET);
    assertThat(GadgetLog.CONSTRUCTED).isEmpty();
    assertServerStillServes();
  }

  /** Jackson's other typed shape, {@code ["type", {...}]}: typed and checked alike. */
  @Test
  void theArrayShapeOfATypedObjectIsCheckedAlike() throws Exception {
    try (RawFrames raw = new RawFrames(server.port())) {
      raw.send(1, "[\"" + WIRE + "HelloRequest\",{\"name\":\"arr\"}]");
      assertThat(raw.read().reply()).isEqualTo(new HelloReply("hello, arr"));
    }
    assertThat(rejected(server.port(), "[\"" + GADGET + "\",{\"command\":\"x\"}]"))
        .startsWith("not a call: type id '" + GADGET + "'")
        .contains("denied");
    assertThat(GadgetLog.INITIALIZED).doesNotContain(GADGET);
    assertThat(GadgetLog.CONSTRUCTED).isEmpty();
  }

  @Test
  void manyFramesInOneWriteAreAnsweredEachWithItsId() throws Exception {
    try (RawFrames raw = new RawFrames(server.port())) {
      for (int id = 0; id < 50; id++) {
        raw.send(id, "{\"@class\":\"" + WIRE + "HelloRequest\",\"name\":\"n" + id + "\"}");
      }
      for (int id = 0; id < 50; id++) {
        RawFrames.Frame f = raw.read();
        assertThat(f.id()).isEqualTo(id);
        assertThat(f.reply()).isEqualTo(new HelloReply("hello, n" + id));
      }
    }
  }
}
