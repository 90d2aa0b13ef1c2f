package io.rpcxbench.protocols.amqp;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Option;
import picocli.CommandLine.TypeConversionException;

/** The amqp server's own options; defaults are the fields' initial values. */
final class AmqpServerOptions {
  static final int DEFAULT_PREFETCH = 64;

  @Option(
      names = "--broker",
      paramLabel = "MODE",
      converter = BrokerMode.Converter.class,
      description = {
        "rabbitmq: start Debian's rabbitmq-server as a child process, a private node on"
            + " --bind/--port (stopped with this server, also when it is killed);",
        "embedded: Apache Qpid Broker-J 9.2.1 in this JVM on --bind/--port;",
        "external:HOST:PORT: consume from a broker someone else runs (--bind/--port unused);",
        "auto: rabbitmq where it is installed, else embedded. Default: ${DEFAULT-VALUE}."
      })
  BrokerMode broker = BrokerMode.AUTO;

  @Option(
      names = "--prefetch",
      paramLabel = "N",
      converter = Prefetch.class,
      description =
          "basic.qos prefetch count of each consumer channel: requests the broker sends ahead"
              + " of their acks (1-65535). Default: ${DEFAULT-VALUE}.")
  int prefetch = DEFAULT_PREFETCH;

  @Option(
      names = "--consumers",
      paramLabel = "N",
      converter = Consumers.class,
      description =
          "Consumer channels on the server's one connection, each served by a thread of its own"
              + " (1-1024). Default: ${DEFAULT-VALUE} (the available processors, at least 2).")
  int consumers = Math.max(2, Runtime.getRuntime().availableProcessors());

  @Option(
      names = "--credentials",
      paramLabel = "FILE",
      description =
          "With --broker external: the broker's user, one line user:password. Default: the"
              + " secrets folder's amqp.credentials (~/.rpcx-bench/secrets, or"
              + " RPCX_BENCH_SECRETS) when there is one, else guest:guest. A broker of this"
              + " server's own accepts only the user of that file (made on first use; no guest).")
  Path credentialsFile;

  @Option(
      names = CleartextLogin.OPTION,
      paramLabel = "NETWORK",
      converter = CleartextLogin.Converter.class,
      description =
          "Without TLS a broker of this server's own takes PLAIN logins (the password in clear)"
              + " on loopback only: a --bind elsewhere is refused in one line, exit 2. This"
              + " allows it on a --bind within NETWORK (CIDR, e.g. "
              + CleartextLogin.LAB_NETWORK
              + ", the lab's; any: every address, 0.0.0.0 included); repeatable. The server's"
              + " settings, and so each result's provenance, say so. The catalog's launch"
              + " passes "
              + CleartextLogin.LAB_NETWORK
              + ".")
  List<CleartextLogin.Network> cleartextNetworks = new ArrayList<>();

  /** Where a broker of ours may take logins without TLS ({@code --allow-cleartext-login}). */
  CleartextLogin cleartextLogin() {
    return new CleartextLogin(cleartextNetworks);
  }

  /** The user for an external broker: {@code --credentials}, else this host's file, else guest. */
  BrokerCredentials externalCredentials() throws IOException {
    if (credentialsFile != null) {
      return BrokerCredentials.read(credentialsFile);
    }
    return BrokerCredentials.read().orElse(BrokerCredentials.GUEST);
  }

  /** The options of a server on the given broker, the other settings at their defaults. */
  static AmqpServerOptions on(BrokerMode broker) {
    AmqpServerOptions options = new AmqpServerOptions();
    options.broker = broker;
    return options;
  }

  static final class Prefetch implements ITypeConverter<Integer> {
    @Override
    public Integer convert(String value) {
      return inRange("--prefetch", value, 1, 65535);
    }
  }

  static final class Consumers implements ITypeConverter<Integer> {
    @Override
    public Integer convert(String value) {
      return inRange("--consumers", value, 1, 1024);
    }
  }

  private static int inRange(String option, String value, int min, int max) {
    try {
      int n = Integer.parseInt(value);
      if (n >= min && n <= max) {
        return n;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new TypeConversionException(
        option + " must be " + min + ".." + max + ", got '" + value + "'");
  }
}
