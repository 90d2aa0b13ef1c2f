package io.rpcxbench.runner.choose;

import io.rpcxbench.runner.calibrate.CalibrateCommand;
import io.rpcxbench.runner.point.Install;
import io.rpcxbench.runner.point.MachineCalibration;
import io.rpcxbench.runner.point.ServerSite;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine;

/**
 * What {@code choose} does about this machine's calibration ({@code --calibration}): with {@code
 * auto}, a machine never calibrated is measured before a {@code --local} run ({@link
 * CalibrateCommand}, once per machine), and the machine's calibration is copied into each folder
 * the scorecard reads ({@code calibration.properties}), so the verdict prints it, and each choose's
 * capacities over its rounds into the machine's record; {@code off} does none of it.
 */
record ChooseCalibration(Install install, Use use) {
  /** --calibration's values. */
  enum Use {
    auto,
    off
  }

  /** Whether {@link #beforeTheRun} calibrates: a machine never calibrated, local, with auto. */
  boolean calibratesFirst(ChooseSettings all) {
    return use == Use.auto
        && all.target().site().target() == ServerSite.LOCAL
        && MachineCalibration.here().cached().isEmpty();
  }

  /** Before the run: calibrates a machine never calibrated, for a local choose with auto. */
  void beforeTheRun(ChooseSettings all, PrintWriter err) {
    if (!calibratesFirst(all)) {
      return;
    }
    err.println("rpcx-bench choose: calibrating this machine first (rpcx-bench calibrate)");
    err.flush();
    CommandLine c = new CommandLine(new CalibrateCommand(install));
    c.setOut(err);
    c.setErr(err);
    c.execute("--out", all.out().resolve("calibration").toString());
  }

  /** After the run: the machine's calibration, when there is one, into {@code folder}. */
  void intoTheFolder(Path folder) throws IOException {
    MachineCalibration here = MachineCalibration.here();
    if (use == Use.off || here.cached().isEmpty()) {
      return;
    }
    Path to = folder.resolve("calibration.properties");
    Path tmp = to.resolveSibling(to.getFileName() + ".tmp");
    Files.copy(here.file(), tmp, StandardCopyOption.REPLACE_EXISTING);
    Files.move(tmp, to, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
  }

  /**
   * After the run, with auto: this choose's capacities over its rounds into the machine's record
   * ({@link io.rpcxbench.runner.point.CapacityRounds}), from which the next choose says before it
   * runs how small a difference its rounds detect here.
   */
  void keepTheRounds(ChooseSettings s, PrintWriter err) {
    if (use == Use.off) {
      return;
    }
    try {
      ChooseLedger ledger = ChooseLedger.open(s.out());
      Map<String, List<Integer>> capacities = new LinkedHashMap<>();
      for (String c : s.candidates()) {
        capacities.put(c, ledger.capacities(c));
      }
      MachineCalibration.here().capacityRounds().add(Instant.now(), s.roundsKey(), capacities);
    } catch (IOException e) {
      err.println("rpcx-bench choose: this machine's record of capacities not written: " + e);
    }
  }
}
