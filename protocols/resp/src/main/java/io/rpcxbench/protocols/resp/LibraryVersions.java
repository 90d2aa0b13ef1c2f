package io.rpcxbench.protocols.resp;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/**
 * A library's version from its {@code META-INF/maven/GROUP/ARTIFACT/pom.properties}, which fat jars
 * keep (they drop the libraries' manifests, where Lettuce looks for its own version).
 */
final class LibraryVersions {
  private LibraryVersions() {}

  /** The version, or {@code "?"} when the jar carries no pom.properties. */
  static String of(String group, String artifact) {
    String path = "/META-INF/maven/" + group + "/" + artifact + "/pom.properties";
    try (InputStream in = LibraryVersions.class.getResourceAsStream(path)) {
      if (in == null) {
        return "?";
      }
      Properties properties = new Properties();
      properties.load(in);
      return properties.getProperty("version", "?");
    } catch (IOException e) {
      return "?";
    }
  }
}
