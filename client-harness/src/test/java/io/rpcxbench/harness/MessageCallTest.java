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
    // Another order (one name changed) beside the bundled one: every reply mode of each is its
    // own point, so all six files land in one folder side by side.
    Path otherData = out.resolve("other-order.json");
    Files.writeString(
        otherData, Files.readString(Path.of(ORDER_DATA)).replace("Ada Lovelace", "Grace Hopper"));
    MessageShape order = MessageShape.load(ORDER, Path.of(ORDER_DATA));
    MessageShape other = MessageShape.load(ORDER, otherData);
    assertThat(other.recordsDigest()).isNotEqualTo(order.recordsDigest());
    Path folder = out.resolve("results");
    try (GrpcBenchServer grpc =
        GrpcBenchServer.start(
            "127.0.0.1",
            0,
            false,
            ServerLimits.defaults(),
            new MessageShapedService(ORDER, new BenchLogic()))) {
      for (MessageShape shape : List.of(order, other)) {
        Path data = shape == order ? Path.of(ORDER_DATA) : otherData;
        for (String reply : new String[] {"echo", "ack", "small"}) {
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
                      data,
                      "--message-reply",
                      reply,
                      "--out",
                      folder));
          assertThat(o.exitCode()).as(o.err()).isZero();
          String id = "order-" + reply + "-" + shape.recordsDigest();
          Path file = folder.resolve("grpc").resolve("message-" + id + "-t1-r10.csv");
          RawContents c = RawFileChecks.checkComplete(file, Protocol.parse("grpc"), 1, 10, 1, 10);
          assertThat(c.provenance())
              .containsEntry("message_id", id)
              .containsEntry("message_name", "examples.order.Order")
              .containsEntry("message_schema_sha256", shape.schemaHash())
              .containsEntry("message_reply", reply)
              .containsEntry(
                  "message_request_bytes", String.valueOf(shape.record(0).getSerializedSize()));
          assertThat(Integer.parseInt(c.provenance().get("message_reply_bytes")))
              .isEqualTo(
                  switch (reply) {
                    case "echo" -> shape.record(0).getSerializedSize();
                    case "ack" -> 2; // BoolValue true
                    default -> 10; // StringValue "accepted"
                  });
        }
      }
    }
    try (var files = Files.list(folder.resolve("grpc"))) {
      assertThat(files.filter(f -> f.toString().endsWith(".csv"))).hasSize(6);
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
}
