package io.rpcxbench.harness;

import static io.rpcxbench.harness.HarnessInvocation.args;
import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.api.BenchLogic;
import io.rpcxbench.harness.protocol.Protocol;
import io.rpcxbench.message.MessageShape;
import io.rpcxbench.raw.RawContents;
import io.rpcxbench.server.grpc.GrpcBenchServer;
import io.rpcxbench.serverkit.ServerLimits;
import io.rpcxbench.serverkit.service.MessageShapedService;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code --call message} (docs/messages.md): the bundled order through gRPC, bad files, skips. */
class MessageCallTest {
  private static final String ORDER = "../examples/order.proto:Order";
  private static final String ORDER_DATA = "../examples/order.json";

  @TempDir Path out;

  @Test
  void theOrderExampleGoesThroughGrpcAndItsProvenanceNamesTheMessage() throws Exception {
    try (GrpcBenchServer grpc =
        GrpcBenchServer.start(
            "127.0.0.1",
            0,
            false,
            ServerLimits.defaults(),
            new MessageShapedService(ORDER, new BenchLogic()))) {
      for (String reply : new String[] {"echo", "ack", "small"}) {
        Path folder = out.resolve(reply);
        HarnessInvocation.Outcome o =
            HarnessInvocation.run(
                args(
                    "--protocol",
                    "grpc",
                    "--port",
                    "grpc=" + grpc.port(),
                    "--threads",
                    1,
                    "--requests",
                    10,
                    "--runs",
                    1,
                    "--call",
                    "message",
                    "--message",
                    ORDER,
                    "--data",
                    ORDER_DATA,
                    "--message-reply",
                    reply,
                    "--out",
                    folder));
        assertThat(o.exitCode()).as(o.err()).isZero();
        RawContents c =
            RawFileChecks.checkComplete(
                onlyFile(folder.resolve("grpc")), Protocol.parse("grpc"), 1, 10, 1, 10);
        MessageShape order = MessageShape.load(ORDER, Path.of(ORDER_DATA));
        assertThat(c.provenance())
            .containsEntry("message_name", "examples.order.Order")
            .containsEntry("message_schema_sha256", order.schemaHash())
            .containsEntry("message_reply", reply)
            .containsEntry(
                "message_request_bytes", String.valueOf(order.record(0).getSerializedSize()));
        assertThat(Integer.parseInt(c.provenance().get("message_reply_bytes")))
            .isEqualTo(
                switch (reply) {
                  case "echo" -> order.record(0).getSerializedSize();
                  case "ack" -> 2; // BoolValue true
                  default -> 10; // StringValue "accepted"
                });
      }
    }
  }

  @Test
  void aProtocolThatCarriesNoMessageIsSkippedWithItsReason() {
    HarnessInvocation.Outcome o =
        HarnessInvocation.run(
            args(
                "--protocol",
                "capnp",
                "--threads",
                1,
                "--requests",
                1,
                "--runs",
                1,
                "--call",
                "message",
                "--message",
                ORDER,
                "--data",
                ORDER_DATA,
                "--out",
                out));
    assertThat(o.exitCode()).as(o.err()).isZero();
    assertThat(o.err())
        .contains(
            "capnp skipped: it carries no message: Cap'n Proto's Java runtime has no dynamic");
    assertThat(out.resolve("capnp")).doesNotExist();
  }

  @Test
  void aSchemaWithoutTheMessageIsOneLineAndExitTwo() {
    HarnessInvocation.Outcome o =
        HarnessInvocation.run(
            args(
                "--protocol",
                "grpc",
                "--threads",
                1,
                "--requests",
                1,
                "--call",
                "message",
                "--message",
                "../examples/order.proto:Nope",
                "--data",
                ORDER_DATA,
                "--out",
                out));
    assertThat(o.exitCode()).isEqualTo(2);
    assertThat(o.err()).contains("has no message Nope (it has: Order,").doesNotContain("\tat ");
  }

  @Test
  void dataThatIsNotJsonIsOneLineAndExitTwo() throws Exception {
    Path bad = Files.writeString(out.resolve("bad.json"), "{\"id\": ");
    HarnessInvocation.Outcome o =
        HarnessInvocation.run(
            args(
                "--protocol",
                "grpc",
                "--threads",
                1,
                "--requests",
                1,
                "--call",
                "message",
                "--message",
                ORDER,
                "--data",
                bad,
                "--out",
                out));
    assertThat(o.exitCode()).isEqualTo(2);
    assertThat(o.err()).contains("is not JSON").doesNotContain("\tat ");
  }

  @Test
  void messageOptionsWithoutTheMessageCallAreBadUsage() {
    HarnessInvocation.Outcome o =
        HarnessInvocation.run(
            args(
                "--protocol",
                "grpc",
                "--threads",
                1,
                "--requests",
                1,
                "--message",
                ORDER,
                "--data",
                ORDER_DATA,
                "--out",
                out));
    assertThat(o.exitCode()).isEqualTo(2);
    assertThat(o.err()).contains("--message and --data go with --call message");
  }

  private static Path onlyFile(Path folder) throws java.io.IOException {
    try (var files = Files.list(folder)) {
      List<Path> csv = files.filter(f -> f.toString().endsWith(".csv")).toList();
      assertThat(csv).hasSize(1);
      return csv.get(0);
    }
  }
}
