package io.rpcxbench.rpcx;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Names a method on the wire: the paper's {@code @Method}. On a client interface it names the
 * remote method to call; on a published service it publishes the method under that name.
 *
 * <p>Parameter and return types: Java primitives and their boxes, {@code String}, {@code byte[]}
 * and protobuf messages; a client method may also return {@code CompletableFuture<T>} of one of
 * those (or {@code CompletableFuture<Void>}) to call asynchronously.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface RpcxMethod {
  /** The published method name; supports {@code ${name:default}} placeholders. */
  String value();
}
