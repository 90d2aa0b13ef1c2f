package io.rpcxbench.message;

import java.util.Map;

/**
 * How {@link RecordGenerator} fills a message: how many distinct records, the seed, and the sizes
 * of strings, bytes, lists and maps (per field name where given), the share of optional fields
 * present, and how deep nested messages go.
 */
public record GeneratorSpec(
    int count,
    long seed,
    Distribution stringLength,
    Distribution bytesLength,
    Distribution listSize,
    Distribution mapSize,
    double presence,
    int maxDepth,
    Map<String, Distribution> perField) {

  /**
   * Defaults: 16 records, seed 1, strings 8-32, bytes 16-64, lists and maps 1-10, 90 % present,
   * depth 4.
   */
  public static GeneratorSpec defaults() {
    return new GeneratorSpec(
        16,
        1,
        new Distribution("uniform", 8, 32),
        new Distribution("uniform", 16, 64),
        new Distribution("uniform", 1, 10),
        new Distribution("uniform", 1, 10),
        0.9,
        4,
        Map.of());
  }

  /** The size of one field: its own distribution where the spec names it, else its kind's. */
  Distribution sizeOf(String fieldName, Distribution kindDefault) {
    return perField.getOrDefault(fieldName, kindDefault);
  }
}
