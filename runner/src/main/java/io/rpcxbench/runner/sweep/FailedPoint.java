package io.rpcxbench.runner.sweep;

import io.rpcxbench.harness.PointRequest;
import io.rpcxbench.raw.RawResultFile;
import io.rpcxbench.runner.point.PointState;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The file of a point whose harness wrote none (it crashed, or was stopped at the backstop),
 * through raw-format's writer: no rows, and the keys a complete point of the same arguments has
 * (call, payload_bytes, items, scenario, work, the load model), so that it lands in its own series.
 *
 * <pre>{@code
 * FailedPoint.write(file, PointState.TIMEOUT, point.request(), 124, started, "-Xmx1g");
 * }</pre>
 */
final class FailedPoint {
  private FailedPoint() {}

  static void write(
      Path file,
      PointState state,
      PointRequest request,
      int exitCode,
      Instant started,
      String jvmFlags)
      throws IOException {
    Map<String, String> keys = new LinkedHashMap<>();
    keys.put("status", state.id);
    keys.putAll(request.failedPointKeys(started, jvmFlags));
    if (state != PointState.TIMEOUT) {
      keys.remove("limit_s");
    }
    keys.put("runs_completed", "0");
    keys.put("exit_code", String.valueOf(exitCode));
    keys.put("finished", Instant.now().truncatedTo(ChronoUnit.SECONDS).toString());
    keys.put("written_by", "rpcx-bench sweep");
    RawResultFile.write(file, keys, List.of());
  }
}
