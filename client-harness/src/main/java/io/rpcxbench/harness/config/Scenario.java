package io.rpcxbench.harness.config;

import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What stands behind the target (docs/load-models.md, "Microservice chain"): one server ({@code
 * single}, the paper's), or a gateway that calls two services of the same protocol ({@code chain},
 * seed 002); and the work each service does per call. The harness calls the target the same way
 * either way; the scenario is recorded in every result file ({@code scenario}, {@code work}, {@code
 * work_kind}) and keeps chain points and points with work in files of their own.
 *
 * @param kind single or chain
 * @param work the servers' {@code --work} per call (zero: none)
 * @param workKind the servers' {@code --work-kind}: sleep or cpu
 */
public record Scenario(Kind kind, Duration work, String workKind) {
  static final String DEFAULT_KIND = "single";
  static final String DEFAULT_WORK = "0ms";
  static final String DEFAULT_WORK_KIND = "sleep";
  static final List<String> WORK_KINDS = List.of("sleep", "cpu");

  /** The paper's: one server, no work. */
  public static final Scenario SINGLE = new Scenario(Kind.SINGLE, Duration.ZERO, DEFAULT_WORK_KIND);

  /** The scenarios, as {@code --scenario} and {@code scenario} name them. */
  public enum Kind {
    SINGLE,
    CHAIN;

    public String id() {
      return name().toLowerCase(Locale.ROOT);
    }

    static Kind of(String id) {
      for (Kind k : values()) {
        if (k.id().equals(id)) {
          return k;
        }
      }
      throw new IllegalArgumentException("--scenario must be single or chain, got '" + id + "'");
    }
  }

  public Scenario {
    if (work.isNegative()) {
      throw new IllegalArgumentException("--work must not be negative, got " + work);
    }
    if (!WORK_KINDS.contains(workKind)) {
      throw new IllegalArgumentException(
          "--work-kind must be sleep or cpu, got '" + workKind + "'");
    }
  }

  /**
   * The result file's name: the load model's ({@code t64-r1000.csv}) for the paper's scenario, else
   * with a prefix: {@code chain-t64-r1000.csv}, {@code chain-w100ms-t64-r1000.csv}, {@code
   * chain-w100ms-cpu-open-r500-d30s.csv}, {@code w100ms-t64-r1000.csv} (one server with work).
   */
  public String fileName(String modelFileName) {
    StringBuilder name = new StringBuilder();
    if (kind == Kind.CHAIN) {
      name.append("chain-");
    }
    if (!work.isZero()) {
      name.append('w').append(DurationConverter.format(work)).append('-');
      if (!workKind.equals(DEFAULT_WORK_KIND)) {
        name.append(workKind).append('-');
      }
    }
    return name.append(modelFileName).toString();
  }

  /** The provenance keys, in every result file. */
  public void provenance(Map<String, String> keys) {
    keys.put("scenario", kind.id());
    keys.put("work", work.toString());
    keys.put("work_kind", workKind);
  }

  /** The options that reproduce it; none for the paper's scenario. */
  public void addArgs(List<String> args) {
    if (kind != Kind.SINGLE) {
      args.addAll(List.of("--scenario", kind.id()));
    }
    args.addAll(workArgs());
  }

  /** Whether a gateway and two services stand behind the target. */
  public boolean chain() {
    return kind == Kind.CHAIN;
  }

  /**
   * {@code --work} and {@code --work-kind}, none without work: the servers' options (a sweep starts
   * them with these) and the harness's, which records them.
   */
  public List<String> workArgs() {
    return work.isZero()
        ? List.of()
        : List.of("--work", DurationConverter.format(work), "--work-kind", workKind);
  }
}
