package io.rpcxbench.serverkit;

import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * What a server tells the kit about itself.
 *
 * @param id the name in the ready line {@code ID listening on ADDR:PORT} and in messages
 * @param defaultPort the port without {@code --port}
 * @param description the first lines of {@code --help}
 * @param passThrough arguments the server takes besides the kit's and its own options (e.g. Spring
 *     Boot's {@code --name=value}); empty: any other argument is bad usage
 */
public record ServerDefinition(
    String id, int defaultPort, List<String> description, Optional<Pattern> passThrough) {
  public ServerDefinition {
    description = List.copyOf(description);
  }

  /** A server that takes no arguments besides the kit's and its own options. */
  public static ServerDefinition of(String id, int defaultPort, String... description) {
    return new ServerDefinition(id, defaultPort, List.of(description), Optional.empty());
  }

  /** The same server, letting arguments that match {@code pattern} through to the starter. */
  public ServerDefinition passingThrough(String pattern) {
    return new ServerDefinition(
        id, defaultPort, description, Optional.of(Pattern.compile(pattern)));
  }
}
