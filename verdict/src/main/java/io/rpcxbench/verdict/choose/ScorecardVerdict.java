package io.rpcxbench.verdict.choose;

import io.rpcxbench.api.ExitCode;
import io.rpcxbench.raw.AtomicText;
import io.rpcxbench.raw.ClosingLine;
import io.rpcxbench.stats.AaLedger;
import io.rpcxbench.stats.Threshold;
import io.rpcxbench.verdict.page.Page;
import io.rpcxbench.verdict.significance.PairTest;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The scorecard of a {@code rpcx-bench choose} folder ({@code choose.properties}, {@code
 * capacity.tsv}, {@code shared/round<k>/<candidate>/*.csv}): which protocol for this workload, and
 * how sure. What {@code report choose} prints and {@code rpcx-bench choose} makes in its own JVM.
 *
 * <pre>{@code
 * ScorecardVerdict v = ScorecardVerdict.of(dir, List.of());
 * v.write(dir.resolve("report"), null);
 * v.lines(dir.resolve("report")).forEach(System.out::println);
 * return v.exitCode();
 * }</pre>
 */
public record ScorecardVerdict(Path dir, Scorecard scorecard, ChooseWorkload workload) {

  /**
   * The folder judged with its own thresholds ({@code choose.properties}' threshold.N) and {@code
   * given} ones (parsed once, {@link Threshold#CHOOSE}); an unreadable folder is an IOException, a
   * threshold of the folder it cannot parse an IllegalArgumentException.
   */
  public static ScorecardVerdict of(Path dir, List<Threshold> given) throws IOException {
    ChooseRecord settings;
    List<ChooseCandidate> candidates;
    try {
      settings = ChooseRecord.read(dir);
      candidates = ScorecardInputs.candidates(dir, settings);
    } catch (IllegalArgumentException e) {
      throw new IOException(e.getMessage(), e);
    }
    List<Threshold> all =
        new ArrayList<>(
            settings.thresholds().stream().map(t -> Threshold.parse(t, Threshold.CHOOSE)).toList());
    all.addAll(given);
    Scorecard s =
        Scorecard.of(
            settings, candidates, all, ScorecardInputs.calibration(dir), ProbeRows.rows(dir));
    return new ScorecardVerdict(dir, s, ChooseWorkload.read(dir, settings));
  }

  /**
   * {@code scorecard.md}, {@code .html} and {@code .json} into {@code to}, each atomically; the
   * JSON also to {@code summary} when given.
   */
  public void write(Path to, Path summary) throws IOException {
    Page page = ScorecardPage.of(scorecard, workload);
    String json = ScorecardJson.of(scorecard, workload);
    AtomicText.write(to.resolve("scorecard.md"), page.markdown());
    AtomicText.write(to.resolve("scorecard.html"), page.html());
    AtomicText.write(to.resolve("scorecard.json"), json);
    if (summary != null) {
      AtomicText.write(summary, json);
    }
  }

  /**
   * A candidate given twice is an A/A: its capacity verdicts, as the machine's ledger keeps them.
   */
  public List<AaLedger.Entry> aaEntries(Instant at) {
    List<AaLedger.Entry> made = new ArrayList<>();
    for (PairTest t : Scorecard.aa(scorecard.capacityPairs())) {
      if (t.tested()) {
        made.add(
            new AaLedger.Entry(
                at,
                AaLedger.invocationOf("choose", dir) + "-" + t.b().replace('#', '-'),
                "choose",
                AaLedger.Design.INTERLEAVED,
                "capacity",
                t.significant()));
      }
    }
    return made;
  }

  /**
   * What a person reads first, the page written in {@code to}: the verdict in words, the ranked
   * table (how close each came, where none met the SLO), the thresholds' checks, the closing line.
   */
  public List<String> lines(Path to) {
    List<String> out = new ArrayList<>();
    ChooseVerdict v = ChooseVerdict.of(scorecard);
    out.add(v.text());
    out.add("");
    Page.Table table =
        scorecard.noneMet() ? ClosestApproach.table(scorecard) : ScorecardPage.table(scorecard);
    out.addAll(table.markdown().lines().toList());
    if (!scorecard.checks().isEmpty()) {
      out.add("");
      scorecard.checks().forEach(c -> out.add(c.line()));
    }
    out.add(closing(to).text());
    return out;
  }

  /** Where {@link #write} put the scorecard, for the error stream. */
  public static String where(Path to) {
    return "scorecard: " + to.resolve("scorecard.md") + " (.html, .json)";
  }

  /** The scorecard's last line, naming its page. */
  public ClosingLine closing(Path to) {
    return ChooseVerdict.of(scorecard).closing(to.resolve("scorecard.html"));
  }

  /** 0, or 99 when a threshold failed (k6's code). */
  public ExitCode exitCode() {
    return scorecard.passed() ? ExitCode.OK : ExitCode.GATE_FAILED;
  }
}
