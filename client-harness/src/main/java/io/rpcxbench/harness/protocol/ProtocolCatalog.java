package io.rpcxbench.harness.protocol;

import io.rpcxbench.spi.ProtocolProvider;
import io.rpcxbench.spi.ServerLaunch;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.regex.Pattern;

/**
 * Every protocol on the class path ({@link ServiceLoader} of {@link ProtocolProvider}): the one
 * catalog that the harness, the tests and the scripts ({@code --list-protocols}) read. Ids and type
 * numbers must be unique; a clash is an error naming both plug-ins.
 */
public final class ProtocolCatalog {
  private static final Pattern ID = Pattern.compile("[a-z][a-z0-9-]*");

  /**
   * Columns of {@code --list-protocols}; "-" stands for an empty field. New columns go last, so
   * readers by position keep working; gateway_jar is the jar of a chain's gateway ({@link
   * ServerLaunch#gatewayJar()}); messages is "yes" or "no: why" ({@code --call message}); tls is
   * "yes" or "no" (its stack's TLS wired, docs/tls.md); compression the codecs of {@code
   * --compression} ("-": none).
   */
  static final String HEADER =
      "id\tlabel\ttype\tport\tserver_jar\tserver_args\texternal\tbalances\tgateway_jar\tmessages"
          + "\ttls\tcompression";

  private static ProtocolCatalog loaded;

  private final List<ProtocolProvider> byType;

  public ProtocolCatalog(Iterable<ProtocolProvider> providers) {
    Map<String, ProtocolProvider> ids = new HashMap<>();
    Map<Integer, ProtocolProvider> types = new HashMap<>();
    List<ProtocolProvider> all = new ArrayList<>();
    for (ProtocolProvider p : providers) {
      String where = p.getClass().getName();
      if (p.id() == null || !ID.matcher(p.id()).matches()) {
        throw new IllegalStateException(
            "protocol plugin " + where + " has id '" + p.id() + "'; expected [a-z][a-z0-9-]*");
      }
      clash("id '" + p.id() + "'", ids.putIfAbsent(p.id(), p), p);
      clash("type " + p.type(), types.putIfAbsent(p.type(), p), p);
      all.add(p);
    }
    all.sort(Comparator.comparingInt(ProtocolProvider::type));
    this.byType = List.copyOf(all);
  }

  private static void clash(String what, ProtocolProvider previous, ProtocolProvider p) {
    if (previous != null) {
      throw new IllegalStateException(
          what
              + " is provided twice: by "
              + previous.getClass().getName()
              + " and by "
              + p.getClass().getName());
    }
  }

  /** The protocols of this JVM's class path, loaded on first use. */
  public static synchronized ProtocolCatalog onClassPath() {
    if (loaded == null) {
      try {
        loaded =
            new ProtocolCatalog(
                ServiceLoader.load(ProtocolProvider.class, ProtocolCatalog.class.getClassLoader()));
      } catch (ServiceConfigurationError e) {
        throw new IllegalStateException("cannot load protocol plugins: " + e.getMessage(), e);
      }
    }
    return loaded;
  }

  public Optional<ProtocolProvider> find(String id) {
    return byType.stream().filter(p -> p.id().equals(id)).findFirst();
  }

  /** Every provider, by type number. */
  public List<ProtocolProvider> all() {
    return byType;
  }

  public List<String> ids() {
    return byType.stream().map(ProtocolProvider::id).toList();
  }

  /**
   * The one message for an id the catalog does not have, with the ids it was probably meant to be:
   * {@code unknown protocol 'grcp'; did you mean grpc? known: rpcx, grpc, ...}.
   */
  public String unknown(String id) {
    return unknown(id, ids());
  }

  /** {@link #unknown(String)} among the ids {@code known}. */
  public static String unknown(String id, List<String> known) {
    List<String> near = NearIds.of(id, known);
    return "unknown protocol '"
        + id
        + "'; "
        + (near.isEmpty() ? "" : "did you mean " + String.join(" or ", near) + "? ")
        + "known: "
        + String.join(", ", known);
  }

  /** {@code --list-protocols}: a header and one tab-separated line per protocol. */
  public void print(PrintWriter out) {
    out.println(HEADER);
    for (ProtocolProvider p : byType) {
      ServerLaunch server = p.server();
      out.println(
          String.join(
              "\t",
              p.id(),
              field(p.label()),
              String.valueOf(p.type()),
              String.valueOf(p.defaultPort()),
              field(server.jar()),
              field(String.join(" ", server.args())),
              field(server.external()),
              p.balancesServers() ? "yes" : "no",
              field(server.gatewayJar()),
              field(p.messages().describe()),
              p.supportsTls() ? "yes" : "no",
              field(String.join(",", p.compressions()))));
    }
    out.flush();
  }

  private static String field(String value) {
    String flat = value == null ? "" : value.replaceAll("[\\t\\r\\n]+", " ").strip();
    return flat.isEmpty() ? "-" : flat;
  }
}
