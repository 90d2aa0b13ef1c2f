package io.rpcxbench.rpcx;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;

class PlaceholdersTest {
  private final Map<String, String> values = Map.of("host", "10.0.0.2", "port", "9000");

  private String resolve(String text) {
    return Placeholders.resolve(text, values::get, "Where");
  }

  @Test
  void resolvesValuesAndDefaults() {
    assertThat(resolve("${host}:${port}")).isEqualTo("10.0.0.2:9000");
    assertThat(resolve("${missing:127.0.0.1}")).isEqualTo("127.0.0.1");
    assertThat(resolve("${missing:}")).isEmpty();
    assertThat(resolve("plain")).isEqualTo("plain");
  }

  @Test
  void explicitValuesWinOverSystemProperties() {
    System.setProperty("rpcx.test.placeholder", "from-system");
    try {
      assertThat(
              Placeholders.resolve("${rpcx.test.placeholder}", Placeholders.chain(n -> null), "W"))
          .isEqualTo("from-system");
      assertThat(
              Placeholders.resolve(
                  "${rpcx.test.placeholder}", Placeholders.chain(n -> "explicit"), "W"))
          .isEqualTo("explicit");
    } finally {
      System.clearProperty("rpcx.test.placeholder");
    }
  }

  @Test
  void reportsMissingValueAndUnclosedPlaceholder() {
    assertThatThrownBy(() -> resolve("${nothing}"))
        .hasMessage("Where: placeholder ${nothing} has no value and no default");
    assertThatThrownBy(() -> resolve("${host"))
        .hasMessage("Where: unclosed placeholder in '${host'");
  }
}
