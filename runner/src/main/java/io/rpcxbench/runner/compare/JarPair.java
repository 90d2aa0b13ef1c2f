package io.rpcxbench.runner.compare;

import io.rpcxbench.harness.HarnessPoints.CatalogEntry;
import io.rpcxbench.harness.protocol.ProtocolCatalog;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.jar.JarFile;
import java.util.jar.Manifest;

/**
 * Two builds of one protocol's server under test ({@code compare --base-jar OLD.jar --new-jar
 * NEW.jar}): the protocol both jars serve, each jar checked before any work starts (it exists, is a
 * jar that {@code java -jar} can start, and the two are two files), and the sides' names, which are
 * the plan's candidates and the result folders {@code report diff BASE NEW} reads.
 *
 * <pre>{@code
 * JarPair jars = JarPair.of(Path.of("old/server-rpcx.jar"), Path.of("server-rpcx/target/server-rpcx.jar"),
 *     "rpcx", HarnessPoints.catalog());
 * jars.jar("base");            // old/server-rpcx.jar, absolute
 * jars.server("new", copy);    // rpcx's catalog entry with the copy as its server jar
 * }</pre>
 *
 * @param protocol the catalog id of the protocol both jars serve (its client, port and arguments)
 * @param base the build compared against, absolute
 * @param next the build compared, absolute
 * @param baseSha256 the base jar's sha256 (hex), recorded in every trial's file
 * @param nextSha256 the new jar's
 * @param baseArgs the base server's arguments besides the catalog's ({@code --base-server-args})
 * @param nextArgs the new server's ({@code --new-server-args}): a flag compared, or with one jar
 *     twice and {@code --work} a difference known in advance
 */
