package io.rpcxbench.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class BenchLogicTest {
  private final BenchLogic bench = new BenchLogic();

  @Test
  void answersTheFourCalls() {
    assertThat(bench.hello("world")).isEqualTo("hello, world");
    byte[] payload = {1, 2, 3};
    assertThat(bench.echo(payload)).containsExactly(1, 2, 3);
    assertThat(bench.put(BenchContract.putKey("k-", 7, 64), new byte[512])).isTrue();
    assertThat(bench.items(0)).isEmpty();
    assertThat(bench.items(3))
        .containsExactly(BenchContract.item(0), BenchContract.item(1), BenchContract.item(2));
  }

  @Test
  void rejectsMissingArgumentsByName() {
    assertThatThrownBy(() -> bench.hello(null))
        .isInstanceOf(InvalidArgumentException.class)
        .hasMessage("hello: name is required");
    assertThatThrownBy(() -> bench.echo(null)).hasMessage("echo: payload is required");
    assertThatThrownBy(() -> bench.put(null, new byte[1])).hasMessage("put: key is required");
    assertThatThrownBy(() -> bench.put("k", null)).hasMessage("put: value is required");
  }

  @Test
  void rejectsWhatIsTooLarge() {
    assertThatThrownBy(() -> bench.echo(new byte[BenchContract.MAX_PAYLOAD + 1]))
        .hasMessage("echo: payload is larger than 1048576 bytes");
    assertThatThrownBy(() -> bench.put("k".repeat(BenchContract.MAX_KEY + 1), new byte[1]))
        .hasMessage("put: key is longer than 1024 bytes");
    assertThatThrownBy(() -> bench.items(BenchContract.MAX_ITEMS + 1))
        .hasMessage("items: n must be between 0 and 10000, got 10001");
    assertThatThrownBy(() -> bench.items(-1)).isInstanceOf(InvalidArgumentException.class);
  }

  @Test
  void putKeysHaveTheAskedLengthAndDiffer() {
    assertThat(BenchContract.putKey("t3-", 12, 64)).hasSize(64).startsWith("t3-12.");
    assertThat(BenchContract.putKey("t3-", 12, 64))
        .isNotEqualTo(BenchContract.putKey("t3-", 1, 64));
  }

  @Test
  void itemsAreValues() {
    Item item = BenchContract.item(4);
    assertThat(item)
        .isEqualTo(
            new Item(4, "item-4", 5.0, true, java.util.List.of("red-4", "green-4", "blue-4")));
  }
}
