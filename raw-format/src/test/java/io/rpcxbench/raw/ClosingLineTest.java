package io.rpcxbench.raw;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The last line of a deciding command: written, read back, re-paged by a caller. */
class ClosingLineTest {
  @Test
  void aLineReadsBackAsWritten() {
    ClosingLine c =
        new ClosingLine(
            "choose",
            "rpcx sustains 2.64x (2.20-3.36x) the rate of grpc-tuned; p = 0.024",
            "A/A held; detectable +-57.1 %",
            "out/report/scorecard.html");
    assertThat(c.text())
        .isEqualTo(
            "== choose: rpcx sustains 2.64x (2.20-3.36x) the rate of grpc-tuned; p = 0.024; how"
                + " sure: A/A held; detectable +-57.1 %; page: out/report/scorecard.html");
    assertThat(ClosingLine.parse(c.text())).contains(c);
  }

  @Test
  void emptyPartsAreLeftOutAndNewlinesFlattened() {
    ClosingLine c = new ClosingLine("sweep", "12 points\ncomplete", "", null);
    assertThat(c.text()).isEqualTo("== sweep: 12 points complete");
    assertThat(ClosingLine.parse(c.text())).contains(c);
  }

  @Test
  void theLastOfAProcesssLinesIsTakenAndACallerGivesItsOwnPage() {
    List<String> lines =
        List.of(
            "report diff: ...",
            "== diff: 1 point: no significant change; how sure: detectable +-9.0 %",
            "A/A: 0 of 4 verdicts differed",
            "plain line");
    ClosingLine c = ClosingLine.last(lines).orElseThrow();
    assertThat(c.as("compare").withPage("out/diff.md").text())
        .isEqualTo(
            "== compare: 1 point: no significant change; how sure: detectable +-9.0 %; page:"
                + " out/diff.md");
    assertThat(ClosingLine.last(List.of("no", "== bad"))).isEmpty();
  }
}
