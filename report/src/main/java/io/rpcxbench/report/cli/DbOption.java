package io.rpcxbench.report.cli;

import io.rpcxbench.report.db.Database;
import java.io.IOException;
import java.sql.SQLException;
import picocli.CommandLine.Option;

/** The shared {@code --db} option. */
final class DbOption {
  static final String DEFAULT_URL = "jdbc:sqlite:results/results.db";

  @Option(
      names = "--db",
      paramLabel = "JDBC-URL",
      defaultValue = DEFAULT_URL,
      description =
          "Database (default: ${DEFAULT-VALUE}). PostgreSQL: jdbc:postgresql://HOST:PORT/DB?user=U"
              + "&password=P, MySQL: jdbc:mysql://HOST:PORT/DB?user=U&password=P.")
  String url;

  Database open() throws SQLException, IOException {
    return Database.open(url);
  }
}
