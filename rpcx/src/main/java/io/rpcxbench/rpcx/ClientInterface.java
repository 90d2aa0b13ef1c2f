package io.rpcxbench.rpcx;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;

/**
 * A client interface parsed once: where its service lives and a {@link ClientMethod} per method. A
 * wrongly annotated interface fails here, at start-up, with a message naming Interface.method.
 */
final class ClientInterface {
  final String host;
  final int port;
  final Map<Method, ClientMethod> methods;

  private ClientInterface(String host, int port, Map<Method, ClientMethod> methods) {
    this.host = host;
    this.port = port;
    this.methods = Map.copyOf(methods);
  }

  static ClientInterface parse(Class<?> type, Function<String, String> lookup) {
    String name = type.getSimpleName();
    if (!type.isInterface()) {
      throw new IllegalArgumentException(type.getName() + " is not an interface");
    }
    RpcxClient client = type.getAnnotation(RpcxClient.class);
    if (client == null) {
      throw new IllegalArgumentException(name + ": missing @RpcxClient annotation");
    }
    String service =
        nonEmpty(Placeholders.resolve(client.service(), lookup, name), name, "service");
    String host = nonEmpty(Placeholders.resolve(client.host(), lookup, name), name, "host");
    int port = port(Placeholders.resolve(client.port(), lookup, name), name);
    Map<Method, ClientMethod> methods = new HashMap<>();
    for (Method method : type.getMethods()) {
      if (method.isDefault() || Modifier.isStatic(method.getModifiers())) {
        continue;
      }
      methods.put(method, parseMethod(method, service, lookup));
    }
    return new ClientInterface(host, port, methods);
  }

  private static ClientMethod parseMethod(
      Method method, String service, Function<String, String> lookup) {
    String where = method.getDeclaringClass().getSimpleName() + "." + method.getName();
    RpcxMethod annotation = method.getAnnotation(RpcxMethod.class);
    if (annotation == null) {
      throw new IllegalArgumentException(where + ": missing @RpcxMethod annotation");
    }
    String remote =
        nonEmpty(Placeholders.resolve(annotation.value(), lookup, where), where, "method");
    Class<?>[] parameterTypes = method.getParameterTypes();
    ValueMapping[] parameters = new ValueMapping[parameterTypes.length];
    for (int i = 0; i < parameterTypes.length; i++) {
      parameters[i] = ValueMapping.of(parameterTypes[i]);
      if (parameters[i] == null) {
        throw new IllegalArgumentException(
            where
                + ": parameter "
                + (i + 1)
                + " has unsupported type "
                + parameterTypes[i].getTypeName()
                + "; supported: "
                + ValueMapping.SUPPORTED);
      }
    }
    boolean async = method.getReturnType() == CompletableFuture.class;
    Class<?> resultType = async ? futureResultType(method, where) : method.getReturnType();
    ValueMapping result = null;
    if (resultType != void.class && resultType != Void.class) {
      result = ValueMapping.of(resultType);
      if (result == null) {
        throw new IllegalArgumentException(
            where
                + ": unsupported return type "
                + method.getGenericReturnType().getTypeName()
                + "; supported: "
                + ValueMapping.SUPPORTED
                + ", void, or CompletableFuture of those");
      }
    }
    return new ClientMethod(service, remote, parameters, result, async);
  }

  private static Class<?> futureResultType(Method method, String where) {
    Type generic = method.getGenericReturnType();
    if (generic instanceof ParameterizedType parameterized
        && parameterized.getActualTypeArguments()[0] instanceof Class<?> resultClass) {
      return resultClass;
    }
    throw new IllegalArgumentException(
        where
            + ": CompletableFuture must name a concrete result type, e.g. CompletableFuture<String>");
  }

  private static String nonEmpty(String value, String where, String attribute) {
    if (value.isBlank()) {
      throw new IllegalArgumentException(where + ": " + attribute + " name is empty");
    }
    return value;
  }

  private static int port(String text, String where) {
    try {
      int port = Integer.parseInt(text.trim());
      if (port >= 1 && port <= 65535) {
        return port;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new IllegalArgumentException(where + ": port '" + text + "' is not a number in 1..65535");
  }
}
