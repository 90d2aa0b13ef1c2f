package io.rpcxbench.report.archive;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/** SHA-256 as the manifests write it: lower-case hex. */
final class Sha256 {
  private Sha256() {}

  static MessageDigest digest() {
    try {
      return MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JDK has SHA-256", e);
    }
  }

  static String hex(MessageDigest done) {
    return HexFormat.of().formatHex(done.digest());
  }

  static String of(Path file) throws IOException {
    MessageDigest md = digest();
    byte[] buffer = new byte[1 << 16];
    try (InputStream in = Files.newInputStream(file)) {
      for (int n; (n = in.read(buffer)) > 0; ) {
        md.update(buffer, 0, n);
      }
    }
    return hex(md);
  }
}
