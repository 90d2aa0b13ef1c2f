package io.rpcxbench.harness;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import picocli.CommandLine.Option;

/** Where the servers are and how long a call may take. */
final class TargetOptions {
  @Option(names = "--host", paramLabel = "H", defaultValue = RunConfig.DEFAULT_HOST,
      description = "Server host (default: ${DEFAULT-VALUE}).")
  String host;

  @Option(names = "--rpcx-port", paramLabel = "PORT", defaultValue = RunConfig.DEFAULT_RPCX_PORT,
      description = "RPCX server port (default: ${DEFAULT-VALUE}).")
  int rpcxPort;

  @Option(names = "--grpc-port", paramLabel = "PORT", defaultValue = RunConfig.DEFAULT_GRPC_PORT,
      description = "gRPC server port (default: ${DEFAULT-VALUE}).")
  int grpcPort;

  @Option(names = "--openfeign-port", paramLabel = "PORT",
      defaultValue = RunConfig.DEFAULT_OPENFEIGN_PORT,
      description = "OpenFeign (HTTP) server port (default: ${DEFAULT-VALUE}).")
  int openfeignPort;

  @Option(names = "--port", paramLabel = "NAME=PORT",
      description = "Port of a plugin protocol, e.g. --port bare=8090 (repeatable; default: the"
          + " plugin's own).")
  Map<String, Integer> ports = new LinkedHashMap<>();

  @Option(names = "--timeout", paramLabel = "DURATION", defaultValue = RunConfig.DEFAULT_TIMEOUT,
      converter = DurationConverter.class,
      description = "Per-call deadline for every protocol, e.g. 500ms, 30s, PT1M"
          + " (default: ${DEFAULT-VALUE}); connect timeout is min(this, 5s).")
  Duration timeout;

  @Option(names = "--grpc-direct-executor",
      description = "Tuning, off by default: gRPC channel with directExecutor().")
  boolean grpcDirectExecutor;
}
