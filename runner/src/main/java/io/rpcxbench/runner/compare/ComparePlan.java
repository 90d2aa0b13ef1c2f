package io.rpcxbench.runner.compare;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the side-by-side comparison runs, in order: for each point (the closed-loop counts, then the
 * in-flight counts) {@code rounds} rounds, each running every variant once in a random order of its
 * own, drawn from a fixed seed per round (Abedi and Brecht's randomized interleaving: drift of the
 * machine hits all alike, and no variant always follows the same one; a resume sees the same
 * order); each variant at the point's R calls per thread (per slot) divided by its divisor, rounded
 * up (slower variants make fewer calls, so every run lasts seconds).
 *
 * <pre>{@code
 * ComparePlan p = ComparePlan.of("1,64", "64", "1:20000,64:3000", Map.of("grpc", 4),
 *     List.of("rpcx", "grpc"), 3);
 * p.order(2);                          // [grpc, rpcx], the same every time
 * p.requests("grpc", p.points().get(1)); // 750
 * }</pre>
 */
public record ComparePlan(
    List<ComparePoint> points,
    String requestsSpec,
    Map<String, Integer> divisors,
    List<String> variants,
    int rounds) {
  private static final Pattern COUNT = Pattern.compile("[1-9][0-9]{0,8}");
  private static final Pattern REQUEST_ITEM =
      Pattern.compile("([1-9][0-9]{0,8}):([1-9][0-9]{0,8})");
  private static final Pattern DIVISOR_ITEM =
      Pattern.compile("([a-z][a-z0-9-]*):([1-9][0-9]{0,8})");

  /** One harness JVM of the plan: a variant at a point in a round. */
  record Unit(ComparePoint point, int round, String variant) {
    /** {@code POINT-roundK-VARIANT}: the name of its log and of its release file. */
    String name() {
      return point.name() + "-round" + round + "-" + variant;
    }
  }

  public ComparePlan {
    points = List.copyOf(points);
    divisors = Map.copyOf(divisors);
    variants = List.copyOf(variants);
  }

  /**
   * The plan of the options as given: {@code threads} and {@code inFlight} lists like {@code 1,64}
   * or {@code none}, {@code requests} {@code R} or {@code N:R,...} (an R for every count).
   *
   * @throws IllegalArgumentException naming the option that is wrong
   */
  static ComparePlan of(
      String threads,
      String inFlight,
      String requests,
      Map<String, Integer> divisors,
      List<String> variants,
      int rounds) {
    List<ComparePoint> points = new ArrayList<>();
    counts(threads).forEach(n -> points.add(new ComparePoint(ComparePoint.Kind.CLOSED, n)));
    counts(inFlight).forEach(n -> points.add(new ComparePoint(ComparePoint.Kind.INFLIGHT, n)));
    if (points.isEmpty()) {
      throw new IllegalArgumentException("--threads and --in-flight: no point left to run");
    }
    if (rounds < 1) {
      throw new IllegalArgumentException("--rounds must be a positive count, got '" + rounds + "'");
    }
    if (variants.isEmpty()) {
      throw new IllegalArgumentException("--variants: no variant to run");
    }
    ComparePlan plan = new ComparePlan(points, requests.trim(), divisors, variants, rounds);
    points.forEach(plan::requests);
    return plan;
  }

  private static List<Integer> counts(String list) {
    List<Integer> counts = new ArrayList<>();
    if (list.trim().equals("none")) {
      return counts;
    }
    for (String item : list.trim().split("[,\\s]+")) {
      if (!COUNT.matcher(item).matches()) {
        throw new IllegalArgumentException(
            "--threads/--in-flight: '" + item + "' is not a positive count");
      }
      counts.add(Integer.parseInt(item));
    }
    return counts;
  }

  /** R of {@code point} from the requests spec, before any divisor. */
  int requests(ComparePoint point) {
    if (COUNT.matcher(requestsSpec).matches()) {
      return Integer.parseInt(requestsSpec);
    }
    for (String item : requestsSpec.split(",")) {
      Matcher m = REQUEST_ITEM.matcher(item.trim());
      if (!m.matches()) {
        throw new IllegalArgumentException("--requests: bad item '" + item + "' (R or N:R,...)");
      }
      if (Integer.parseInt(m.group(1)) == point.count()) {
        return Integer.parseInt(m.group(2));
      }
    }
    throw new IllegalArgumentException(
        "--requests: no R for " + point.count() + " in '" + requestsSpec + "'");
  }

  /** The calls per thread (per slot) {@code variant} makes at {@code point}: R/D rounded up. */
  int requests(String variant, ComparePoint point) {
    int d = divisors.getOrDefault(variant, 1);
    return (requests(point) + d - 1) / d;
  }

  /** Round {@code round}'s order (1-based): the variants shuffled by the round's own seed. */
  List<String> order(int round) {
    return roundOrder(variants, round);
  }

  /**
   * {@code candidates} shuffled by round {@code round}'s own seed ({@link #ORDER_SEED} + round),
   * the same on every call. The seed is mixed ({@link java.util.SplittableRandom}) before {@link
   * java.util.Random} draws from it: Random's first draw from neighbouring seeds barely differs,
   * and two candidates shuffled by Random(24001..24020) kept the order given in all 20 rounds.
   */
  public static List<String> roundOrder(List<String> candidates, int round) {
    List<String> order = new ArrayList<>(candidates);
    long mixed = new java.util.SplittableRandom(ORDER_SEED + round).nextLong();
    java.util.Collections.shuffle(order, new java.util.Random(mixed));
    return order;
  }

  /** The seed the rounds' orders are drawn from (plus the round). */
  static final long ORDER_SEED = 24_000;

  /** Every harness JVM in the order they run: point by point, round by round. */
  List<Unit> units() {
    List<Unit> units = new ArrayList<>();
    for (ComparePoint p : points) {
      for (int round = 1; round <= rounds; round++) {
        for (String v : order(round)) {
          units.add(new Unit(p, round, v));
        }
      }
    }
    return units;
  }

  /** Both builds' divisor ({@code d}: their protocol's), none when 1. */
  static Map<String, Integer> bothSides(int d) {
    return d == 1 ? Map.of() : Map.of(JarPair.BASE, d, JarPair.NEW, d);
  }

  /** {@code V:D,...}, or {@code none}: the divisors as given to --divisors. */
  static Map<String, Integer> divisors(String spec) {
    Map<String, Integer> m = new LinkedHashMap<>();
    if (spec.trim().equals("none") || spec.isBlank()) {
      return m;
    }
    for (String item : spec.trim().split(",")) {
      Matcher d = DIVISOR_ITEM.matcher(item.trim());
      if (!d.matches()) {
        throw new IllegalArgumentException(
            "--divisors: bad item '" + item + "' (VARIANT:D, e.g. openfeign:20)");
      }
      m.put(d.group(1), Integer.parseInt(d.group(2)));
    }
    return m;
  }

  /** The divisors file's {@code variant<TAB>D} lines ({@code #} comments); none without it. */
  static Map<String, Integer> divisors(Path file) throws IOException {
    if (!Files.isRegularFile(file)) {
      return Map.of();
    }
    List<String> items = new ArrayList<>();
    for (String line : Files.readAllLines(file)) {
      String[] f = line.split("\t");
      if (line.isBlank() || line.startsWith("#") || f.length < 2) {
        continue;
      }
      items.add(f[0].trim() + ":" + f[1].trim());
    }
    try {
      return divisors(String.join(",", items));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(file + ": " + e.getMessage(), e);
    }
  }

  /** The divisors as text, {@code grpc:4,openfeign:20} or {@code none}. */
  String divisorsText() {
    List<String> items = new ArrayList<>();
    divisors.forEach((v, d) -> items.add(v + ":" + d));
    return items.isEmpty() ? "none" : String.join(",", items);
  }

  /** The counts of one kind, space-separated, or "no". */
  String countsText(ComparePoint.Kind kind) {
    List<String> c =
        points.stream().filter(p -> p.kind() == kind).map(p -> "" + p.count()).toList();
    return c.isEmpty() ? "none" : String.join(" ", c);
  }
}
