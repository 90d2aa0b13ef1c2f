package io.rpcxbench.rpcx;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Method;
import java.util.Map;

/** The proxy's handler: looks up the prepared {@link ClientMethod} and delegates. */
final class ProxyHandler implements InvocationHandler {
  private static final Object[] NO_ARGS = new Object[0];

  private final Class<?> type;
  private final Map<Method, ClientMethod> methods;
  private final Endpoint endpoint;
  private final String address;

  ProxyHandler(Class<?> type, ClientInterface parsed, Endpoint endpoint) {
    this.type = type;
    this.methods = parsed.methods;
    this.endpoint = endpoint;
    this.address = parsed.host + ":" + parsed.port;
  }

  @Override
  public Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
    ClientMethod remote = methods.get(method);
    if (remote != null) {
      Object[] arguments = args == null ? NO_ARGS : args;
      return remote.async()
          ? endpoint.callAsync(remote, arguments)
          : endpoint.call(remote, arguments);
    }
    if (method.isDefault()) {
      return InvocationHandler.invokeDefault(proxy, method, args);
    }
    return switch (method.getName()) {
      case "equals" -> proxy == args[0];
      case "hashCode" -> System.identityHashCode(proxy);
      case "toString" -> "RpcxClient[" + type.getSimpleName() + " -> " + address + "]";
      default -> throw new UnsupportedOperationException(method.toString());
    };
  }
}
