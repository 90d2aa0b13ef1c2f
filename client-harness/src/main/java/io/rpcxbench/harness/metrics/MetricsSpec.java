package io.rpcxbench.harness.metrics;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;

/**
 * {@code --metrics}: where the live figures go. {@code prometheus:[HOST:]PORT} serves them for a
 * scraper (HOST defaults to 127.0.0.1; a scraper on another host names the address to bind, e.g.
 * {@code prometheus:0.0.0.0:9464}; PORT 0 takes a free port, printed when bound). {@code otlp:URL}
 * pushes them once a second, and once more at the end, to an OpenTelemetry collector's OTLP
 * http/protobuf receiver: a URL without a path gets OTLP's {@code /v1/metrics} (as {@code
 * OTEL_EXPORTER_OTLP_ENDPOINT}), one with a path is used as it is.
 *
 * <pre>{@code
 * MetricsSpec spec = MetricsSpec.parse("prometheus:0");   // host 127.0.0.1, any free port
 * MetricsSpec otlp = MetricsSpec.parse("otlp:http://127.0.0.1:4318");   // .../v1/metrics
 * }</pre>
 */
public sealed interface MetricsSpec {
  String DEFAULT_HOST = "127.0.0.1";
  String USAGE = "expected prometheus:[HOST:]PORT or otlp:URL (e.g. otlp:http://127.0.0.1:4318)";

  /** A Prometheus endpoint on {@code host:port}. */
  record Prometheus(String host, int port) implements MetricsSpec {
    @Override
    public String action() {
      return "serve on " + host + ":" + port;
    }
  }

  /** An OTLP http/protobuf push to {@code endpoint} (the full URL, path included). */
  record Otlp(URI endpoint) implements MetricsSpec {
    @Override
    public String action() {
      return "push to " + endpoint;
    }
  }

  /** What starting it does, for an error line: "cannot serve on 127.0.0.1:9464 (...)". */
  String action();

  /** Parses the option's value; a bad one throws with a message that names the option. */
  static MetricsSpec parse(String value) {
    String v = value.trim();
    String lower = v.toLowerCase(Locale.ROOT);
    if (lower.startsWith("otlp:")) {
      return otlp(value, v.substring("otlp:".length()));
    }
    if (!lower.startsWith("prometheus:")) {
      throw new IllegalArgumentException("--metrics " + value + ": " + USAGE);
    }
    String rest = v.substring("prometheus:".length());
    int colon = rest.lastIndexOf(':');
    String host = colon < 0 ? DEFAULT_HOST : rest.substring(0, colon);
    String port = colon < 0 ? rest : rest.substring(colon + 1);
    if (host.isEmpty() || !port.matches("[0-9]{1,5}") || Integer.parseInt(port) > 65535) {
      throw new IllegalArgumentException(
          "--metrics " + value + ": the port is 0..65535 (0: a free one), e.g. prometheus:9464");
    }
    return new Prometheus(host, Integer.parseInt(port));
  }

  private static Otlp otlp(String value, String url) {
    URI uri;
    try {
      uri = new URI(url);
    } catch (URISyntaxException e) {
      uri = null;
    }
    if (uri == null
        || !("http".equals(uri.getScheme()) || "https".equals(uri.getScheme()))
        || uri.getHost() == null) {
      throw new IllegalArgumentException(
          "--metrics "
              + value
              + ": the OTLP receiver's http(s) URL, e.g. otlp:http://127.0.0.1:4318");
    }
    String path = uri.getPath() == null || uri.getPath().isEmpty() ? "/" : uri.getPath();
    return new Otlp(path.equals("/") ? uri.resolve("/v1/metrics") : uri);
  }
}
