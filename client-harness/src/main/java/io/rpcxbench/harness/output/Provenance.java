package io.rpcxbench.harness.output;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Where and with what a point ran: host, JVM, flags, OS, commit. Captured once per JVM. */
public record Provenance(
    String clientHost, String jvm, String jvmFlags, String os, String gitCommit) {

  public static Provenance capture() {
    return new Provenance(
        hostName(), jvmName(), String.join(" ", jvmFlagList()), osName(), gitCommitNow());
  }

  /**
   * This JVM's flags (RuntimeMXBean input arguments) but its class-data archive's ({@link
   * ClassDataSharing}): forked workers get the same ones, and two JVMs never write one archive.
   */
  public static List<String> jvmFlagList() {
    return ManagementFactory.getRuntimeMXBean().getInputArguments().stream()
        .filter(f -> !ClassDataSharing.isArchiveFlag(f))
        .toList();
  }

  private static String hostName() {
    try {
      return InetAddress.getLocalHost().getHostName();
    } catch (IOException e) {
      String env = System.getenv("HOSTNAME");
      return env == null ? "unknown" : env;
    }
  }

  /**
   * The client's CPU, from /proc/cpuinfo's first "model name" (x86) or "Model"/"Hardware" (ARM)
   * line, else "unknown": the same cores per second are not the same machine.
   */
  public static String cpuModel() {
    try {
      return cpuModel(Files.readAllLines(Path.of("/proc/cpuinfo"), StandardCharsets.UTF_8));
    } catch (IOException | RuntimeException e) {
      return "unknown";
    }
  }

  public static String cpuModel(List<String> cpuinfo) {
    for (String key : List.of("model name", "Model", "Hardware")) {
      for (String line : cpuinfo) {
        int colon = line.indexOf(':');
        if (colon > 0 && line.substring(0, colon).trim().equals(key)) {
          String value = line.substring(colon + 1).trim().replaceAll("\\s+", " ");
          if (!value.isEmpty()) {
            return value;
          }
        }
      }
    }
    return "unknown";
  }

  private static String jvmName() {
    return System.getProperty("java.vm.name") + " " + System.getProperty("java.vm.version");
  }

  private static String osName() {
    return System.getProperty("os.name")
        + " "
        + System.getProperty("os.version")
        + " "
        + System.getProperty("os.arch")
        + ", "
        + Runtime.getRuntime().availableProcessors()
        + " cpus";
  }

  /**
   * The commit baked in at build time (what the jar was built from, even after later commits or
   * when the jar was copied away), else {@code git rev-parse --short HEAD} run next to the
   * harness's own code (classes run straight from a checkout that was built without git info).
   */
  public static String gitCommitNow() {
    return gitCommit(gitNextToCode(), BuildInfo.get("git.commit"), BuildInfo.get("git.dirty"));
  }

  /**
   * The live commit when git answered; else the baked one, with {@code -dirty} appended when the
   * build tree had uncommitted changes to tracked files (the jar may hold code of no commit); else
   * "unknown". A live answer gets no suffix: it names the checkout, not what was built.
   */
  static String gitCommit(String live, String bakedCommit, String bakedDirty) {
    if (!bakedCommit.equals("unknown")) {
      return bakedDirty.equals("true") ? bakedCommit + "-dirty" : bakedCommit;
    }
    return live != null ? live : "unknown";
  }

  private static String gitNextToCode() {
    try {
      Path code =
          Path.of(Provenance.class.getProtectionDomain().getCodeSource().getLocation().toURI());
      Path dir = Files.isDirectory(code) ? code : code.getParent();
      Process git =
          new ProcessBuilder("git", "-C", dir.toString(), "rev-parse", "--short", "HEAD")
              .redirectErrorStream(true)
              .start();
      git.getOutputStream().close();
      byte[] output = git.getInputStream().readNBytes(200);
      if (!git.waitFor(5, TimeUnit.SECONDS)) {
        git.destroyForcibly();
        return null;
      }
      String commit = new String(output, StandardCharsets.UTF_8).trim();
      return git.exitValue() == 0 && commit.matches("[0-9a-f]{4,40}") ? commit : null;
    } catch (IOException | URISyntaxException | RuntimeException e) {
      return null;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return null;
    }
  }
}
