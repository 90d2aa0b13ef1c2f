package io.rpcxbench.harness;

import io.rpcxbench.api.BenchContract;
import io.rpcxbench.api.ExitCode;
import io.rpcxbench.harness.config.FleetMember;
import io.rpcxbench.harness.config.LoadModel;
import io.rpcxbench.harness.config.RunConfig;
import io.rpcxbench.harness.fleet.FleetProvenance;
import io.rpcxbench.harness.load.PointRunner;
import io.rpcxbench.harness.load.ReleaseFile;
import io.rpcxbench.harness.load.RunInstants;
import io.rpcxbench.harness.load.RunWatcher;
import io.rpcxbench.harness.load.TimeLimit;
import io.rpcxbench.harness.measure.ClientConnections;
import io.rpcxbench.harness.measure.LimitedBy;
import io.rpcxbench.harness.measure.LinkCounter;
import io.rpcxbench.harness.measure.MachineNoise;
import io.rpcxbench.harness.measure.ProcessStats;
import io.rpcxbench.harness.measure.RunMeters;
import io.rpcxbench.harness.measure.TcpSegments;
import io.rpcxbench.harness.output.PointRecorder;
import io.rpcxbench.harness.output.Provenance;
import io.rpcxbench.harness.output.RunResult;
import io.rpcxbench.harness.protocol.CallKind;
import io.rpcxbench.harness.protocol.MessageRun;
import io.rpcxbench.harness.protocol.Protocol;
import io.rpcxbench.harness.protocol.Reachability;
import io.rpcxbench.spi.BenchClient;
import io.rpcxbench.spi.ClientOptions;
import java.io.IOException;
import java.io.PrintWriter;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * One protocol's point, in this JVM: build the client once, check the server answers, warm up if
 * asked ({@link PointWarmup}), make the runs (orders 0..runs-1), write the raw file. Client
 * creation is not part of any run's time, except with {@code --cold-start} (order 0 then counts
 * from before it). The file keeps the runs that finished however the point ends: complete, at its
 * time limit, or stopped.
 */
final class ProtocolRun {
  private static final long PAYLOAD_SEED = 0x5eedL;

  /** How long the client may take to close once the time limit cut the point short. */
  static final Duration CLOSE_AFTER_LIMIT = Duration.ofSeconds(1);

  private final RunConfig config;
  private final Protocol protocol;
  private final PrintWriter err;
  private final RunWatcher watcher;
  private final RunLines lines;

  /** Set when the time limit ended the runs: calls may still be in flight. */
  private boolean cutShort;

  /** The runs' instants: --start-at's, or those released after the warm-up (--await-release). */
  private FleetMember fleet;

  /** The OS's host name, kept as client_hostname when --client-host-name replaces it. */
  private String osHostName;

  ProtocolRun(RunConfig config, PrintWriter err) {
    this(config, err, null);
  }

  /** {@code watcher}: the live figures of each run (null: none). */
  ProtocolRun(RunConfig config, PrintWriter err, RunWatcher watcher) {
    this.config = config;
    this.protocol = config.protocols().get(0);
    this.err = err;
    this.watcher = watcher;
    this.lines = new RunLines(config);
    this.fleet = config.fleet();
  }

  /**
   * Returns the exit code: 0 all calls answered correctly, 1 otherwise, 3 every call answered
   * correctly but the open loop dropped some.
   */
  int execute() {
    long startNanos = System.nanoTime();
    Instant started = Instant.now().truncatedTo(ChronoUnit.SECONDS);
    TimeLimit limit = TimeLimit.of(config, startNanos);
    Provenance captured = Provenance.capture();
    osHostName = captured.clientHost();
    Provenance provenance = FleetProvenance.applyTo(config.fleet(), captured);
    byte[] payload = new byte[config.load().payloadBytesSent()];
    new Random(PAYLOAD_SEED).nextBytes(payload);
    String where = protocol + " server at " + config.clientOptions(protocol).targets();
    MessageRun messages = null;
    if (config.message() != null) {
      if (!protocol.messages().carried()) {
        err.println(protocol + " skipped: it carries no message: " + protocol.messages().reason());
        return ExitCode.OK.code();
      }
      try {
        messages =
            new MessageRun(
                protocol.openMessages(
                    config.clientOptions(protocol), config.message().shape().type()),
                protocol.codec(),
                config.message().shape(),
                config.message().reply());
      } catch (RuntimeException e) {
        err.println(
            "cannot create the "
                + protocol
                + " message client for "
                + where
                + ": "
                + Reachability.describe(e));
        return ExitCode.FAILED.code();
      }
    }
    try {
      return execute(startNanos, started, limit, provenance, payload, messages, where);
    } finally {
      if (messages != null) {
        messages.close();
      }
    }
  }

