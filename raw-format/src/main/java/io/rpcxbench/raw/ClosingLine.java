package io.rpcxbench.raw;

import java.util.List;
import java.util.Optional;

/**
 * The last line every deciding command prints, as k6 and benchstat end theirs with their summary:
 * what was decided, how sure, and where the page is, in one line a user can repeat and a script can
 * read. A command that runs another (compare runs {@code report diff}) reads the other's line and
 * prints it last with its own page.
 *
 * <pre>{@code
 * new ClosingLine("choose", "rpcx sustains 2.64x the rate of grpc-tuned", "A/A held", "out/report/scorecard.html").text()
 *   // "== choose: rpcx sustains 2.64x the rate of grpc-tuned; how sure: A/A held; page: out/report/scorecard.html"
 * ClosingLine.last(lines)   // the last such line among a process's lines, read back
 * }</pre>
 *
 * @param command the command, e.g. {@code choose}
 * @param decided what was decided, in words
 * @param howSure how sure, in words; empty: nothing to say
 * @param page where the page (or the files) is; empty: none
 */
public record ClosingLine(String command, String decided, String howSure, String page) {
  public static final String PREFIX = "== ";

  /** How sure one trial is, for a command that measured one (a point, a sweep without trials). */
  public static final String ONE_TRIAL =
      "one trial: a measurement, no verdict (--trials 6, then rpcx-bench compare, tests one)";

  private static final String SURE = "; how sure: ";
  private static final String PAGE = "; page: ";

  public ClosingLine {
    decided = flat(decided);
    howSure = flat(howSure == null ? "" : howSure);
    page = page == null ? "" : flat(page);
  }

  /** The line. */
  public String text() {
    return PREFIX
        + command
        + ": "
        + decided
        + (howSure.isEmpty() ? "" : SURE + howSure)
        + (page.isEmpty() ? "" : PAGE + page);
  }

  /** This line with another page (the caller's, which holds the callee's). */
  public ClosingLine withPage(String other) {
    return new ClosingLine(command, decided, howSure, other);
  }

  /** This line as another command's (compare's, made by report diff). */
  public ClosingLine as(String other) {
    return new ClosingLine(other, decided, howSure, page);
  }

  /** A line read back, or empty when it is not one. */
  public static Optional<ClosingLine> parse(String line) {
    if (!line.startsWith(PREFIX)) {
      return Optional.empty();
    }
    String rest = line.substring(PREFIX.length());
    int colon = rest.indexOf(": ");
    if (colon <= 0) {
      return Optional.empty();
    }
    String command = rest.substring(0, colon);
    rest = rest.substring(colon + 2);
    String page = "";
    int p = rest.lastIndexOf(PAGE);
    if (p >= 0) {
      page = rest.substring(p + PAGE.length());
      rest = rest.substring(0, p);
    }
    String sure = "";
    int s = rest.lastIndexOf(SURE);
    if (s >= 0) {
      sure = rest.substring(s + SURE.length());
      rest = rest.substring(0, s);
    }
    return Optional.of(new ClosingLine(command, rest, sure, page));
  }

  /** The last closing line among {@code lines}, read back. */
  public static Optional<ClosingLine> last(List<String> lines) {
    for (int i = lines.size() - 1; i >= 0; i--) {
      Optional<ClosingLine> c = parse(lines.get(i));
      if (c.isPresent()) {
        return c;
      }
    }
    return Optional.empty();
  }

  private static String flat(String s) {
    return s.replace('\n', ' ').replace('\r', ' ').strip();
  }
}
