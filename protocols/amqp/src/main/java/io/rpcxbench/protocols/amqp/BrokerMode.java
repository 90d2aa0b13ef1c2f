package io.rpcxbench.protocols.amqp;

import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * Which broker the server uses ({@code --broker}): {@code rabbitmq} (Debian's rabbitmq-server as a
 * child process), {@code embedded} (Qpid Broker-J in the server's JVM), {@code external:HOST:PORT}
 * (a broker someone else runs) or {@code auto} (rabbitmq when installed, else embedded).
 *
 * @param kind one of the four
 * @param host the external broker's host, else null
 * @param port the external broker's port, else 0
 */
record BrokerMode(Kind kind, String host, int port) {
  enum Kind {
    RABBITMQ,
    EMBEDDED,
    EXTERNAL,
    AUTO
  }

  static final BrokerMode RABBITMQ = new BrokerMode(Kind.RABBITMQ, null, 0);
  static final BrokerMode EMBEDDED = new BrokerMode(Kind.EMBEDDED, null, 0);
  static final BrokerMode AUTO = new BrokerMode(Kind.AUTO, null, 0);

  /** auto: rabbitmq where it is installed, else embedded. */
  BrokerMode resolved() {
    if (kind != Kind.AUTO) {
      return this;
    }
    return RabbitMqInstall.find().isPresent() ? RABBITMQ : EMBEDDED;
  }

  @Override
  public String toString() {
    return kind == Kind.EXTERNAL
        ? "external:" + host + ":" + port
        : kind.name().toLowerCase(java.util.Locale.ROOT);
  }

  /** picocli's converter: a bad value is a usage error (exit 2). */
  static final class Converter implements ITypeConverter<BrokerMode> {
    @Override
    public BrokerMode convert(String value) {
      switch (value) {
        case "rabbitmq":
          return RABBITMQ;
        case "embedded":
          return EMBEDDED;
        case "auto":
          return AUTO;
        default:
          break;
      }
      if (value.startsWith("external:")) {
        String hostPort = value.substring("external:".length());
        int colon = hostPort.lastIndexOf(':');
        if (colon > 0) {
          String host = hostPort.substring(0, colon).replaceAll("^\\[(.*)]$", "$1");
          try {
            int port = Integer.parseInt(hostPort.substring(colon + 1));
            if (port > 0 && port <= 65535) {
              return new BrokerMode(Kind.EXTERNAL, host, port);
            }
          } catch (NumberFormatException e) {
            // reported below
          }
        }
      }
      throw new TypeConversionException(
          "'" + value + "' is not rabbitmq, embedded, auto or external:HOST:PORT");
    }
  }
}
