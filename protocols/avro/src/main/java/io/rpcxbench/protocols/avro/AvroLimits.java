package io.rpcxbench.protocols.avro;

import io.rpcxbench.api.BenchContract;
import org.apache.avro.SystemLimitException;

/**
 * The bounds both Avro protocols read with: frames and Avro's own decoder limits ({@code
 * org.apache.avro.limits.*}), which default to about 2 GiB and are read once, when Avro's {@link
 * SystemLimitException} loads. A {@code -D} on the command line wins.
 */
final class AvroLimits {
  /** The largest frame either side reads: the largest payload plus room for the rest. */
  static final int MAX_FRAME = BenchContract.MAX_PAYLOAD + 64 * 1024;

  /** Elements of one Avro array (items(n) sends at most 10,000). */
  static final int MAX_COLLECTION = 64 * 1024;

  private AvroLimits() {}

  static {
    setIfAbsent(SystemLimitException.MAX_BYTES_LENGTH_PROPERTY, MAX_FRAME);
    setIfAbsent(SystemLimitException.MAX_STRING_LENGTH_PROPERTY, MAX_FRAME);
    setIfAbsent(SystemLimitException.MAX_COLLECTION_LENGTH_PROPERTY, MAX_COLLECTION);
  }

  /** Sets the limits before Avro reads them (idempotent). */
  static void install() {
    // the static initializer did it; this call only makes the class load first
  }

  private static void setIfAbsent(String property, int value) {
    if (System.getProperty(property) == null) {
      System.setProperty(property, String.valueOf(value));
    }
  }
}
