package io.rpcxbench.report.tables;

import io.rpcxbench.report.clean.CleanedPoint;
import java.util.function.Function;

/** A compared quantity of Tables 3 and 4, with the paper's definition of RPCX's advantage. */
public enum Metric {
  RUNTIME(
      "table3-runtime",
      "Table 3: average runtime (ms)",
      "(other - RPCX) / other",
      "55.9–88.9 %",
      55.9,
      88.9,
      2,
      p -> p.runtimeMs().avg()) {
    @Override
    public Double advantagePercent(double rpcx, double other) {
      return other == 0 ? null : 100 * (other - rpcx) / other;
    }
  },
  TPS(
      "table4-tps",
      "Table 4: average TPS (1/s)",
      "(RPCX - other) / other",
      "126.9–802.8 %",
      126.9,
      802.8,
      1,
      p -> p.tps().avg()) {
    @Override
    public Double advantagePercent(double rpcx, double other) {
      return other == 0 ? null : 100 * (rpcx - other) / other;
    }
  };

  public final String fileName;
  public final String title;
  public final String advantageFormula;
  final String paperClaim;
  public final double paperLow;
  public final double paperHigh;
  public final int decimals;
  public final Function<CleanedPoint, Double> value;

  Metric(
      String fileName,
      String title,
      String advantageFormula,
      String paperClaim,
      double paperLow,
      double paperHigh,
      int decimals,
      Function<CleanedPoint, Double> value) {
    this.fileName = fileName;
    this.title = title;
    this.advantageFormula = advantageFormula;
    this.paperClaim = paperClaim;
    this.paperLow = paperLow;
    this.paperHigh = paperHigh;
    this.decimals = decimals;
    this.value = value;
  }

  /** RPCX's advantage over {@code other} in percent, as the paper defines it; null if undefined. */
  public abstract Double advantagePercent(double rpcx, double other);
}
