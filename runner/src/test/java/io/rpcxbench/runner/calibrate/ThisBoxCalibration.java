package io.rpcxbench.runner.calibrate;

import io.rpcxbench.stats.Calibration;
import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;

/**
 * A calibration as this box measured it on 2026-11-28 (throughput's trials spread 9.6 %, p50's 8.5
 * %, p99's 31 %, 4 invocations): what the forecasts before a run are tested against.
 */
public final class ThisBoxCalibration {
  private ThisBoxCalibration() {}

  public static Calibration read() {
    String text =
        String.join(
            "\n",
            "format=rpcx-bench-calibration-2",
            "fingerprint=vm|x|2 cpus|Linux|JVM 17",
            "point=rpcx/t8-r2000",
            "trials=4",
            "invocations=4",
            "measured=2026-11-28T03:55:37Z",
            "metrics=throughput,p50,p99",
            metric("throughput", 0.096),
            metric("p50", 0.085),
            metric("p99", 0.311));
    try {
      return Calibration.read(new StringReader(text));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static String metric(String name, double spread) {
    String m = "metric." + name + ".";
    return String.join(
        "\n",
        m + "spread=" + spread,
        m + "invocations.variance=0.0005",
        m + "invocations.share=0.02",
        m + "invocations.dof=3",
        m + "trials.variance=0.002",
        m + "trials.share=0.06",
        m + "trials.dof=28",
        m + "runs.variance=0.03",
        m + "runs.share=0.92",
        m + "runs.dof=96",
        m + "counts=4/32/128",
        m + "invocation_p=0.23",
        m + "invocation_means=0.0017",
        m + "false_positives.interleaved=0/12/12",
        m + "false_positives.apart=0/6/12");
  }
}
