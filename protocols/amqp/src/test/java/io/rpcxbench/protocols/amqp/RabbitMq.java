package io.rpcxbench.protocols.amqp;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** Tests that need Debian's rabbitmq-server skip, with the reason, where it is not installed. */
final class RabbitMq {
  private RabbitMq() {}

  static boolean installed() {
    return RabbitMqInstall.find().isPresent();
  }

  static void assumeInstalled() {
    if (!installed()) {
      String reason = "skipped: " + RabbitMqInstall.HINT;
      System.out.println(reason);
      assumeTrue(false, reason);
    }
  }
}
