package io.rpcxbench.harness;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.harness.config.RunConfig;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** The configuration in parts: the options line every raw file has, and the worker's arguments. */
class RunConfigTest {
  @Test
  void theOptionsLineListsEveryPartsOptionsInTheRawFilesOrder() {
    RunConfig config = config("--protocol", "rpcx", "--threads", "10", "--requests", "100");

    assertThat(config.optionsLine())
        .isEqualTo(
            "--protocol rpcx --threads 10 --requests 100 --requests-per thread --runs 10 --warmup"
                + " PT0S --warmup-mode steady --warmup-iteration 1s --warmup-tolerance 3%"
                + " --warmup-max 60s --call hello --host 127.0.0.1 --port"
                + " rpcx=8081 --timeout PT30S --time-limit PT0S --time-limit-per point --out"
                + " results/raw --fail-after PT0S --noise-guard warn");
  }

  @Test
  void aWorkerGivenTheArgumentsGivesItsOwnWorkersTheSameArguments() {
    for (List<String> line :
        List.of(
            List.of("--protocol", "rpcx", "--threads", "4", "--requests", "5", "--paper"),
            List.of(
                "--protocol",
                "grpc",
                "--rate",
                "500",
                "--duration",
                "5s",
                "--arrivals",
                "poisson",
                "--scenario",
                "chain",
                "--work",
                "1ms",
                "--client-host-name",
                "a1",
                "--force"),
            List.of(
                "--protocol",
                "grpc",
                "--in-flight",
                "8",
                "--requests",
                "50",
                "--requests-per",
                "total",
                "--warmup",
                "3s",
                "--time-limit",
                "10s",
                "--time-limit-per",
                "run",
                "--call",
                "items",
                "--items",
                "7",
                "--provenance",
                "server_jvm_flags=-Xmx1g"),
            List.of(
                "--protocol",
                "rpcx",
                "--threads",
                "4",
                "--requests",
                "5",
                "--cold-start",
                "--timeout",
                "100ms",
                "--port",
                "rpcx=9001",
                "--call",
                "echo",
                "--payload",
                "9"))) {
      List<String> worker = config(line.toArray(String[]::new)).toArgs();

      assertThat(config(worker.toArray(String[]::new)).toArgs())
          .as(line.toString())
          .isEqualTo(worker);
    }
  }

  private static RunConfig config(String... args) {
    CommandLine cl = HarnessCommand.commandLine();
    cl.parseArgs(args);
    return ((HarnessCommand) cl.getCommand()).validConfig();
  }
}
