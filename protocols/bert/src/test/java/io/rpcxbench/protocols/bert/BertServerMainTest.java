package io.rpcxbench.protocols.bert;

import static io.rpcxbench.protocols.bert.Berp.binary;
import static io.rpcxbench.protocols.bert.Berp.call;
import static io.rpcxbench.protocols.bert.Berp.helloReply;
import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.serverkit.ServerCommand;
import io.rpcxbench.serverkit.ServerDefinition;
import io.rpcxbench.serverkit.ServerStarter;
import io.rpcxbench.testsupport.ServerCommandContract;
import org.junit.jupiter.api.Test;

/** The server's command line in-process, as {@code main} builds it. */
class BertServerMainTest extends ServerCommandContract {
  @Override
  protected ServerDefinition definition() {
    return BertServerMain.DEFINITION;
  }

  @Override
  protected ServerStarter starter() {
    return BertServerMain.STARTER;
  }

  @Test
  void maxConnectionsClosesASecondConnectionWhileTheFirstIsServed() throws Exception {
    ServerCommand command = command();
    try {
      assertThat(run(command, "--bind", "127.0.0.1", "--port", "0", "--max-connections", "1"))
          .isZero();
      try (Berp first = new Berp(command.boundPort())) {
        assertThat(first.send(call("bench", "hello", binary("first"))).reply())
            .isEqualTo(helloReply("first"));
        try (Berp second = new Berp(command.boundPort())) {
          assertThat(second.closedByServer()).isTrue();
        }
        assertThat(first.send(call("bench", "hello", binary("again"))).reply())
            .isEqualTo(helloReply("again"));
      }
    } finally {
      command.stop();
    }
  }

  @Test
  void idleTimeoutClosesAnIdleConnection() throws Exception {
    ServerCommand command = command();
    try {
      assertThat(run(command, "--bind", "127.0.0.1", "--port", "0", "--idle-timeout", "1s"))
          .isZero();
      try (Berp idle = new Berp(command.boundPort())) {
        assertThat(idle.send(call("bench", "hello", binary("once"))).reply())
            .isEqualTo(helloReply("once"));
        assertThat(idle.closedByServer()).as("closed within Berp's 10 s read timeout").isTrue();
      }
    } finally {
      command.stop();
    }
  }
}
