package io.rpcxbench.server.openfeign;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.rpcxbench.api.BenchContract;
import io.rpcxbench.server.openfeign.json.EchoBody;
import io.rpcxbench.server.openfeign.json.HelloBody;
import io.rpcxbench.server.openfeign.json.ItemsBody;
import io.rpcxbench.server.openfeign.json.PutBody;
import java.io.ByteArrayInputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.client.TestRestTemplate;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.http.HttpEntity;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;

// spring.config.name as OpenFeignBenchServer sets it: test-classes/application.properties must not
// apply.
@SpringBootTest(
    classes = OpenFeignBenchApplication.class,
    webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
    properties = "spring.config.name=" + OpenFeignBenchServer.CONFIG_NAME)
class BenchControllerTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @Autowired TestRestTemplate rest;
  @LocalServerPort int port;

  @Test
  void helloRepliesWithTheContractText() {
    ResponseEntity<HelloBody.Reply> reply =
        rest.postForEntity("/hello", new HelloBody.Request("world"), HelloBody.Reply.class);
    assertThat(reply.getStatusCode()).isEqualTo(HttpStatus.OK);
    assertThat(reply.getBody()).isEqualTo(new HelloBody.Reply("hello, world"));
  }

  @Test
  void helloWireFormatIsThePlainJsonTheFeignClientExpects() throws Exception {
    var response = Http.postJson(port, "/hello", "{\"name\":\"feign\"}");
    assertThat(response.statusCode()).isEqualTo(200);
    assertThat(response.headers().firstValue("Content-Type")).hasValue("application/json");
    assertThat(response.body()).isEqualTo("{\"message\":\"hello, feign\"}");
  }

  @ParameterizedTest(name = "{0} bytes")
  @ValueSource(ints = {0, 1, 64, 4096, 1 << 20})
  void echoRoundTripsTheBase64Payload(int size) throws Exception {
    byte[] payload = new byte[size];
    new Random(size).nextBytes(payload);
    ResponseEntity<EchoBody> reply =
        rest.postForEntity("/echo", new EchoBody(payload), EchoBody.class);
    assertThat(reply.getStatusCode()).isEqualTo(HttpStatus.OK);
    assertThat(reply.getBody().payload()).isEqualTo(payload);

    String base64 = Base64.getEncoder().encodeToString(payload);
    var raw = Http.postJson(port, "/echo", "{\"payload\":\"" + base64 + "\"}");
    assertThat(raw.body()).isEqualTo("{\"payload\":\"" + base64 + "\"}");
  }

  @Test
  void putStoresAndSaysOk() throws Exception {
    String key = BenchContract.putKey("k", 1, 64);
    ResponseEntity<PutBody.Reply> reply =
        rest.postForEntity("/put", new PutBody.Request(key, new byte[512]), PutBody.Reply.class);
    assertThat(reply.getBody()).isEqualTo(new PutBody.Reply(true));
    assertThat(Http.postJson(port, "/put", "{\"key\":\"k\",\"value\":\"AAEC\"}").body())
        .isEqualTo("{\"ok\":true}");
  }

  @ParameterizedTest(name = "n = {0}")
  @ValueSource(ints = {0, 1, 10, 100})
  void itemsAreTheContractsList(int n) {
    ResponseEntity<ItemsBody.Reply> reply =
        rest.postForEntity("/items", new ItemsBody.Request(n), ItemsBody.Reply.class);
    assertThat(reply.getBody().items()).isEqualTo(BenchContract.items(n));
  }

  @Test
  void itemsWireFormat() throws Exception {
    assertThat(Http.postJson(port, "/items", "{\"n\":2}").body())
        .isEqualTo(
            "{\"items\":[{\"id\":0,\"name\":\"item-0\",\"price\":0.0,\"flag\":true,"
                + "\"tags\":[\"red-0\",\"green-0\",\"blue-0\"]},"
                + "{\"id\":1,\"name\":\"item-1\",\"price\":1.25,\"flag\":false,"
                + "\"tags\":[\"red-1\",\"green-1\",\"blue-1\"]}]}");
  }

  @Test
  void bodyOverTheLimitIs400AndTheServerKeepsServing() throws Exception {
    String tooLarge = "{\"payload\":\"" + "A".repeat((int) RequestBodyLimit.MAX_BODY) + "\"}";
    var declared = Http.postJson(port, "/echo", tooLarge);
    assertThat(declared.statusCode()).isEqualTo(400);
    assertThat(JSON.readTree(declared.body()).path("detail").asText())
        .isEqualTo("request body is larger than " + RequestBodyLimit.MAX_BODY + " bytes");

    // chunked: no Content-Length, the limit applies while reading
    HttpRequest chunked =
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/echo"))
            .header("Content-Type", "application/json")
            .POST(
                HttpRequest.BodyPublishers.ofInputStream(
                    () -> new ByteArrayInputStream(tooLarge.getBytes(StandardCharsets.US_ASCII))))
            .build();
    HttpResponse<String> reply =
        HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .build()
            .send(chunked, HttpResponse.BodyHandlers.ofString());
    assertThat(reply.statusCode()).isEqualTo(400);
    assertThat(reply.body()).contains("request body is larger than");

    assertThat(Http.postJson(port, "/hello", "{\"name\":\"still\"}").body())
        .isEqualTo("{\"message\":\"hello, still\"}");
  }

  @ParameterizedTest(name = "{0} {1}")
  @CsvSource(
      delimiter = '|',
      value = {
        "/hello | ''            | Failed to read request",
        "/hello | '{nope'       | Failed to read request",
        "/hello | '{}'          | hello: name is required",
        "/hello | '{\"name\":null}' | hello: name is required",
        "/hello | '{\"name\":1' | Failed to read request",
        "/echo  | ''            | Failed to read request",
        "/echo  | '{}'          | echo: payload is required",
        "/put   | '{\"key\":\"k\"}' | put: value is required",
        "/put   | '{\"value\":\"AAEC\"}' | put: key is required",
        "/items | '{}'          | items: n is required",
        "/items | '{\"n\":-1}'  | items: n must be between 0 and 10000, got -1",
        "/items | '{\"n\":\"x\"}' | Failed to read request",
        "/items | '[1]'         | Failed to read request",
        "/echo  | '{\"payload\":\"not base64!\"}' | Failed to read request",
      })
  void badBodyIs400Or422WithAJsonProblem(String path, String body, String detail) throws Exception {
    var response = Http.postJson(port, path, body);
    int status = detail.startsWith("Failed to read") ? 400 : 422; // 422: read whole, value refused
    assertThat(response.statusCode()).isEqualTo(status);
    assertThat(response.headers().firstValue("Content-Type")).hasValue("application/problem+json");
    JsonNode problem = JSON.readTree(response.body());
    assertThat(problem.path("status").asInt()).isEqualTo(status);
    assertThat(problem.path("detail").asText()).isEqualTo(detail);
    assertThat(problem.path("instance").asText()).isEqualTo(path);
    assertThat(response.body()).doesNotContain("Exception", "\tat ");
  }

  @Test
  void wrongMediaTypeIsRefusedWithoutAStackTrace() {
    HttpHeaders headers = new HttpHeaders();
    headers.setContentType(MediaType.TEXT_PLAIN);
    ResponseEntity<String> reply =
        rest.postForEntity("/hello", new HttpEntity<>("world", headers), String.class);
    assertThat(reply.getStatusCode()).isEqualTo(HttpStatus.UNSUPPORTED_MEDIA_TYPE);
    assertThat(reply.getBody()).contains("\"status\":415").doesNotContain("\tat ");
  }
}
