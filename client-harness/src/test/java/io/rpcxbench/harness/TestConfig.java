package io.rpcxbench.harness;

import io.rpcxbench.harness.config.FleetMember;
import io.rpcxbench.harness.config.Instruments;
import io.rpcxbench.harness.config.Load;
import io.rpcxbench.harness.config.LoadModel;
import io.rpcxbench.harness.config.Output;
import io.rpcxbench.harness.config.RequestsPer;
import io.rpcxbench.harness.config.RunConfig;
import io.rpcxbench.harness.config.Scenario;
import io.rpcxbench.harness.config.Target;
import io.rpcxbench.harness.config.TimeLimitPer;
import io.rpcxbench.harness.config.WarmupPlan;
import io.rpcxbench.harness.protocol.CallKind;
import io.rpcxbench.harness.protocol.Protocol;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * A {@link RunConfig} for tests, built from its parts: the paper's closed loop, one run of one call
 * per thread, no warm-up, nothing measured beside the calls; each setter replaces one option.
 *
 * <pre>{@code
 * RunConfig config = TestConfig.of(out, Protocol.parse("rpcx")).threads(10).requests(100).build();
 * }</pre>
 */
final class TestConfig {
  private final Path out;
  private final List<Protocol> protocols;
  private int threads = 1;
  private int requests = 1;
  private RequestsPer requestsPer = RequestsPer.THREAD;
  private int runs = 1;
  private Duration warmup = Duration.ZERO;
  private CallKind call = CallKind.HELLO;
  private int payloadBytes;
  private int items;
  private String host = Target.DEFAULT_HOST;
  private Map<String, Integer> ports = Map.of();
  private Duration timeout = Duration.ofSeconds(30);
  private Duration timeLimit = Duration.ZERO;
  private TimeLimitPer timeLimitPer = TimeLimitPer.POINT;
  private boolean coldStart;
  private Map<String, String> provenance = Map.of();
  private FleetMember fleet = FleetMember.NONE;

  private TestConfig(Path out, List<Protocol> protocols) {
    this.out = out;
    this.protocols = protocols;
  }

  static TestConfig of(Path out, Protocol... protocols) {
    return new TestConfig(out, List.of(protocols));
  }

  TestConfig threads(int value) {
    threads = value;
    return this;
  }

  TestConfig requests(int value) {
    requests = value;
    return this;
  }

  TestConfig requestsPer(RequestsPer value) {
    requestsPer = value;
    return this;
  }

  TestConfig runs(int value) {
    runs = value;
    return this;
  }

  TestConfig warmup(Duration value) {
    warmup = value;
    return this;
  }

  TestConfig payloadBytes(int value) {
    payloadBytes = value;
    return this;
  }

  TestConfig host(String value) {
    host = value;
    return this;
  }

  TestConfig ports(Map<String, Integer> value) {
    ports = value;
    return this;
  }

  TestConfig timeout(Duration value) {
    timeout = value;
    return this;
  }

  TestConfig timeLimit(Duration limit, TimeLimitPer per) {
    timeLimit = limit;
    timeLimitPer = per;
    return this;
  }

  TestConfig coldStart() {
    coldStart = true;
    return this;
  }

  TestConfig provenance(Map<String, String> value) {
    provenance = value;
    return this;
  }

  TestConfig fleet(FleetMember value) {
    fleet = value;
    return this;
  }

  RunConfig build() {
    return new RunConfig(
        new Target(protocols, host, ports, timeout),
        new Load(
            threads,
            requests,
            requestsPer,
            runs,
            call,
            payloadBytes,
            items,
            timeLimit,
            timeLimitPer),
        new WarmupPlan(warmup, coldStart, null),
        LoadModel.CLOSED,
        Instruments.NONE,
        fleet,
        Scenario.SINGLE,
        new Output(out, false, provenance),
        null);
  }
}
