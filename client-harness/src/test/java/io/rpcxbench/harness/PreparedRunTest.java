package io.rpcxbench.harness;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rpcxbench.harness.config.FleetMember;
import io.rpcxbench.harness.config.RunConfig;
import io.rpcxbench.harness.load.LoadRunner;
import io.rpcxbench.harness.load.RunInstants;
import io.rpcxbench.harness.load.TimeLimit;
import io.rpcxbench.harness.output.RunResult;
import io.rpcxbench.harness.protocol.CallKind;
import io.rpcxbench.harness.protocol.Protocol;
import io.rpcxbench.harness.testplugin.LineProtocol;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link LoadRunner#prepare}: a run's threads made ready before the wait for its instant are the
 * ones its {@code run} releases, at the instant and not before, and they make the run's calls once.
 */
class PreparedRunTest {
  @TempDir Path out;

  @Test
  void aPreparedRunIsReleasedAtItsInstantWithItsCallsOnce() throws Exception {
    long instant = System.currentTimeMillis() + 300;
    try (LineProtocol.Server server = new LineProtocol.Server();
        Fixture f = new Fixture(server.port(), out, List.of(instant))) {
      f.runner.prepare(0);

      RunResult r = f.runner.run(0, -1, f.limit);

      assertThat(r.calls()).isEqualTo(2 * 5);
      assertThat(r.errors()).isZero();
      assertThat(Long.parseLong(r.extra().get(RunInstants.START)))
          .isGreaterThanOrEqualTo(instant * 1000);
      // the next run, not prepared, is made ready by run itself
      assertThat(f.runner.run(1, -1, f.limit).calls()).isEqualTo(2 * 5);
    }
  }

  @Test
  void aRunOfAnotherOrderThanThePreparedOneIsAMistake() throws Exception {
    try (LineProtocol.Server server = new LineProtocol.Server();
        Fixture f = new Fixture(server.port(), out, List.of())) {
      f.runner.prepare(0);

      assertThatThrownBy(() -> f.runner.run(1, -1, f.limit))
          .isInstanceOf(IllegalStateException.class)
          .hasMessage("run 1 asked while run 0 is prepared");
      assertThat(f.runner.run(0, -1, f.limit).calls()).isEqualTo(2 * 5);
    }
  }

  /** A closed loop of 2 threads x 5 calls against the test's line server. */
  private static final class Fixture implements AutoCloseable {
    final io.rpcxbench.spi.BenchClient client;
    final LoadRunner runner;

    final TimeLimit limit;

    Fixture(int port, Path out, List<Long> instants) {
      Protocol line = Protocol.parse("line");
      RunConfig config =
          TestConfig.of(out, line)
              .ports(Map.of("line", port))
              .threads(2)
              .requests(5)
              .timeout(Duration.ofSeconds(5))
              .fleet(new FleetMember(instants, null))
              .build();
      limit = TimeLimit.of(config, System.nanoTime());
      client = line.open(config.clientOptions(line));
      runner = new LoadRunner(client, config, new CallKind.CallInput(new byte[0], 0, List.of()));
    }

    @Override
    public void close() {
      runner.close();
      client.close();
    }
  }
}
