package io.rpcxbench.period.client;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The client's command line, parsed once into an immutable value. Every option but {@code --host},
 * {@code --out}, {@code --server-pid} and {@code --provenance} is required.
 *
 * <pre>{@code
 * ClientArgs a = ClientArgs.parse(new String[] {"--protocol", "grpc", "--port", "9090",
 *     "--threads", "2", "--requests", "20", "--runs", "1"});
 * }</pre>
 */
final class ClientArgs {
  static final String USAGE =
      "usage: java -jar client-X.jar --protocol grpc|openfeign [--host 127.0.0.1] --port P"
          + " --threads T --requests R --runs N [--out FILE.csv] [--server-pid PID]"
          + " [--provenance KEY=VALUE]...";

  final String protocol;
  final String host;
  final int port;
  final int threads;
  final int requests;
  final int runs;

  /** The raw file to write, or null. */
  final String out;

  /** The server's pid whose CPU time each run records (its /proc/PID/stat), or -1. */
  final long serverPid;

  /** Keys and values copied into the raw file's provenance (where the server ran, the load). */
  final Map<String, String> provenance;

  private ClientArgs(Map<String, String> options, Map<String, String> provenance) {
    this.protocol = required(options, "--protocol");
    if (!protocol.equals("grpc") && !protocol.equals("openfeign")) {
      throw new IllegalArgumentException(
          "--protocol must be grpc or openfeign, got '" + protocol + "'");
    }
    this.host = options.containsKey("--host") ? options.get("--host") : "127.0.0.1";
    this.port = positive(options, "--port");
    if (port > 65535) {
      throw new IllegalArgumentException("--port must be at most 65535, got " + port);
    }
    this.threads = positive(options, "--threads");
    this.requests = positive(options, "--requests");
    this.runs = positive(options, "--runs");
    this.out = options.get("--out");
    this.serverPid = options.containsKey("--server-pid") ? positive(options, "--server-pid") : -1;
    this.provenance = Collections.unmodifiableMap(provenance);
  }

  /**
   * Parses {@code args}.
   *
   * @throws IllegalArgumentException with a one-line message naming the bad option
   */
  static ClientArgs parse(String[] args) {
    Map<String, String> options = new LinkedHashMap<>();
    Map<String, String> provenance = new LinkedHashMap<>();
    for (int i = 0; i < args.length; i += 2) {
      String name = args[i];
      if (!isOption(name)) {
        throw new IllegalArgumentException("unknown option '" + name + "'");
      }
      if (i + 1 >= args.length) {
        throw new IllegalArgumentException(name + " needs a value");
      }
      String value = args[i + 1];
      if (name.equals("--provenance")) {
        int eq = value.indexOf('=');
        String key = eq < 0 ? "" : value.substring(0, eq);
        if (!key.matches("[a-z][a-z0-9_]*") || value.matches("(?s).*[\\r\\n].*")) {
          throw new IllegalArgumentException(
              "--provenance must be KEY=VALUE (key [a-z][a-z0-9_]*, one line), got '"
                  + value
                  + "'");
        }
        provenance.put(key, value.substring(eq + 1));
      } else if (options.put(name, value) != null) {
        throw new IllegalArgumentException(name + " given twice");
      }
    }
    return new ClientArgs(options, provenance);
  }

  private static boolean isOption(String name) {
    switch (name) {
      case "--protocol":
      case "--host":
      case "--port":
      case "--threads":
      case "--requests":
      case "--runs":
      case "--out":
      case "--server-pid":
      case "--provenance":
        return true;
      default:
        return false;
    }
  }

  private static String required(Map<String, String> options, String name) {
    String value = options.get(name);
    if (value == null) {
      throw new IllegalArgumentException("missing " + name);
    }
    return value;
  }

  private static int positive(Map<String, String> options, String name) {
    String text = required(options, name);
    try {
      int value = Integer.parseInt(text);
      if (value > 0) {
        return value;
      }
    } catch (NumberFormatException e) {
      // reported below, as a value that is not positive
    }
    throw new IllegalArgumentException(name + " must be a positive integer, got '" + text + "'");
  }
}
