package io.rpcxbench.report.export;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * JSON objects as one CSV table: each leaf is a column named by its path ({@code
 * latency_us.p99.low}), columns in the order first met over all rows, a missing or null leaf an
 * empty field (RFC 4180 quoting). The export's CSV is its JSON flattened, so the two never differ.
 *
 * <pre>{@code
 * String csv = FlatCsv.of(List.of(pointA, pointB));
 * }</pre>
 */
public final class FlatCsv {
  private FlatCsv() {}

  public static String of(List<JsonNode> rows) {
    List<Map<String, String>> flat = new ArrayList<>();
    Set<String> columns = new LinkedHashSet<>();
    for (JsonNode row : rows) {
      Map<String, String> cells = new LinkedHashMap<>();
      flatten("", row, cells);
      columns.addAll(cells.keySet());
      flat.add(cells);
    }
    StringBuilder sb = new StringBuilder();
    line(sb, new ArrayList<>(columns));
    for (Map<String, String> cells : flat) {
      line(sb, columns.stream().map(c -> cells.getOrDefault(c, "")).toList());
    }
    return sb.toString();
  }

  private static void flatten(String prefix, JsonNode node, Map<String, String> cells) {
    if (node.isObject()) {
      node.fields()
          .forEachRemaining(
              f ->
                  flatten(
                      prefix.isEmpty() ? f.getKey() : prefix + "." + f.getKey(),
                      f.getValue(),
                      cells));
    } else if (node.isNull()) {
      cells.put(prefix, "");
    } else {
      cells.put(prefix, node.asText());
    }
  }

  private static void line(StringBuilder sb, List<String> fields) {
    for (int i = 0; i < fields.size(); i++) {
      if (i > 0) {
        sb.append(',');
      }
      sb.append(quoted(fields.get(i)));
    }
    sb.append('\n');
  }

  static String quoted(String field) {
    if (field.indexOf(',') < 0
        && field.indexOf('"') < 0
        && field.indexOf('\n') < 0
        && field.indexOf('\r') < 0) {
      return field;
    }
    return '"' + field.replace("\"", "\"\"") + '"';
  }
}
