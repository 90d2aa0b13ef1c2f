package io.rpcxbench.harness.protocol;

import io.rpcxbench.spi.ProtocolProvider;
import io.rpcxbench.spi.ServerLaunch;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code rpcx-bench list}: the catalog as a table for people, one row per protocol with what {@code
 * choose} and {@code sweep} depend on: its TLS ({@code --tls}, docs/tls.md), its message
 * compressions ({@code --compression}) and whether it carries a user's own message ({@code --call
 * message}, {@code choose --message}). No type number: it is the raw files' internal key, nothing a
 * user picks by. Scripts read {@code --list-protocols} instead (tab-separated, with the type, the
 * reasons in full).
 *
 * <pre>{@code
 * new CatalogTable(ProtocolCatalog.onClassPath()).print(out);
 * }</pre>
 */
public final class CatalogTable {
  static final List<String> COLUMNS =
      List.of("ID", "DESCRIPTION", "PORT", "TLS", "COMPRESSION", "MESSAGE", "SERVER");

  private final ProtocolCatalog catalog;

  public CatalogTable(ProtocolCatalog catalog) {
    this.catalog = catalog;
  }

  public void print(PrintWriter out) {
    List<List<String>> rows = new ArrayList<>();
    rows.add(COLUMNS);
    for (ProtocolProvider p : catalog.all()) {
      rows.add(row(p));
    }
    int[] widths = new int[COLUMNS.size()];
    for (List<String> row : rows) {
      for (int i = 0; i < row.size(); i++) {
        widths[i] = Math.max(widths[i], row.get(i).length());
      }
    }
    for (List<String> row : rows) {
      StringBuilder line = new StringBuilder();
      for (int i = 0; i < row.size(); i++) {
        String cell = row.get(i);
        boolean last = i == row.size() - 1;
        boolean number = i == 2;
        String padded =
            last
                ? cell
                : String.format(number ? "%" + widths[i] + "s" : "%-" + widths[i] + "s", cell);
        line.append(padded).append(last ? "" : "  ");
      }
      out.println(line);
    }
    out.println();
    out.println(
        "TLS: sweep --local --tls tls|mtls (docs/tls.md); COMPRESSION: --compression CODEC;"
            + " MESSAGE: --call message --message FILE.proto:Name (docs/messages.md).");
    out.println(
        "Why a protocol carries no message: java -jar client-harness/target/client-harness.jar"
            + " --list-protocols (its messages column).");
    out.flush();
  }

  private static List<String> row(ProtocolProvider p) {
    ServerLaunch s = p.server();
    String server =
        s.jar() == null || s.jar().isEmpty() ? "(external: " + s.external() + ")" : s.jar();
    String compressions = String.join(",", p.compressions());
    return List.of(
        p.id(),
        p.label(),
        String.valueOf(p.defaultPort()),
        p.supportsTls() ? "yes" : "no",
        compressions.isEmpty() ? "-" : compressions,
        p.messages().carried() ? "yes" : "no",
        server);
  }
}
