package io.rpcxbench.protocols.amqp;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Where RabbitMQ's own {@code rabbitmq-server} script is: Debian's package keeps it in {@code
 * /usr/lib/rabbitmq/bin} ({@code /usr/sbin/rabbitmq-server} is a wrapper that switches to the
 * rabbitmq user and the package's node, unusable here); a generic-unix install in {@code
 * $RABBITMQ_HOME/sbin}.
 */
final class RabbitMqInstall {
  static final String HINT =
      "rabbitmq-server is not installed (Debian: apt-get install rabbitmq-server),"
          + " or use --broker embedded";

  private RabbitMqInstall() {}

  /** The {@code rabbitmq-server} script, if installed. */
  static Optional<Path> find() {
    String home = System.getenv("RABBITMQ_HOME");
    return Stream.of(
            Path.of("/usr/lib/rabbitmq/bin/rabbitmq-server"),
            home == null ? null : Path.of(home, "sbin", "rabbitmq-server"))
        .filter(p -> p != null && Files.isExecutable(p))
        .findFirst();
  }
}