record JarPair(
    String protocol,
    Path base,
    Path next,
    String baseSha256,
    String nextSha256,
    List<String> baseArgs,
    List<String> nextArgs) {
  JarPair {
    baseArgs = List.copyOf(baseArgs);
    nextArgs = List.copyOf(nextArgs);
  }

  /** Two builds, each server with the catalog's arguments only. */
  JarPair(String protocol, Path base, Path next, String baseSha256, String nextSha256) {
    this(protocol, base, next, baseSha256, nextSha256, List.of(), List.of());
  }

  /** The sides, in the plan's candidate order before any round's shuffle. */
  static final String BASE = "base";

  static final String NEW = "new";

  static final List<String> SIDES = List.of(BASE, NEW);

  /**
   * The pair of the options as given; {@code protocol} null: the one protocol of the catalog whose
   * server jar has the base jar's file name.
   *
   * @throws IllegalArgumentException one line naming the option and what is wrong
   */
  static JarPair of(Path base, Path next, String protocol, List<CatalogEntry> catalog)
      throws IOException {
    return of(base, next, protocol, catalog, List.of(), List.of());
  }

  /**
   * As {@link #of(Path, Path, String, List)}, each side's server given {@code baseArgs} or {@code
   * nextArgs} besides the catalog's arguments; one jar on both sides is then allowed when the two
   * differ (a server flag compared).
   */
  static JarPair of(
      Path base,
      Path next,
      String protocol,
      List<CatalogEntry> catalog,
      List<String> baseArgs,
      List<String> nextArgs)
      throws IOException {
    if (base == null || next == null) {
      throw new IllegalArgumentException(
          (base == null ? "--new-jar needs --base-jar" : "--base-jar needs --new-jar")
              + ": the two builds to compare, e.g. --base-jar old/server-rpcx.jar --new-jar"
              + " server-rpcx/target/server-rpcx.jar");
    }
    Path b = checked("--base-jar", base);
    Path n = checked("--new-jar", next);
    if (Files.isSameFile(b, n) && baseArgs.equals(nextArgs)) {
      throw new IllegalArgumentException(
          "--base-jar and --new-jar are the same file ("
              + b
              + "): give two builds (a copy of one jar is an A/A), or one jar with other"
              + " --new-server-args");
    }
    return new JarPair(
        protocol(protocol, b, catalog), b, n, sha256(b), sha256(n), baseArgs, nextArgs);
  }

  private static Path checked(String option, Path jar) {
    Path abs = jar.toAbsolutePath().normalize();
    if (!Files.exists(abs)) {
      throw new IllegalArgumentException(option + ": no file " + jar);
    }
    if (!Files.isRegularFile(abs)) {
      throw new IllegalArgumentException(option + ": " + jar + " is not a file");
    }
    try (JarFile j = new JarFile(abs.toFile())) {
      Manifest m = j.getManifest();
      if (m == null || m.getMainAttributes().getValue("Main-Class") == null) {
        throw new IllegalArgumentException(
            option + ": " + jar + " has no Main-Class in its manifest: java -jar cannot start it");
      }
    } catch (IOException e) {
      throw new IllegalArgumentException(
          option + ": " + jar + " is not a jar (" + e.getMessage() + ")");
    }
    return abs;
  }

  private static String protocol(String given, Path base, List<CatalogEntry> catalog) {
    List<String> known = catalog.stream().map(CatalogEntry::id).toList();
    if (given != null) {
      List<String> ids = List.of(given.trim().split("[,\\s]+"));
      if (ids.size() != 1) {
        throw new IllegalArgumentException(
            "--protocol: with --base-jar and --new-jar one protocol, the one both jars serve; got '"
                + given
                + "'");
      }
      if (!known.contains(ids.get(0))) {
        throw new IllegalArgumentException(
            "--protocol: " + ProtocolCatalog.unknown(ids.get(0), known));
      }
      return ids.get(0);
    }
    String name = base.getFileName().toString();
    List<String> serving =
        catalog.stream()
            .filter(e -> !e.serverJar().isEmpty())
            .filter(e -> Path.of(e.serverJar()).getFileName().toString().equals(name))
            .map(CatalogEntry::id)
            .toList();
    if (serving.size() != 1) {
      throw new IllegalArgumentException(
          "--base-jar "
              + name
              + ": give --protocol ID, the protocol both jars serve"
              + (serving.isEmpty() ? "" : " (" + String.join(" or ", serving) + ")"));
    }
    return serving.get(0);
  }

  /** The jar of {@code side}. */
  Path jar(String side) {
    return switch (side) {
      case BASE -> base;
      case NEW -> next;
      default -> throw new IllegalArgumentException("no side " + side);
    };
  }

  /** The sha256 of {@code side}'s jar. */
  String sha256(String side) {
    return side.equals(BASE) ? baseSha256 : nextSha256;
  }

  /** The server arguments of {@code side} besides the catalog's. */
  List<String> args(String side) {
    return side.equals(BASE) ? baseArgs : nextArgs;
  }

  /**
   * Whether the two jars hold the same bytes and their servers get the same arguments: the
   * comparison is an A/A.
   */
  boolean identical() {
    return baseSha256.equals(nextSha256) && baseArgs.equals(nextArgs);
  }

  /**
   * {@code protocol}'s catalog entry for {@code side}: {@code jar} (absolute) as its server jar,
   * the side's arguments after the catalog's.
   */
  CatalogEntry server(String side, CatalogEntry protocolEntry, Path jar) {
    CatalogEntry e = protocolEntry;
    List<String> serverArgs = new java.util.ArrayList<>(e.serverArgs());
    serverArgs.addAll(args(side));
    return new CatalogEntry(
        e.id(),
        e.label(),
        e.type(),
        e.defaultPort(),
        jar.toAbsolutePath().toString(),
        serverArgs,
        e.external(),
        e.gatewayJar());
  }

  /** Copies {@code side}'s jar to {@code dir/side/NAME}, so a rebuild meanwhile changes nothing. */
  Path copy(String side, Path dir) throws IOException {
    Path to = dir.resolve(side).resolve(jar(side).getFileName());
    Files.createDirectories(to.getParent());
    Files.copy(jar(side), to, StandardCopyOption.REPLACE_EXISTING);
    return to;
  }

  /** The sha256 of {@code file}, in hex. */
  static String sha256(Path file) throws IOException {
    try (InputStream in = Files.newInputStream(file)) {
      MessageDigest md = MessageDigest.getInstance("SHA-256");
      byte[] buf = new byte[1 << 16];
      for (int n; (n = in.read(buf)) > 0; ) {
        md.update(buf, 0, n);
      }
      return HexFormat.of().formatHex(md.digest());
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }
}
