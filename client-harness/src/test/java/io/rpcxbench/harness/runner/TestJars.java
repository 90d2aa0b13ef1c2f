package io.rpcxbench.harness.runner;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.jar.Attributes;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;

/** A jar whose manifest runs a test class from this JVM's class path (a server jar in tests). */
final class TestJars {
  private TestJars() {}

  static Path serverJar(Path dir, String name, Class<?> main) throws IOException {
    Manifest m = new Manifest();
    m.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
    m.getMainAttributes().put(Attributes.Name.MAIN_CLASS, main.getName());
    StringBuilder cp = new StringBuilder();
    for (String entry : System.getProperty("java.class.path").split(java.io.File.pathSeparator)) {
      Path p = Path.of(entry).toAbsolutePath();
      cp.append(p.toUri()).append(' ');
    }
    m.getMainAttributes().put(Attributes.Name.CLASS_PATH, cp.toString().trim());
    Path jar = dir.resolve(name);
    Files.createDirectories(jar.getParent());
    try (OutputStream out = Files.newOutputStream(jar);
        JarOutputStream j = new JarOutputStream(out, m)) {
      j.flush();
    }
    return jar;
  }
}
