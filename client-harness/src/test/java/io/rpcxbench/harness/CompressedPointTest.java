package io.rpcxbench.harness;

import static io.rpcxbench.harness.HarnessInvocation.args;
import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.api.BenchLogic;
import io.rpcxbench.raw.RawContents;
import io.rpcxbench.raw.RawResultFile;
import io.rpcxbench.server.grpc.GrpcBenchServer;
import io.rpcxbench.serverkit.ServerLimits;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A point with compressed messages is a point of its own (issue 27): its file is named for the
 * codec beside the plaintext one, and its provenance says which, so the report keeps the two apart.
 */
class CompressedPointTest {
  @TempDir Path out;

  @Test
  void aGzipPointWritesItsOwnFileBesideThePlainOne() throws Exception {
    try (GrpcBenchServer grpc =
        GrpcBenchServer.start("127.0.0.1", 0, false, ServerLimits.defaults(), new BenchLogic())) {
      for (String codec : new String[] {"none", "gzip"}) {
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
                    20,
                    "--runs",
                    1,
                    "--call",
                    "echo",
                    "--payload",
                    2048,
                    "--compression",
                    codec,
                    "--out",
                    out));
        assertThat(o.exitCode()).as(o.err()).isZero();
      }
    }
    RawContents plain = RawResultFile.read(out.resolve("grpc/echo-p2048-t1-r20.csv"));
    RawContents gzip = RawResultFile.read(out.resolve("grpc/gzip-echo-p2048-t1-r20.csv"));
    assertThat(plain.provenance()).doesNotContainKey("compression");
    assertThat(gzip.provenance()).containsEntry("compression", "gzip");
  }
}
