package io.rpcxbench.period.client;

import java.net.URL;
import java.security.CodeSource;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The library versions actually on the class path: the jar each key class was loaded from, by its
 * file name (Spring Boot's fat jar keeps every library's jar and name, e.g. {@code
 * BOOT-INF/lib/grpc-api-1.45.1.jar}).
 */
final class ClassPathVersions {
  private static final String[] KEY_CLASSES = {
    "io.grpc.ManagedChannel",
    "io.grpc.stub.ClientCalls",
    "io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder",
    "com.google.protobuf.Message",
    "org.springframework.cloud.openfeign.FeignClient",
    "feign.Feign",
    "org.springframework.boot.SpringApplication",
    "org.springframework.core.SpringVersion",
    "org.springframework.web.bind.annotation.RequestBody",
    "com.fasterxml.jackson.databind.ObjectMapper",
    "org.HdrHistogram.Histogram",
  };
  private static final Pattern JAR = Pattern.compile("([^/!]+)\\.jar");

  private ClassPathVersions() {}

  /** {@code grpc-api-1.45.1, grpc-stub-1.45.1, ...}: the jars of the key classes, in order. */
  static String describe() {
    List<String> jars = new ArrayList<>();
    for (String name : KEY_CLASSES) {
      String jar = jarOf(name);
      if (!jars.contains(jar)) {
        jars.add(jar);
      }
    }
    return String.join(", ", jars);
  }

  private static String jarOf(String className) {
    try {
      Class<?> type = Class.forName(className, false, ClassPathVersions.class.getClassLoader());
      CodeSource source = type.getProtectionDomain().getCodeSource();
      URL location = source == null ? null : source.getLocation();
      if (location == null) {
        return className + " (no code source)";
      }
      String last = null;
      Matcher m = JAR.matcher(location.toString());
      while (m.find()) {
        last = m.group(1);
      }
      return last == null ? location.toString() : last;
    } catch (ClassNotFoundException | LinkageError e) {
      return className + " (absent)";
    }
  }
}
