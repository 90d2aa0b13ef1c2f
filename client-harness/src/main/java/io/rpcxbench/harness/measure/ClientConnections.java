package io.rpcxbench.harness.measure;

import io.rpcxbench.harness.output.RunResult;
import io.rpcxbench.spi.ClientOptions;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * How many TCP connections the client holds to its server, read right after each run: the
 * ESTABLISHED sockets of this host (its network namespace) whose remote port is the server's, from
 * {@code /proc/net/tcp} and {@code tcp6}. A connection pool (HTTP/1.1) shows its size, a
 * multiplexed client (HTTP/2, RPCX) its one or few. Column {@code connections}; absent where {@code
 * /proc/net} cannot be read. Another process of this host calling the same port is counted too.
 *
 * <pre>{@code
 * ClientConnections c = ClientConnections.to(options);   // the servers' ports
 * RunResult counted = c.addTo(result);                   // + connections=64
 * }</pre>
 */
public final class ClientConnections {
  private static final String ESTABLISHED = "01";

  private final Path procNet;
  private final Set<Integer> ports;

  ClientConnections(Path procNet, Set<Integer> ports) {
    this.procNet = procNet;
    this.ports = Set.copyOf(ports);
  }

  /** To the servers of {@code options}, counted from this process's {@code /proc/self/net}. */
  public static ClientConnections to(ClientOptions options) {
    return new ClientConnections(
        Path.of("/proc/self/net"),
        options.servers().stream().map(InetSocketAddress::getPort).collect(Collectors.toSet()));
  }

  /** {@code r} with the {@code connections} column, or as it was when nothing could be read. */
  public RunResult addTo(RunResult r) {
    int n = count();
    return n < 0 ? r : r.withExtra(Map.of("connections", String.valueOf(n)));
  }

  /** The established connections to the ports; -1 when neither file could be read. */
  int count() {
    int n = 0;
    boolean read = false;
    for (String file : List.of("tcp", "tcp6")) {
      List<String> lines;
      try {
        lines = Files.readAllLines(procNet.resolve(file));
      } catch (IOException | RuntimeException e) {
        continue;
      }
      read = true;
      for (String line : lines.subList(Math.min(1, lines.size()), lines.size())) {
        if (toOurServer(line.trim().split("\\s+"))) {
          n++;
        }
      }
    }
    return read ? n : -1;
  }

  /** {@code sl local rem st ...}: rem is {@code HEXADDR:HEXPORT}. */
  private boolean toOurServer(String[] f) {
    if (f.length < 4 || !f[3].equals(ESTABLISHED)) {
      return false;
    }
    int colon = f[2].lastIndexOf(':');
    try {
      return colon > 0 && ports.contains(Integer.parseInt(f[2].substring(colon + 1), 16));
    } catch (NumberFormatException e) {
      return false;
    }
  }
}
