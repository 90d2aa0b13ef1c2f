package io.rpcxbench.harness;

import io.rpcxbench.api.BenchContract;
import io.rpcxbench.raw.RawResultFile;
import io.rpcxbench.raw.RunRow;
import io.rpcxbench.spi.BenchClient;
import java.io.IOException;
import java.io.PrintWriter;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;

/**
 * One protocol's point, in this JVM: build the client once, check the server answers, warm up if
 * asked, make the runs (orders 0..runs-1), write the raw file. Client creation is not part of any
 * run's time.
 */
final class ProtocolRun {
  private static final long PAYLOAD_SEED = 0x5eedL;

  private final RunConfig config;
  private final Protocol protocol;
  private final PrintWriter err;

  ProtocolRun(RunConfig config, PrintWriter err) {
    this.config = config;
    this.protocol = config.protocols().get(0);
    this.err = err;
  }

  /** Returns the exit code: 0 all calls answered correctly, 1 otherwise. */
  int execute() {
    Instant started = Instant.now().truncatedTo(ChronoUnit.SECONDS);
    Provenance captured = Provenance.capture();
    Provenance provenance = config.fleet().applyTo(captured);
    byte[] payload = new byte[config.payloadBytesSent()];
    new Random(PAYLOAD_SEED).nextBytes(payload);
    CallKind.CallInput input =
        new CallKind.CallInput(
            payload, config.itemsAsked(), BenchContract.items(config.itemsAsked()));
    String where = protocol + " server at " + config.target(protocol);
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
      return HarnessCommand.CALLS_FAILED;
    }
    List<RunResult> results = new ArrayList<>();
    LoadRunner.Warmup warmup = LoadRunner.Warmup.NONE;
    RunMeters meters = RunMeters.of(config.instruments().serverPids(protocol));
    boolean async;
    try (client;
        PointRunner runner = PointRunner.open(client, config, input, provenance.clientHost())) {
      async = runner.async();
      try {
        config.call().invoke(client.forProbe(config.connectTimeout()), input, "probe", 0);
      } catch (CallKind.WrongReplyException e) {
        err.println(where + " answered wrongly: " + Reachability.describe(e));
        return HarnessCommand.CALLS_FAILED;
      } catch (RuntimeException e) {
        err.println("cannot reach " + where + ": " + Reachability.describe(e));
        return HarnessCommand.CALLS_FAILED;
      }
      if (config.warmup().compareTo(Duration.ZERO) > 0) {
        warmup = runner.warmUp(config.warmup());
        err.println(warmupLine(warmup));
        err.flush();
      }
      String note = LoadModelReport.fallbackNote(protocol, config, async);
      if (note != null) {
        err.println(note);
      }
      for (int order = 0; order < config.runs(); order++) {
        if (config.loadModel().kind() != LoadModel.Kind.CLOSED) {
          config.fleet().awaitStart(order); // the closed loop waits in LoadRunner, threads ready
        }
        meters.before();
        RunResult r = meters.after(RunInstants.stamp(runner.run(order)));
        results.add(r);
        err.println(progressLine(r));
        LoadModelReport.warnings(protocol, config, r, meters).forEach(err::println);
        err.flush();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      err.println(protocol + ": interrupted; no result written");
      return HarnessCommand.CALLS_FAILED;
    } catch (IOException e) {
      err.println("cannot write " + config.instruments().hlog() + ": " + e);
      return HarnessCommand.CALLS_FAILED;
    }
    Instant finished = Instant.now().truncatedTo(ChronoUnit.SECONDS);
    List<RunRow> rows = new ArrayList<>();
    results.forEach(r -> rows.add(r.toRow(protocol.type(), config.threads(), config.requests())));
    Map<String, String> keys = provenance(provenance, client.describe(), warmup, started, finished);
    LoadModelReport.provenance(keys, config, async, meters, results);
    config.fleet().provenance(keys, results, captured.clientHost());
    String late = config.fleet().lateWarning(protocol, results);
    if (late != null) {
      err.println(late);
    }
    try {
      RawResultFile.write(config.resultFile(protocol), keys, rows);
    } catch (IOException e) {
      err.println("cannot write " + config.resultFile(protocol) + ": " + e);
      return HarnessCommand.CALLS_FAILED;
    }
    boolean clean =
        results.stream().allMatch(r -> r.errors() == 0) && LoadModelReport.noneDropped(results);
    return clean ? HarnessCommand.OK : HarnessCommand.CALLS_FAILED;
  }

  String progressLine(RunResult r) {
    String line =
        String.format(
            Locale.ROOT,
            "%-9s order %d/%d: time %.3f ms, tps %.1f, calls/s %.1f, calls %d, errors %d,"
                + " p50 %.1f us, p99 %.1f us",
            protocol,
            r.order(),
            config.runs(),
            r.timeTotalMs(),
            r.tps(config.requests()),
            r.throughput(),
            r.calls(),
            r.errors(),
            r.p50Us(),
            r.p99Us());
    line += LoadModelReport.lineSuffix(r);
    return r.firstError() == null ? line : line + " (first error: " + r.firstError() + ")";
  }

  String warmupLine(LoadRunner.Warmup w) {
    String line =
        String.format(
            Locale.ROOT,
            "%-9s warm-up: %.1f s, %d calls, %d errors",
            protocol,
            w.timeNanos() / 1e9,
            w.calls(),
            w.errors());
    return w.firstError() == null ? line : line + " (first error: " + w.firstError() + ")";
  }

  private Map<String, String> provenance(
      Provenance p, String client, LoadRunner.Warmup warmup, Instant started, Instant finished) {
    Map<String, String> m = new LinkedHashMap<>();
    m.put("status", "complete");
    m.put("protocol", protocol.id());
    m.put("type", String.valueOf(protocol.type()));
    m.put("label", protocol.label());
    m.put("threads", String.valueOf(config.threads()));
    m.put("requests", String.valueOf(config.requests()));
    m.put("requests_per", config.requestsPer().id());
    m.put("runs", String.valueOf(config.runs()));
    m.put("warmup", config.warmup().toString());
    m.put("warmup_calls", String.valueOf(warmup.calls()));
    m.put("payload_bytes", String.valueOf(config.payloadBytesSent()));
    m.put("call", config.call().id());
    m.put("items", String.valueOf(config.itemsAsked()));
    m.put("timeout", config.timeout().toString());
    m.put("connect_timeout", config.connectTimeout().toString());
    m.put("started", started.toString());
    m.put("finished", finished.toString());
    m.put("client_host", p.clientHost());
    m.put("target", config.target(protocol));
    m.put("client", client);
    m.put("jvm", p.jvm());
    m.put("jvm_flags", p.jvmFlags());
    m.put("os", p.os());
    m.put("git_commit", p.gitCommit());
    m.put("options", String.join(" ", config.toArgs()));
    return m;
  }
}
