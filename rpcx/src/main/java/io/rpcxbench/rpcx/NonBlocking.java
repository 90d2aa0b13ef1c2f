package io.rpcxbench.rpcx;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Promises that a published method (or every published method of a class) never blocks, so the
 * server may run it on the connection's I/O event loop instead of handing it to a worker thread.
 * Saves a thread hop per call; a method that does block with this mark stalls every connection
 * served by the same event loop, so use it only for pure computation.
 *
 * <pre>{@code
 * @RpcxMethod("hello") @NonBlocking
 * public String hello(String name) { return "hello, " + name; }
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.METHOD, ElementType.TYPE})
public @interface NonBlocking {}
