package io.rpcxbench.testsupport;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** ATTACK lines go to the output and, with -Dattack.lines=FILE, one by one to the end of FILE. */
class AttackLineTest {
  @Test
  void withTheFileSetEachLineIsAppendedWhole(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("sub/attacks.txt");
    String before = System.getProperty("attack.lines");
    System.setProperty("attack.lines", file.toString());
    try {
      AttackLine.printf("thrift idle connections: %,d / %,d (%d %%)", 56889, 54513, 95);
      AttackLine.printf("second");
    } finally {
      if (before == null) {
        System.clearProperty("attack.lines");
      } else {
        System.setProperty("attack.lines", before);
      }
    }
    assertThat(Files.readAllLines(file))
        .containsExactly("ATTACK thrift idle connections: 56,889 / 54,513 (95 %)", "ATTACK second");
  }

  @Test
  void withoutTheFileNothingIsWritten(@TempDir Path dir) throws Exception {
    System.clearProperty("attack.lines");
    AttackLine.printf("only printed");
    try (var files = Files.list(dir)) {
      assertThat(files).isEmpty();
    }
  }
}
