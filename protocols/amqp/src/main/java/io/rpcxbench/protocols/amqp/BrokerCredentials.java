package io.rpcxbench.protocols.amqp;

import com.rabbitmq.client.ConnectionFactory;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The one user a broker of ours accepts: there is no guest. Like Erlang's cookie, it lives in an
 * owner-only file, {@code amqp.credentials} in the secrets folder, made with a random password by
 * the first broker started with that folder and used by every later one; a client reads it from
 * there (through a proxy too: the file does not depend on the port). On another host (two cloud
 * hosts) the file is copied there ({@code deploy/deploy.sh} does); deleting it makes a new one at
 * the next start, and a runner that wants one per run points {@value #FOLDER_ENV} at the run's
 * folder. Secrets folder: the system property {@value #FOLDER_PROPERTY}, else the environment's
 * {@value #FOLDER_ENV}, else {@code ~/.rpcx-bench/secrets}.
 *
 * <pre>{@code
 * BrokerCredentials mine = BrokerCredentials.ofThisHost();   // made on first use, mode 600
 * BrokerCredentials.read().orElseThrow();                   // equal to mine
 * }</pre>
 */
record BrokerCredentials(String user, String password) {
  static final String FOLDER_PROPERTY = "rpcxbench.secrets";
  static final String FOLDER_ENV = "RPCX_BENCH_SECRETS";

  private static final String USER = "rpcx-bench";
  private static final int PASSWORD_BYTES = 24;
  private static final int MAX_FILE_BYTES = 1024;
  private static final Pattern WORD = Pattern.compile("[A-Za-z0-9_.-]{1,128}");
  private static final SecureRandom RANDOM = new SecureRandom();

  /** RabbitMQ's and Qpid's own default user, for a broker someone else runs. */
  static final BrokerCredentials GUEST = new BrokerCredentials("guest", "guest");

  BrokerCredentials {
    if (!WORD.matcher(user).matches() || !WORD.matcher(password).matches()) {
      throw new IllegalArgumentException(
          "broker credentials: user and password are 1-128 of [A-Za-z0-9_.-]");
    }
  }

  /** A fresh user with a random password (192 bits). */
  static BrokerCredentials generate() {
    byte[] secret = new byte[PASSWORD_BYTES];
    RANDOM.nextBytes(secret);
    return new BrokerCredentials(
        USER, Base64.getUrlEncoder().withoutPadding().encodeToString(secret));
  }

  static Path folder() {
    String property = System.getProperty(FOLDER_PROPERTY);
    if (property != null && !property.isBlank()) {
      return Path.of(property);
    }
    String env = System.getenv(FOLDER_ENV);
    if (env != null && !env.isBlank()) {
      return Path.of(env);
    }
    return Path.of(System.getProperty("user.home"), ".rpcx-bench", "secrets");
  }

  /** The file in the secrets folder. */
  static Path file() {
    return folder().resolve("amqp.credentials");
  }

  /**
   * The credentials in {@link #file()}, made first if there are none; of two brokers starting at
   * once, the second uses the first's.
   */
  static BrokerCredentials ofThisHost() throws IOException {
    Optional<BrokerCredentials> existing = read();
    if (existing.isPresent()) {
      return existing.get();
    }
    BrokerCredentials made = generate();
    return made.writeNew(file()) ? made : read(file());
  }

  /** The credentials in {@link #file()}; empty when there is none. */
  static Optional<BrokerCredentials> read() throws IOException {
    try {
      return Optional.of(read(file()));
    } catch (NoSuchFileException e) {
      return Optional.empty();
    }
  }

  /**
   * One line {@code user:password}, at most {@value #MAX_FILE_BYTES} bytes.
   *
   * @throws IOException unreadable, or not such a line (the message names the file)
   */
  static BrokerCredentials read(Path file) throws IOException {
    byte[] bytes;
    try (InputStream in = Files.newInputStream(file)) {
      bytes = in.readNBytes(MAX_FILE_BYTES + 1);
    }
    String line = new String(bytes, StandardCharsets.UTF_8).strip();
    int colon = line.indexOf(':');
    if (bytes.length > MAX_FILE_BYTES || colon < 0) {
      throw new IOException(file + ": not one line user:password");
    }
    try {
      return new BrokerCredentials(line.substring(0, colon), line.substring(colon + 1));
    } catch (IllegalArgumentException e) {
      throw new IOException(file + ": " + e.getMessage(), e);
    }
  }

  /**
   * Writes the file whole (never half-written), readable by its owner only, in an owner-only
   * folder, unless it exists.
   *
   * @return false when the file was there already (left as it was)
   */
  boolean writeNew(Path file) throws IOException {
    Path dir = file.toAbsolutePath().getParent();
    try {
      Files.createDirectories(
          dir, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
    } catch (FileAlreadyExistsException e) {
      throw new IOException(dir + " is not a folder", e);
    }
    Path temp =
        Files.createTempFile(
            dir,
            file.getFileName() + ".",
            ".tmp",
            PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
    try {
      Files.writeString(temp, user + ":" + password + "\n", StandardCharsets.UTF_8);
      Files.createLink(file, temp); // fails when the file exists: never replaces another's
      return true;
    } catch (FileAlreadyExistsException e) {
      return false;
    } finally {
      Files.deleteIfExists(temp);
    }
  }

  void applyTo(ConnectionFactory factory) {
    factory.setUsername(user);
    factory.setPassword(password);
  }

  /** Never the password: these go into logs. */
  @Override
  public String toString() {
    return "user " + user;
  }
}
