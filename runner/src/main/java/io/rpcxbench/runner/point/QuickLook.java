package io.rpcxbench.runner.point;

/**
 * What a {@code --quick} look promises, said before its plan by every command that has one ({@code
 * compare} and {@code choose}): the same test at the same false-positive rate, with less power, so
 * that only a large difference shows and a non-answer says little.
 *
 * <pre>{@code
 * QuickLook.line("4 rounds of 1 s probes, none added", "capacities far apart rank, and a \"cannot rank\"")
 *   // "quick: 4 rounds of 1 s probes, none added: the same test at the same 5 % false-positive
 *   //  rate, with less power; capacities far apart rank, and a "cannot rank" says little (the lines
 *   //  below say how little here); without --quick for the verdict"
 * }</pre>
 */
public final class QuickLook {
  private QuickLook() {}

  /**
   * @param plan what the quick look runs
   * @param weak what still shows, and the answer that then says little
   */
  public static String line(String plan, String weak) {
    return "quick: "
        + plan
        + ": the same test at the same 5 % false-positive rate, with less power; "
        + weak
        + " says little (the lines below say how little here); without --quick for the verdict";
  }
}
