package io.rpcxbench.runner.compare;

import io.rpcxbench.harness.HarnessPoints;
import io.rpcxbench.harness.HarnessPoints.CatalogEntry;
import io.rpcxbench.harness.protocol.ProtocolCatalog;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * What {@code compare} runs, {@code --variants} ({@code --protocol}, {@code -p}): the catalog's
 * protocols side by side, or with two builds the protocol they are a server of; without it (and
 * without builds) compare diffs two folders.
 */
final class CompareVariantOptions {
  @Option(
      names = {"--variants", "--protocol", "-p"},
      paramLabel = "ID[,ID...]|all",
      description = "Protocol ids of the catalog (rpcx-bench list), or all: runs the comparison.")
  String variants;

  /** Whether --variants was given. */
  boolean given() {
    return variants != null;
  }

  /** The catalog's ids of --variants ("all": every one), in the order given. */
  List<String> ids() {
    List<String> known = HarnessPoints.catalog().stream().map(CatalogEntry::id).toList();
    if (variants.trim().equals("all")) {
      return known;
    }
    List<String> ids = new ArrayList<>();
    for (String v : variants.trim().split("[,\\s]+")) {
      if (!known.contains(v)) {
        throw new IllegalArgumentException(
            "--variants: "
                + ProtocolCatalog.unknown(v, known)
                + (v.equals("bare")
                    ? " (bare needs bench/target/bench.jar on the class path: build it with"
                        + " mvn -B -q -pl bench -am package -DskipTests; bench/compare.sh adds it)"
                    : ""));
      }
      if (!ids.contains(v)) {
        ids.add(v);
      }
    }
    return ids;
  }
}
