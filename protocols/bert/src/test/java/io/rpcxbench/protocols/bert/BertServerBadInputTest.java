package io.rpcxbench.protocols.bert;

import static io.rpcxbench.protocols.bert.Berp.atom;
import static io.rpcxbench.protocols.bert.Berp.binary;
import static io.rpcxbench.protocols.bert.Berp.call;
import static io.rpcxbench.protocols.bert.Berp.helloReply;
import static io.rpcxbench.protocols.bert.Berp.integer;
import static io.rpcxbench.protocols.bert.Berp.list;
import static io.rpcxbench.protocols.bert.Berp.rawFrame;
import static io.rpcxbench.protocols.bert.Berp.tuple;
import static org.assertj.core.api.Assertions.assertThat;

import com.ericsson.otp.erlang.OtpErlangObject;
import io.rpcxbench.serverkit.RunningServer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * What bad input on real sockets does to the Java server: inside a well-framed request, an error
 * reply and the connection stays usable; a length over the bound, protocol error 1 and the
 * connection closed; a truncated frame, the connection closed. Each time the server goes on serving
 * that connection or the next one.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class BertServerBadInputTest {
  private RunningServer server;

  @BeforeAll
  void start() {
    server = BertServer.start("127.0.0.1", 0);
  }

  @AfterAll
  void stop() {
    server.close();
  }

  /** {@code {error, {Type, Code, <<Class>>, <<Detail>>, []}}} with Detail containing a fragment. */
  private static void assertError(
      OtpErlangObject reply, String type, int code, String errorClass, String detail) {
    assertThat(reply).isInstanceOf(com.ericsson.otp.erlang.OtpErlangTuple.class);
    var outer = (com.ericsson.otp.erlang.OtpErlangTuple) reply;
    assertThat(outer.elementAt(0)).isEqualTo(atom("error"));
    var error = (com.ericsson.otp.erlang.OtpErlangTuple) outer.elementAt(1);
    assertThat(error.arity()).isEqualTo(5);
    assertThat(error.elementAt(0)).isEqualTo(atom(type));
    assertThat(error.elementAt(1)).isEqualTo(integer(code));
    assertThat(error.elementAt(2)).isEqualTo(binary(errorClass));
    assertThat(new String(Terms.bytes(error.elementAt(3)), StandardCharsets.UTF_8))
        .contains(detail);
    assertThat(error.elementAt(4)).isEqualTo(list());
  }

  private void assertStillServed() throws Exception {
    try (Berp fresh = new Berp(server.port())) {
      assertThat(fresh.send(call("bench", "hello", binary("next"))).reply())
          .isEqualTo(helloReply("next"));
    }
  }

  /** A frame of {@code {call, bench, echo, [Arg]}} around the argument's bytes given by hand. */
  private static byte[] echoWith(int... arg) {
    int[] head = {
      131, 104, 4, 100, 0, 4, 'c', 'a', 'l', 'l', 100, 0, 5, 'b', 'e', 'n', 'c', 'h', 100, 0, 4,
      'e', 'c', 'h', 'o', 108, 0, 0, 0, 1
    };
    int[] all =
        IntStream.concat(IntStream.concat(IntStream.of(head), IntStream.of(arg)), IntStream.of(106))
            .toArray();
    return rawFrame(all);
  }

  static Stream<Arguments> badTermsInAFrame() {
    int[] deepTuples = new int[41];
    for (int i = 0; i < 20; i++) {
      deepTuples[2 * i] = 104;
      deepTuples[2 * i + 1] = 1;
    }
    deepTuples[40] = 106;
    int[] manyTerms = new int[5 + 2 * 2000]; // a list of 2000 small integers
    manyTerms[0] = 108;
    manyTerms[3] = 2000 >> 8;
    manyTerms[4] = 2000 & 0xff;
    for (int i = 0; i < 2000; i++) {
      manyTerms[5 + 2 * i] = 97;
    }
    int[] longAtom = new int[3 + 300];
    longAtom[0] = 100;
    longAtom[1] = 300 >> 8;
    longAtom[2] = 300 & 0xff;
    Arrays.fill(longAtom, 3, longAtom.length, 'a');
    return Stream.of(
        Arguments.of(
            "a list declaring 2^31-1 elements",
            echoWith(108, 0x7f, 0xff, 0xff, 0xff, 106),
            "a length of 2147483647"),
        Arguments.of(
            "a binary declaring 2^32-1 bytes",
            echoWith(109, 0xff, 0xff, 0xff, 0xff, 1, 2, 3),
            "a length of 4294967295"),
        Arguments.of(
            "a tuple declaring 2^31 elements",
            echoWith(105, 0x80, 0, 0, 0),
            "a length of 2147483648"),
        Arguments.of("a string declaring 65535 bytes", echoWith(107, 0xff, 0xff, 1), "ends early"),
        Arguments.of("tuples nested 20 deep", echoWith(deepTuples), "nested deeper than 8"),
        Arguments.of("2000 terms", echoWith(manyTerms), "more than 1024 terms"),
        Arguments.of("a 300-byte atom", echoWith(longAtom), "an atom of 300 bytes"),
        Arguments.of("a compressed term", echoWith(80, 0, 0x10, 0, 0, 0x78, 0x9c), "term type 80"),
        Arguments.of("a map", echoWith(116, 0, 0, 0, 0), "term type 116"),
        Arguments.of("a 9-byte integer", echoWith(110, 9, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9), "9 bytes"),
        Arguments.of("an improper list", echoWith(108, 0, 0, 0, 1, 97, 1, 97, 2), "improper list"),
        Arguments.of("bytes after the term", rawFrame(131, 106, 106), "1 bytes after the term"),
        Arguments.of("no version byte", rawFrame(104, 0), "no version byte 131"),
        Arguments.of("an empty frame", rawFrame(), "no version byte 131"),
        Arguments.of("a version byte inside", echoWith(131, 106), "term type 131"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("badTermsInAFrame")
  void aBadTermInAFrameIsProtocolErrorTwoAndTheConnectionStaysUsable(
      String what, byte[] frame, String detail) throws Exception {
    try (Berp berp = new Berp(server.port())) {
      assertError(berp.send(frame).reply(), "protocol", 2, "ProtocolError", detail);
      assertThat(berp.send(call("bench", "hello", binary("same"))).reply())
          .isEqualTo(helloReply("same"));
    }
  }

  @Test
  void termsThatAreNotRequestsAreProtocolErrorZero() throws Exception {
    try (Berp berp = new Berp(server.port())) {
      for (OtpErlangObject notARequest :
          new OtpErlangObject[] {
            binary("call"),
            tuple(atom("call"), atom("bench")),
            tuple(atom("call"), atom("bench"), atom("hello"), binary("not a list")),
            tuple(atom("call"), binary("bench"), atom("hello"), list()),
            tuple(atom("go"), atom("bench"), atom("hello"), list())
          }) {
        assertError(
            berp.send(notARequest).reply(),
            "protocol",
            0,
            "ProtocolError",
            "not a BERT-RPC request");
      }
      assertThat(berp.send(call("bench", "hello", binary("same"))).reply())
          .isEqualTo(helloReply("same"));
    }
  }

  @Test
  void unknownFunctionsAndModulesAreServerErrorsAndTheConnectionStaysUsable() throws Exception {
    try (Berp berp = new Berp(server.port())) {
      assertError(
          berp.send(call("bench", "nosuch")).reply(),
          "server",
          2,
          "ServerError",
          "No such function 'bench:nosuch/0'");
      assertError(
          berp.send(call("bench", "hello")).reply(),
          "server",
          2,
          "ServerError",
          "No such function 'bench:hello/0'");
      assertError(
          berp.send(call("nosuch", "hello", binary("x"))).reply(),
          "server",
          1,
          "ServerError",
          "No such module 'nosuch'");
      assertThat(berp.send(call("bench", "hello", binary("same"))).reply())
          .isEqualTo(helloReply("same"));
    }
  }

  @Test
  void wrongArgumentTypesAreTheContractsRejection() throws Exception {
    try (Berp berp = new Berp(server.port())) {
      assertError(
          berp.send(call("bench", "hello", integer(7))).reply(),
          "user",
          0,
          "InvalidArgumentException",
          "hello: name must be a binary, not a long");
      assertError(
          berp.send(call("bench", "items", binary("10"))).reply(),
          "user",
          0,
          "InvalidArgumentException",
          "items: n must be an integer");
      assertError(
          berp.send(call("bench", "items", integer(Long.MAX_VALUE))).reply(),
          "user",
          0,
          "InvalidArgumentException",
          "items: n must be between 0 and 10000, got 2147483647");
    }
  }

  /** Erlang writes {@code [3]} as a string (107); info gets no reply; cast gets {noreply}. */
  @Test
  void stringArgumentsInfoAndCast() throws Exception {
    try (Berp berp = new Berp(server.port())) {
      byte[] itemsOfAString =
          rawFrame(
              131, 104, 4, 100, 0, 4, 'c', 'a', 'l', 'l', 100, 0, 5, 'b', 'e', 'n', 'c', 'h', 100,
              0, 5, 'i', 't', 'e', 'm', 's', 107, 0, 1, 1);
      OtpErlangObject items = berp.send(itemsOfAString).reply();
      assertThat(ItemTerms.read(((com.ericsson.otp.erlang.OtpErlangTuple) items).elementAt(1)))
          .isEqualTo(io.rpcxbench.api.BenchContract.items(1));

      berp.send(tuple(atom("info"), atom("callback"), list()));
      assertThat(berp.send(call("bench", "hello", binary("after info"))).reply())
          .isEqualTo(helloReply("after info"));

      assertThat(
              berp.send(
                      tuple(
                          atom("cast"), atom("bench"), atom("put"), list(binary("k"), binary("v"))))
                  .reply())
          .isEqualTo(tuple(atom("noreply")));
    }
  }

  @Test
  void garbageGetsProtocolErrorOneAndTheConnectionIsClosed() throws Exception {
    try (Berp berp = new Berp(server.port())) {
      berp.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
      assertError(berp.reply(), "protocol", 1, "ProtocolError", "exceeds");
      assertThat(berp.closedByServer()).isTrue();
    }
    assertStillServed();
  }

  @Test
  void anOversizeLengthGetsProtocolErrorOneAndTheConnectionIsClosed() throws Exception {
    for (byte[] header :
        new byte[][] {
          {0x7f, (byte) 0xff, (byte) 0xff, (byte) 0xff},
          {(byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff},
          java.nio.ByteBuffer.allocate(4).putInt(Terms.MAX_FRAME + 1).array()
        }) {
      try (Berp berp = new Berp(server.port())) {
        assertError(berp.send(header).reply(), "protocol", 1, "ProtocolError", "exceeds");
        assertThat(berp.closedByServer()).isTrue();
      }
      assertStillServed();
    }
  }

  @Test
  void aTruncatedFrameThenCloseClosesThatConnectionOnly() throws Exception {
    try (Berp berp = new Berp(server.port())) {
      berp.send(new byte[] {0, 0, 0, 100, (byte) 131, 104, 4, 100, 0, 4}).endOutput();
      assertThat(berp.closedByServer()).isTrue();
    }
    assertStillServed();
  }
}
