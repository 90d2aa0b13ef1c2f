package io.rpcxbench.harness.config;

import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code --host}: one server host, or several for a protocol whose client balances across servers,
 * each with an optional port: {@code a}, {@code a:9001,b:9002}, {@code [::1]:9001}, {@code ::1}. A
 * host without a port gets the protocol's ({@code --port ID=PORT} or the catalog's).
 */
public record HostList(List<Entry> entries) {
  /** One host; port 0 means "the protocol's port". */
  record Entry(String host, int port) {}

  public HostList {
    entries = List.copyOf(entries);
  }

  /** Parses the option's text; the message names the bad part. */
  public static HostList parse(String text) {
    List<Entry> entries = new ArrayList<>();
    for (String part : text.split(",", -1)) {
      entries.add(entry(part.trim(), text));
    }
    return new HostList(entries);
  }

  private static Entry entry(String part, String whole) {
    if (part.isEmpty()) {
      throw new IllegalArgumentException(
          "--host must not be empty (or hold an empty entry): '" + whole + "'");
    }
    if (part.startsWith("[")) {
      int close = part.indexOf(']');
      if (close < 0) {
        throw new IllegalArgumentException("--host " + part + ": no closing ']'");
      }
      String host = part.substring(1, close);
      String rest = part.substring(close + 1);
      if (rest.isEmpty()) {
        return new Entry(host, 0);
      }
      if (!rest.startsWith(":")) {
        throw new IllegalArgumentException("--host " + part + ": expected ':PORT' after ']'");
      }
      return new Entry(host, port(part, rest.substring(1)));
    }
    int colon = part.indexOf(':');
    if (colon < 0 || part.indexOf(':', colon + 1) >= 0) {
      return new Entry(part, 0); // a name, an IPv4 literal, or a bare IPv6 literal
    }
    return new Entry(part.substring(0, colon), port(part, part.substring(colon + 1)));
  }

  private static int port(String part, String text) {
    int port;
    try {
      port = Integer.parseInt(text);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("--host " + part + ": '" + text + "' is not a port");
    }
    if (port < 1 || port > 65535) {
      throw new IllegalArgumentException(
          "--host " + part + ": the port must be 1-65535, got " + port);
    }
    return port;
  }

  int size() {
    return entries.size();
  }

  /** The servers, unresolved, each with its own port or else {@code defaultPort}. */
  public List<InetSocketAddress> servers(int defaultPort) {
    return entries.stream()
        .map(
            e ->
                InetSocketAddress.createUnresolved(
                    e.host(), e.port() == 0 ? defaultPort : e.port()))
        .toList();
  }
}
