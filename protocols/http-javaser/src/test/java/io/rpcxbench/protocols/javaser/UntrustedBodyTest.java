package io.rpcxbench.protocols.javaser;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.api.BenchContract;
import io.rpcxbench.protocols.javaser.gadget.Gadget;
import io.rpcxbench.spi.BenchClient;
import io.rpcxbench.spi.ClientOptions;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * What the server does with bodies it must not trust: every one is a 400 (or 404/405/413/415),
 * nothing outside the allow-list is instantiated, and the server keeps serving.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class UntrustedBodyTest {
  private static final HttpClient HTTP =
      HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

  private JavaserServer server;
  private BenchClient client;

  @BeforeAll
  void start() {
    server = JavaserServer.start("127.0.0.1", 0);
    client =
        new JavaserProtocol()
            .open(
                new ClientOptions(
                    "127.0.0.1", server.port(), Duration.ofSeconds(10), Duration.ofSeconds(5), 1));
  }

  @AfterAll
  void stop() {
    client.close();
    server.close();
  }

  @AfterEach
  void serverStillServes() {
    assertThat(client.hello("still")).isEqualTo("hello, still");
  }

  private HttpResponse<String> post(String path, String type, byte[] body) throws Exception {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + path))
            .timeout(Duration.ofSeconds(30))
            .POST(HttpRequest.BodyPublishers.ofByteArray(body));
    if (type != null) {
      request.header("Content-Type", type);
    }
    return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
  }

  private HttpResponse<String> post(String path, byte[] body) throws Exception {
    return post(path, WireCodec.CONTENT_TYPE, body);
  }

  private static byte[] serialize(Object o) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
      out.writeObject(o);
    }
    return bytes.toByteArray();
  }

  @Test
  void aGadgetClassIsRefusedBeforeItsReadObjectRuns() throws Exception {
    byte[] gadget = serialize(new Gadget());
    Gadget.constructed = false;
    HttpResponse<String> response = post("/hello", gadget);
    assertThat(response.statusCode()).isEqualTo(400);
    assertThat(response.body()).contains("class " + Gadget.class.getName());
    assertThat(Gadget.readObjectRan).isFalse();
    assertThat(Gadget.constructed).isFalse();
  }

  @Test
  void aSerializableRecordOutsideTheListIsRefused() throws Exception {
    record Lookalike(String name) implements Serializable {}
    assertThat(post("/hello", serialize(new Lookalike("world"))).statusCode()).isEqualTo(400);
  }

  @Test
  void collectionsAreNotOnTheList() throws Exception {
    Map<String, String> map = new HashMap<>(Map.of("name", "world"));
    HttpResponse<String> response = post("/hello", serialize(map));
    assertThat(response.statusCode()).isEqualTo(400);
    assertThat(response.body()).contains("class java.util.HashMap");
    assertThat(post("/hello", serialize(new ArrayList<>(List.of("x")))).statusCode())
        .isEqualTo(400);
  }

  @Test
  void aDeepGraphIsRefused() throws Exception {
    Object[] deep = new Object[1];
    Object[] inner = deep;
    for (int i = 0; i < 1000; i++) {
      Object[] next = new Object[1];
      inner[0] = next;
      inner = next;
    }
    assertThat(post("/echo", serialize(deep)).statusCode()).isEqualTo(400);
  }

  @Test
  void anArrayOverTheLimitIsRefused() throws Exception {
    HttpResponse<String> response =
        post("/echo", serialize(new Wire.EchoRequest(new byte[BenchContract.MAX_PAYLOAD + 1])));
    assertThat(response.statusCode()).isEqualTo(400);
    assertThat(response.body()).contains("array length " + (BenchContract.MAX_PAYLOAD + 1));
  }

  @Test
  void aHugeDeclaredArrayLengthIsRefusedBeforeAllocation() throws Exception {
    byte[] stream = serialize(new Wire.EchoRequest(new byte[] {42, 42, 42, 42, 42, 42, 42}));
    // the byte[]'s length field (7) just before its seven 42s: claim 2^31-1 elements
    int at = indexOf(stream, new byte[] {0, 0, 0, 7, 42, 42, 42, 42, 42, 42, 42});
    assertThat(at).isPositive();
    ByteBuffer.wrap(stream, at, 4).putInt(Integer.MAX_VALUE);
    HttpResponse<String> response = post("/echo", stream);
    assertThat(response.statusCode()).isEqualTo(400);
    assertThat(response.body()).contains("array length " + Integer.MAX_VALUE);
  }

  @Test
  void aRequestOfTheWrongCallIsRefused() throws Exception {
    HttpResponse<String> response = post("/echo", serialize(new Wire.HelloRequest("x")));
    assertThat(response.statusCode()).isEqualTo(400);
    assertThat(response.body())
        .isEqualTo("expected EchoRequest, got " + Wire.HelloRequest.class.getName());
  }

  @Test
  void aReplyClassIsNotARequest() throws Exception {
    assertThat(post("/hello", serialize(new Wire.HelloReply("x"))).statusCode()).isEqualTo(400);
  }

  @Test
  void garbageIs400() throws Exception {
    assertThat(post("/hello", "not java serialization".getBytes()).statusCode()).isEqualTo(400);
    assertThat(post("/hello", new byte[0]).statusCode()).isEqualTo(400);
    byte[] truncated = serialize(new Wire.HelloRequest("world"));
    assertThat(
            post("/hello", java.util.Arrays.copyOf(truncated, truncated.length - 3)).statusCode())
        .isEqualTo(400);
  }

  @Test
  void httpLevelRefusals() throws Exception {
    byte[] hello = serialize(new Wire.HelloRequest("x"));
    assertThat(post("/nope", hello).statusCode()).isEqualTo(404);
    assertThat(post("/hello", "application/json", hello).statusCode()).isEqualTo(415);
    assertThat(post("/hello", null, hello).statusCode()).isEqualTo(415);
    HttpResponse<String> get =
        HTTP.send(
            HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + "/hello"))
                .build(),
            HttpResponse.BodyHandlers.ofString());
    assertThat(get.statusCode()).isEqualTo(405);
    assertThat(post("/echo", new byte[WireFilters.MAX_REQUEST_BYTES + 1]).statusCode())
        .isEqualTo(413);
  }

  /** Issue 30: the JDK client reused the connection a 413 closed, and its next call failed. */
  @Test
  void a413SaysItClosesTheConnectionAndTheNextCallsSucceed() throws Exception {
    byte[] hello = serialize(new Wire.HelloRequest("x"));
    for (int i = 0; i < 3; i++) {
      HttpResponse<String> tooLarge = post("/echo", new byte[WireFilters.MAX_REQUEST_BYTES + 1]);
      assertThat(tooLarge.statusCode()).isEqualTo(413);
      assertThat(tooLarge.headers().firstValue("connection")).hasValue("close");
      assertThat(post("/hello", hello).statusCode()).isEqualTo(200);
    }
  }

  private static int indexOf(byte[] haystack, byte[] needle) {
    outer:
    for (int i = 0; i <= haystack.length - needle.length; i++) {
      for (int j = 0; j < needle.length; j++) {
        if (haystack[i + j] != needle[j]) {
          continue outer;
        }
      }
      return i;
    }
    return -1;
  }
}
