package io.rpcxbench.harness;

import io.rpcxbench.api.BenchContract;
import io.rpcxbench.spi.ClientOptions;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * Everything one harness invocation does, immutable, with all defaults in one place. Echoed into
 * every result file ({@code # options:}) and used to fork one worker JVM per protocol.
 */
record RunConfig(
    List<Protocol> protocols,
    int threads,
    int requests,
    RequestsPer requestsPer,
    int runs,
    Duration warmup,
    CallKind call,
    int payloadBytes,
    int items,
    String host,
    Map<String, Integer> ports,
    Duration timeout,
    Duration timeLimit,
    TimeLimitPer timeLimitPer,
    boolean coldStart,
    Map<String, String> provenance,
    Path out,
    boolean force,
    LoadModel loadModel,
    Instruments instruments,
    FleetMember fleet,
    Scenario scenario,
    SteadyWarmup steadyWarmup) {

  // Defaults, as picocli wants them (strings); the only place they are written down.
  static final String DEFAULT_RUNS = "10";

  /**
   * No fixed warm-up: without a warm-up option the warm-up is steady ({@link WarmupModeOptions});
   * given explicitly, 0s is the paper's method (order 0 includes start-up, the cleaning drops it).
   */
  static final String DEFAULT_WARMUP = "0s";

  static final String DEFAULT_HOST = "127.0.0.1";
  static final String DEFAULT_ITEMS = "" + BenchContract.DEFAULT_ITEMS;
  static final String DEFAULT_TIMEOUT = "30s";
  static final String DEFAULT_OUT = "results/raw";
  static final String DEFAULT_REQUESTS_PER = "thread";
  static final String DEFAULT_CALL = "hello";

  /** No time limit: sweep.sh passes the paper's 600 s. */
  static final String DEFAULT_TIME_LIMIT = "0s";

  static final String DEFAULT_TIME_LIMIT_PER = "point";

  /** Provenance keys given with {@code --provenance}: lower snake case, as in every raw file. */
  static final Pattern PROVENANCE_KEY = Pattern.compile("[a-z][a-z0-9_]*");

  /** Connect timeout is min(timeout, this). */
  static final Duration MAX_CONNECT_TIMEOUT = Duration.ofSeconds(5);

  RunConfig {
    protocols = List.copyOf(protocols);
    ports = Collections.unmodifiableMap(new TreeMap<>(ports));
    provenance = Collections.unmodifiableMap(new LinkedHashMap<>(provenance));
  }

  /**
   * The paper's closed loop with a time limit, nothing measured beside the calls, one client host
   * alone, one server doing no work, the fixed warm-up.
   */
  RunConfig(
      List<Protocol> protocols,
      int threads,
      int requests,
      RequestsPer requestsPer,
      int runs,
      Duration warmup,
      CallKind call,
      int payloadBytes,
      int items,
      String host,
      Map<String, Integer> ports,
      Duration timeout,
      Duration timeLimit,
      TimeLimitPer timeLimitPer,
      boolean coldStart,
      Map<String, String> provenance,
      Path out,
      boolean force) {
    this(
        protocols,
        threads,
        requests,
        requestsPer,
        runs,
        warmup,
        call,
        payloadBytes,
        items,
        host,
        ports,
        timeout,
        timeLimit,
        timeLimitPer,
        coldStart,
        provenance,
        out,
        force,
        LoadModel.CLOSED,
        Instruments.NONE,
        FleetMember.NONE,
        Scenario.SINGLE,
        null);
  }

  /** Checks the values; the message names the option and the bad value. */
  void validate() {
    if (protocols.isEmpty()) {
      throw new IllegalArgumentException("--protocol: name at least one protocol");
    }
    if (protocols.stream().distinct().count() != protocols.size()) {
      throw new IllegalArgumentException(
          "--protocol: a protocol is named twice: " + protocolList());
    }
    positive("--threads", threads);
    ThreadLimit threadLimit = ThreadLimit.ofThisMachine();
    if (threads > threadLimit.max()) {
      throw new IllegalArgumentException(threadLimit.explain(threads));
    }
    positive("--requests", requests);
    positive("--runs", runs);
    if (warmup.isNegative()) {
      throw new IllegalArgumentException("--warmup must not be negative, got " + warmup);
    }
    if (payloadBytes < 0 || payloadBytes > BenchContract.MAX_PAYLOAD) {
      throw new IllegalArgumentException(
          "--payload must be between 0 and "
              + BenchContract.MAX_PAYLOAD
              + " bytes, got "
              + payloadBytes);
    }
    if (items < 0 || items > BenchContract.MAX_ITEMS) {
      throw new IllegalArgumentException(
          "--items must be between 0 and " + BenchContract.MAX_ITEMS + ", got " + items);
    }
    ports.forEach(RunConfig::namedPort);
    for (Protocol p : protocols) {
      port(p + "'s default port", port(p));
    }
    if (timeout.isNegative() || timeout.isZero()) {
      throw new IllegalArgumentException("--timeout must be positive, got " + timeout);
    }
    if (timeLimit.isNegative()) {
      throw new IllegalArgumentException(
          "--time-limit must not be negative (0s: none), got " + timeLimit);
    }
    if (steadyWarmup != null) {
      steadyWarmup.validate();
    }
    if (coldStart && !warmup.isZero()) {
      throw new IllegalArgumentException(
          "--cold-start measures the first calls in order 0; it cannot be combined with --warmup "
              + warmup);
    }
    provenance.keySet().forEach(RunConfig::extraProvenanceKey);
    HostList hosts = HostList.parse(host);
    for (Protocol p : protocols) {
      if (hosts.size() > 1 && !p.balancesServers()) {
        throw new IllegalArgumentException(
            "--host "
                + host
                + ": protocol "
                + p
                + " takes one server host; only protocols whose client balances across servers"
                + " take several");
      }
    }
    loadModel.validate();
    instruments.validate(protocols);
    fleet.validate();
  }

  /** {@code --provenance KEY=VALUE}: a new key, never one the harness writes itself. */
  private static void extraProvenanceKey(String key) {
    if (!PROVENANCE_KEY.matcher(key).matches()) {
      throw new IllegalArgumentException(
          "--provenance " + key + ": a key is lower snake case, e.g. server_jvm_flags");
    }
    if (ProtocolRun.HARNESS_KEYS.contains(key)
        || key.equals(KeptRunsTrend.KEY)
        || key.equals(Thresholds.KEY)) {
      throw new IllegalArgumentException(
          "--provenance " + key + ": the harness writes that key itself");
    }
  }

  private static void positive(String option, int value) {
    if (value <= 0) {
      throw new IllegalArgumentException(option + " must be a positive count, got " + value);
    }
  }

  private static void port(String option, int value) {
    if (value < 1 || value > 65535) {
      throw new IllegalArgumentException(option + " must be a TCP port (1-65535), got " + value);
    }
  }

  /** {@code --port ID=PORT}: the id must be in the catalog. */
  private static void namedPort(String id, int value) {
    ProtocolCatalog catalog = ProtocolCatalog.onClassPath();
    if (catalog.find(id).isEmpty()) {
      throw new IllegalArgumentException(
          "--port "
              + id
              + "="
              + value
              + ": unknown protocol '"
              + id
              + "' (known: "
              + String.join(", ", catalog.ids())
              + ")");
    }
    port("--port " + id, value);
  }

  Duration connectTimeout() {
    return timeout.compareTo(MAX_CONNECT_TIMEOUT) < 0 ? timeout : MAX_CONNECT_TIMEOUT;
  }

  int port(Protocol protocol) {
    return ports.getOrDefault(protocol.id(), protocol.defaultPort());
  }

  /** What a protocol's client is told. */
  ClientOptions clientOptions(Protocol protocol) {
    List<InetSocketAddress> servers = HostList.parse(host).servers(port(protocol));
    InetSocketAddress first = servers.get(0);
    return new ClientOptions(
        first.getHostString(), first.getPort(), timeout, connectTimeout(), threads, servers);
  }

  /** {@code host:port} of the protocol's server(s) ({@code [v6]:port} for IPv6 literals). */
  String target(Protocol protocol) {
    return clientOptions(protocol).targets();
  }

  /** The bytes each call sends: echo's payload, put's value; 0 for hello and items. */
  int payloadBytesSent() {
    return call.sendsPayload() ? payloadBytes : 0;
  }

  /** The n of items(n), or 0 for the other calls. */
  int itemsAsked() {
    return call == CallKind.ITEMS ? items : 0;
  }

  long callsPerRun() {
    return requestsPer.callsPerRun(threads, requests);
  }

  /**
   * {@code <out>/<protocol>/t<threads>-r<requests>.csv} (docs/raw-format.md): the point's identity
   * names it ({@link PointRecorder#identity}, raw-format's {@code PointIdentity#fileName}).
   */
  Path resultFile(Protocol protocol) {
    return PointRecorder.identity(this, protocol).path(out);
  }

  RunConfig forProtocol(Protocol protocol) {
    return new RunConfig(
        List.of(protocol),
        threads,
        requests,
        requestsPer,
        runs,
        warmup,
        call,
        payloadBytes,
        items,
        host,
        ports,
        timeout,
        timeLimit,
        timeLimitPer,
        coldStart,
        provenance,
        out,
        force,
        loadModel,
        instruments.forProtocol(protocol, protocols.size() > 1),
        fleet,
        scenario,
        steadyWarmup);
  }

  String protocolList() {
    return Protocol.ids(protocols);
  }

  /**
   * Every option with its value, defaults included: re-running these reproduces the point (the
   * forked workers get exactly these).
   */
  List<String> toArgs() {
    List<String> args = new ArrayList<>(optionArgs());
    provenance.forEach((k, v) -> add(args, "--provenance", k + "=" + v));
    return args;
  }

  /** The {@code # options:} line: {@link #toArgs()} without --provenance (own keys already). */
  String optionsLine() {
    return String.join(" ", optionArgs());
  }

  private List<String> optionArgs() {
    List<String> args = new ArrayList<>();
    add(args, "--protocol", protocolList());
    // The open loop's schedule and the in-flight count imply these (LoadModelOptions).
    if (loadModel.kind() == LoadModel.Kind.CLOSED) {
      add(args, "--threads", threads);
    }
    if (loadModel.kind() != LoadModel.Kind.OPEN) {
      add(args, "--requests", requests);
      add(args, "--requests-per", requestsPer.id());
    }
    add(args, "--runs", runs);
    add(args, "--warmup", warmup);
    if (steadyWarmup != null) {
      steadyWarmup.addArgs(args);
    }
    add(args, "--call", call.id());
    add(args, "--payload", payloadBytes);
    add(args, "--items", items);
    add(args, "--host", host);
    for (Protocol p : protocols) {
      add(args, "--port", p.id() + "=" + port(p));
    }
    add(args, "--timeout", timeout);
    add(args, "--time-limit", timeLimit);
    add(args, "--time-limit-per", timeLimitPer.id());
    if (coldStart) {
      args.add("--cold-start");
    }
    add(args, "--out", out);
    if (force) {
      args.add("--force");
    }
    loadModel.addArgs(args);
    instruments.addArgs(args);
    fleet.addArgs(args);
    scenario.addArgs(args);
    return args;
  }

  private static void add(List<String> args, String option, Object value) {
    args.add(option);
    args.add(String.valueOf(value));
  }
}
