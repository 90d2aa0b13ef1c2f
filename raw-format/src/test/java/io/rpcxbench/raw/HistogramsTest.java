package io.rpcxbench.raw;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class HistogramsTest {

  @Test
  void encodeDecodeRoundTripAndHdrHistogramDecodesIt() throws Exception {
    Histogram h = RawResultFileTest.fiveCalls();
    String text = Histograms.encode(h);
    assertThat(text).doesNotContain(",").doesNotContain("\n");
    assertThat(Histograms.decode(text)).isEqualTo(h);
    // The same payload HdrHistogram's log format uses: its own decoder reads it.
    byte[] bytes = java.util.Base64.getDecoder().decode(text);
    assertThat(Histogram.decodeFromCompressedByteBuffer(java.nio.ByteBuffer.wrap(bytes), 0))
        .isEqualTo(h);
  }

  @Test
  void mergeAddsCountsOfHistogramsWithDifferentRanges() {
    Histogram small = new Histogram(1_000, 10_000_000, 2);
    small.recordValue(5_000);
    Histogram merged = Histograms.merge(List.of(RawResultFileTest.fiveCalls(), small));
    assertThat(merged.getTotalCount()).isEqualTo(6);
    assertThat(merged.getMaxValue()).isEqualTo(RawResultFileTest.fiveCalls().getMaxValue());
    assertThat(Histograms.merge(List.of()).getTotalCount()).isZero();
    // alike histograms merge exactly: same buckets, same percentiles as recording all in one
    Histogram twice = RawResultFileTest.fiveCalls();
    twice.add(RawResultFileTest.fiveCalls());
    Histogram m =
        Histograms.merge(List.of(RawResultFileTest.fiveCalls(), RawResultFileTest.fiveCalls()));
    assertThat(m).isEqualTo(twice);
    assertThat(m.getValueAtPercentile(50)).isEqualTo(twice.getValueAtPercentile(50));
  }

  @Test
  void badTextIsAClearIllegalArgument() {
    assertThatThrownBy(() -> Histograms.decode("not base64!"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("histogram is not base64");
    assertThatThrownBy(() -> Histograms.decode("AAAA"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("histogram is not a compressed HdrHistogram");
  }
}
