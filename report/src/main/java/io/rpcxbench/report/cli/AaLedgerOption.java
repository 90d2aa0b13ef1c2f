package io.rpcxbench.report.cli;

import io.rpcxbench.stats.AaLedger;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * {@code --aa-ledger FILE}, declared once for the commands whose A/A verdicts count toward the
 * machine's measured false-positive rate ({@code diff} of one build, {@code choose} with a
 * candidate given twice): the verdicts are added to that ledger, each once.
 */
public final class AaLedgerOption {
  @Option(
      names = "--aa-ledger",
      paramLabel = "FILE",
      description =
          "This machine's A/A ledger: the verdicts of an A/A (one build on both sides; a"
              + " candidate given twice) are added to it, where the measured false-positive rate"
              + " is counted.")
  Path file;

  /** Whether the verdicts are to be kept. */
  public boolean given() {
    return file != null;
  }

  /** {@code made} added to the ledger (those it holds already, once); nothing when not given. */
  public void add(List<AaLedger.Entry> made) throws IOException {
    if (file != null) {
      AaLedger.addTo(file, made);
    }
  }

  /** The ledger's file. */
  public Path file() {
    return file;
  }
}
