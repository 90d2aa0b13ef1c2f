package io.rpcxbench.spi;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The versions of the libraries a protocol's module was built with, as its build resolved them:
 * {@code META-INF/rpcx-bench/dependencies/MODULE.txt}, which every module's jar carries (the parent
 * pom's {@code maven-dependency-plugin:list}). The server's libraries are listed too (Tomcat, a
 * broker), though the harness does not carry their classes. No version is kept by hand.
 *
 * <pre>{@code
 * public String stack() {   // ProtocolProvider
 *   return StackVersions.of("server-grpc").describe("grpc-api", "grpc-netty-shaded", "protobuf-java");
 * }   // "grpc-api 1.83.1, grpc-netty-shaded 1.83.1, protobuf-java 4.36.2"
 * }</pre>
 */
public final class StackVersions {
  /** What a library reads as when the module's list does not name it. */
  public static final String UNKNOWN = "unknown";

  private final Map<String, String> versions;

  private StackVersions(Map<String, String> versions) {
    this.versions = versions;
  }

  /** The libraries of a module (its artifactId), empty when its jar carries no list. */
  public static StackVersions of(String module) {
    String path = "META-INF/rpcx-bench/dependencies/" + module + ".txt";
    ClassLoader loader = StackVersions.class.getClassLoader();
    try (InputStream in = loader.getResourceAsStream(path)) {
      if (in == null) {
        return new StackVersions(Map.of());
      }
      try (BufferedReader reader =
          new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
        return parse(reader.lines());
      }
    } catch (IOException e) {
      return new StackVersions(Map.of());
    }
  }

  /**
   * Lines of {@code dependency:list}: {@code " io.grpc:grpc-api:jar:1.83.1:compile -- module
   * io.grpc"}, with a classifier before the version for some; anything else is skipped.
   */
  static StackVersions parse(Stream<String> lines) {
    Map<String, String> versions = new LinkedHashMap<>();
    lines.forEach(
        line -> {
          String[] coordinates = line.trim().split("\\s+", 2)[0].split(":");
          if (coordinates.length >= 5) {
            versions.put(coordinates[1], coordinates[coordinates.length - 2]);
          }
        });
    return new StackVersions(versions);
  }

  /** A library's version by its artifactId, or {@link #UNKNOWN}. */
  public String version(String artifactId) {
    return versions.getOrDefault(artifactId, UNKNOWN);
  }

  /** {@code "artifact version, ..."} for the libraries named, in that order. */
  public String describe(String... artifactIds) {
    return Stream.of(artifactIds).map(a -> a + " " + version(a)).collect(Collectors.joining(", "));
  }
}
