package io.rpcxbench.report.text;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Numbers as C's printf (and awk's) print them; awk printed these very strings. */
class PrintfNumberTest {
  @Test
  void roundsTheDoublesExactValueHalfEven() {
    assertThat(PrintfNumber.fixed(2.675, 2)).isEqualTo("2.67"); // 2.67499999... as a double
    assertThat(PrintfNumber.fixed(0.125, 2)).isEqualTo("0.12"); // exact tie: to even
    assertThat(PrintfNumber.fixed(163, 1)).isEqualTo("163.0");
  }

  @Test
  void keepsTheSignOfANegativeValueThatRoundsToZero() {
    assertThat(PrintfNumber.fixed(-0.04, 1)).isEqualTo("-0.0");
    assertThat(PrintfNumber.signed(0, 1)).isEqualTo("+0.0");
    assertThat(PrintfNumber.signed(-1.25, 1)).isEqualTo("-1.2");
    assertThat(PrintfNumber.signed(16, 1)).isEqualTo("+16.0");
  }
}
