package io.rpcxbench.report;

import io.rpcxbench.raw.RawContents;
import io.rpcxbench.raw.RawResultFile;
import io.rpcxbench.raw.RunRow;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One client host's raw file of a point that several client hosts ran together (deploy/fleet): the
 * host ({@code client_host}), the hosts the point was meant to run on ({@code fleet_clients}), its
 * status and its rows. Read by {@code merge-hosts}.
 *
 * <pre>{@code
 * HostFile f = HostFile.read(Path.of("results/raw/client-1/rpcx/t4-r2000.csv"));
 * f.host();           // "client-1"
 * f.fleetClients();   // [client-1, client-2, client-3]
 * }</pre>
 */
record HostFile(Path path, String host, String status, RawContents contents) {
  private static final Pattern LAB_RATE = Pattern.compile("(?:^|\\s)rate=(\\S+)");

  /**
   * Reads {@code path} with the raw-format library.
   *
   * @throws IOException when the file cannot be read
   */
  static HostFile read(Path path) throws IOException {
    RawContents c = RawResultFile.read(path);
    return new HostFile(
        path,
        c.provenance().getOrDefault("client_host", "").trim(),
        c.provenance().getOrDefault("status", "").trim(),
        c);
  }

  /** Whether the file says which hosts its point ran on: only such files are merged. */
  boolean fleet() {
    return !fleetClients().isEmpty();
  }

  /** {@code fleet_clients}: the client hosts of the point, in the driver's order. */
  List<String> fleetClients() {
    String v = provenance("fleet_clients");
    return v.isBlank() ? List.of() : Arrays.asList(v.trim().split("[\\s,]+"));
  }

  String provenance(String key) {
    return contents.provenance().getOrDefault(key, "");
  }

  List<RunRow> rows() {
    return contents.rows();
  }

  /** Every run the file announces is in it and the harness finished. */
  boolean whole() {
    return status.equals("complete") && rows().size() == runs();
  }

  int runs() {
    try {
      return Integer.parseInt(provenance("runs").trim());
    } catch (NumberFormatException e) {
      return rows().size();
    }
  }

  /**
   * What must be equal for files to be one point run on several hosts: protocol, the per-host
   * thread and request counts, their reading, the call, the load model and the link regime (as the
   * report's series: {@code link_rate}, else the lab's {@code rate=}), and the fleet's hosts.
   */
  Key key() {
    String link = provenance("link_rate");
    if (link.isBlank()) {
      Matcher m = LAB_RATE.matcher(provenance("lab"));
      link = m.find() ? m.group(1) : "";
    }
    return new Key(
        provenance("protocol").isBlank() ? "type-" + provenance("type") : provenance("protocol"),
        provenance("threads").trim(),
        provenance("requests").trim(),
        or(provenance("requests_per"), "thread"),
        or(provenance("call"), "hello"),
        provenance("payload_bytes").trim(),
        provenance("items").trim(),
        or(provenance("load_model"), "closed"),
        Series.scenario(contents.provenance()),
        link.trim().toLowerCase(Locale.ROOT),
        String.join(" ", fleetClients()));
  }

  private static String or(String value, String absent) {
    return value.isBlank() ? absent : value.trim();
  }

  /** The identity of a point across its client hosts. */
  record Key(
      String protocol,
      String threads,
      String requests,
      String requestsPer,
      String call,
      String payloadBytes,
      String items,
      String loadModel,
      String scenario,
      String linkRate,
      String fleetClients) {

    /** For people: {@code rpcx t4-r2000 (requests_per thread, call hello)}. */
    String text() {
      return protocol
          + " t"
          + threads
          + "-r"
          + requests
          + " (requests_per "
          + requestsPer
          + ", call "
          + call
          + (linkRate.isEmpty() ? "" : ", link " + linkRate)
          + ")";
    }
  }
}
