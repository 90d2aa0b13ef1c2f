package io.rpcxbench.verdict.diff;

import io.rpcxbench.api.ExitCode;
import io.rpcxbench.stats.AaLedger;
import io.rpcxbench.stats.Calibration;
import io.rpcxbench.stats.Sequential;
import io.rpcxbench.stats.Threshold;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Two folders of raw files judged point by point: the {@link DiffReport} (tables, JSON, gates),
 * what the folders held that was left out ({@link #warnings}), and the exit code the outcome maps
 * to from the one list. What {@code report diff} prints and what {@code rpcx-bench compare} reads
 * without a second JVM.
 *
 * <pre>{@code
 * DiffVerdict v = DiffVerdict.of(new DiffVerdict.Request(base, next, false, gates, null, design));
 * Files.writeString(md, v.report().page().markdown());
 * return v.exitCode();
 * }</pre>
 */
public record DiffVerdict(DiffReport report, List<String> warnings) {

  /**
   * What to judge: BASE and NEW's folders, whether points of two network profiles match, the gates
   * (parsed once, {@link Threshold#DIFF}), the machine's calibration (null: none; two folders
   * recorded apart then get no verdict), and the looks the rounds were made at.
   */
  public record Request(
      Path base,
      Path next,
      boolean acrossProfiles,
      List<Threshold> thresholds,
      Calibration calibration,
      Sequential design) {
    public Request {
      thresholds = List.copyOf(thresholds);
      design = design == null ? Sequential.fixed(1) : design;
    }
  }

  public DiffVerdict {
    warnings = List.copyOf(warnings);
  }

  /**
   * The calibration in the file named by {@code --calibration}; a file that is not there or not one
   * is bad input, one line naming it.
   */
  public static Calibration calibration(Path named) throws IOException {
    try (java.io.Reader r = java.nio.file.Files.newBufferedReader(named)) {
      return Calibration.read(r);
    } catch (java.nio.file.NoSuchFileException e) {
      throw new IllegalArgumentException("--calibration: no file " + named);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("--calibration " + named + ": " + e.getMessage());
    }
  }

  /** The request judged; an unreadable folder is an IOException naming it. */
  public static DiffVerdict of(Request r) throws IOException {
    DiffSide b = DiffSide.read(r.base(), r.acrossProfiles());
    DiffSide n = DiffSide.read(r.next(), r.acrossProfiles());
    List<String> warnings = new ArrayList<>(b.problems());
    warnings.addAll(n.problems());
    return new DiffVerdict(
        DiffReport.of(b, n, r.thresholds(), r.calibration(), r.design()), warnings);
  }

  /**
   * 0 every gate passed, 98 a gate could not decide (its interval straddles the margin, or a side
   * had too few trials), 99 a gate failed, 1 nothing compared.
   */
  public ExitCode exitCode() {
    return switch (report.outcome()) {
      case PASSED -> ExitCode.OK;
      case FAILED -> ExitCode.GATE_FAILED;
      case INCONCLUSIVE -> ExitCode.INCONCLUSIVE;
      case NOTHING_COMPARED -> ExitCode.FAILED;
    };
  }

  /**
   * What a person reads: the folders' warnings and the closing line (or why nothing was compared)
   * on {@code err}, the tables on {@code out}; {@code json} the JSON's file named in the closing
   * line (empty: none).
   */
  public void print(PrintWriter out, PrintWriter err, String json) {
    warnings.forEach(p -> err.println("warning: " + p));
    out.print(report.page().markdown());
    out.flush();
    err.println(compared() ? report.closing(json).text() : "error: " + report.summary());
    err.flush();
  }

  /** Whether any point was compared. */
  public boolean compared() {
    return report.outcome() != DiffReport.Outcome.NOTHING_COMPARED;
  }

  /** The verdicts of an A/A (one build on both sides), as the machine's ledger keeps them. */
  public List<AaLedger.Entry> aaEntries(Instant at, String source) {
    return report.aaVerdicts(at, source);
  }
}
