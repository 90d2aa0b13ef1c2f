package io.rpcxbench.verdict.page;

/**
 * Text for HTML: the one escape every page and table writer uses (in a package of its own, below
 * both the pages and the tables, so neither reaches into the other for it).
 *
 * <pre>{@code
 * Html.esc("p99 < 5 ms & \"ok\"");   // p99 &lt; 5 ms &amp; &quot;ok&quot;
 * }</pre>
 */
public final class Html {
  private Html() {}

  /** {@code s} with {@code & < > "} escaped: safe in an element's text and a quoted attribute. */
  public static String esc(String s) {
    return s.replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace("\"", "&quot;");
  }
}
