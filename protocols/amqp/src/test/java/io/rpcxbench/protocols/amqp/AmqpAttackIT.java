package io.rpcxbench.protocols.amqp;

import org.junit.jupiter.api.Nested;

/**
 * Issue 30's attacks on AMQP (item 4), against the catalog's amqp jar with each broker: {@code
 * amqp-qpid} (Qpid Broker-J in the jar's JVM) always, {@code amqp} (a RabbitMQ node, the jar's
 * child) where Debian's rabbitmq-server is installed (else skipped, printing why). See {@link
 * AmqpAttacks} for the attacks and what each asserts.
 *
 * <pre>
 * mvn -o -B -pl protocols/amqp verify -Dit.test=AmqpAttackIT -Dtest=none \
 *     -Dsurefire.failIfNoSpecifiedTests=false
 * </pre>
 */
class AmqpAttackIT {
  @Nested
  class EmbeddedQpid extends AmqpAttacks {
    EmbeddedQpid() {
      super(AmqpQpidProtocol.ID);
    }
  }

  @Nested
  class RabbitMqNode extends AmqpAttacks {
    RabbitMqNode() {
      super(AmqpProtocol.ID);
    }

    @Override
    void assumeAvailable() {
      RabbitMq.assumeInstalled();
    }
  }
}
