package io.rpcxbench.raw;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class LinkAccuracyTest {
  @Test
  void theThreeVerdictsAreToldApartAndTheirFiguresKept() {
    LinkAccuracy not =
        LinkAccuracy.of(
            " the box could not hold it: the link added 1.042 ms, the profile 1.000 ms ");
    assertThat(not.notHeld()).isTrue();
    assertThat(not.held()).isFalse();
    assertThat(not.figures()).isEqualTo("the link added 1.042 ms, the profile 1.000 ms");
    LinkAccuracy held = LinkAccuracy.of("held: the link added 1.012 ms");
    assertThat(held.held()).isTrue();
    assertThat(held.notHeld()).isFalse();
    assertThat(held.figures()).isEqualTo("the link added 1.012 ms");
    assertThat(LinkAccuracy.of("unjudged: 60 round trips").notHeld()).isFalse();
    assertThat(LinkAccuracy.of(null).text()).isEmpty();
  }
}
