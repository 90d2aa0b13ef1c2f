package io.rpcxbench.runner.point;

import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Model.CommandSpec;

/**
 * A subcommand as the user typed it: its own arguments, and the line that runs it again. Picocli's
 * {@code originalArgs} of a subcommand hold the whole line ({@code sweep --local ...}), the
 * subcommand's name with them; what passes them on or prints them wants the arguments alone.
 *
 * <pre>{@code
 * TypedAgain.args(spec)  // [--local, --protocol, rpcx]
 * TypedAgain.line("rpcx-bench", spec)  // rpcx-bench sweep --local --protocol rpcx
 * }</pre>
 */
public final class TypedAgain {
  private static final String PLAIN = "[A-Za-z0-9_./:=,%+@-]+";

  private TypedAgain() {}

  /** The arguments after the subcommand's name or alias (all of them when it ran on its own). */
  public static List<String> args(CommandSpec spec) {
    List<String> all = spec.commandLine().getParseResult().originalArgs();
    if (spec.parent() == null) {
      return all;
    }
    List<String> names = new ArrayList<>(List.of(spec.aliases()));
    names.add(spec.name());
    for (int at = 0; at < all.size(); at++) {
      if (names.contains(all.get(at))) {
        return all.subList(at + 1, all.size());
      }
    }
    return all;
  }

  /** {@code launcher}, the subcommand and its arguments, each quoted for a shell. */
  public static String line(String launcher, CommandSpec spec) {
    List<String> words = new ArrayList<>();
    words.add(launcher);
    words.add(spec.name());
    words.addAll(args(spec));
    return String.join(" ", words.stream().map(TypedAgain::quoted).toList());
  }

  /** {@code word} as one shell word: itself when plain, else in single quotes. */
  public static String quoted(String word) {
    return word.matches(PLAIN) ? word : "'" + word.replace("'", "'\\''") + "'";
  }
}
