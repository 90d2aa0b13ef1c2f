package io.rpcxbench.harness.metrics;

import com.google.protobuf.ByteString;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.UnknownFieldSet;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.zip.GZIPInputStream;

/**
 * A real OTLP http/protobuf metrics receiver on 127.0.0.1, port 0: it answers {@code POST
 * /v1/metrics} as a collector does (200, an empty ExportMetricsServiceResponse) and decodes each
 * ExportMetricsServiceRequest by the field numbers of opentelemetry-proto's {@code
 * metrics/v1/metrics.proto} (the wire format itself, with protobuf-java's unknown-field parser: no
 * code of the exporter under test is used to read what it sent).
 */
public final class OtlpReceiver implements AutoCloseable {
  /** One data point as received: its metric, kind, protocol attribute and values. */
  public record Point(
      String metric,
      String kind,
      String unit,
      String protocol,
      double value,
      long count,
      double sum,
      Map<Double, Double> quantiles,
      boolean monotonic) {}

  /** One request: its resource's service.name and its points. */
  public record Export(String serviceName, List<Point> points) {}

  private final HttpServer server;
  private final List<Export> exports = new CopyOnWriteArrayList<>();

  public OtlpReceiver() throws IOException {
    server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    server.createContext("/v1/metrics", this::handle);
    server.start();
  }

  /** The receiver's base URL, e.g. http://127.0.0.1:PORT (no path). */
  public String url() {
    return "http://127.0.0.1:" + server.getAddress().getPort();
  }

  public List<Export> exports() {
    return List.copyOf(exports);
  }

  /** The points of the last request, by metric name. */
  public Map<String, Point> last() {
    Map<String, Point> byName = new TreeMap<>();
    if (!exports.isEmpty()) {
      exports.get(exports.size() - 1).points().forEach(p -> byName.put(p.metric(), p));
    }
    return byName;
  }

  private void handle(HttpExchange exchange) throws IOException {
    try (exchange) {
      InputStream body = exchange.getRequestBody();
      if ("gzip".equals(exchange.getRequestHeaders().getFirst("Content-Encoding"))) {
        body = new GZIPInputStream(body);
      }
      boolean protobuf =
          "application/x-protobuf".equals(exchange.getRequestHeaders().getFirst("Content-Type"));
      if (!"POST".equals(exchange.getRequestMethod()) || !protobuf) {
        exchange.sendResponseHeaders(415, -1);
        return;
      }
      exports.add(decode(body.readAllBytes()));
      exchange.getResponseHeaders().set("Content-Type", "application/x-protobuf");
      // one request a connection: the JDK's HttpServer left the exporter's second request on a
      // kept-alive connection unanswered (its JDK client had asked for an h2c upgrade)
      exchange.getResponseHeaders().set("Connection", "close");
      exchange.sendResponseHeaders(200, -1);
    }
  }

  static Export decode(byte[] request) throws InvalidProtocolBufferException {
    String service = "";
    List<Point> points = new ArrayList<>();
    for (UnknownFieldSet resourceMetrics : messages(UnknownFieldSet.parseFrom(request), 1)) {
      for (UnknownFieldSet resource : messages(resourceMetrics, 1)) {
        service = attributes(resource, 1).getOrDefault("service.name", service);
      }
      for (UnknownFieldSet scopeMetrics : messages(resourceMetrics, 2)) {
        for (UnknownFieldSet metric : messages(scopeMetrics, 2)) {
          points.addAll(points(metric));
        }
      }
    }
    return new Export(service, points);
  }

  private static List<Point> points(UnknownFieldSet metric) throws InvalidProtocolBufferException {
    String name = string(metric, 1);
    String unit = string(metric, 3);
    List<Point> points = new ArrayList<>();
    for (UnknownFieldSet gauge : messages(metric, 5)) {
      for (UnknownFieldSet p : messages(gauge, 1)) {
        points.add(number(name, "gauge", unit, p, false));
      }
    }
    for (UnknownFieldSet sum : messages(metric, 7)) {
      boolean monotonic = varint(sum, 3) == 1;
      for (UnknownFieldSet p : messages(sum, 1)) {
        points.add(number(name, "sum", unit, p, monotonic));
      }
    }
    for (UnknownFieldSet summary : messages(metric, 11)) {
      for (UnknownFieldSet p : messages(summary, 1)) {
        Map<Double, Double> quantiles = new TreeMap<>();
        for (UnknownFieldSet q : messages(p, 6)) {
          quantiles.put(dbl(q, 1), dbl(q, 2));
        }
        points.add(
            new Point(
                name,
                "summary",
                unit,
                attributes(p, 7).get("protocol"),
                Double.NaN,
                fixed(p, 4),
                dbl(p, 5),
                quantiles,
                false));
      }
    }
    return points;
  }

  // NumberDataPoint: as_double = 4 (double), as_int = 6 (sfixed64), attributes = 7
  private static Point number(
      String name, String kind, String unit, UnknownFieldSet p, boolean monotonic)
      throws InvalidProtocolBufferException {
    double value = p.hasField(4) ? dbl(p, 4) : fixed(p, 6);
    return new Point(
        name, kind, unit, attributes(p, 7).get("protocol"), value, 0, 0, Map.of(), monotonic);
  }

  // KeyValue: key = 1, value = 2 (AnyValue: string_value = 1)
  private static Map<String, String> attributes(UnknownFieldSet message, int field)
      throws InvalidProtocolBufferException {
    Map<String, String> attributes = new TreeMap<>();
    for (UnknownFieldSet kv : messages(message, field)) {
      for (UnknownFieldSet any : messages(kv, 2)) {
        attributes.put(string(kv, 1), string(any, 1));
      }
    }
    return attributes;
  }

  private static List<UnknownFieldSet> messages(UnknownFieldSet message, int field)
      throws InvalidProtocolBufferException {
    List<UnknownFieldSet> all = new ArrayList<>();
    if (message.hasField(field)) {
      for (ByteString bytes : message.getField(field).getLengthDelimitedList()) {
        all.add(UnknownFieldSet.parseFrom(bytes));
      }
    }
    return all;
  }

  private static String string(UnknownFieldSet message, int field) {
    return message.hasField(field)
        ? message.getField(field).getLengthDelimitedList().get(0).toStringUtf8()
        : "";
  }

  private static long fixed(UnknownFieldSet message, int field) {
    return message.hasField(field) ? message.getField(field).getFixed64List().get(0) : 0;
  }

  private static double dbl(UnknownFieldSet message, int field) {
    return Double.longBitsToDouble(fixed(message, field));
  }

  private static long varint(UnknownFieldSet message, int field) {
    return message.hasField(field) ? message.getField(field).getVarintList().get(0) : 0;
  }

  @Override
  public void close() {
    server.stop(0);
  }
}