  private int execute(
      long startNanos,
      Instant started,
      TimeLimit limit,
      Provenance provenance,
      byte[] payload,
      MessageRun messages,
      String where) {
    CallKind.CallInput input =
        new CallKind.CallInput(
            payload,
            config.load().itemsAsked(),
            BenchContract.items(config.load().itemsAsked()),
            messages);
    String unresolved = Reachability.unresolvedHost(config.clientOptions(protocol).servers());
    if (unresolved != null) {
      err.println("cannot reach " + where + ": " + unresolved);
      return ExitCode.FAILED.code();
    }
    BenchClient client;
    try {
      client = protocol.open(config.clientOptions(protocol));
    } catch (RuntimeException e) {
      err.println(
          "cannot create the "
              + protocol
              + " client for "
              + where
              + ": "
              + Reachability.describe(e));
      return ExitCode.FAILED.code();
    }
    try (PointRunner runner =
        PointRunner.open(client, config, input, provenance.clientHost(), watcher)) {
      if (!new ServerProbe(config, err).answers(client, input, where)) {
        return ExitCode.FAILED.code();
      }
      Map<String, String> keys = PointProvenance.of(config, provenance, client.describe(), started);
      // what the probe's handshake negotiated, e.g. "TLSv1.3 TLS_AES_128_GCM_SHA256"
      client.tlsSession().ifPresent(session -> keys.put("tls_session", session));
      if (messages != null) {
        config.message().provenance(keys);
        messages.provenance(keys);
      }
      ClientOptions asked = config.clientOptions(protocol);
      if (asked.compresses()) {
        keys.put("compression", asked.compression()); // the stack's codec, e.g. gzip
      }
      PointRecorder recorder = new PointRecorder(PointRecorder.resultFile(config, protocol), keys);
      return runAll(runner, recorder, limit, config.warmup().coldStart() ? startNanos : -1);
    } catch (IOException e) {
      err.println("cannot write " + config.instruments().hlog() + ": " + e);
      return ExitCode.FAILED.code();
    } finally {
      close(client);
    }
  }

