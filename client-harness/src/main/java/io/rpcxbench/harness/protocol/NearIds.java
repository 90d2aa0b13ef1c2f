package io.rpcxbench.harness.protocol;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * The catalog ids (or command and option names) a mistyped one was probably meant to be: within an
 * edit distance of a third of its length (a swap of two letters counts one), or the id it is a part
 * of ({@code tuned} -> {@code grpc-tuned}), closest first, at most three.
 *
 * <pre>{@code
 * NearIds.of("grcp", List.of("rpcx", "grpc", "openfeign"));   // [grpc]
 * }</pre>
 */
public final class NearIds {
  private static final int MAX = 3;

  private NearIds() {}

  public static List<String> of(String typed, List<String> ids) {
    String wanted = typed.trim().toLowerCase(Locale.ROOT);
    if (wanted.isEmpty()) {
      return List.of();
    }
    int limit = Math.max(1, wanted.length() / 3);
    record Near(String id, int distance) {}
    List<Near> near = new ArrayList<>();
    for (String id : ids) {
      int d = distance(wanted, id);
      if (d <= limit) {
        near.add(new Near(id, d));
      } else if (wanted.length() >= 3 && id.contains(wanted)) {
        near.add(new Near(id, limit + 1));
      }
    }
    near.sort(Comparator.comparingInt(Near::distance));
    return near.stream().limit(MAX).map(Near::id).toList();
  }

  /** Optimal string alignment distance: insertions, deletions, substitutions, adjacent swaps. */
  static int distance(String a, String b) {
    int[][] d = new int[a.length() + 1][b.length() + 1];
    for (int i = 0; i <= a.length(); i++) {
      d[i][0] = i;
    }
    for (int j = 0; j <= b.length(); j++) {
      d[0][j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      for (int j = 1; j <= b.length(); j++) {
        int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
        d[i][j] = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
        if (i > 1
            && j > 1
            && a.charAt(i - 1) == b.charAt(j - 2)
            && a.charAt(i - 2) == b.charAt(j - 1)) {
          d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
        }
      }
    }
    return d[a.length()][b.length()];
  }
}
