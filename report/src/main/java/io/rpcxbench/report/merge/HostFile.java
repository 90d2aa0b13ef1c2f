package io.rpcxbench.report.merge;

import io.rpcxbench.raw.PointIdentity;
import io.rpcxbench.raw.PointKey;
import io.rpcxbench.raw.RawContents;
import io.rpcxbench.raw.RawResultFile;
import io.rpcxbench.raw.RunRow;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

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
   * What must be equal for files to be one point run on several hosts: the point's identity ({@link
   * PointIdentity}: protocol, the per-host thread and request counts, the call, its payload, the
   * load model, the scenario, the link, ...) without the client host, and the fleet's hosts.
   *
   * @throws IllegalArgumentException when an identity key is not a number where it must be
   */
  Key key() {
    return new Key(
        PointIdentity.of(contents.provenance()).withClientHost(""),
        String.join(" ", fleetClients()),
        provenance("fleet_rate_schedule").trim());
  }

  /**
   * The identity of a point across its client hosts; {@code fleetRateSchedule}: the open loop's
   * whole schedule that each host offered a share of (empty: not split, or not the open loop).
   */
  record Key(PointIdentity point, String fleetClients, String fleetRateSchedule) {
    /**
     * The merged point's file name: {@code t<T>-r<R>-x<N>.csv} (T and R per host), or for a split
     * open loop the whole schedule's, {@code open-r3000-d10s-x3.csv}, as deploy/fleet plans it.
     */
    String mergedFileName() {
      PointIdentity named = point;
      if (!fleetRateSchedule.isEmpty() && point.loadModel().equals(PointIdentity.OPEN)) {
        Map<String, String> m = point.provenance();
        m.put(PointKey.RATE_SCHEDULE.key(), fleetRateSchedule);
        named = PointIdentity.of(m);
      }
      int hosts = fleetClients.split(" ").length;
      return named.mergedFileName(hosts);
    }

    String protocol() {
      return point.protocol();
    }

    int threads() {
      return point.threads();
    }

    int requests() {
      return point.requests();
    }

    String requestsPer() {
      return point.requestsPer();
    }

    /** For people: {@code rpcx t4-r2000 (requests_per thread, call hello)}. */
    String text() {
      return protocol()
          + " "
          + point.fileName().replaceFirst("\\.csv$", "")
          + " (requests_per "
          + requestsPer()
          + ", call "
          + point.call()
          + (point.linkRate().isEmpty() ? "" : ", link " + point.linkRate())
          + ")";
    }
  }
}