  /**
   * Closes the client; after a time limit calls may still be in flight, and a graceful close
   * (Netty's quiet period, a pending call) must not keep the harness past its limit: then it gets
   * {@link #CLOSE_AFTER_LIMIT} and is left to the JVM's exit.
   */
  private void close(BenchClient client) {
    if (!cutShort) {
      client.close();
      return;
    }
    Thread closer = new Thread(client::close, "close-" + protocol);
    closer.setDaemon(true);
    closer.start();
    try {
      closer.join(CLOSE_AFTER_LIMIT.toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /**
   * The warm-up and the runs, each finished run recorded at once; the file is written at the end,
   * at the time limit, or by the shutdown hook if the JVM is stopped from outside.
   */
  private int runAll(PointRunner runner, PointRecorder recorder, TimeLimit limit, long coldStart) {
    Thread hook = recorder.shutdownHook(err, protocol.id());
    Runtime.getRuntime().addShutdownHook(hook);
    String status = "complete";
    boolean clean = true;
    boolean offered = true;
    ProcessStats server = ProcessStats.of(config.instruments(), protocol);
    Map<String, String> facts = config.output().provenance();
    RunMeters meters =
        new RunMeters(
            server,
            LimitedBy.linkBitsPerSecond(facts.get("link_rate")),
            LinkCounter.forLink(facts.get("link"), server),
            MachineNoise.of(config.instruments()));
    ClientConnections connections = ClientConnections.to(config.clientOptions(protocol));
    TcpSegments segments = TcpSegments.to(config.clientOptions(protocol));
    List<RunResult> results = new ArrayList<>();
    recordLoadModel(recorder, runner.async(), meters, results);
    try {
      new PointWarmup(config, err, lines).run(runner, recorder, limit, meters.jitProbe());
      // the readings before a run taken once before any instant is known: the first of a JVM
      // are the slowest (ss, all of /proc, classes loaded); their time sets the lead below
      long readFirst = System.nanoTime();
      segments.sample();
      meters.before();
      long readings = System.nanoTime() - readFirst; // how long the last readings took
      awaitRelease(runner, limit);
      String note = LoadModelReport.fallbackNote(protocol, config, runner.async());
      if (note != null) {
        err.println(note);
      }
      for (int order = 0; order < config.load().runs(); order++) {
        if (config.loadModel().kind() != LoadModel.Kind.CLOSED) {
          RunInstants.awaitStart(
              fleet, order); // the closed loop waits in LoadRunner, threads ready
        } else {
          // most of the wait outside the meters' span: its seconds are not the run's (another
          // harness's windows, other client hosts' warm-ups); the rest in LoadRunner, with the
          // threads made ready before and the readings' time left for them (a fresh JVM's first
          // run was otherwise released 30-50 ms late)
          runner.prepare(order);
          RunInstants.awaitStart(fleet, order, RunInstants.readyLead(readings));
        }
        long readFrom = System.nanoTime();
        TcpSegments.Sample segmentsBefore = segments.sample(); // outside the meters' span
        meters.before();
        readings = System.nanoTime() - readFrom;
        RunResult r =
            meters.after(RunInstants.stamp(runner.run(order, order == 0 ? coldStart : -1, limit)));
        r = connections.addTo(segments.addTo(r, segmentsBefore));
        results.add(r);
        recorder.add(r.toRow(protocol.type(), config.load().threads(), config.load().requests()));
        recordLoadModel(recorder, runner.async(), meters, results);
        clean &= r.errors() == 0;
        offered &= LoadModelReport.noneDropped(List.of(r));
        err.println(lines.progress(r));
        LoadModelReport.warnings(protocol, config, r, meters).forEach(err::println);
        err.flush();
      }
    } catch (TimeLimit.Reached e) {
      status = "timeout";
      cutShort = true;
      err.println(lines.limit(recorder.runsCompleted()));
    } catch (IOException e) {
      status = "incomplete";
      err.println(protocol + ": no release after the warm-up: " + e.getMessage());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      status = "incomplete";
      err.println(protocol + ": interrupted after " + recorder.runsCompleted() + " runs");
    }
    String late = FleetProvenance.lateWarning(fleet, protocol, results);
    if (late != null) {
      err.println(late);
    }
    try {
      recorder.write(status);
    } catch (IOException e) {
      err.println("cannot write " + PointRecorder.resultFile(config, protocol) + ": " + e);
      return ExitCode.FAILED.code();
    } finally {
      // after the write: a stop from outside until then still gets the runs written
      removeHook(hook);
    }
    if (!clean || !status.equals("complete")) {
      return ExitCode.FAILED.code();
    }
    if (!offered) {
      err.println(
          protocol
              + ": every call answered correctly, but calls were dropped: the point did not offer"
              + " its load (exit "
              + ExitCode.DROPPED.code()
              + ")");
      return ExitCode.DROPPED.code();
    }
    if (MachineNoise.refuses(config.instruments().noiseGuard(), results)) {
      err.println(
          protocol
              + ": --noise-guard strict: a kept run ran on a contended machine; "
              + PointRecorder.resultFile(config, protocol)
              + " keeps the runs (exit "
              + ExitCode.CONTENDED.code()
              + ")");
      return ExitCode.CONTENDED.code();
    }
    return ExitCode.OK.code();
  }

  /**
   * With {@code --await-release}: says this harness is warmed up and waits for its runs' instants
   * (compare's paired windows: the round's harnesses take turns, each released when all are ready).
   */
  private void awaitRelease(PointRunner runner, TimeLimit limit)
      throws IOException, InterruptedException, TimeLimit.Reached {
    if (fleet.awaitRelease() == null) {
      return;
    }
    fleet = fleet.released(ReleaseFile.await(fleet.awaitRelease(), limit.warmupDeadline()));
    runner.releaseAt(fleet);
    err.println(
        protocol
            + ": warmed up; released at "
            + fleet.startAt().size()
            + " instants from "
            + java.time.Instant.ofEpochMilli(fleet.startAt().get(0)));
    err.flush();
  }

  /** The load model's and the meters' keys over the runs so far (the file may end at any run). */
  private void recordLoadModel(
      PointRecorder recorder, boolean async, RunMeters meters, List<RunResult> results) {
    Map<String, String> keys = new LinkedHashMap<>();
    LoadModelReport.provenance(keys, config, async, meters, results);
    FleetProvenance.provenance(fleet, keys, results, osHostName);
    config.scenario().provenance(keys);
    keys.forEach(recorder::set);
  }

  private static void removeHook(Thread hook) {
    try {
      Runtime.getRuntime().removeShutdownHook(hook);
    } catch (IllegalStateException shuttingDown) {
      // the JVM is stopping: the hook writes the file (or finds it written)
    }
  }
}
