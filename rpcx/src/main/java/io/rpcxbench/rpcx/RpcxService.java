package io.rpcxbench.rpcx;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Publishes a class as a remote service under a name of its own: the paper's {@code @RPCXServer}.
 * The name may differ from the Java name (the paper's "disguise"); only methods annotated with
 * {@link RpcxMethod} are callable.
 *
 * <pre>{@code
 * @RpcxService("bench")
 * final class BenchEndpoint {
 *   @RpcxMethod("hello") @NonBlocking
 *   public String greet(String name) { return "hello, " + name; }
 * }
 * RpcxServer server = RpcxServer.builder().port(8081).publish(new BenchEndpoint()).build().start();
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface RpcxService {
  /** The published service name; supports {@code ${name:default}} placeholders. */
  String value();
}
