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

  private Database(Connection connection, Dialect dialect) {
    this.connection = connection;
    this.dialect = dialect;
  }

  public static Database open(String jdbcUrl) throws SQLException, IOException {
    Dialect dialect = Dialect.ofUrl(jdbcUrl);
    if (dialect == Dialect.SQLITE) {
      createParentOfSqliteFile(jdbcUrl);
    }
    Connection c = DriverManager.getConnection(jdbcUrl);
    Database db = new Database(c, dialect);
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

  private static void createParentOfSqliteFile(String url) throws IOException {
    String file = url.substring("jdbc:sqlite:".length());
    int query = file.indexOf('?');
    if (query >= 0) {
      file = file.substring(0, query);
    }
    if (file.isEmpty() || file.equals(":memory:") || file.startsWith("file:")) {
      return;
    }
    Path parent = Path.of(file).toAbsolutePath().getParent();
    if (parent != null) {
      Files.createDirectories(parent);
    }
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
