package io.rpcxbench.serverkit;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.Test;

/**
 * Issue 48: Netty's loggers (and gRPC's shaded copy of them) go through java.util.logging to one
 * rate-limited handler, not each to SLF4J: a line per frame (gRPC's "ignoring DATA frame for stream
 * RST_STREAM sent", 318 lines in one attack) becomes one line per 10 s.
 */
class LibraryLogLinesTest {
  @Test
  void nettysLoggersUseTheRateLimitedHandlerOnly() {
    LibraryLogLines.routeNetty();
    LibraryLogLines.routeNetty();
    assertThat(io.netty.util.internal.logging.InternalLoggerFactory.getDefaultFactory())
        .isSameAs(io.netty.util.internal.logging.JdkLoggerFactory.INSTANCE);
    assertThat(
            io.grpc.netty.shaded.io.netty.util.internal.logging.InternalLoggerFactory
                .getDefaultFactory())
        .isSameAs(io.grpc.netty.shaded.io.netty.util.internal.logging.JdkLoggerFactory.INSTANCE);
    for (String name : new String[] {"io.netty", "io.grpc.netty.shaded.io.netty"}) {
      Logger logger = Logger.getLogger(name);
      assertThat(logger.getUseParentHandlers()).isFalse();
      assertThat(Arrays.stream(logger.getHandlers()).filter(h -> h instanceof LibraryLogLines))
          .hasSize(1);
    }
  }

  @Test
  void anotherLibrarysLoggersCanTakeTheSamePathOnce() {
    LibraryLogLines.route("demo.library.coyote");
    LibraryLogLines.route("demo.library.coyote");
    Logger logger = Logger.getLogger("demo.library.coyote");
    assertThat(logger.getUseParentHandlers()).isFalse();
    assertThat(Arrays.stream(logger.getHandlers()).filter(h -> h instanceof LibraryLogLines))
        .hasSize(1);
  }

  @Test
  void aFloodOfOneKindIsOneLine() {
    LibraryLogLines.routeNetty();
    Logger jul = Logger.getLogger("io.grpc.netty.shaded.io.netty");
    AtomicInteger published = new AtomicInteger();
    Handler counting =
        new Handler() {
          @Override
          public void publish(LogRecord record) {
            published.incrementAndGet();
          }

          @Override
          public void flush() {}

          @Override
          public void close() {}
        };
    jul.addHandler(counting);
    try {
      var decoder =
          io.grpc.netty.shaded.io.netty.util.internal.logging.InternalLoggerFactory.getInstance(
              "io.grpc.netty.shaded.io.netty.handler.codec.http2.Flood");
      for (int i = 0; i < 318; i++) {
        decoder.info("ignoring DATA frame for stream {} RST_STREAM sent", i);
      }
      assertThat(published).as("the records reach java.util.logging").hasValue(318);
    } finally {
      jul.removeHandler(counting);
    }
  }
}
