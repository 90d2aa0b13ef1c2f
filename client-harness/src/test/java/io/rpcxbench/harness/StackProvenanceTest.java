package io.rpcxbench.harness;

import static io.rpcxbench.harness.HarnessInvocation.args;
import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.api.RpcxBenchVersion;
import io.rpcxbench.harness.output.Provenance;
import io.rpcxbench.harness.protocol.Protocol;
import io.rpcxbench.harness.protocol.ProtocolCatalog;
import io.rpcxbench.raw.RawContents;
import io.rpcxbench.server.grpc.GrpcBenchServer;
import io.rpcxbench.server.rpcx.RpcxBenchServer;
import io.rpcxbench.spi.ProtocolProvider;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The provenance names the libraries under test and their versions, the CPU, and one version. */
class StackProvenanceTest {
  private static final String VERSION = "\\d+\\.\\d+(\\.\\d+)*([.-][A-Za-z0-9]+)*";

  @TempDir Path out;

  @Test
  void everyPluginOfTheCatalogNamesItsLibrariesWithRealVersions() {
    for (ProtocolProvider p : ProtocolCatalog.onClassPath().all()) {
      if (p.getClass().getPackageName().startsWith("io.rpcxbench.harness")) {
        continue; // this module's test plug-ins (testplugin/) have no stack
      }
      assertThat(p.stack()).as(p.id()).isNotBlank().doesNotContain("unknown");
    }
  }

  @Test
  void thePapersThreeNameTheirStacks() {
    assertThat(stack("rpcx"))
        .matches("rpcx " + VERSION + ", netty-transport 4\\.[^,]+, protobuf-java " + VERSION);
    assertThat(stack("grpc"))
        .matches("grpc-api 1\\.[^,]+, grpc-netty-shaded 1\\.[^,]+, protobuf-java " + VERSION);
    assertThat(stack("openfeign"))
        .contains("spring-boot 3.", "spring-cloud-openfeign-core 4.", "feign-core 13.")
        .containsPattern("tomcat-embed-core " + VERSION); // the server's, not on this class path
  }

  @Test
  void aPointRecordsTheStackTheCpuAndTheClientsLibraryVersion() throws Exception {
    try (RpcxBenchServer rpcx = RpcxBenchServer.start("127.0.0.1", 0);
        GrpcBenchServer grpc = GrpcBenchServer.start("127.0.0.1", 0, false)) {
      for (var point : List.of(List.of("rpcx", rpcx.port()), List.of("grpc", grpc.port()))) {
        String id = (String) point.get(0);
        HarnessInvocation.Outcome o =
            HarnessInvocation.run(
                args(
                    "--protocol",
                    id,
                    "--threads",
                    1,
                    "--requests",
                    5,
                    "--runs",
                    1,
                    "--port",
                    id + "=" + point.get(1),
                    "--out",
                    out));
        assertThat(o.exitCode()).as(o.err()).isZero();
        RawContents c =
            RawFileChecks.checkComplete(
                out.resolve(id).resolve("t1-r5.csv"), Protocol.parse(id), 1, 5, 1, 5);
        assertThat(c.provenance().get("stack")).isEqualTo(stack(id));
        assertThat(c.provenance().get("cpu_model")).isEqualTo(Provenance.cpuModel());
        assertThat(c.provenance().get("client")).doesNotContain("unknown");
      }
    }
  }

  @Test
  void theCpuModelIsCpuinfosModelName() {
    List<String> x86 =
        List.of(
            "processor\t: 0",
            "vendor_id\t: GenuineIntel",
            "model\t\t: 85",
            "model name\t: Intel(R) Xeon(R)  Platinum 8259CL CPU @ 2.50GHz",
            "processor\t: 1");
    assertThat(Provenance.cpuModel(x86))
        .isEqualTo("Intel(R) Xeon(R) Platinum 8259CL CPU @ 2.50GHz");
    assertThat(Provenance.cpuModel(List.of("processor\t: 0", "Hardware\t: BCM2835")))
        .isEqualTo("BCM2835");
    assertThat(Provenance.cpuModel(List.of())).isEqualTo("unknown");
  }

  @Test
  void versionPrintsTheOneVersionStringOfEveryJar() {
    HarnessInvocation.Outcome o = HarnessInvocation.run("--version");
    assertThat(o.exitCode()).isZero();
    assertThat(o.out().strip()).isEqualTo(RpcxBenchVersion.line());
    assertThat(o.out()).startsWith("rpcx-bench " + RpcxBenchVersion.version() + " (commit ");
  }

  private static String stack(String id) {
    return ProtocolCatalog.onClassPath().find(id).orElseThrow().stack();
  }
}
