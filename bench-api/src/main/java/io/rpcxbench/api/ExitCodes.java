package io.rpcxbench.api;

import java.util.ArrayList;
import java.util.List;
import java.util.ListResourceBundle;

/**
 * {@link ExitCode}'s list as a resource bundle in picocli's keys ({@code
 * usage.exitCodeListHeading}, {@code usage.exitCodeList.N}), so a command line names it once at its
 * root ({@code resourceBundle = "io.rpcxbench.api.ExitCodes"}) and every sub-command's {@code
 * --help} shows it.
 */
public final class ExitCodes extends ListResourceBundle {
  @Override
  protected Object[][] getContents() {
    List<Object[]> rows = new ArrayList<>();
    rows.add(new Object[] {"usage.exitCodeListHeading", "Exit codes:%n"});
    int i = 0;
    for (ExitCode e : ExitCode.values()) {
      rows.add(new Object[] {"usage.exitCodeList." + i++, e.code() + ":" + e.meaning()});
    }
    return rows.toArray(new Object[0][]);
  }
}
