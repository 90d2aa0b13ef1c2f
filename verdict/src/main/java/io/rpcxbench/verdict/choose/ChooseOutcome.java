package io.rpcxbench.verdict.choose;

import io.rpcxbench.raw.RawResultFile;
import io.rpcxbench.stats.Estimate;
import io.rpcxbench.stats.Num;
import io.rpcxbench.verdict.significance.PairTest;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What one {@code rpcx-bench choose} folder decided, for readers outside the scorecard (the map
 * across link conditions): each candidate's SLO capacity with its interval and what the model of a
 * link needs of it (bytes a call puts on the wire, server CPU a call, connections, the in-flight
 * cap its probes had), every pair's capacity test, and the winner when one protocol ranks first
 * alone. The same judgement as the folder's scorecard ({@link Scorecard}), read the same way.
 *
 * <pre>{@code
 * ChooseOutcome o = ChooseOutcome.read(Path.of("results/map/lan+rtt=10ms"));
 * o.winner();            // Optional[rpcx], empty when the top cannot be told apart
 * o.pair("rpcx", "thrift").ratio(); // thrift's capacity over rpcx's (PairTest: B / A)
 * }</pre>
 *
 * @param sloLimitUs the SLO's latency limit (null: none)
 * @param linkRttMs the link's round trip measured before the search (null: not measured)
 * @param linkAccuracy whether the box held that round trip to its accuracy ({@code held: ...},
 *     {@code the box could not hold it: ...}, {@code unjudged: ...}; empty: not recorded)
 * @param link how the link was made ({@code packet}, {@code netem}, {@code proxy}; empty: as it is)
 * @param winner the candidate ranked first alone (empty: a tie at the top, or none met the SLO)
 * @param top the candidates ranked first (one with a winner)
 */
public record ChooseOutcome(
    String slo,
    Double sloLimitUs,
    Double linkRttMs,
    String linkAccuracy,
    String link,
    boolean noneMet,
    List<Candidate> candidates,
    List<PairTest> capacityPairs,
    Optional<String> winner,
    List<String> top) {

  /**
   * One candidate.
   *
   * @param inFlightCap the largest --max-in-flight its probes had (null: not recorded)
   */
  public record Candidate(
      String name,
      Estimate capacity,
      String limitedBy,
      Estimate bytesInPerCall,
      Estimate bytesOutPerCall,
      Estimate serverUsPerCall,
      Estimate connections,
      Integer inFlightCap) {}

  /**
   * The folder's outcome.
   *
   * @throws IOException when the folder cannot be read as a choose's
   */
  public static ChooseOutcome read(Path dir) throws IOException {
    ChooseRecord settings;
    try {
      settings = ChooseRecord.read(dir);
    } catch (IllegalArgumentException e) {
      throw new IOException(dir + ": " + e.getMessage(), e);
    }
    List<ChooseCandidate> candidates = ScorecardInputs.candidates(dir, settings);
    Scorecard s =
        Scorecard.of(
            settings, candidates, List.of(), ScorecardInputs.calibration(dir), ProbeRows.rows(dir));
    ChooseWorkload w = ChooseWorkload.read(dir, settings);
    List<Candidate> out = new ArrayList<>();
    for (ChooseCandidate c : candidates) {
      out.add(
          new Candidate(
              c.name(),
              c.capacity(),
              c.limitedBy(),
              c.bytesInPerCall(),
              c.bytesOutPerCall(),
              c.serverUsPerCall(),
              c.connections(),
              inFlightCap(dir, c.name())));
    }
    Optional<String> winner = s.noneMet() ? Optional.empty() : s.namedWinner();
    List<String> top =
        s.noneMet()
            ? List.of()
            : s.ranking().stream()
                .filter(r -> r.rank() == 1)
                .map(r -> r.candidate().name())
                .toList();
    return new ChooseOutcome(
        settings.sloText(),
        settings.sloLimitUs(),
        w.linkRttMs(),
        w.linkAccuracy(),
        link(dir),
        s.noneMet(),
        out,
        s.capacityPairs(),
        winner,
        top);
  }

  /**
   * The link's measured round trip in a few words: {@code 1.016 ms, held}, {@code 1.137 ms, not
   * held (+-0.020 ms)}, {@code 0.214 ms} (not judged); empty when not measured.
   */
  public String linkText() {
    if (linkRttMs == null) {
      return "";
    }
    String rtt = Num.fixed(linkRttMs, linkRttMs >= 10 ? 1 : 3) + " ms";
    io.rpcxbench.raw.LinkAccuracy a = io.rpcxbench.raw.LinkAccuracy.of(linkAccuracy);
    return a.held() ? rtt + ", held" : a.notHeld() ? rtt + ", NOT HELD: " + a.figures() : rtt;
  }

  /** The candidate called {@code name}. */
  public Candidate candidate(String name) {
    return candidates.stream()
        .filter(c -> c.name().equals(name))
        .findFirst()
        .orElseThrow(() -> new IllegalArgumentException("no candidate " + name));
  }

  /**
   * The capacity test of {@code a} against {@code b}, as {@code ratio = b / a} with its interval,
   * whichever way the scorecard tested it; empty when the pair was not measured.
   */
  public Optional<PairTest> pair(String a, String b) {
    for (PairTest t : capacityPairs) {
      if (t.a().equals(a) && t.b().equals(b)) {
        return Optional.of(t);
      }
      if (t.a().equals(b) && t.b().equals(a)) {
        return Optional.of(inverted(t));
      }
    }
    return Optional.empty();
  }

  private static PairTest inverted(PairTest t) {
    return new PairTest(
        t.b(),
        t.a(),
        inverse(t.ratio()),
        inverse(t.ratioHigh()),
        inverse(t.ratioLow()),
        negated(t.difference()),
        negated(t.differenceHigh()),
        negated(t.differenceLow()),
        t.p(),
        t.pAdjusted(),
        t.significant(),
        t.test(),
        t.note());
  }

  private static Double inverse(Double v) {
    return v == null || v == 0 ? null : 1 / v;
  }

  private static Double negated(Double v) {
    return v == null ? null : -v;
  }

  /** The {@code link} its first probe's file records (empty: none). */
  private static String link(Path dir) throws IOException {
    Optional<Path> first = io.rpcxbench.raw.RawFolder.first(dir.resolve("probes"));
    if (first.isEmpty()) {
      return "";
    }
    return RawResultFile.read(first.get()).provenance("link").orElse("").trim();
  }

  /**
   * The in-flight cap of the candidate's last probe that wrote a file (null: none recorded): the
   * runner only ever raises a candidate's cap, so the last is the largest, read from one file.
   */
  private static Integer inFlightCap(Path dir, String candidate) throws IOException {
    List<ProbeRows.File> files = ProbeRows.files(dir, candidate);
    for (int i = files.size() - 1; i >= 0; i--) {
      Path file = dir.resolve(files.get(i).path());
      if (Files.isRegularFile(file)) {
        Optional<String> v = RawResultFile.read(file).provenance("max_in_flight");
        return v.isPresent() && v.get().trim().matches("[0-9]{1,9}")
            ? Integer.valueOf(v.get().trim())
            : null;
      }
    }
    return null;
  }
}
