package io.rpcxbench.testsupport;

import io.rpcxbench.spi.ProtocolProvider;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** The attacked server's JVM: its flags ({@code -Dattack.jvm}), its heap, its jar. */
final class AttackJvm {
  private AttackJvm() {}

  /**
   * {@code -Dattack.jvm}, else a small heap and direct memory (every attack suite's; issue 48 found
   * gRPC's and typed-json's direct memory running out at 64 MiB).
   */
  static final List<String> FLAGS =
      List.of(
          System.getProperty("attack.jvm", "-Xmx128m -XX:MaxDirectMemorySize=64m")
              .trim()
              .split("\\s+"));

  /**
   * The catalog's jar: from a module two folders below the root ({@code protocols/<x>}, as {@link
   * ServerJarContract#catalogJar}), else from the first folder up that has it ({@code
   * server-grpc}).
   */
  static Path catalogJar(ProtocolProvider provider) {
    Path jar = ServerJarContract.catalogJar(provider);
    for (Path d = Path.of("").toAbsolutePath();
        d != null && !Files.exists(jar);
        d = d.getParent()) {
      jar = d.resolve(provider.server().jar());
    }
    return jar;
  }

  static int heapMib(List<String> flags) {
    int mib = 128;
    for (String flag : flags) {
      if (flag.startsWith("-Xmx")) {
        String size = flag.substring(4).toLowerCase(java.util.Locale.ROOT);
        long n = Long.parseLong(size.replaceAll("[kmg]$", ""));
        mib =
            (int)
                (size.endsWith("g")
                    ? n * 1024
                    : size.endsWith("m") ? n : size.endsWith("k") ? n / 1024 : n >> 20);
      }
    }
    return mib;
  }
}
