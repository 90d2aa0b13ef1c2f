package io.rpcxbench.runner.point;

import io.rpcxbench.stats.Calibration;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Optional;

/**
 * Where this machine's calibration is kept and whether it still holds: a file per machine
 * fingerprint (host, CPU model and count, kernel, JVM) in {@code $XDG_CACHE_HOME/rpcx-bench} (else
 * {@code ~/.cache/rpcx-bench}), or {@code $RPCX_BENCH_CALIBRATION_DIR} (the system property {@code
 * rpcx.bench.calibration.dir} first). Another machine, or this one with another CPU count, kernel
 * or JVM, has no calibration until it calibrates.
 *
 * <pre>{@code
 * MachineCalibration here = MachineCalibration.here();
 * here.cached();   // Optional<Calibration>: present when calibrated on this machine
 * here.file();     // ~/.cache/rpcx-bench/calibration-3fa2c1d0e9b1.properties
 * }</pre>
 */
public record MachineCalibration(String fingerprint, Path file) {

  public static MachineCalibration here() {
    String fp =
        String.join(
            "|",
            hostName(),
            MachineFacts.cpuModel().orElse("unknown cpu"),
            Runtime.getRuntime().availableProcessors() + " cpus",
            System.getProperty("os.name") + " " + System.getProperty("os.version"),
            System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version"));
    return new MachineCalibration(
        fp, cacheDir().resolve("calibration-" + hash(fp) + ".properties"));
  }

  /**
   * Every A/A verdict made on this machine ({@link io.rpcxbench.stats.AaLedger}), beside its
   * calibration: the false-positive rates are counted over it.
   */
  public Path ledger() {
    return file.resolveSibling(
        file.getFileName()
            .toString()
            .replace("calibration-", "aa-ledger-")
            .replace(".properties", ".tsv"));
  }

  /** Every choose's capacities over its rounds here ({@link CapacityRounds}), beside it. */
  public CapacityRounds capacityRounds() {
    return new CapacityRounds(
        file.resolveSibling(
            file.getFileName()
                .toString()
                .replace("calibration-", "capacity-rounds-")
                .replace(".properties", ".tsv")));
  }

  /** The calibration of this machine, when there is one and its fingerprint matches. */
  public Optional<Calibration> cached() {
    if (!Files.isRegularFile(file)) {
      return Optional.empty();
    }
    try (Reader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      Calibration c = Calibration.read(r);
      return c.fingerprint().equals(fingerprint) ? Optional.of(c) : Optional.empty();
    } catch (IOException | IllegalArgumentException e) {
      return Optional.empty(); // unreadable: calibrate again
    }
  }

  private static Path cacheDir() {
    String own =
        System.getProperty(
            "rpcx.bench.calibration.dir", System.getenv("RPCX_BENCH_CALIBRATION_DIR"));
    if (own != null && !own.isBlank()) {
      return Path.of(own);
    }
    String xdg = System.getenv("XDG_CACHE_HOME");
    Path base =
        xdg != null && !xdg.isBlank()
            ? Path.of(xdg)
            : Path.of(System.getProperty("user.home"), ".cache");
    return base.resolve("rpcx-bench");
  }

  private static String hostName() {
    try {
      return Files.readString(Path.of("/etc/hostname")).trim();
    } catch (IOException e) {
      return Optional.ofNullable(System.getenv("HOSTNAME")).orElse("unknown host");
    }
  }

  private static String hash(String text) {
    try {
      byte[] d = MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
      return HexFormat.of().formatHex(d).substring(0, 12);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }
}
