package io.rpcxbench.rpcx;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.PooledByteBufAllocator;
import io.rpcxbench.api.BenchContract;
import io.rpcxbench.rpcx.wire.RpcxReply;
import io.rpcxbench.rpcx.wire.RpcxRequest;
import io.rpcxbench.server.rpcx.BenchEndpoint;
import io.rpcxbench.server.rpcx.BenchService;
import java.lang.reflect.Method;
import java.util.List;
import java.util.Map;

/**
 * RPCX's prepared structures as the factory and the server build them at start-up, from the real
 * {@link BenchService} interface and the real published {@link BenchEndpoint}: benchmarks start
 * from here. Package {@code io.rpcxbench.rpcx} (split across rpcx.jar and this jar on the class
 * path) to reach the package-private internals without changing rpcx.
 */
final class RpcxFixture {
  /** A name as long as the harness's ("o" order "t" thread "c" sequence). */
  static final String NAME = "o5t12c3456";

  static final Object[] ARGS = {NAME};
  static final int MAX_FRAME = Frames.DEFAULT_MAX_FRAME_LENGTH;

  final ByteBufAllocator alloc = PooledByteBufAllocator.DEFAULT;
  final Method helloMethod;
  final Map<Method, ClientMethod> clientMethods;
  final ClientMethod hello;
  final ServiceRegistry registry;
  final RpcxRequest request;
  final RpcxReply reply;

  RpcxFixture() {
    try {
      helloMethod = BenchService.class.getMethod("hello", String.class);
    } catch (NoSuchMethodException e) {
      throw new IllegalStateException(e);
    }
    clientMethods = ClientInterface.parse(BenchService.class, key -> null).methods;
    hello = clientMethods.get(helloMethod);
    registry =
        new ServiceRegistry(
            List.of(PublishedService.parse(null, new BenchEndpoint(), key -> null)));
    request = hello.request(1, ARGS);
    reply =
        registry
            .find(BenchContract.SERVICE, BenchContract.HELLO)
            .reply(1, BenchContract.helloReply(NAME));
  }

  /** A frame as it arrives from a socket: in a pooled direct buffer. */
  ByteBuf directFrame(com.google.protobuf.MessageLite message) {
    return Frames.encode(alloc, message);
  }
}
