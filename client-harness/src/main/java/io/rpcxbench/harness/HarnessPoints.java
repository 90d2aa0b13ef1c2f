package io.rpcxbench.harness;

import io.rpcxbench.harness.config.LoadModel;
import io.rpcxbench.harness.config.RunConfig;
import io.rpcxbench.harness.output.BuildInfo;
import io.rpcxbench.harness.output.PointRecorder;
import io.rpcxbench.harness.output.Provenance;
import io.rpcxbench.harness.protocol.Protocol;
import io.rpcxbench.harness.protocol.ProtocolCatalog;
import io.rpcxbench.raw.PointIdentity;
import io.rpcxbench.spi.ProtocolProvider;
import io.rpcxbench.spi.ServerLaunch;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;
import picocli.CommandLine;

/**
 * What the sweep runner ({@code io.rpcxbench.runner}) asks the harness about one point, built as a
 * typed value ({@link #point}) and parsed once into a {@link PointRequest}: its arguments (the
 * harness's own writer's), its result file (the harness names it), the keys its file has (a failed
 * point's file gets the same ones); and the JVM that runs it, and the catalog. The runner keeps no
 * copy of these rules and spells no option of the harness.
 *
 * <pre>{@code
 * PointRequest r = HarnessPoints.point("rpcx").closed(10, 100).request();
 * Path file = r.resultFile();                                 // results/raw/rpcx/t10-r100.csv
 * int code = HarnessPoints.runHere(r.args(), out, err);       // the point, in this JVM
 * }</pre>
 */
public final class HarnessPoints {
  private HarnessPoints() {}

  /** One protocol of the catalog, as {@code --list-protocols} prints it. */
  public record CatalogEntry(
      String id,
      String label,
      int type,
      int defaultPort,
      String serverJar,
      List<String> serverArgs,
      String external,
      String gatewayJar) {}

  /** The protocols on the class path, by type number. */
  public static List<CatalogEntry> catalog() {
    List<CatalogEntry> entries = new ArrayList<>();
    for (ProtocolProvider p : ProtocolCatalog.onClassPath().all()) {
      ServerLaunch s = p.server();
      entries.add(
          new CatalogEntry(
              p.id(),
              p.label(),
              p.type(),
              p.defaultPort(),
              s.jar() == null ? "" : s.jar(),
              s.args(),
              s.external() == null ? "" : s.external(),
              s.gatewayJar() == null ? "" : s.gatewayJar()));
    }
    return entries;
  }

  /** A point of {@code protocol} (a catalog id) to build: its load, target, files, ... */
  public static PointBuilder point(String protocol) {
    return new PointBuilder(protocol);
  }

  /**
   * The point {@code args} asks for, parsed and checked once: its arguments become those the
   * harness's own writer gives ({@link RunConfig#toArgs()}, as its forks get them), with the
   * console's options as given.
   *
   * @throws IllegalArgumentException with the harness's message when the arguments are bad usage
   */
  static PointRequest request(List<String> args) {
    CommandLine cl = HarnessCommand.commandLine();
    try {
      cl.parseArgs(args.toArray(new String[0]));
      HarnessCommand command = cl.getCommand();
      RunConfig config = command.validConfig();
      if (config.protocols().size() != 1) {
        throw new IllegalArgumentException("a sweep point has one protocol, got " + args);
      }
      List<String> written = new ArrayList<>(config.toArgs());
      written.addAll(command.consoleArgs());
      return new PointRequest(written, config);
    } catch (CommandLine.ParameterException e) {
      throw new IllegalArgumentException(e.getMessage(), e);
    }
  }

  /**
   * The files of a closed-loop grid whose points differ from {@code template} only in threads and
   * requests: named by the harness's rule, the point read once (a paper's grid has 26,730 points).
   */
  public static BiFunction<Integer, Integer, Path> gridFiles(PointBuilder template) {
    RunConfig config = template.request().config();
    if (config.loadModel().kind() != LoadModel.Kind.CLOSED) {
      throw new IllegalArgumentException("a grid point is a closed-loop point");
    }
    Protocol protocol = config.protocols().get(0);
    Path dir = PointRecorder.resultFile(config, protocol).getParent();
    PointIdentity point = PointRecorder.identity(config, protocol);
    return (t, r) -> dir.resolve(point.withCounts(t, r).fileName());
  }

  /** Runs the point in this JVM, as {@code client-harness.jar ARGS} would; its exit code. */
  public static int runHere(List<String> args, PrintWriter out, PrintWriter err) {
    CommandLine cl = HarnessCommand.commandLine();
    cl.setOut(out);
    cl.setErr(err);
    return cl.execute(args.toArray(new String[0]));
  }

  /**
   * The command that runs the point in a JVM of its own: this JVM's java, flags ({@code jvmFlags}
   * when not null) and class path, the harness's main class.
   */
  public static List<String> forkCommand(List<String> args, List<String> jvmFlags) {
    List<String> command = new ArrayList<>();
    command.add(
        ProcessHandle.current()
            .info()
            .command()
            .orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
    if (jvmFlags != null) {
      command.addAll(jvmFlags);
    } else {
      for (String flag : Provenance.jvmFlagList()) {
        // a debugger agent would clash on its port in the child
        if (!flag.startsWith("-agentlib:jdwp") && !flag.startsWith("-Xrunjdwp")) {
          command.add(flag);
        }
      }
    }
    command.add("-cp");
    command.add(System.getProperty("java.class.path"));
    command.add(HarnessMain.class.getName());
    command.addAll(args);
    return command;
  }

  /** The one version string of every command: the build's version and commit. */
  public static String version() {
    return BuildInfo.get("project.version") + " (commit " + Provenance.gitCommitNow() + ")";
  }

  /** The harness's command ({@code rpcx-bench run}). */
  public static CommandLine runCommand() {
    return HarnessCommand.commandLine();
  }
}
