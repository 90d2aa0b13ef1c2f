package io.rpcxbench.serverkit.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rpcxbench.api.BenchContract;
import io.rpcxbench.api.InvalidArgumentException;
import io.rpcxbench.api.UnavailableException;
import io.rpcxbench.serverkit.service.FakeClient.Behaviour;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class ChainGatewayTest {
  private ChainGateway gateway;

  /** Calls that answer: a deadline no busy CI machine reaches. */
  private ChainGateway gateway(FakeClient one, FakeClient two) {
    return gateway(one, two, Duration.ofSeconds(10));
  }

  private ChainGateway gateway(FakeClient one, FakeClient two, Duration deadline) {
    gateway =
        new ChainGateway(
            List.of(
                new ChainGateway.Downstream("service-1", one),
                new ChainGateway.Downstream("service-2", two)),
            deadline,
            Executors.newFixedThreadPool(4));
    return gateway;
  }

  @AfterEach
  void close() {
    if (gateway != null) {
      gateway.close();
    }
  }

  @Test
  void callsBothServicesAndAnswersTheAgreedReply() {
    FakeClient one = new FakeClient(Behaviour.RIGHT, false);
    FakeClient two = new FakeClient(Behaviour.RIGHT, false);
    ChainGateway chain = gateway(one, two);

    assertThat(chain.hello("world")).isEqualTo("hello, world");
    assertThat(chain.echo(new byte[] {7, 8})).containsExactly(7, 8);
    assertThat(chain.put("key", new byte[] {1})).isTrue();
    assertThat(chain.items(3)).isEqualTo(BenchContract.items(3));
    assertThat(one.calls).hasValue(4);
    assertThat(two.calls).hasValue(4);
  }

  @Test
  void usesTheAsynchronousApiOfAnAsyncClient() {
    FakeClient one = new FakeClient(Behaviour.RIGHT, true);
    FakeClient two = new FakeClient(Behaviour.RIGHT, false);

    assertThat(gateway(one, two).hello("x")).isEqualTo("hello, x");
    assertThat(one.asyncCalls).hasValue(1);
    assertThat(two.asyncCalls).hasValue(0);
    assertThat(two.calls).hasValue(1);
  }

  @Test
  void servicesThatDisagreeAreAnError() {
    ChainGateway chain =
        gateway(new FakeClient(Behaviour.RIGHT, false), new FakeClient(Behaviour.WRONG, false));

    assertThatThrownBy(() -> chain.hello("x"))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("service-2 disagrees with service-1");
    assertThatThrownBy(() -> chain.echo(new byte[] {9})).isInstanceOf(IllegalStateException.class);
    assertThatThrownBy(() -> chain.put("k", new byte[0])).isInstanceOf(IllegalStateException.class);
    assertThatThrownBy(() -> chain.items(2)).isInstanceOf(IllegalStateException.class);
  }

  @Test
  void aFailedServiceMakesTheCallUnavailable() {
    ChainGateway chain =
        gateway(new FakeClient(Behaviour.RIGHT, false), new FakeClient(Behaviour.FAILS, false));

    assertThatThrownBy(() -> chain.hello("x"))
        .isInstanceOf(UnavailableException.class)
        .hasMessageContaining("hello: service-2 failed")
        .hasMessageContaining("connection refused");
  }

  @Test
  void aServiceThatNeverAnswersEndsAtTheDeadlineNotInAHang() {
    FakeClient blocking = new FakeClient(Behaviour.HANGS, false);
    FakeClient async = new FakeClient(Behaviour.HANGS, true);
    ChainGateway chain = gateway(async, blocking, Duration.ofMillis(300));

    assertThatThrownBy(() -> chain.hello("x"))
        .isInstanceOf(UnavailableException.class)
        .hasMessageContaining("did not answer within 300ms");
  }

  @Test
  void aBadArgumentIsRejectedHereWithoutCallingTheServices() {
    FakeClient one = new FakeClient(Behaviour.RIGHT, false);
    FakeClient two = new FakeClient(Behaviour.RIGHT, false);
    ChainGateway chain = gateway(one, two);

    assertThatThrownBy(() -> chain.hello(null)).isInstanceOf(InvalidArgumentException.class);
    assertThatThrownBy(() -> chain.items(-1)).isInstanceOf(InvalidArgumentException.class);
    assertThat(one.calls).hasValue(0);
    assertThat(two.calls).hasValue(0);
  }

  @Test
  void closingClosesTheClients() {
    FakeClient one = new FakeClient(Behaviour.RIGHT, false);
    FakeClient two = new FakeClient(Behaviour.RIGHT, false);
    gateway(one, two).close();
    gateway = null;

    assertThat(one.closed).isTrue();
    assertThat(two.closed).isTrue();
  }
}
