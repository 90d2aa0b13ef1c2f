package io.rpcxbench.protocols.typedjson;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.protocols.typedjson.wire.HelloReply;
import io.rpcxbench.serverkit.ServerCommand;
import io.rpcxbench.serverkit.ServerDefinition;
import io.rpcxbench.serverkit.ServerStarter;
import io.rpcxbench.testsupport.ServerCommandContract;
import org.junit.jupiter.api.Test;

/** The server's command line in-process, as {@code main} builds it. */
class TypedJsonServerMainTest extends ServerCommandContract {
  private static final String HELLO =
      "{\"@class\":\"io.rpcxbench.protocols.typedjson.wire.HelloRequest\",\"name\":\"limits\"}";

  @Override
  protected ServerDefinition definition() {
    return TypedJsonServerMain.DEFINITION;
  }

  @Override
  protected ServerStarter starter() {
    return TypedJsonServerMain.STARTER;
  }

  private static void assertServed(RawFrames raw, int id) throws Exception {
    raw.send(id, HELLO);
    RawFrames.Frame reply = raw.read();
    assertThat(reply.id()).isEqualTo(id);
    assertThat(reply.reply()).isEqualTo(new HelloReply("hello, limits"));
  }

  @Test
  void maxConnectionsClosesASecondConnectionWhileTheFirstIsServed() throws Exception {
    ServerCommand command = command();
    try {
      assertThat(run(command, "--bind", "127.0.0.1", "--port", "0", "--max-connections", "1"))
          .isZero();
      try (RawFrames first = new RawFrames(command.boundPort())) {
        assertServed(first, 1);
        try (RawFrames second = new RawFrames(command.boundPort())) {
          assertThat(second.closedByServer()).isTrue();
        }
        assertServed(first, 2);
      }
    } finally {
      command.stop();
    }
  }

  @Test
  void maxFrameBelowTheProtocolsBoundClosesALargerFrame() throws Exception {
    ServerCommand command = command();
    try {
      assertThat(run(command, "--bind", "127.0.0.1", "--port", "0", "--max-frame", "1k")).isZero();
      try (RawFrames big = new RawFrames(command.boundPort());
          RawFrames small = new RawFrames(command.boundPort())) {
        big.sendRefused(1, "{\"@class\":\"x\",\"pad\":\"" + "x".repeat(2048) + "\"}");
        assertThat(big.closedByServer()).isTrue();
        assertServed(small, 2);
      }
    } finally {
      command.stop();
    }
  }
}
