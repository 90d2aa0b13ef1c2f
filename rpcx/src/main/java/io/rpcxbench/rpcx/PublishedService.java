package io.rpcxbench.rpcx;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;

/**
 * A service object parsed once at publication: its published name and a {@link ServerMethod} for
 * every method annotated with {@link RpcxMethod} (on the class, a superclass or an interface).
 * Nothing else of the object is reachable from the network.
 */
final class PublishedService {
  final String name;
  final Map<String, ServerMethod> methods;
  final String className;

  private PublishedService(String name, Map<String, ServerMethod> methods, String className) {
    this.name = name;
    this.methods = Map.copyOf(methods);
    this.className = className;
  }

  static PublishedService parse(
      String explicitName, Object service, Function<String, String> lookup) {
    Class<?> type = service.getClass();
    String where = type.getSimpleName();
    String name = serviceName(explicitName, type, lookup, where);
    Map<String, ServerMethod> methods = new LinkedHashMap<>();
    Map<String, String> publishedBy = new HashMap<>();
    for (Method method : type.getMethods()) {
      if (Modifier.isStatic(method.getModifiers())) {
        continue;
      }
      RpcxMethod annotation = findAnnotation(method);
      if (annotation == null) {
        continue;
      }
      String methodWhere = where + "." + method.getName();
      String remote = Placeholders.resolve(annotation.value(), lookup, methodWhere);
      if (remote.isBlank()) {
        throw new IllegalArgumentException(methodWhere + ": method name is empty");
      }
      String previous = publishedBy.putIfAbsent(remote, methodWhere);
      if (previous != null) {
        throw new IllegalArgumentException(
            methodWhere + ": method name '" + remote + "' is already published by " + previous);
      }
      methods.put(remote, prepare(name + "." + remote, method, service, methodWhere));
    }
    if (methods.isEmpty()) {
      throw new IllegalArgumentException(
          where + ": no public method is annotated with @RpcxMethod");
    }
    return new PublishedService(name, methods, type.getName());
  }

  private static String serviceName(
      String explicitName, Class<?> type, Function<String, String> lookup, String where) {
    String name = explicitName;
    if (name == null) {
      RpcxService annotation = type.getAnnotation(RpcxService.class);
      if (annotation == null) {
        throw new IllegalArgumentException(
            where
                + ": missing @RpcxService annotation (or publish it with publish(name, service))");
      }
      name = Placeholders.resolve(annotation.value(), lookup, where);
    }
    if (name.isBlank()) {
      throw new IllegalArgumentException(where + ": service name is empty");
    }
    return name;
  }

  private static ServerMethod prepare(
      String fullName, Method method, Object service, String where) {
    Class<?>[] types = method.getParameterTypes();
    ValueMapping[] parameters = new ValueMapping[types.length];
    boolean[] primitive = new boolean[types.length];
    for (int i = 0; i < types.length; i++) {
      parameters[i] = ValueMapping.of(types[i]);
      primitive[i] = types[i].isPrimitive();
      if (parameters[i] == null) {
        throw new IllegalArgumentException(
            where
                + ": parameter "
                + (i + 1)
                + " has unsupported type "
                + types[i].getTypeName()
                + "; supported: "
                + ValueMapping.SUPPORTED);
      }
    }
    Class<?> returnType = method.getReturnType();
    ValueMapping result = null;
    if (returnType != void.class && returnType != Void.class) {
      result = ValueMapping.of(returnType);
      if (result == null) {
        throw new IllegalArgumentException(
            where
                + ": unsupported return type "
                + method.getGenericReturnType().getTypeName()
                + "; supported: "
                + ValueMapping.SUPPORTED
                + ", void");
      }
    }
    boolean nonBlocking =
        method.isAnnotationPresent(NonBlocking.class)
            || service.getClass().isAnnotationPresent(NonBlocking.class);
    return new ServerMethod(
        fullName, parameters, primitive, result, invoker(method, service, where), nonBlocking);
  }

  private static MethodHandle invoker(Method method, Object service, String where) {
    try {
      method.setAccessible(true);
      return MethodHandles.lookup()
          .unreflect(method)
          .bindTo(service)
          .asSpreader(Object[].class, method.getParameterCount())
          .asType(MethodType.methodType(Object.class, Object[].class));
    } catch (IllegalAccessException | RuntimeException e) {
      throw new IllegalArgumentException(where + ": cannot be made callable: " + e.getMessage(), e);
    }
  }

  /** The method's {@link RpcxMethod}, or the one on the method it overrides or implements. */
  private static RpcxMethod findAnnotation(Method method) {
    Deque<Class<?>> types = new ArrayDeque<>();
    types.add(method.getDeclaringClass());
    for (Class<?> type = method.getDeclaringClass(); type != null; type = type.getSuperclass()) {
      types.add(type);
      for (Class<?> implemented : type.getInterfaces()) {
        types.add(implemented);
        types.addAll(java.util.List.of(implemented.getInterfaces()));
      }
    }
    for (Class<?> type : types) {
      try {
        RpcxMethod annotation =
            type.getDeclaredMethod(method.getName(), method.getParameterTypes())
                .getAnnotation(RpcxMethod.class);
        if (annotation != null) {
          return annotation;
        }
      } catch (NoSuchMethodException e) {
        // not declared here
      }
    }
    return null;
  }
}
