package io.rpcxbench.harness.metrics;

import java.util.Locale;

/**
 * {@code --metrics prometheus:[HOST:]PORT}: where the live figures are served. HOST defaults to
 * 127.0.0.1 (a scraper on another host names the address to bind, e.g. {@code
 * prometheus:0.0.0.0:9464}); PORT 0 takes a free port, printed when bound. OpenTelemetry's OTLP
 * export ({@code otlp:URL}) is not built in: it is refused with one line.
 *
 * <pre>{@code
 * MetricsSpec spec = MetricsSpec.parse("prometheus:0");   // host 127.0.0.1, any free port
 * }</pre>
 */
public record MetricsSpec(String host, int port) {
  static final String DEFAULT_HOST = "127.0.0.1";

  /** Parses the option's value; a bad one throws with a message that names the option. */
  public static MetricsSpec parse(String value) {
    String v = value.trim();
    String lower = v.toLowerCase(Locale.ROOT);
    if (lower.startsWith("otlp:")) {
      throw new IllegalArgumentException(
          "--metrics " + value + ": OTLP export is not built in; use prometheus:PORT");
    }
    if (!lower.startsWith("prometheus:")) {
      throw new IllegalArgumentException(
          "--metrics " + value + ": expected prometheus:PORT or prometheus:HOST:PORT");
    }
    String rest = v.substring("prometheus:".length());
    int colon = rest.lastIndexOf(':');
    String host = colon < 0 ? DEFAULT_HOST : rest.substring(0, colon);
    String port = colon < 0 ? rest : rest.substring(colon + 1);
    if (host.isEmpty() || !port.matches("[0-9]{1,5}") || Integer.parseInt(port) > 65535) {
      throw new IllegalArgumentException(
          "--metrics " + value + ": the port is 0..65535 (0: a free one), e.g. prometheus:9464");
    }
    return new MetricsSpec(host, Integer.parseInt(port));
  }
}
