package io.rpcxbench.raw;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Base64;
import java.util.zip.DataFormatException;
import org.HdrHistogram.Histogram;

/**
 * The {@code histogram} column of a raw file: an HdrHistogram of per-call latency in nanoseconds,
 * compressed with {@link Histogram#encodeIntoCompressedByteBuffer} and base64-encoded, exactly the
 * payload of HdrHistogram's own log format ({@code HistogramLogWriter}), so the same bytes decode
 * with {@link Histogram#decodeFromCompressedByteBuffer}.
 *
 * <pre>{@code
 * Histogram h = new Histogram(1_000, 3_600_000_000_000L, 3);
 * h.recordValue(250_000);                        // one call of 250 µs
 * String column = Histograms.encode(h);          // "HISTFAAAA..." style base64, no commas
 * Histogram back = Histograms.decode(column);    // equal to h
 * Histogram all = Histograms.merge(List.of(back, back));
 * }</pre>
 */
public final class Histograms {
  private Histograms() {}

  /** The base64 text of {@code histogram}'s compressed encoding. */
  public static String encode(Histogram histogram) {
    ByteBuffer buffer = ByteBuffer.allocate(histogram.getNeededByteBufferCapacity());
    int length = histogram.encodeIntoCompressedByteBuffer(buffer);
    return Base64.getEncoder().encodeToString(Arrays.copyOf(buffer.array(), length));
  }

  /**
   * Decodes text written by {@link #encode}.
   *
   * @throws IllegalArgumentException if {@code text} is not base64 or not a compressed histogram
   */
  public static Histogram decode(String text) {
    byte[] bytes;
    try {
      bytes = Base64.getDecoder().decode(text.trim());
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("histogram is not base64: " + e.getMessage(), e);
    }
    try {
      return Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(bytes), 0);
    } catch (DataFormatException | RuntimeException e) {
      // HdrHistogram signals garbage with whatever the decoder trips over (underflow, bad
      // cookie...).
      throw new IllegalArgumentException("histogram is not a compressed HdrHistogram: " + e, e);
    }
  }

  /**
   * A new histogram holding every value of {@code histograms} (none: an empty histogram). It has
   * the first one's structure (so histograms recorded alike, as the harness's are, merge exactly
   * and report the same percentiles) and resizes itself for values beyond its range.
   */
  public static Histogram merge(Iterable<Histogram> histograms) {
    Histogram merged = null;
    for (Histogram h : histograms) {
      if (merged == null) {
        merged = h.copy();
        merged.setAutoResize(true);
      } else {
        merged.add(h);
      }
    }
    return merged != null ? merged : new Histogram(3);
  }
}
