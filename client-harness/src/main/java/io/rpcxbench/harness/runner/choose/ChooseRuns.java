package io.rpcxbench.harness.runner.choose;

import io.rpcxbench.harness.HarnessPoints;
import io.rpcxbench.harness.HarnessPoints.CatalogEntry;
import io.rpcxbench.harness.runner.point.Install;
import io.rpcxbench.harness.runner.point.MachineCalibration;
import io.rpcxbench.harness.runner.point.SweepLog;
import io.rpcxbench.harness.runner.sweep.Sweep;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What {@code rpcx-bench choose} runs once its settings are checked ({@link ChooseCommand}): one
 * {@link Choose} per network profile, the machine's calibration copied beside each folder, and each
 * folder's scorecard made by the report tool; the worst exit code.
 */
final class ChooseRuns {
  private final Install install;
  private final ChooseCalibration calibration;
  private final PrintWriter err;

  ChooseRuns(Install install, ChooseCalibration calibration, PrintWriter err) {
    this.install = install;
    this.calibration = calibration;
    this.err = err;
  }

  /** Every profile's choose and scorecard; the exit code. */
  int run(ChooseSettings all) throws Exception {
    List<String> profiles = all.target().site().profiles();
    if (profiles.size() == 1) {
      return choose(all);
    }
    int worst = Choose.OK;
    for (String profile : profiles) {
      err.println("rpcx-bench choose: across the network profile " + profile);
      int code = choose(all.across(profile));
      if (code == Choose.LOCKED || code == Sweep.USAGE) {
        return code;
      }
      worst = Math.max(worst, code);
    }
    err.println(
        "rpcx-bench choose: one scorecard per profile, side by side: "
            + String.join(
                ", ", profiles.stream().map(p -> all.out().resolve(p).toString()).toList()));
    return worst;
  }

  /** One choose and its scorecard; the exit code. */
  private int choose(ChooseSettings s) throws Exception {
    Map<String, CatalogEntry> catalog = new LinkedHashMap<>();
    HarnessPoints.catalog().forEach(e -> catalog.put(e.id(), e));
    Choose choose = new Choose(s, catalog, new SweepLog(err));
    int code;
    try {
      code = choose.run(1000L * 180);
    } catch (IllegalStateException e) {
      err.println("rpcx-bench choose: " + e.getMessage());
      return Choose.FAILURES;
    }
    if (code == Choose.LOCKED || code == Choose.INFEASIBLE) {
      return code; // nothing to judge
    }
    calibration.intoTheFolder(s.out());
    calibration.keepTheRounds(s, err);
    if (s.skipReport()) {
      return code;
    }
    int report = scorecard(s);
    return code != Choose.OK ? code : report;
  }

  /** The report's scorecard of the folder: its exit code (99: a threshold failed). */
  private int scorecard(ChooseSettings s) throws IOException, InterruptedException {
    Path jar = install.reportJar();
    if (!Files.isRegularFile(jar)) {
      err.println(
          "rpcx-bench choose: no report jar at "
              + jar
              + "; build it (mvn -B -q -pl report -am package -DskipTests), then: rpcx-bench report"
              + " choose "
              + s.out());
      return Choose.FAILURES;
    }
    List<String> command =
        new ArrayList<>(
            List.of(install.java(), "-jar", jar.toString(), "choose", s.out().toString()));
    if (s.summaryExport() != null) {
      command.addAll(List.of("--summary-export", s.summaryExport().toString()));
    }
    // an A/A pair's verdict counts toward the machine's measured false-positive rate
    command.addAll(List.of("--aa-ledger", MachineCalibration.here().ledger().toString()));
    err.flush();
    return new ProcessBuilder(command).inheritIO().start().waitFor();
  }
}
