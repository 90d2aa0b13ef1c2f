package io.rpcxbench.report.db;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * A connection to the results database with the schema in place.
 *
 * <pre>{@code
 * try (Database db = Database.open("jdbc:sqlite:results/results.db")) {
 *     new Ingester(db, System.err).ingest(List.of(Path.of("results/raw")));
 * }
 * }</pre>
 */
public final class Database implements AutoCloseable {
  public final Connection connection;
  final Dialect dialect;

  /**
   * What raw files are keyed relative to ({@link #sourceOf}): a SQLite database's folder, else the
   * working directory; so a results folder copied or moved with its database reports the same.
   */
  public final Path base;

  private Database(Connection connection, Dialect dialect, Path base) {
    this.connection = connection;
    this.dialect = dialect;
    this.base = base;
  }

  /**
   * A raw file's key in the tables: its path relative to {@link #base}, with {@code /} between
   * names (absolute only where no relative path leads there).
   */
  public String sourceOf(Path file) {
    Path absolute = file.toAbsolutePath().normalize();
    try {
      return base.relativize(absolute).toString().replace(java.io.File.separatorChar, '/');
    } catch (IllegalArgumentException otherRoot) {
      return absolute.toString();
    }
  }

  public static Database open(String jdbcUrl) throws SQLException, IOException {
    Dialect dialect = Dialect.ofUrl(jdbcUrl);
    Path base = Path.of("").toAbsolutePath();
    if (dialect == Dialect.SQLITE) {
      Path file = sqliteFile(jdbcUrl);
      if (file != null && file.getParent() != null) {
        Files.createDirectories(file.getParent());
        base = file.getParent();
      }
    }
    Connection c = DriverManager.getConnection(jdbcUrl);
    Database db = new Database(c, dialect, base.normalize());
    try (Statement s = c.createStatement()) {
      for (String ddl : Schema.ddl(dialect)) {
        s.execute(ddl);
      }
      if (SchemaUpgrade.run(c, dialect)) {
        for (String ddl : Schema.ddl(dialect)) {
          s.execute(ddl);
        }
      }
    } catch (SQLException e) {
      c.close();
      throw e;
    }
    return db;
  }

  /** The absolute path of a SQLite database's file, or null for one in memory or a file: URI. */
  private static Path sqliteFile(String url) {
    String file = url.substring("jdbc:sqlite:".length());
    int query = file.indexOf('?');
    if (query >= 0) {
      file = file.substring(0, query);
    }
    if (file.isEmpty() || file.equals(":memory:") || file.startsWith("file:")) {
      return null;
    }
    return Path.of(file).toAbsolutePath();
  }

  /** Runs {@code work} in one transaction: all of it lands, or none. */
  public void inTransaction(SqlWork work) throws SQLException {
    boolean auto = connection.getAutoCommit();
    connection.setAutoCommit(false);
    try {
      work.run(connection);
      connection.commit();
    } catch (SQLException | RuntimeException e) {
      connection.rollback();
      throw e;
    } finally {
      connection.setAutoCommit(auto);
    }
  }

  @FunctionalInterface
  public interface SqlWork {
    void run(Connection c) throws SQLException;
  }

  @Override
  public void close() throws SQLException {
    connection.close();
  }
}
