package io.rpcxbench.harness;

import io.rpcxbench.api.BenchContract;
import io.rpcxbench.harness.spi.ClientOptions;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

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
    String host,
    int rpcxPort,
    int grpcPort,
    int openfeignPort,
    Map<String, Integer> ports,
    Duration timeout,
    boolean grpcDirectExecutor,
    Path out,
    boolean force) {

  // Defaults, as picocli wants them (strings); the only place they are written down.
  static final String DEFAULT_RUNS = "10";
  /** No warm-up: the paper's method (order 0 includes start-up and the cleaning drops it). */
  static final String DEFAULT_WARMUP = "0s";
  static final String DEFAULT_HOST = "127.0.0.1";
  static final String DEFAULT_RPCX_PORT = "" + BenchContract.RPCX_PORT;
  static final String DEFAULT_GRPC_PORT = "" + BenchContract.GRPC_PORT;
  static final String DEFAULT_OPENFEIGN_PORT = "" + BenchContract.OPENFEIGN_PORT;
  static final String DEFAULT_PAYLOAD = "64";
  static final String DEFAULT_TIMEOUT = "30s";
  static final String DEFAULT_OUT = "results/raw";
  static final String DEFAULT_REQUESTS_PER = "thread";
  static final String DEFAULT_CALL = "hello";
  /** Connect timeout is min(timeout, this). */
  static final Duration MAX_CONNECT_TIMEOUT = Duration.ofSeconds(5);
  /** Stays under every protocol's default message limit (gRPC: 4 MiB; JSON adds base64). */
  static final int MAX_PAYLOAD = 1 << 20;

  RunConfig {
    protocols = List.copyOf(protocols);
    ports = Collections.unmodifiableMap(new TreeMap<>(ports));
  }

  /** A configuration of built-in protocols only (no {@code --port NAME=PORT}), no warm-up. */
  RunConfig(
      List<Protocol> protocols, int threads, int requests, RequestsPer requestsPer, int runs,
      CallKind call, int payloadBytes, String host, int rpcxPort, int grpcPort, int openfeignPort,
      Duration timeout, boolean grpcDirectExecutor, Path out, boolean force) {
    this(protocols, threads, requests, requestsPer, runs, Duration.ZERO, call, payloadBytes, host,
        rpcxPort, grpcPort, openfeignPort, Map.of(), timeout, grpcDirectExecutor, out, force);
  }

  /** Checks the values; the message names the option and the bad value. */
  void validate() {
    if (protocols.isEmpty()) {
      throw new IllegalArgumentException("--protocol: name at least one protocol");
    }
    if (protocols.stream().distinct().count() != protocols.size()) {
      throw new IllegalArgumentException("--protocol: a protocol is named twice: " + protocolList());
    }
    positive("--threads", threads);
    positive("--requests", requests);
    positive("--runs", runs);
    if (warmup.isNegative()) {
      throw new IllegalArgumentException("--warmup must not be negative, got " + warmup);
    }
    if (payloadBytes < 0 || payloadBytes > MAX_PAYLOAD) {
      throw new IllegalArgumentException(
          "--payload must be between 0 and " + MAX_PAYLOAD + " bytes, got " + payloadBytes);
    }
    port("--rpcx-port", rpcxPort);
    port("--grpc-port", grpcPort);
    port("--openfeign-port", openfeignPort);
    ports.forEach(RunConfig::pluginPort);
    for (Protocol p : protocols) {
      p.plugin().ifPresent(plugin -> port(p + "'s default port", port(p)));
    }
    if (timeout.isNegative() || timeout.isZero()) {
      throw new IllegalArgumentException("--timeout must be positive, got " + timeout);
    }
    if (host.isBlank()) {
      throw new IllegalArgumentException("--host must not be empty");
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

  /** {@code --port NAME=PORT}: a plugin protocol's port; built-ins keep their own options. */
  private static void pluginPort(String name, int value) {
    if (Protocol.isBuiltIn(name)) {
      throw new IllegalArgumentException(
          "--port " + name + "=" + value + ": use --" + name + "-port for " + name);
    }
    ProtocolPlugins plugins = ProtocolPlugins.onClassPath();
    if (plugins.find(name) == null) {
      throw new IllegalArgumentException(
          "--port " + name + "=" + value + ": no protocol plugin '" + name
              + "' on the class path" + (plugins.ids().isEmpty() ? "" : " (plugins: "
              + String.join(", ", plugins.ids()) + ")"));
    }
    port("--port " + name, value);
  }

  Duration connectTimeout() {
    return timeout.compareTo(MAX_CONNECT_TIMEOUT) < 0 ? timeout : MAX_CONNECT_TIMEOUT;
  }

  int port(Protocol protocol) {
    if (protocol.equals(Protocol.RPCX)) {
      return rpcxPort;
    }
    if (protocol.equals(Protocol.GRPC)) {
      return grpcPort;
    }
    if (protocol.equals(Protocol.OPENFEIGN)) {
      return openfeignPort;
    }
    Integer given = ports.get(protocol.id());
    return given != null ? given : protocol.plugin().orElseThrow().defaultPort();
  }

  /** What a plugin's client is told. */
  ClientOptions clientOptions(Protocol protocol) {
    return new ClientOptions(host, port(protocol), timeout, connectTimeout(), threads);
  }

  /** {@code host:port} of the protocol's server ({@code [v6]:port} for IPv6 literals). */
  String target(Protocol protocol) {
    return (host.contains(":") ? "[" + host + "]" : host) + ":" + port(protocol);
  }

  /** The bytes the echo call sends, or 0 for hello. */
  int payloadBytesSent() {
    return call == CallKind.ECHO ? payloadBytes : 0;
  }

  long callsPerRun() {
    return requestsPer.callsPerRun(threads, requests);
  }

  /** {@code <out>/<protocol>/t<threads>-r<requests>.csv} (docs/raw-format.md). */
  Path resultFile(Protocol protocol) {
    return out.resolve(protocol.id()).resolve("t" + threads + "-r" + requests + ".csv");
  }

  RunConfig forProtocol(Protocol protocol) {
    return new RunConfig(
        List.of(protocol), threads, requests, requestsPer, runs, warmup, call, payloadBytes, host,
        rpcxPort, grpcPort, openfeignPort, ports, timeout, grpcDirectExecutor, out, force);
  }

  String protocolList() {
    return Protocol.ids(protocols);
  }

  /** Every option with its value, defaults included: re-running these reproduces the point. */
  List<String> toArgs() {
    List<String> args = new ArrayList<>();
    add(args, "--protocol", protocolList());
    add(args, "--threads", threads);
    add(args, "--requests", requests);
    add(args, "--requests-per", requestsPer.id());
    add(args, "--runs", runs);
    add(args, "--warmup", warmup);
    add(args, "--call", call.id());
    add(args, "--payload", payloadBytes);
    add(args, "--host", host);
    add(args, "--rpcx-port", rpcxPort);
    add(args, "--grpc-port", grpcPort);
    add(args, "--openfeign-port", openfeignPort);
    for (Protocol p : protocols) {
      if (p.plugin().isPresent()) {
        add(args, "--port", p.id() + "=" + port(p));
      }
    }
    add(args, "--timeout", timeout);
    if (grpcDirectExecutor) {
      args.add("--grpc-direct-executor");
    }
    add(args, "--out", out);
    if (force) {
      args.add("--force");
    }
    return args;
  }

  private static void add(List<String> args, String option, Object value) {
    args.add(option);
    args.add(String.valueOf(value));
  }
}
