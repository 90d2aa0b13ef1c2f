package io.rpcxbench.raw;

/**
 * A raw file's {@code link_rtt_accuracy}, read: whether the box held the link's round trip to its
 * accuracy (2 % or 20 us at the median, link-shaper's {@code LinkTolerance.rttAccuracy}, which
 * writes it as {@code held: ...}, {@code the box could not hold it: ...} or {@code unjudged: ...}).
 *
 * <pre>{@code
 * LinkAccuracy a = LinkAccuracy.of(file.provenance("link_rtt_accuracy").orElse(""));
 * a.notHeld();   // true for "the box could not hold it: the link added 1.042 ms, ..."
 * a.figures();   // "the link added 1.042 ms, the profile 1.000 ms (tolerance +-0.020 ms, ...)"
 * }</pre>
 *
 * @param text the recorded value, trimmed (empty: not recorded)
 */
public record LinkAccuracy(String text) {
  private static final String NOT_HELD = "the box could not hold it";

  public static LinkAccuracy of(String recorded) {
    return new LinkAccuracy(recorded == null ? "" : recorded.trim());
  }

  /** Held to its accuracy. */
  public boolean held() {
    return text.startsWith("held");
  }

  /** The box could not hold it: the check failed, with its figures. */
  public boolean notHeld() {
    return text.startsWith(NOT_HELD);
  }

  /** What was measured against what was asked, without the verdict's words. */
  public String figures() {
    return text.replaceFirst("^(" + NOT_HELD + "|held|unjudged):\\s*", "");
  }
}
