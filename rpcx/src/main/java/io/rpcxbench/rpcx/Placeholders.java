package io.rpcxbench.rpcx;

import java.util.function.Function;

/** Resolves {@code ${name:default}} placeholders in annotation values, once, at start-up. */
final class Placeholders {
  private Placeholders() {}

  /**
   * Replaces every {@code ${name}} or {@code ${name:default}} in {@code text} with the value {@code
   * lookup} gives for {@code name}, or the default.
   *
   * @param where names the annotated element in error messages, e.g. {@code "BenchService"}
   * @throws IllegalArgumentException for an unclosed placeholder or one with no value and no
   *     default
   */
  static String resolve(String text, Function<String, String> lookup, String where) {
    StringBuilder out = new StringBuilder(text.length());
    int at = 0;
    while (at < text.length()) {
      int open = text.indexOf("${", at);
      if (open < 0) {
        out.append(text, at, text.length());
        break;
      }
      int close = text.indexOf('}', open + 2);
      if (close < 0) {
        throw new IllegalArgumentException(where + ": unclosed placeholder in '" + text + "'");
      }
      out.append(text, at, open);
      out.append(valueOf(text.substring(open + 2, close), lookup, where));
      at = close + 1;
    }
    return out.toString();
  }

  private static String valueOf(String body, Function<String, String> lookup, String where) {
    int colon = body.indexOf(':');
    String name = colon < 0 ? body : body.substring(0, colon);
    String value = lookup.apply(name);
    if (value != null) {
      return value;
    }
    if (colon >= 0) {
      return body.substring(colon + 1);
    }
    throw new IllegalArgumentException(
        where + ": placeholder ${" + name + "} has no value and no default");
  }

  /** The standard lookup chain: explicit properties, then system properties, then environment. */
  static Function<String, String> chain(Function<String, String> explicit) {
    return name -> {
      String value = explicit.apply(name);
      if (value == null) {
        value = System.getProperty(name);
      }
      if (value == null) {
        value = System.getenv(name);
      }
      return value;
    };
  }
}
