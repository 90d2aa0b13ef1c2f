package io.rpcxbench.report.reproduction;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The measured-looking numbers of a reproduction page's prose that are not {@link ProseFacts}: a
 * page whose every measured number is generated has none. The prose is the page outside its
 * generated blocks (the verdict box, the tables), fenced code, inline code, link targets and fact
 * spans. Measured-looking: a percentage, a decimal, an "N of M" count, or a value with a unit of
 * time or bytes. The paper's own numbers (its advantage ranges and its 600 s limit) are given, not
 * measured, and stand (its limit also as its own words, "10 min").
 *
 * <pre>{@code
 * List<String> stale = ProseNumbers.unfactored(page); // ["line 140: 90.8 %"]
 * }</pre>
 */
final class ProseNumbers {
  private ProseNumbers() {}

  private static final Pattern MEASURED =
      Pattern.compile(
          "\\d[\\d,]*(?:\\.\\d+)?\\s?%"
              + "|\\d+\\.\\d+"
              + "|\\d[\\d,]* of \\d[\\d,]*"
              + "|\\d[\\d,]*(?:\\.\\d+)?\\s?(?:ms|µs|s|min|h|B|KB|MB)\\b");

  /** The paper's numbers: its runtime and TPS advantage ranges and its limit. */
  private static final Set<String> THE_PAPERS =
      Set.of("55.9", "88.9 %", "88.9", "126.9", "802.8 %", "802.8", "600 s", "10 min");

  private static final Pattern HIDDEN =
      Pattern.compile(
          "(?s)```.*?```" // fenced code
              + "|`[^`\\n]*`" // inline code
              + "|\\]\\([^)]*\\)" // link targets
              + "|<!--f:[^>]*-->.*?<!--/f-->" // generated facts
              + "|<!--.*?-->"); // other comments

  /** "line N: NUMBER" for each measured-looking number of the prose that is no fact. */
  static List<String> unfactored(String page) {
    List<String> out = new ArrayList<>();
    String prose = prose(page);
    String[] lines = prose.split("\n", -1);
    for (int i = 0; i < lines.length; i++) {
      Matcher m = MEASURED.matcher(lines[i]);
      while (m.find()) {
        if (!THE_PAPERS.contains(m.group())) {
          out.add("line " + (i + 1) + ": " + m.group());
        }
      }
    }
    return out;
  }

  /** The lines of the prose that hold text (blank lines and fenced code not counted). */
  static int proseLines(String page) {
    String body = withoutGenerated(page).replaceAll("(?s)```.*?```", "");
    return (int) body.lines().filter(l -> !l.isBlank()).count();
  }

  /**
   * The page's prose with everything hidden blanked to spaces, so that its lines keep their
   * numbers.
   */
  private static String prose(String page) {
    String body = withoutGenerated(page);
    Matcher m = HIDDEN.matcher(body);
    StringBuilder sb = new StringBuilder();
    while (m.find()) {
      m.appendReplacement(sb, Matcher.quoteReplacement(m.group().replaceAll("[^\n]", " ")));
    }
    m.appendTail(sb);
    return sb.toString();
  }

  /** The page with its generated blocks' lines blanked. */
  private static String withoutGenerated(String page) {
    return blanked(
        blanked(page, VerdictBox.BEGIN, VerdictBox.END),
        ReproductionTables.BEGIN,
        ReproductionTables.END);
  }

  private static String blanked(String text, String begin, String end) {
    int b = text.indexOf(begin);
    int e = b < 0 ? -1 : text.indexOf(end, b);
    if (e < 0) {
      return text;
    }
    int after = e + end.length();
    return text.substring(0, b)
        + text.substring(b, after).replaceAll("[^\n]", "")
        + text.substring(after);
  }
}
