package io.rpcxbench.protocols.capnp;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.api.BenchContract;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The hand-written accessors against the schema, with Debian's {@code capnp} tool (package {@code
 * capnproto}): bytes our builders write decode to the expected text, and bytes {@code capnp encode}
 * writes read back through our readers. Skipped, with the reason, when {@code capnp} is not on the
 * PATH.
 */
class WireLayoutTest {
  private static final String SCHEMA = "src/main/capnp/bench.capnp";

  @BeforeAll
  static void capnpOnThePath() {
    boolean found = false;
    for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
      found |= !dir.isEmpty() && Files.isExecutable(Path.of(dir, "capnp"));
    }
    if (!found) {
      System.out.println(
          "WireLayoutTest skipped: no capnp on the PATH (apt-get install capnproto)");
    }
    Assumptions.assumeTrue(found, "no capnp on the PATH (Debian: apt-get install capnproto)");
  }

  /** Runs capnp with the bytes on stdin and returns its stdout. */
  private static byte[] capnp(byte[] stdin, String... args) throws Exception {
    String[] command = new String[args.length + 1];
    command[0] = "capnp";
    System.arraycopy(args, 0, command, 1, args.length);
    Process p = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
    try (var in = p.getOutputStream()) {
      in.write(stdin);
    }
    byte[] out = p.getInputStream().readAllBytes();
    assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
    assertThat(p.exitValue()).as("capnp %s", String.join(" ", args)).isZero();
    return out;
  }

  private static String decode(String type, byte[] bytes) throws Exception {
    return new String(capnp(bytes, "decode", "--short", SCHEMA, type), StandardCharsets.UTF_8)
        .trim();
  }

  private static byte[] encode(String type, String text) throws Exception {
    return capnp(text.getBytes(StandardCharsets.UTF_8), "encode", SCHEMA, type);
  }

  @Test
  void requestsWeWriteDecodeAsTheSchemaSays() throws Exception {
    assertThat(decode("Request", WireBytes.of(WireBytes.request(r -> configure(r, 7)))))
        .isEqualTo("(id = 7, hello = (name = \"world\"))");
    assertThat(
            decode(
                "Request",
                WireBytes.of(
                    WireBytes.request(
                        r -> {
                          r.setId(8);
                          r.setPut("k", new byte[] {1, 2});
                        }))))
        .isEqualTo("(id = 8, put = (key = \"k\", value = \"\\001\\002\"))");
    assertThat(
            decode(
                "Request",
                WireBytes.of(
                    WireBytes.request(
                        r -> {
                          r.setId(-1);
                          r.setEcho(new byte[] {'h', 'i'});
                        }))))
        .isEqualTo("(id = 18446744073709551615, echo = (payload = \"hi\"))");
    assertThat(
            decode(
                "Request",
                WireBytes.of(
                    WireBytes.request(
                        r -> {
                          r.setId(9);
                          r.setItems(-10);
                        }))))
        .isEqualTo("(id = 9, items = (n = -10))");
  }

  private static void configure(Request.Builder request, long id) {
    request.setId(id);
    request.setHello("world");
  }

  @Test
  void repliesWeWriteDecodeAsTheSchemaSays() throws Exception {
    assertThat(decode("Reply", WireBytes.of(WireBytes.reply(r -> r.setHello("hello, world")))))
        .isEqualTo("(id = 0, hello = \"hello, world\")");
    assertThat(
            decode(
                "Reply",
                WireBytes.of(
                    WireBytes.reply(
                        r -> {
                          r.setId(3);
                          r.setPut(true);
                        }))))
        .isEqualTo("(id = 3, put = true)");
    assertThat(
            decode(
                "Reply",
                WireBytes.of(
                    WireBytes.reply(
                        r -> {
                          r.setId(4);
                          r.setError(Reply.ErrorCode.INVALID_ARGUMENT, "bad");
                        }))))
        .isEqualTo("(id = 4, error = (code = invalidArgument, message = \"bad\"))");
    assertThat(decode("Reply", WireBytes.of(WireBytes.reply(r -> r.setEcho(new byte[0])))))
        .isEqualTo("(id = 0, echo = \"\")");
    assertThat(
            decode("Reply", WireBytes.of(WireBytes.reply(r -> r.setItems(BenchContract.items(2))))))
        .isEqualTo(
            "(id = 0, items = ["
                + "(id = 0, name = \"item-0\", price = 0, flag = true,"
                + " tags = [\"red-0\", \"green-0\", \"blue-0\"]), "
                + "(id = 1, name = \"item-1\", price = 1.25, flag = false,"
                + " tags = [\"red-1\", \"green-1\", \"blue-1\"])])");
  }

  @Test
  void requestsCapnpEncodesReadBackThroughOurAccessors() throws Exception {
    Request.Reader put =
        WireBytes.read(
                encode("Request", "(id = 42, put = (key = \"kéy\", value = \"\\x00\\xff\"))"))
            .getRoot(Request.factory);
    assertThat(put.id()).isEqualTo(42);
    assertThat(put.which()).isEqualTo(Request.Which.PUT);
    assertThat(put.text()).isEqualTo("kéy");
    assertThat(put.value()).containsExactly(0, 0xff);

    Request.Reader items =
        WireBytes.read(encode("Request", "(id = 5, items = (n = 10000))")).getRoot(Request.factory);
    assertThat(items.which()).isEqualTo(Request.Which.ITEMS);
    assertThat(items.itemsN()).isEqualTo(10_000);

    Request.Reader missing =
        WireBytes.read(encode("Request", "(hello = ())")).getRoot(Request.factory);
    assertThat(missing.which()).isEqualTo(Request.Which.HELLO);
    assertThat(missing.text()).as("a null name reads as missing").isNull();

    Request.Reader echo =
        WireBytes.read(encode("Request", "(echo = (payload = \"abc\"))")).getRoot(Request.factory);
    assertThat(echo.payload()).containsExactly('a', 'b', 'c');
  }

  @Test
  void repliesCapnpEncodesReadBackThroughOurAccessors() throws Exception {
    Reply.Reader items =
        WireBytes.read(
                encode(
                    "Reply",
                    "(id = 9, items = [(id = 0, name = \"item-0\", price = 0, flag = true,"
                        + " tags = [\"red-0\", \"green-0\", \"blue-0\"]),"
                        + " (id = 1, name = \"item-1\", price = 1.25, flag = false,"
                        + " tags = [\"red-1\", \"green-1\", \"blue-1\"])])"))
            .getRoot(Reply.factory);
    assertThat(items.id()).isEqualTo(9);
    assertThat(items.which()).isEqualTo(Reply.Which.ITEMS);
    assertThat(items.items()).isEqualTo(BenchContract.items(2));

    Reply.Reader error =
        WireBytes.read(encode("Reply", "(error = (code = internal, message = \"boom\"))"))
            .getRoot(Reply.factory);
    assertThat(error.which()).isEqualTo(Reply.Which.ERROR);
    assertThat(error.errorCode()).isEqualTo(Reply.ErrorCode.INTERNAL);
    assertThat(error.errorMessage()).isEqualTo("boom");

    Reply.Reader put = WireBytes.read(encode("Reply", "(put = true)")).getRoot(Reply.factory);
    assertThat(put.which()).isEqualTo(Reply.Which.PUT);
    assertThat(put.put()).isTrue();

    Reply.Reader hello =
        WireBytes.read(encode("Reply", "(id = 1, hello = \"hello, 世界\")")).getRoot(Reply.factory);
    assertThat(hello.hello()).isEqualTo("hello, 世界");
  }

  /** Our bytes are what capnp itself writes for the same message (both use one segment here). */
  @Test
  void ourBytesEqualCapnpsForAHelloRequest() throws Exception {
    byte[] ours = WireBytes.of(WireBytes.request(r -> configure(r, 7)));
    assertThat(ours).isEqualTo(encode("Request", "(id = 7, hello = (name = \"world\"))"));
  }
}
