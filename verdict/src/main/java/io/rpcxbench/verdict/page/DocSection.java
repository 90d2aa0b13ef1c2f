package io.rpcxbench.verdict.page;

import io.rpcxbench.raw.AtomicText;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * One marked section of a Markdown document, the lines between {@code <!-- BEGIN name -->} and
 * {@code <!-- END name -->}, replaced by a new body; the rest of the document stays as it was. A
 * document without the markers gets them at its end; a missing one is created.
 *
 * <pre>{@code
 * DocSection.write(Path.of("docs/performance.md"), "compare", body);
 * }</pre>
 */
public final class DocSection {
  private DocSection() {}

  /** {@code doc} with section {@code name}'s body replaced by {@code body}. */
  public static String replace(String doc, String name, String body) {
    String begin = "<!-- BEGIN " + name + " -->";
    String end = "<!-- END " + name + " -->";
    List<String> lines = new ArrayList<>(List.of(doc.split("\n", -1)));
    if (!lines.isEmpty() && lines.get(lines.size() - 1).isEmpty()) {
      lines.remove(lines.size() - 1);
    }
    if (!lines.contains(begin)) {
      lines.add("");
      lines.add(begin);
      lines.add(end);
    }
    List<String> bodyLines = List.of(body.split("\n", -1));
    if (body.endsWith("\n")) {
      bodyLines = bodyLines.subList(0, bodyLines.size() - 1);
    }
    StringBuilder out = new StringBuilder();
    boolean skip = false;
    for (String line : lines) {
      if (line.equals(begin)) {
        out.append(line).append('\n');
        bodyLines.forEach(b -> out.append(b).append('\n'));
        skip = true;
        continue;
      }
      if (line.equals(end)) {
        skip = false;
      }
      if (!skip) {
        out.append(line).append('\n');
      }
    }
    return out.toString();
  }

  /** Replaces the section in the file {@code doc} (atomically: a reader sees old or new). */
  public static void write(Path doc, String name, String body) throws IOException {
    String old =
        Files.exists(doc) ? Files.readString(doc, StandardCharsets.UTF_8) : "# Performance\n";
    AtomicText.write(doc, replace(old, name, body));
  }
}
