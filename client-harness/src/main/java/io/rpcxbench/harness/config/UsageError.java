package io.rpcxbench.harness.config;

import io.rpcxbench.harness.protocol.NearIds;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * The one line of a bad usage: picocli's message, or for a misspelt command or option the word and
 * the nearest of picocli's suggestions by the catalog's rule for a misspelt id ({@link NearIds}:
 * picocli's own order put {@code --profile} before {@code --protocol} for {@code --protcol}), never
 * a hidden command or option.
 *
 * <pre>{@code
 * UsageError.line(e);   // "unknown command 'swep'; did you mean sweep?"
 *                       // "unknown option '--protcol'; did you mean --protocol?"
 * }</pre>
 */
public final class UsageError {
  private UsageError() {}

  public static String line(ParameterException e) {
    if (!(e instanceof UnmatchedArgumentException u) || u.getUnmatched().isEmpty()) {
      return e.getMessage();
    }
    CommandLine at = e.getCommandLine();
    String typed = u.getUnmatched().get(0);
    String what;
    if (u.isUnknownOption()) {
      typed = typed.contains("=") ? typed.substring(0, typed.indexOf('=')) : typed;
      what = "unknown option '" + typed + "'";
    } else if (!at.getSubcommands().isEmpty()) {
      what = "unknown command '" + typed + "'";
    } else {
      return e.getMessage();
    }
    List<String> offered =
        u.getSuggestions().stream().filter(s -> !hidden(at).contains(s)).toList();
    List<String> near = NearIds.of(typed, offered);
    return what + (near.isEmpty() ? "" : "; did you mean " + near.get(0) + "?");
  }

  /** The names a user is not shown: hidden subcommands and options. */
  private static Set<String> hidden(CommandLine at) {
    Set<String> names =
        at.getSubcommands().entrySet().stream()
            .filter(s -> s.getValue().getCommandSpec().usageMessage().hidden())
            .map(java.util.Map.Entry::getKey)
            .collect(Collectors.toSet());
    for (OptionSpec o : at.getCommandSpec().options()) {
      if (o.hidden()) {
        names.addAll(List.of(o.names()));
      }
    }
    return names;
  }
}
