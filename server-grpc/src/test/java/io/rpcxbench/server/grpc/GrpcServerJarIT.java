package io.rpcxbench.server.grpc;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.ByteString;
import io.rpcxbench.server.grpc.wire.EchoRequest;
import io.rpcxbench.server.grpc.wire.HelloRequest;
import io.rpcxbench.testsupport.ServerProcess;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The fat jar as deploy scripts run it: {@code java -jar target/server-grpc.jar}. */
class GrpcServerJarIT {

  @Test
  void fatJarServesAndStopsCleanlyOnSigterm() throws Exception {
    Path jar = Path.of(System.getProperty("fatJar", "target/server-grpc.jar"));
    assertThat(jar).exists();
    assertThat(Files.size(jar)).isGreaterThan(1_000_000L);
    try (ServerProcess server =
        ServerProcess.start(
            "grpc", List.of("-jar", jar.toString(), "--bind", "127.0.0.1", "--port", "0"))) {
      int port = server.awaitReadyPort();
      assertThat(server.readyLine()).isEqualTo("grpc listening on 127.0.0.1:" + port);
      try (GrpcBenchServerTest.Client client = new GrpcBenchServerTest.Client(port)) {
        assertThat(
                client
                    .blocking()
                    .hello(HelloRequest.newBuilder().setName("jar").build())
                    .getMessage())
            .isEqualTo("hello, jar");
        ByteString payload = ByteString.copyFromUtf8("x".repeat(1000));
        assertThat(
                client
                    .blocking()
                    .echo(EchoRequest.newBuilder().setPayload(payload).build())
                    .getPayload())
            .isEqualTo(payload);
      }
      assertThat(server.terminate()).isZero();
      assertThat(server.linesAfterReady()).isEmpty();
    }
  }
}
