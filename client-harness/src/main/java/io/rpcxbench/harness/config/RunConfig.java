package io.rpcxbench.harness.config;

import io.rpcxbench.harness.protocol.Protocol;
import io.rpcxbench.spi.ClientOptions;
import java.util.ArrayList;
import java.util.List;

/**
 * Everything one harness invocation does, immutable, in parts that each own their defaults,
 * validation, options and provenance keys: where the servers are ({@link Target}), the paper's load
 * ({@link Load}), the warm-up ({@link WarmupPlan}), the load model ({@link LoadModel}), what is
 * measured beside the calls ({@link Instruments}), the fleet ({@link FleetMember}), what stands
 * behind the target ({@link Scenario}), where the files go ({@link Output}) and the user's message
 * of {@code --call message} ({@link MessageCall}, null for the other calls). Echoed into every
 * result file ({@code # options:}) and used to fork one worker JVM per protocol.
 *
 * <pre>{@code
 * RunConfig config = HarnessCommand.commandLine()...validConfig();
 * config.load().threads();                   // --threads
 * }</pre>
 */
public record RunConfig(
    Target target,
    Load load,
    WarmupPlan warmup,
    LoadModel loadModel,
    Instruments instruments,
    FleetMember fleet,
    Scenario scenario,
    Output output,
    MessageCall message) {

  /** Checks every part; the message names the option and the bad value. */
  public void validate() {
    target.validate();
    load.validate();
    warmup.validate();
    output.validate();
    loadModel.validate();
    instruments.validate(target.protocols());
    fleet.validate();
    if (load.timedRuns() && loadModel.kind() == LoadModel.Kind.OPEN) {
      throw new IllegalArgumentException(
          "--run-time goes with --threads or --in-flight: an open-loop run lasts its --duration");
    }
  }

  public List<Protocol> protocols() {
    return target.protocols();
  }

  /** What a protocol's client is told. */
  public ClientOptions clientOptions(Protocol protocol) {
    return target.clientOptions(protocol, load.threads());
  }

  /**
   * The config a {@code --warmup-in-flight} warm-up runs: the same point in the in-flight model,
   * the warm-up's calls outstanding (never more than the open loop's own, which size the client;
   * the in-flight model reads no thread count of the load).
   */
  public RunConfig forInFlightWarmup() {
    int calls = Math.min(warmup.inFlight(), loadModel.maxInFlight());
    return new RunConfig(
        target,
        load,
        warmup,
        loadModel.inFlightOf(calls),
        instruments,
        fleet,
        scenario,
        output,
        message);
  }

  public RunConfig forProtocol(Protocol protocol) {
    return new RunConfig(
        target.forProtocol(protocol),
        load,
        warmup,
        loadModel,
        instruments.forProtocol(protocol, target.protocols().size() > 1),
        fleet,
        scenario,
        output,
        message);
  }

  /**
   * Every option with its value, defaults included: re-running these reproduces the point (the
   * forked workers get exactly these).
   */
  public List<String> toArgs() {
    List<String> args = new ArrayList<>(optionArgs());
    output.addProvenanceArgs(args);
    return args;
  }

  /** The {@code # options:} line: {@link #toArgs()} without --provenance (own keys already). */
  public String optionsLine() {
    return String.join(" ", optionArgs());
  }

  /** Each part's options, in the order every raw file's {@code # options:} line has them. */
  private List<String> optionArgs() {
    List<String> args = new ArrayList<>();
    target.addProtocolArgs(args);
    load.addCountArgs(args, loadModel.kind());
    warmup.addArgs(args);
    load.addCallArgs(args);
    target.addArgs(args);
    load.addLimitArgs(args);
    warmup.addColdStartArgs(args);
    output.addArgs(args);
    loadModel.addArgs(args);
    instruments.addArgs(args);
    fleet.addArgs(args);
    scenario.addArgs(args);
    if (message != null) {
      message.addArgs(args);
    }
    return args;
  }
}
