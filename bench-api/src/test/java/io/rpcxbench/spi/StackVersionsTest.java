package io.rpcxbench.spi;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class StackVersionsTest {
  /** What maven-dependency-plugin 3.9.0's list goal writes. */
  private static final StackVersions LISTED =
      StackVersions.parse(
          Stream.of(
              "",
              "The following files have been resolved:",
              "   io.grpc:grpc-api:jar:1.83.1:compile -- module io.grpc.api",
              "   io.netty:netty-transport-native-epoll:jar:linux-x86_64:4.2.18.Final:runtime",
              "   org.apache.tomcat.embed:tomcat-embed-core:jar:10.1.55:compile (optional) --"
                  + " module org.apache.tomcat.embed.core"));

  @Test
  void readsTheVersionOfEachLibraryListedWithOrWithoutClassifier() {
    assertThat(LISTED.version("grpc-api")).isEqualTo("1.83.1");
    assertThat(LISTED.version("netty-transport-native-epoll")).isEqualTo("4.2.18.Final");
    assertThat(LISTED.version("tomcat-embed-core")).isEqualTo("10.1.55");
  }

  @Test
  void describesTheLibrariesInTheOrderNamedAndSaysWhichItDoesNotKnow() {
    assertThat(LISTED.describe("tomcat-embed-core", "grpc-api", "jedis"))
        .isEqualTo("tomcat-embed-core 10.1.55, grpc-api 1.83.1, jedis unknown");
  }

  @Test
  void theBuildListsThisModulesOwnLibraries() {
    // bench-api has no dependency: its list is there, and names none
    assertThat(StackVersions.of("bench-api").version("junit-jupiter")).isEqualTo("unknown");
    assertThat(StackVersions.of("no-such-module").describe("x")).isEqualTo("x unknown");
  }
}
