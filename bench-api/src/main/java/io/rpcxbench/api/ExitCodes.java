package io.rpcxbench.api;

import java.util.ListResourceBundle;
import java.util.Locale;

/**
 * Where {@link ExitCode}'s list is shown. Every command line names this bundle once at its root
 * ({@code resourceBundle = "io.rpcxbench.api.ExitCodes"}), so every sub-command's {@code --help}
 * ends with one line, {@link #POINTER}, in picocli's key {@code usage.exitCodeListHeading}; the
 * list itself is {@link #list()}: {@code rpcx-bench help exit-codes} prints it and docs/harness.md
 * shows it.
 *
 * <pre>{@code
 * System.out.print(ExitCodes.list());   // "  0  done: every point complete, ...\n  1  ..."
 * }</pre>
 */
public final class ExitCodes extends ListResourceBundle {
  /** The line every --help shows instead of the list. */
  public static final String POINTER =
      "Exit codes: rpcx-bench help exit-codes, or docs/harness.md#exit-codes";

  @Override
  protected Object[][] getContents() {
    return new Object[][] {{"usage.exitCodeListHeading", "%n" + POINTER + "%n"}};
  }

  /** Every code and its meaning, one a line: the code right-aligned in 5 columns, two spaces. */
  public static String list() {
    StringBuilder b = new StringBuilder();
    for (ExitCode e : ExitCode.values()) {
      b.append(String.format(Locale.ROOT, "%5d  %s%n", e.code(), e.meaning()));
    }
    return b.toString();
  }
}
