package io.rpcxbench.rpcx;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a local interface as a proxy for a remote RPCX service: the paper's {@code @RPCXClient}
 * with RemoteServerName ({@link #service}), RemoteServerAddress ({@link #host}) and
 * RemoteServerDomain ({@link #port}).
 *
 * <p>Every attribute accepts {@code ${name:default}} placeholders, resolved once at start-up from
 * the factory's properties, then system properties, then the environment:
 *
 * <pre>{@code
 * @RpcxClient(service = "bench", host = "${rpcx.host:127.0.0.1}", port = "${rpcx.port:8081}")
 * public interface BenchService {
 *   @RpcxMethod("hello") String hello(String name);
 * }
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface RpcxClient {
  /** The published name of the remote service (RemoteServerName). */
  String service();

  /** Host name or address of the server (RemoteServerAddress). */
  String host() default "${rpcx.host:127.0.0.1}";

  /** TCP port of the server (RemoteServerDomain), as text so that it can be a placeholder. */
  String port() default "${rpcx.port:8081}";
}
