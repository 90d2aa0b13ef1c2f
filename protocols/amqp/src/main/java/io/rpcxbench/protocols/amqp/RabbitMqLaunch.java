package io.rpcxbench.protocols.amqp;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * How {@link RabbitMqBroker} starts its private node: the node's files in its folder ({@code
 * rabbitmq.conf}: its one user, message size, log rotation and listeners; no plugins), its
 * environment (node name, ports, distribution and epmd on loopback, every path inside the folder),
 * and {@code rabbitmq-server} launched under {@code rabbitmq-watchdog.sh}.
 */
final class RabbitMqLaunch {
  // the server's log has always shown these lines under RabbitMqBroker's name
  private static final Logger log = LoggerFactory.getLogger(RabbitMqBroker.class);

  private RabbitMqLaunch() {}

  /**
   * Writes the node's files into {@code dir} and starts the watchdog script, which runs the node in
   * the foreground and stops it when the JVM {@code pid} asks or dies.
   *
   * @return the watchdog script's process
   */
  static Process launch(
      Path server,
      Path dir,
      String node,
      RabbitMqBroker.Listeners listeners,
      int distPort,
      long pid,
      BrokerCredentials credentials)
      throws IOException {
    Files.writeString(dir.resolve("enabled_plugins"), "[].\n");
    Files.writeString(dir.resolve("rabbitmq-env.conf"), "");
    Files.writeString(
        dir.resolve("rabbitmq.conf"),
        // the node's only user: default_user replaces guest on a fresh node; loopback_users =
        // none lets it log in from host A
        "default_user = "
            + credentials.user()
            + "\ndefault_pass = "
            + credentials.password()
            + "\nloopback_users = none\nmax_message_size = "
            + AmqpWire.MAX_BODY
            + "\n"
            // a stranger's refused login is 4 lines (accepting, 2 x error, closing) with no rate
            // limit in RabbitMQ: only the errors, in a file rotated at 1 MiB, one old file kept
            + "log.connection.level = warning\n"
            + "log.file.rotation.size = "
            + RabbitMqBroker.LOG_FILE_BYTES
            + "\nlog.file.rotation.count = 1\n"
            + listeners.config());
    Path script = dir.resolve("rabbitmq-watchdog.sh");
    try (InputStream in = RabbitMqLaunch.class.getResourceAsStream("/rabbitmq-watchdog.sh")) {
      Files.write(script, in.readAllBytes());
    }
    boolean startsEpmd = !epmdRunning();
    ProcessBuilder builder =
        new ProcessBuilder(
            "bash",
            script.toString(),
            String.valueOf(pid),
            dir.toString(),
            startsEpmd ? "1" : "0",
            server.toString());
    Map<String, String> env = builder.environment();
    env.put("HOME", dir.toString()); // the node's and rabbitmqctl's Erlang cookie
    env.put("RABBITMQ_NODENAME", node);
    if (listeners.tls() == null) {
      env.put("RABBITMQ_NODE_IP_ADDRESS", listeners.bind());
      env.put("RABBITMQ_NODE_PORT", String.valueOf(listeners.port()));
    } // else rabbitmq.conf's listeners (the variables would replace them)
    env.put("RABBITMQ_DIST_PORT", String.valueOf(distPort));
    // the distribution listener on loopback only; an epmd this node starts too (one that already
    // runs stays where it was started, said below)
    env.put("RABBITMQ_SERVER_ADDITIONAL_ERL_ARGS", "-kernel inet_dist_use_interface {127,0,0,1}");
    env.put("ERL_EPMD_ADDRESS", RabbitMqBroker.LOOPBACK);
    if (!startsEpmd) {
      log.info("epmd already runs: the node registers with it where it listens (not started here)");
    }
    env.put("RABBITMQ_MNESIA_BASE", dir.resolve("mnesia").toString());
    env.put("RABBITMQ_LOG_BASE", dir.resolve("log").toString());
    env.put("RABBITMQ_PID_FILE", dir.resolve("node.pid").toString());
    env.put("RABBITMQ_ENABLED_PLUGINS_FILE", dir.resolve("enabled_plugins").toString());
    env.put("RABBITMQ_CONFIG_FILE", dir.resolve("rabbitmq.conf").toString());
    env.put("RABBITMQ_ADVANCED_CONFIG_FILE", dir.resolve("advanced.config").toString());
    env.put("RABBITMQ_CONF_ENV_FILE", dir.resolve("rabbitmq-env.conf").toString());
    builder.redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
    builder.redirectErrorStream(true);
    builder.redirectOutput(dir.resolve("console.log").toFile());
    log.info(
        "starting RabbitMQ node {} on {}:{}{}",
        node,
        listeners.bind(),
        listeners.port(),
        listeners.tls() == null ? "" : " (AMQPS)");
    return builder.start();
  }

  private static boolean epmdRunning() {
    try {
      Process p =
          new ProcessBuilder("epmd", "-names")
              .redirectErrorStream(true)
              .redirectOutput(ProcessBuilder.Redirect.DISCARD)
              .start();
      return p.waitFor(10, TimeUnit.SECONDS) && p.exitValue() == 0;
    } catch (IOException e) {
      return false; // no epmd on the PATH: erl starts its own, which we cannot stop by name
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return true;
    }
  }
}
