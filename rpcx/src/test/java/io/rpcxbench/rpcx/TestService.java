package io.rpcxbench.rpcx;

import com.google.protobuf.Timestamp;
import java.util.concurrent.CountDownLatch;

/** A service with one method per behaviour the tests need. */
@RpcxService("test")
public final class TestService {
  /** Released by a test to let {@code block} calls return. */
  final CountDownLatch release = new CountDownLatch(1);

  /** Counted down each time a {@code block} call has started. */
  final CountDownLatch blocking;

  TestService() {
    this(0);
  }

  TestService(int expectedBlockers) {
    this.blocking = new CountDownLatch(expectedBlockers);
  }

  @RpcxMethod("hello")
  @NonBlocking
  public String greet(String name) {
    return "hello, " + name;
  }

  @RpcxMethod("block")
  public String block(String name) throws InterruptedException {
    blocking.countDown();
    release.await();
    return name;
  }

  @RpcxMethod("fail")
  public String fail(String reason) {
    throw new IllegalStateException("boom: " + reason);
  }

  @RpcxMethod("refuse")
  public String refuse(String reason) {
    throw new RpcxException(RpcxException.Code.INVALID_ARGUMENT, "refused: " + reason);
  }

  @RpcxMethod("nothing")
  public void nothing() {}

  @RpcxMethod("big")
  public byte[] big(int size) {
    return new byte[size];
  }

  @RpcxMethod("mix")
  @NonBlocking
  public String mix(
      boolean z,
      byte b,
      short s,
      char c,
      int i,
      long j,
      float f,
      double d,
      Integer boxed,
      String text,
      byte[] bytes,
      Timestamp time) {
    return z
        + "|"
        + b
        + "|"
        + s
        + "|"
        + c
        + "|"
        + i
        + "|"
        + j
        + "|"
        + f
        + "|"
        + d
        + "|"
        + boxed
        + "|"
        + text
        + "|"
        + (bytes == null ? "null" : bytes.length)
        + "|"
        + (time == null ? "null" : time.getSeconds() + "." + time.getNanos());
  }

  @RpcxMethod("nextTime")
  @NonBlocking
  public Timestamp nextTime(Timestamp time) {
    return time.toBuilder().setSeconds(time.getSeconds() + 1).build();
  }

  @RpcxMethod("negate")
  @NonBlocking
  public long negate(long value) {
    return -value;
  }
}
