package io.rpcxbench.report.pages;

import io.rpcxbench.raw.PointKey;
import io.rpcxbench.report.clean.CleanedPoint;
import io.rpcxbench.report.db.ProvenanceValues;
import io.rpcxbench.report.db.RawProtocol;
import io.rpcxbench.report.db.Series;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * What a page's data holds, for its title and first lines: the protocols measured, the workload
 * (call, payload, items, load model, scenario, TLS, compression, network), where and when. Whether
 * the paper's Tables 3-4 and Figs. 8-10 belong on the page follows from it: only for the paper's
 * experiment, its workload (the hello call without payload, one server without work, the closed
 * loop, plaintext, no compression) over its three protocols and no other. Any other set of
 * protocols gets the table of every protocol against the reference instead, never Tables 3-4 with
 * columns of "–" and the protocols they have no column for left out.
 *
 * <pre>{@code
 * Subject s = Subject.of(cleaned, provenance);
 * s.title();   // "rpcx-bench: RPCX vs thrift vs resp: items(10), closed loop"
 * s.lead();    // "Measured: 3 protocols (RPCX, thrift, resp). Workload: ... Where: ... When: ..."
 * }</pre>
 */
public record Subject(
    List<RawProtocol> protocols, List<Series> series, Map<String, String> where, String when) {
  /** Past this many protocols the title counts them instead of naming them. */
  static final int NAMED_IN_TITLE = 6;

  /** The provenance keys that say where, in the order the lead names them. */
  private static final List<String> WHERE =
      List.of(PointKey.CLIENT_HOST.key(), "target", "lab", "cpu_model");

  public Subject {
    protocols = List.copyOf(protocols);
    series = List.copyOf(series);
    where = Map.copyOf(where);
  }

  /** The subject of {@code cleaned}, with where and when from the files' provenance. */
  public static Subject of(List<CleanedPoint> cleaned, List<ProvenanceValues.Line> provenance) {
    SortedSet<RawProtocol> protocols = new TreeSet<>();
    Set<Series> series = new LinkedHashSet<>();
    cleaned.forEach(
        p -> {
          protocols.add(p.protocol());
          series.add(p.series());
        });
    java.util.LinkedHashMap<String, String> where = new java.util.LinkedHashMap<>();
    String started = "";
    String finished = "";
    for (ProvenanceValues.Line l : provenance) {
      String values = String.join("; ", l.values());
      if (WHERE.contains(l.key())) {
        where.merge(l.key(), values, (a, b) -> a.equals(b) ? a : a + "; " + b);
      } else if (l.key().equals("started")) {
        started = firstOf(values);
      } else if (l.key().equals("finished")) {
        finished = lastOf(values);
      }
    }
    String when =
        started.isEmpty() && finished.isEmpty()
            ? "not recorded"
            : (started.isEmpty() ? "?" : started) + " to " + (finished.isEmpty() ? "?" : finished);
    return new Subject(List.copyOf(protocols), List.copyOf(series), where, when);
  }

  private static String firstOf(String span) {
    int i = span.indexOf(" … ");
    return i < 0 ? span : span.substring(0, i);
  }

  private static String lastOf(String span) {
    int i = span.indexOf(" … ");
    return i < 0 ? span : span.substring(i + 3);
  }

  /**
   * Whether the data is the paper's experiment: every series the paper's workload, and either all
   * three of the paper's protocols measured (any others beside them are in the table of every
   * protocol) or only paper protocols (its tables then hold every protocol measured). A sweep of
   * the paper's workload over other protocols without all three of the paper's is not its
   * experiment: its Tables 3-4 would show a missing protocol's columns as "–" and leave the others
   * out. The link regime and the reading of the request count may be any of the paper's.
   */
  public boolean paperWorkload() {
    return paperSeriesOnly()
        && protocols.stream().anyMatch(RawProtocol::paper)
        && (protocols.containsAll(RawProtocol.PAPER)
            || protocols.stream().allMatch(RawProtocol::paper));
  }

  /** The protocols measured that the paper's tables have no column for. */
  public List<RawProtocol> beyondThePaper() {
    return protocols.stream().filter(p -> !p.paper()).toList();
  }

  /** Every series the paper's workload (whatever the protocols). */
  boolean paperSeriesOnly() {
    return !series.isEmpty() && series.stream().allMatch(Subject::paperSeries);
  }

  /** Whether every series reads R per thread (T × R calls a run), the paper's script's reading. */
  public boolean requestsPerThread() {
    return series.stream().noneMatch(s -> s.requestsPer().equals("total"));
  }

  static boolean paperSeries(Series s) {
    return s.call().equals(PointKey.CALL.absent())
        && s.loadModel().equals(Series.CLOSED)
        && s.scenario().equals(PointKey.SCENARIO.absent())
        && s.others().isEmpty();
  }

  /** {@code rpcx-bench: RPCX vs gRPC vs OpenFeign: hello, closed loop (the paper's experiment)}. */
  public String title() {
    String who =
        protocols.size() > NAMED_IN_TITLE
            ? protocols.size() + " protocols"
            : protocols.stream().map(p -> p.label).collect(Collectors.joining(" vs "));
    return "rpcx-bench: "
        + who
        + ": "
        + workloads(false)
        + (paperWorkload() ? " (the paper's experiment)" : "");
  }

  /**
   * The workloads of the series, e.g. {@code echo 1024 B, open loop, over TLS}; {@code detailed}:
   * with what the load model means and the link even when there is none.
   */
  String workloads(boolean detailed) {
    return series.stream()
        .map(s -> workload(s, detailed))
        .distinct()
        .collect(Collectors.joining("; "));
  }

  /** One series' workload for people: the call, its size, load model, scenario, TLS, network. */
  static String workload(Series s, boolean detailed) {
    List<String> parts = new ArrayList<>();
    String call = s.call();
    if (s.items() > 0) {
      call += "(" + s.items() + ")";
    }
    if (s.payloadBytes() > 0) {
      call += " " + s.payloadBytes() + " B";
    }
    parts.add(call);
    parts.add(
        detailed
            ? loadModel(s)
            : s.loadModel().equals(Series.CLOSED)
                ? "closed loop"
                : s.loadModel().equals("open") ? "open loop" : s.loadModel());
    if (!s.scenario().equals(PointKey.SCENARIO.absent())) {
      parts.add("scenario " + s.scenario());
    }
    String tls = s.others().get(PointKey.TLS.key());
    if (tls != null) {
      parts.add(tls.equals("mtls") ? "over mutual TLS" : "over TLS");
    }
    String compression = s.others().get(PointKey.COMPRESSION.key());
    if (compression != null) {
      parts.add(compression + " compression");
    }
    String profile = s.others().get(PointKey.NETWORK_PROFILE.key());
    if (profile != null) {
      parts.add("network profile " + profile);
    }
    String arrivals = s.others().get(PointKey.ARRIVALS.key());
    if (arrivals != null) {
      parts.add(arrivals + " arrivals");
    }
    if (detailed || !s.linkRate().isEmpty()) {
      parts.add(s.linkRate().isEmpty() ? "no lab link" : "link " + s.linkRate());
    }
    return String.join(", ", parts);
  }

  private static String loadModel(Series s) {
    if (s.loadModel().equals(Series.CLOSED)) {
      return "closed loop (T threads × R requests per " + s.requestsPer() + ")";
    }
    return switch (s.loadModel()) {
      case "open" -> "open loop (a rate on a schedule)";
      case "in-flight" -> "in-flight (a fixed number of calls outstanding)";
      default -> "load model " + s.loadModel();
    };
  }

  /**
   * The page's first lines: what was measured, where and when, and whether the paper's tables
   * belong here.
   */
  public String lead() {
    StringBuilder b = new StringBuilder("Measured: ");
    b.append(protocols.size())
        .append(protocols.size() == 1 ? " protocol (" : " protocols (")
        .append(protocols.stream().map(p -> p.label).collect(Collectors.joining(", ")))
        .append("). Workload: ")
        .append(workloads(true))
        .append(". Where: ");
    List<String> places = new ArrayList<>();
    for (String key : WHERE) {
      String v = where.get(key);
      if (v != null && !v.isBlank()) {
        places.add(key.replace('_', ' ') + " " + v);
      }
    }
    b.append(places.isEmpty() ? "not recorded" : String.join(", ", places))
        .append(". When: ")
        .append(when)
        .append(". ");
    b.append(
        paperWorkload()
            ? "This is the paper's experiment: its Tables 3-4 and Figs. 8-10 follow for its"
                + " protocols, beside every protocol measured"
                + (beyondThePaper().isEmpty()
                    ? "."
                    : " (the tables of the paper have no column for "
                        + beyondThePaper().stream()
                            .map(p -> p.label)
                            .collect(Collectors.joining(", "))
                        + ": the table of every protocol holds them).")
            : paperSeriesOnly()
                ? "This is the paper's workload but not its experiment, which measures RPCX, gRPC"
                    + " and OpenFeign: the paper's Tables 3-4, Figs. 8-10 and its"
                    + " ranges are left out; the table of every protocol against the reference"
                    + " holds all "
                    + protocols.size()
                    + "."
                : "This is not the paper's workload (the hello call without payload, one server"
                    + " without work, the closed loop, no TLS or compression, the paper's three"
                    + " protocols): the paper's Tables 3-4, Figs. 8-10 and its ranges are left"
                    + " out.");
    return b.toString();
  }
}
