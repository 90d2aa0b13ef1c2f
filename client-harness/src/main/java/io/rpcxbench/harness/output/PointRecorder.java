package io.rpcxbench.harness.output;

import io.rpcxbench.harness.config.LoadModel;
import io.rpcxbench.harness.config.RunConfig;
import io.rpcxbench.harness.config.Scenario;
import io.rpcxbench.harness.protocol.Protocol;
import io.rpcxbench.raw.PointIdentity;
import io.rpcxbench.raw.PointKey;
import io.rpcxbench.raw.RawResultFile;
import io.rpcxbench.raw.RunRow;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One protocol's raw file, written once and atomically (raw-format's writer) with the runs that
 * finished: {@code complete} after the last run, {@code timeout} when {@code --time-limit} ran out,
 * {@code incomplete} when the JVM was stopped from outside (SIGTERM, SIGINT: {@link
 * #shutdownHook}). Each carries {@code runs_completed}; so a point stopped at any time keeps its
 * finished runs.
 */
public final class PointRecorder {
  private final Path file;
  private final Map<String, String> provenance;
  private final List<RunRow> rows = new ArrayList<>();
  private boolean written;

  /** {@code provenance}: every key but status, runs_completed and finished. */
  public PointRecorder(Path file, Map<String, String> provenance) {
    this.file = file;
    this.provenance = new LinkedHashMap<>(provenance);
  }

  public synchronized void add(RunRow row) {
    rows.add(row);
  }

  public synchronized void set(String key, String value) {
    provenance.put(key, value);
  }

  public synchronized int runsCompleted() {
    return rows.size();
  }

  /**
   * {@code <out>/<protocol>/t<threads>-r<requests>.csv} (docs/raw-format.md): the point's identity
   * names it (raw-format's {@code PointIdentity#fileName}).
   */
  public static Path resultFile(RunConfig config, Protocol protocol) {
    return identity(config, protocol).path(config.output().out());
  }

  /**
   * The point's identity (raw-format's {@link PointIdentity}) from the run's configuration: its
   * file name and its identity keys derive from it. The client host is left empty (not in the
   * name); {@code link_rate} comes from {@code --provenance} (the lab gives it).
   */
  public static PointIdentity identity(RunConfig config, Protocol protocol) {
    LoadModel model = config.loadModel();
    PointIdentity point =
        switch (model.kind()) {
          case CLOSED ->
              PointIdentity.closed(
                  protocol.id(), config.load().threads(), config.load().requests());
          case IN_FLIGHT ->
              PointIdentity.inFlight(
                  protocol.id(), config.load().threads(), config.load().requests());
          case OPEN ->
              PointIdentity.open(
                  protocol.id(),
                  config.load().threads(),
                  config.load().requests(),
                  model.schedule().toString(),
                  model.arrivals().id());
        };
    Scenario scenario = config.scenario();
    return point
        .withRequestsPer(config.load().requestsPer().id())
        .withCall(
            config.load().call().id(), config.load().payloadBytesSent(), config.load().itemsAsked())
        .withMessage(config.message() == null ? "" : config.message().id())
        .withScenario(scenario.kind().id(), scenario.work(), scenario.workKind())
        .withTls(config.target().tlsMode())
        .withCompression(config.target().compression())
        .withNetworkProfile(
            config.output().provenance().getOrDefault(PointKey.NETWORK_PROFILE.key(), ""))
        .withLinkRate(config.output().provenance().getOrDefault(PointKey.LINK_RATE.key(), ""));
  }

  /** Writes the file with this status unless it was written already; returns whether it did. */
  public synchronized boolean write(String status) throws IOException {
    if (written) {
      return false;
    }
    written = true;
    Map<String, String> m = new LinkedHashMap<>();
    m.put("status", status);
    m.putAll(provenance);
    m.put("runs_completed", String.valueOf(rows.size()));
    m.put("finished", Instant.now().truncatedTo(ChronoUnit.SECONDS).toString());
    RawResultFile.write(file, m, List.copyOf(rows));
    return true;
  }

  /** A hook that writes the runs so far as {@code incomplete} if the JVM stops before the end. */
  public Thread shutdownHook(PrintWriter err, String protocol) {
    return new Thread(
        () -> {
          try {
            if (write("incomplete")) {
              err.println(
                  protocol
                      + ": stopped from outside after "
                      + runsCompleted()
                      + " runs; "
                      + file
                      + " keeps them (status incomplete)");
              err.flush();
            }
          } catch (IOException e) {
            err.println(protocol + ": stopped; cannot write " + file + ": " + e.getMessage());
            err.flush();
          }
        },
        "record-" + protocol);
  }
}
