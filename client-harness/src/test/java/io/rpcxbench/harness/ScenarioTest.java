package io.rpcxbench.harness;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.harness.config.Scenario;
import io.rpcxbench.raw.RawContents;
import io.rpcxbench.raw.RawResultFile;
import io.rpcxbench.server.rpcx.RpcxBenchServer;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code --scenario}, {@code --work}, {@code --work-kind}: names, provenance, options. */
class ScenarioTest {
  @TempDir Path out;

  @Test
  void chainAndWorkPointsGetFilesOfTheirOwn() {
    assertThat(Scenario.SINGLE.fileName("t64-r1000.csv")).isEqualTo("t64-r1000.csv");
    assertThat(new Scenario(Scenario.Kind.CHAIN, Duration.ZERO, "sleep").fileName("t4-r5.csv"))
        .isEqualTo("chain-t4-r5.csv");
    assertThat(
            new Scenario(Scenario.Kind.CHAIN, Duration.ofMillis(100), "sleep")
                .fileName("open-r500-d30s.csv"))
        .isEqualTo("chain-w100ms-open-r500-d30s.csv");
    assertThat(
            new Scenario(Scenario.Kind.CHAIN, Duration.ofSeconds(1), "cpu")
                .fileName("inflight-n8-r10.csv"))
        .isEqualTo("chain-w1s-cpu-inflight-n8-r10.csv");
    assertThat(new Scenario(Scenario.Kind.SINGLE, Duration.ofMillis(5), "sleep").fileName("x.csv"))
        .isEqualTo("w5ms-x.csv");
  }

  @Test
  void theScenarioIsRecordedAndReproduced() {
    Scenario chain = new Scenario(Scenario.Kind.CHAIN, Duration.ofMillis(100), "cpu");
    Map<String, String> keys = new LinkedHashMap<>();
    chain.provenance(keys);
    assertThat(keys)
        .containsExactly(
            Map.entry("scenario", "chain"),
            Map.entry("work", "PT0.1S"),
            Map.entry("work_kind", "cpu"));
    List<String> args = new ArrayList<>();
    chain.addArgs(args);
    assertThat(args)
        .containsExactly("--scenario", "chain", "--work", "100ms", "--work-kind", "cpu");
    List<String> none = new ArrayList<>();
    Scenario.SINGLE.addArgs(none);
    assertThat(none).isEmpty();
  }

  @Test
  void badScenarioOptionsAreBadUsage() {
    for (String[] bad :
        List.of(
            new String[] {"--scenario", "mesh"},
            new String[] {"--work", "-1s"},
            new String[] {"--work-kind", "io"})) {
      List<String> argv =
          new ArrayList<>(List.of("--protocol", "rpcx", "--threads", "1", "--requests", "1"));
      argv.addAll(List.of(bad));
      argv.addAll(List.of("--out", out.toString()));
      HarnessInvocation.Outcome o = HarnessInvocation.run(argv.toArray(String[]::new));
      assertThat(o.exitCode()).as(o.err()).isEqualTo(2);
      assertThat(o.err()).contains(bad[0]).contains("try --help");
    }
  }

  @Test
  void aChainPointIsWrittenApartWithItsScenario() throws IOException {
    try (RpcxBenchServer server = RpcxBenchServer.start("127.0.0.1", 0)) {
      HarnessInvocation.Outcome o =
          HarnessInvocation.run(
              HarnessInvocation.args(
                  "--protocol",
                  "rpcx",
                  "--port",
                  "rpcx=" + server.port(),
                  "--threads",
                  2,
                  "--requests",
                  3,
                  "--runs",
                  1,
                  "--scenario",
                  "chain",
                  "--work",
                  "100ms",
                  "--out",
                  out));

      assertThat(o.exitCode()).as(o.err()).isZero();
      RawContents c = RawResultFile.read(out.resolve("rpcx").resolve("chain-w100ms-t2-r3.csv"));
      assertThat(c.provenance())
          .containsEntry("scenario", "chain")
          .containsEntry("work", "PT0.1S")
          .containsEntry("work_kind", "sleep");
      assertThat(c.provenance().get("options")).contains("--scenario chain --work 100ms");
    }
  }
}
