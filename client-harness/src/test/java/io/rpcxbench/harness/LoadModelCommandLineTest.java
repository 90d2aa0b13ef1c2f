package io.rpcxbench.harness;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The load-model options' bad usage: exit 2 and a message naming the option, nothing run. */
class LoadModelCommandLineTest {
  @TempDir Path out;

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "--rate 0.5 --duration 1s | --rate must be at least 1 call/s, got 0.5",
        "--rate 0 --duration 1s | --rate must be at least 1 call/s, got 0",
        "--rate -5 --duration 1s | --rate must be at least 1 call/s, got -5",
        "--rate 100 | --rate needs --duration",
        "--duration 10s --threads 1 --requests 1 | --duration goes with --rate",
        "--rate 100 --duration 0s | --duration must be positive, got PT0S",
        "--rate 100 --duration 1s --max-in-flight 0 | --max-in-flight must be a positive count, got 0",
        "--rate 100 --duration 1s --threads 4 | --rate replaces --threads and --requests",
        "--rate 100 --duration 1s --requests 4 | --rate replaces --threads and --requests",
        "--rate 100 --duration 1s --requests-per total | --requests-per goes with --requests",
        "--rate 100 --duration 1s --arrivals bursty | --arrivals: 'bursty' is not uniform or poisson",
        "--rate 100 --duration 1s --rate-schedule 1:1s | --rate-schedule replaces --rate",
        "--rate-schedule 100:1s,0.2:1s | --rate-schedule must be at least 1 call/s, got 0.2",
        "--rate-schedule 100 | --rate-schedule: '100' is not RATE:DURATION",
        "--rate-schedule 100:10 | --rate-schedule: '10' is not a duration",
        "--threads 1 --requests 1 --max-in-flight 8 | --max-in-flight goes with --rate",
        "--threads 1 --requests 1 --arrivals poisson | --arrivals goes with --rate",
        "--in-flight 0 --requests 1 | --in-flight must be a positive count, got 0",
        "--in-flight 8 | --in-flight needs --requests",
        "--in-flight 8 --threads 8 --requests 1 | --in-flight N replaces --threads",
        "--in-flight 8 --requests 1 --rate 10 --duration 1s | two load models: choose one",
        "--threads 1 --requests 1 --fail-after -1s | --fail-after must not be negative, got PT-1S",
        "--threads 1 --requests 1 --server-pid 0 | --server-pid 0: a pid is a positive number",
        "--threads 1 --requests 1 --server-pid 2147483646 | --server-pid 2147483646: no such process",
        "--threads 1 --requests 1 --server-pid x | --server-pid x: not PID or ID=PID",
        "--threads 1 --requests 1 --server-pid rpcx=1 | rpcx is not among --protocol grpc",
      })
  void badUsageExitsTwoWithAMessage(String options, String message) {
    String[] argv = ("--protocol grpc " + options.trim() + " --out " + out).split(" +");
    HarnessInvocation.Outcome o = HarnessInvocation.run(argv);

    assertThat(o.exitCode()).as(o.err()).isEqualTo(2);
    assertThat(o.err()).contains(message).contains("try --help");
    assertThat(out).isEmptyDirectory();
  }

  @Test
  void helpListsTheLoadModels() {
    HarnessInvocation.Outcome o = HarnessInvocation.run("--help");
    assertThat(o.out())
        .contains("--rate=CALLS_PER_S", "--in-flight=N", "--fail-after=DURATION", "--hlog=FILE")
        .contains("--server-pid=PID|ID=PID", "--max-in-flight=N", "--arrivals=uniform|poisson");
  }
}
