package io.rpcxbench.harness.protocol;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.Message;
import io.rpcxbench.api.Item;
import io.rpcxbench.message.MessageClient;
import io.rpcxbench.message.MessageCodec;
import io.rpcxbench.message.MessageReply;
import io.rpcxbench.message.MessageShape;
import io.rpcxbench.spi.BenchClient;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/**
 * Issue 29: a message call goes through an async API only where the message client has one of its
 * own. It used to follow the bench client's: an async bench client (RPCX, gRPC) then ran every
 * message call inside {@code invokeAsync} on the caller's thread, one at a time, so the open loop
 * and the in-flight model serialized them (choose put RPCX third on its own message).
 */
class MessageCallAsyncTest {
  private static final MessageShape ORDER =
      MessageShape.load("../examples/order.proto:Order", Path.of("../examples/order.json"));

  @Test
  void aBlockingMessageClientGetsThreadsEvenBesideAnAsyncBenchClient() {
    CallKind.CallInput input = input(new Echo(false));
    assertThat(CallKind.MESSAGE.asyncWith(bench(true), input)).isFalse();
    assertThat(CallKind.HELLO.asyncWith(bench(true), input)).isTrue();
    assertThat(CallKind.HELLO.asyncWith(bench(false), input)).isFalse();
  }

  @Test
  void anAsyncMessageClientIsCalledThroughItsFutureAndEveryReplyChecked() throws Exception {
    Echo echo = new Echo(true);
    CallKind.CallInput input = input(echo);
    assertThat(CallKind.MESSAGE.asyncWith(bench(false), input)).isTrue();

    CallKind.MESSAGE.invokeAsync(bench(false), input, "m", 3).get();

    assertThat(echo.asyncCalls).isEqualTo(1);
    assertThat(echo.blockingCalls).isZero();
  }

  private static CallKind.CallInput input(MessageClient client) {
    return new CallKind.CallInput(
        new byte[0],
        0,
        List.of(),
        new MessageRun(client, MessageCodec.PROTOBUF, ORDER, MessageReply.ECHO));
  }

  /** A message client that answers every record with itself, in memory. */
  private static final class Echo implements MessageClient {
    final boolean async;
    int asyncCalls;
    int blockingCalls;

    Echo(boolean async) {
      this.async = async;
    }

    @Override
    public Message call(Message record, MessageReply reply) {
      blockingCalls++;
      return reply.answer(record);
    }

    @Override
    public boolean isAsync() {
      return async;
    }

    @Override
    public CompletableFuture<Message> callAsync(Message record, MessageReply reply) {
      asyncCalls++;
      return CompletableFuture.completedFuture(reply.answer(record));
    }

    @Override
    public String describe() {
      return "in-memory echo";
    }

    @Override
    public void close() {}
  }

  private static BenchClient bench(boolean async) {
    return new BenchClient() {
      @Override
      public String hello(String name) {
        return name;
      }

      @Override
      public byte[] echo(byte[] payload) {
        return payload;
      }

      @Override
      public boolean put(String key, byte[] value) {
        return true;
      }

      @Override
      public List<Item> items(int n) {
        return List.of();
      }

      @Override
      public boolean isAsync() {
        return async;
      }

      @Override
      public String describe() {
        return "unused";
      }

      @Override
      public void close() {}
    };
  }
}
