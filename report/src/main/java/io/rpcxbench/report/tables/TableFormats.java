package io.rpcxbench.report.tables;

import io.rpcxbench.report.clean.CleanedPoint;
import io.rpcxbench.report.db.RawProtocol;
import io.rpcxbench.stats.Num;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Markdown and CSV renderings of the tables. Output depends on the data only (no dates, no paths).
 */
public final class TableFormats {
  public static final String GRID_RULE =
      "Rows and column groups are the measured thread and request counts that lie on "
          + "the paper's grid (threads 10, 110, ..., 910, 990; requests 100, 300, 500); where none do, all "
          + "measured counts. \"–\" marks a point that was not measured, \"timeout\"/\"failed\" one that did not "
          + "finish, \"incomplete 6/10\" one with fewer runs than announced (runs held/announced).";

  private TableFormats() {}

  public static String markdown(ComparisonTable t) {
    Metric m = t.metric;
    StringBuilder sb = new StringBuilder();
    sb.append("# ").append(m.title).append("\n\n");
    sb.append("RPCX's advantage in percent: ").append(m.advantageFormula).append(" × 100.\n\n");
    StringBuilder head = new StringBuilder("| threads |");
    StringBuilder align = new StringBuilder("|---:|");
    for (int r : t.requests) {
      for (RawProtocol p : RawProtocol.PAPER) {
        head.append(" r=").append(r).append(' ').append(p.label).append(" |");
        align.append("---:|");
      }
      for (RawProtocol o : ComparisonTable.OTHERS) {
        head.append(" r=").append(r).append(" vs ").append(o.label).append(" |");
        align.append("---:|");
      }
    }
    sb.append(head).append('\n').append(align).append('\n');
    for (int th : t.threads) {
      sb.append("| ").append(th).append(" |");
      for (int r : t.requests) {
        ComparisonTable.Row row = t.row(th, r);
        for (RawProtocol p : RawProtocol.PAPER) {
          sb.append(' ').append(row.values().get(p).text(m.decimals)).append(" |");
        }
        for (RawProtocol o : ComparisonTable.OTHERS) {
          sb.append(' ').append(percent(row.advantage().get(o))).append(" |");
        }
      }
      sb.append('\n');
    }
    sb.append('\n').append(rangeSentence(t)).append("\n\n");
    sb.append("Threads shown: ")
        .append(join(t.threads))
        .append("; requests shown: ")
        .append(join(t.requests))
        .append(". ")
        .append(GRID_RULE)
        .append('\n');
    return sb.toString();
  }

  public static String rangeSentence(ComparisonTable t) {
    return "Range of RPCX's advantage: over gRPC "
        + t.range(List.of(RawProtocol.GRPC)).text()
        + ", over OpenFeign "
        + t.range(List.of(RawProtocol.OPENFEIGN)).text()
        + ", both "
        + t.range(ComparisonTable.OTHERS).text()
        + " (paper: "
        + t.metric.paperClaim
        + ").";
  }

  public static String percent(Cell c) {
    return c.value() == null ? c.marker() : Num.fixed(c.value(), 1) + " %";
  }

  /** One line per (threads, requests); empty field = not measured. */
  public static String csv(ComparisonTable t) {
    StringBuilder sb =
        new StringBuilder(
            "threads,requests,rpcx,grpc,openfeign,rpcx_vs_grpc_pct,rpcx_vs_openfeign_pct\n");
    for (ComparisonTable.Row row : t.rows) {
      sb.append(row.threads()).append(',').append(row.requests());
      for (RawProtocol p : RawProtocol.PAPER) {
        sb.append(',').append(row.values().get(p).csv(3));
      }
      for (RawProtocol o : ComparisonTable.OTHERS) {
        sb.append(',').append(row.advantage().get(o).csv(2));
      }
      sb.append('\n');
    }
    return sb.toString();
  }

  /** The whole cleaned table (Fig. 7b plus spread), one line per point. */
  public static String cleanedCsv(List<CleanedPoint> points) {
    StringBuilder sb =
        new StringBuilder(
            "type,protocol,threadNum,requestNum,status,limit_s,runs_averaged,"
                + "errors_sum,timeTotalAvg,tpsAvg,timeTotal_min,timeTotal_max,timeTotal_stdev,tps_min,tps_max,"
                + "tps_stdev,throughput_avg,p50_us,p90_us,p99_us,p999_us,max_us,latency_from,"
                + "series,runs_done,runs_declared\n");
    for (CleanedPoint p : points) {
      sb.append(p.type())
          .append(',')
          .append(p.protocol().id)
          .append(',')
          .append(p.threadNum())
          .append(',')
          .append(p.requestNum())
          .append(',')
          .append(p.status().id)
          .append(',')
          .append(p.limitS() == null ? "" : p.limitS())
          .append(',')
          .append(p.runsAveraged())
          .append(',')
          .append(p.errorsSum() == null ? "" : p.errorsSum());
      for (Double d :
          List.of(
              opt(p.runtimeMs().avg()),
              opt(p.tps().avg()),
              opt(p.runtimeMs().min()),
              opt(p.runtimeMs().max()),
              opt(p.runtimeMs().stdev()),
              opt(p.tps().min()),
              opt(p.tps().max()),
              opt(p.tps().stdev()),
              opt(p.throughputAvg()),
              opt(p.latency().p50Us()),
              opt(p.latency().p90Us()),
              opt(p.latency().p99Us()),
              opt(p.latency().p999Us()),
              opt(p.latency().maxUs()))) {
        sb.append(',').append(d.isNaN() ? "" : Num.fixed(d, 3));
      }
      sb.append(',').append(p.latency().from() == null ? "" : p.latency().from());
      sb.append(',').append(p.series().key());
      sb.append(',').append(p.runsDone());
      sb.append(',').append(p.runsDeclared() == null ? "" : p.runsDeclared());
      sb.append('\n');
    }
    return sb.toString();
  }

  private static Double opt(Double d) {
    return d == null ? Double.NaN : d;
  }

  public static String join(List<Integer> values) {
    return values.stream().map(String::valueOf).collect(Collectors.joining(", "));
  }
}
