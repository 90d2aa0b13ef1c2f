package io.rpcxbench.harness;

import io.rpcxbench.harness.config.DurationConverter;
import io.rpcxbench.harness.config.TimeLimitPer;
import io.rpcxbench.spi.ClientTls;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One point as the runner (sweep, choose, compare, calibrate) asks the harness for it, in typed
 * values: the protocol and its load, where its server is, its runs and limit, its files and facts,
 * what reads the servers, and the options the harness's own option groups wrote for every point of
 * the command ({@link #options}). {@link #request()} parses and checks it once; the point's JVM is
 * then given {@code RunConfig.toArgs()}, the one writer the harness's own forks use. The option
 * names are the harness's: no caller spells one.
 *
 * <pre>{@code
 * PointRequest r = HarnessPoints.point("rpcx").closed(10, 100).runs(3)
 *     .target("127.0.0.1", 43117).out(dir).timeLimit(Duration.ofSeconds(60), TimeLimitPer.POINT)
 *     .fact("network_profile", "lan").options(warmupAndCallArgs).request();
 * r.resultFile();   // dir/raw/rpcx/t10-r100.csv
 * }</pre>
 */
public final class PointBuilder {
  private static final String MAX_IN_FLIGHT = "--max-in-flight";

  private final String protocol;
  private final List<String> load = new ArrayList<>();
  private Integer runs;
  private String host;
  private Integer port;
  private Path out;
  private boolean force;
  private Duration timeLimit;
  private TimeLimitPer timeLimitPer;
  private ClientTls tls;
  private final Map<String, List<Long>> serverPids = new LinkedHashMap<>();
  private String serverSsh;
  private final List<Path> serverCgroups = new ArrayList<>();
  private final List<Long> ownPids = new ArrayList<>();
  private Integer maxInFlight;
  private String compression;
  private Path awaitRelease;
  private final Map<String, String> facts = new LinkedHashMap<>();
  private final List<String> options = new ArrayList<>();

  PointBuilder(String protocol) {
    this.protocol = protocol;
  }

  /** The paper's closed loop: {@code threads} callers, {@code requests} calls each (or in all). */
  public PointBuilder closed(int threads, int requests) {
    return load("--threads", threads, requests);
  }

  /** {@code calls} kept outstanding by one event loop, {@code requests} calls a run. */
  public PointBuilder inFlight(int calls, int requests) {
    return load("--in-flight", calls, requests);
  }

  /** The open loop: {@code perSecond} arrivals for {@code duration} a run. */
  public PointBuilder rate(int perSecond, Duration duration) {
    load.clear();
    load.addAll(
        List.of(
            "--rate", String.valueOf(perSecond), "--duration", DurationConverter.format(duration)));
    return this;
  }

  private PointBuilder load(String model, int count, int requests) {
    load.clear();
    load.addAll(List.of(model, String.valueOf(count), "--requests", String.valueOf(requests)));
    return this;
  }

  public PointBuilder runs(int runs) {
    this.runs = runs;
    return this;
  }

  /** The protocol's server at {@code host}:{@code port}. */
  public PointBuilder target(String host, int port) {
    this.host = host;
    this.port = port;
    return this;
  }

  /** The experiment folder; {@code force}: its earlier file of this point is replaced. */
  public PointBuilder out(Path out, boolean force) {
    this.out = out;
    this.force = force;
    return this;
  }

  public PointBuilder out(Path out) {
    return out(out, false);
  }

  /** The most the point (or each run) may take before the harness stops it. */
  public PointBuilder timeLimit(Duration limit, TimeLimitPer per) {
    this.timeLimit = limit;
    this.timeLimitPer = per;
    return this;
  }

  /** The client's TLS files (null: plaintext). */
  public PointBuilder tls(ClientTls tls) {
    this.tls = tls;
    return this;
  }

  /** A server process whose CPU and memory the point reads, here. */
  public PointBuilder serverPid(String protocolId, long pid) {
    serverPids.computeIfAbsent(protocolId, k -> new ArrayList<>()).add(pid);
    return this;
  }

  /** The host whose server processes are read over ssh. */
  public PointBuilder serverSsh(String destination) {
    this.serverSsh = destination;
    return this;
  }

  /** A cgroup whose CPU and memory are the servers'. */
  public PointBuilder serverCgroup(Path dir) {
    serverCgroups.add(dir);
    return this;
  }

  /**
   * A process of the run itself (a server, the packet link) the noise guard counts as no tenant.
   */
  public PointBuilder ownPid(long pid) {
    ownPids.add(pid);
    return this;
  }

  /** The open loop's cap of calls outstanding, over one {@link #options} give (null: theirs). */
  public PointBuilder maxInFlight(Integer calls) {
    this.maxInFlight = calls;
    return this;
  }

  /** The message compression (null: what {@link #options} say, else none). */
  public PointBuilder compression(String codec) {
    this.compression = codec;
    return this;
  }

  /** The runs wait, after the warm-up, until {@code file} exists (two sides released together). */
  public PointBuilder awaitRelease(Path file) {
    this.awaitRelease = file;
    return this;
  }

  /** A copy to change apart from this one. */
  public PointBuilder copy() {
    PointBuilder c = new PointBuilder(protocol);
    c.load.addAll(load);
    c.runs = runs;
    c.host = host;
    c.port = port;
    c.out = out;
    c.force = force;
    c.timeLimit = timeLimit;
    c.timeLimitPer = timeLimitPer;
    c.tls = tls;
    serverPids.forEach((id, pids) -> c.serverPids.put(id, new ArrayList<>(pids)));
    c.serverSsh = serverSsh;
    c.serverCgroups.addAll(serverCgroups);
    c.ownPids.addAll(ownPids);
    c.maxInFlight = maxInFlight;
    c.compression = compression;
    c.awaitRelease = awaitRelease;
    c.facts.putAll(facts);
    c.options.addAll(options);
    return c;
  }

  /** A fact the runner knows, recorded in the point's provenance. */
  public PointBuilder fact(String key, String value) {
    facts.put(key, value);
    return this;
  }

  public PointBuilder facts(Map<String, String> more) {
    facts.putAll(more);
    return this;
  }

  /**
   * Options written by the harness's own option groups (warm-up, call, run length, deadline,
   * scenario, a sweep's dimension) or given by the user after {@code --}, as they stand.
   */
  public PointBuilder options(List<String> given) {
    options.addAll(given);
    return this;
  }

  /**
   * The point, parsed and checked once.
   *
   * @throws IllegalArgumentException with the harness's message when it is bad usage
   */
  public PointRequest request() {
    return HarnessPoints.request(args());
  }

  /** The harness's arguments of these values, before the harness has read them. */
  List<String> args() {
    List<String> args = new ArrayList<>(List.of("--protocol", protocol));
    args.addAll(load);
    if (runs != null) {
      args.addAll(List.of("--runs", String.valueOf(runs)));
    }
    if (host != null) {
      args.addAll(List.of("--host", host, "--port", protocol + "=" + port));
    }
    if (out != null) {
      args.addAll(List.of("--out", out.toString()));
    }
    if (force) {
      args.add("--force");
    }
    if (timeLimit != null) {
      args.addAll(List.of("--time-limit", DurationConverter.format(timeLimit)));
      args.addAll(List.of("--time-limit-per", timeLimitPer.id()));
    }
    addTls(args);
    addReaders(args);
    if (compression != null) {
      args.addAll(List.of("--compression", compression));
    }
    if (awaitRelease != null) {
      args.addAll(List.of("--await-release", awaitRelease.toString()));
    }
    if (maxInFlight != null) {
      args.addAll(withoutOption(options, MAX_IN_FLIGHT));
      args.addAll(List.of(MAX_IN_FLIGHT, String.valueOf(maxInFlight)));
    } else {
      args.addAll(options);
    }
    facts.forEach((k, v) -> args.addAll(List.of("--provenance", k + "=" + v)));
    return args;
  }

  /** {@code given} without {@code option} and its value ({@code --o v} or {@code --o=v}). */
  static List<String> withoutOption(List<String> given, String option) {
    List<String> kept = new ArrayList<>();
    for (int i = 0; i < given.size(); i++) {
      String a = given.get(i);
      if (a.equals(option) && i + 1 < given.size()) {
        i++;
      } else if (!a.startsWith(option + "=")) {
        kept.add(a);
      }
    }
    return kept;
  }

  private void addTls(List<String> args) {
    if (tls == null) {
      return;
    }
    args.addAll(List.of("--tls-ca", tls.ca().toString()));
    if (tls.presentsCertificate()) {
      args.addAll(List.of("--tls-cert", tls.cert().toString(), "--tls-key", tls.key().toString()));
    }
  }

  private void addReaders(List<String> args) {
    serverPids.forEach(
        (id, pids) -> pids.forEach(pid -> args.addAll(List.of("--server-pid", id + "=" + pid))));
    if (serverSsh != null) {
      args.addAll(List.of("--server-ssh", serverSsh));
    }
    serverCgroups.forEach(dir -> args.addAll(List.of("--server-cgroup", dir.toString())));
    ownPids.forEach(pid -> args.addAll(List.of("--own-pid", String.valueOf(pid))));
  }
}
