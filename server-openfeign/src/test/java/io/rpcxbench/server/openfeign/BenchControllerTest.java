package io.rpcxbench.server.openfeign;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.rpcxbench.api.json.EchoBody;
import io.rpcxbench.api.json.HelloBody;
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

// spring.config.name as OpenFeignBenchServer sets it: test-classes/application.properties must not apply.
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
    ResponseEntity<EchoBody> reply = rest.postForEntity("/echo", new EchoBody(payload), EchoBody.class);
    assertThat(reply.getStatusCode()).isEqualTo(HttpStatus.OK);
    assertThat(reply.getBody().payload()).isEqualTo(payload);

    String base64 = Base64.getEncoder().encodeToString(payload);
    var raw = Http.postJson(port, "/echo", "{\"payload\":\"" + base64 + "\"}");
    assertThat(raw.body()).isEqualTo("{\"payload\":\"" + base64 + "\"}");
  }

  @ParameterizedTest(name = "{0} {1}")
  @CsvSource(
      delimiter = '|',
      value = {
        "/hello | ''            | Failed to read request",
        "/hello | '{nope'       | Failed to read request",
        "/hello | '{}'          | name is required",
        "/hello | '{\"name\":1' | Failed to read request",
        "/echo  | ''            | Failed to read request",
        "/echo  | '{}'          | payload is required",
        "/echo  | '{\"payload\":\"not base64!\"}' | Failed to read request",
      })
  void badBodyIs400WithAJsonProblem(String path, String body, String detail) throws Exception {
    var response = Http.postJson(port, path, body);
    assertThat(response.statusCode()).isEqualTo(400);
    assertThat(response.headers().firstValue("Content-Type")).hasValue("application/problem+json");
    JsonNode problem = JSON.readTree(response.body());
    assertThat(problem.path("status").asInt()).isEqualTo(400);
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
