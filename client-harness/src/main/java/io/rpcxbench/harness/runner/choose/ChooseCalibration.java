package io.rpcxbench.harness.runner.choose;

import io.rpcxbench.harness.runner.calibrate.CalibrateCommand;
import io.rpcxbench.harness.runner.calibrate.MachineCalibration;
import io.rpcxbench.harness.runner.point.Install;
import io.rpcxbench.harness.runner.point.ServerSite;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import picocli.CommandLine;

/**
 * What {@code choose} does about this machine's calibration ({@code --calibration}): with {@code
 * auto}, a machine never calibrated is measured before a {@code --local} run ({@link
 * CalibrateCommand}, once per machine), and the machine's calibration is copied into each folder
 * the scorecard reads ({@code calibration.properties}), so the verdict prints it; {@code off} does
 * neither.
 */
record ChooseCalibration(Install install, Use use) {
  /** --calibration's values. */
  enum Use {
    auto,
    off
  }

  /** Before the run: calibrates a machine never calibrated, for a local choose with auto. */
  void beforeTheRun(ChooseSettings all, PrintWriter err) {
    if (use != Use.auto
        || all.target().site().target() != ServerSite.LOCAL
        || MachineCalibration.here().cached().isPresent()) {
      return;
    }
    err.println(
        "rpcx-bench choose: this machine has no calibration; measuring it first (rpcx-bench"
            + " calibrate, once per machine; --calibration off skips it)");
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
}
