package io.rpcxbench.rpcx;

import com.google.protobuf.Timestamp;
import java.util.concurrent.CompletableFuture;

/** The client view of {@link TestService}; the port comes from the {@code test.port} property. */
@RpcxClient(service = "test", host = "127.0.0.1", port = "${test.port}")
public interface TestClient {
  @RpcxMethod("hello")
  String hello(String name);

  @RpcxMethod("hello")
  CompletableFuture<String> helloAsync(String name);

  @RpcxMethod("block")
  String block(String name);

  @RpcxMethod("block")
  CompletableFuture<String> blockAsync(String name);

  @RpcxMethod("fail")
  String fail(String reason);

  @RpcxMethod("refuse")
  String refuse(String reason);

  @RpcxMethod("nothing")
  void nothing();

  @RpcxMethod("big")
  byte[] big(int size);

  @RpcxMethod("mix")
  String mix(
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
      Timestamp time);

  @RpcxMethod("nextTime")
  Timestamp nextTime(Timestamp time);

  @RpcxMethod("negate")
  long negate(long value);

  default String helloTwice(String name) {
    return hello(name) + " " + hello(name);
  }
}
