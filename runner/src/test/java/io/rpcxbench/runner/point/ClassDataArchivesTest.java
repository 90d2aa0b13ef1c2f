package io.rpcxbench.runner.point;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.harness.output.ClassDataSharing;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Real JVMs: the first writes its archive at exit, the next maps it. */
class ClassDataArchivesTest {
  private static final Path JAVA_HOME = Path.of(System.getProperty("java.home"));
  private static final List<String> FLAGS = List.of("-Xmx32m", "-XX:+UseSerialGC");

  @TempDir Path work;

  @Test
  void theFirstJvmWritesTheArchiveAndTheNextMapsIt() throws Exception {
    ClassDataArchives archives = ClassDataArchives.in(work.resolve("cds"), JAVA_HOME);
    Path jar = jar();

    ClassDataArchives.Archive first = archives.forJvm(jar.toString(), FLAGS);
    assertThat(first.flags()).anyMatch(f -> f.startsWith(ClassDataSharing.WRITE));
    run(jar, first, null);
    assertThat(first.file()).isRegularFile();
    assertThat(parts()).as("part files left").isEmpty();

    ClassDataArchives.Archive next = archives.forJvm(jar.toString(), FLAGS);
    assertThat(next.flags()).contains(ClassDataSharing.USE + first.file());
    List<String> maps = new ArrayList<>();
    run(jar, next, maps);
    assertThat(maps).as("the JVM's mappings").anyMatch(l -> l.endsWith(first.file().toString()));
  }

  @Test
  void aRebuiltJarOrOtherFlagsGetAnArchiveOfTheirOwn() throws Exception {
    ClassDataArchives archives = ClassDataArchives.in(work.resolve("cds"), JAVA_HOME);
    Path jar = jar();
    Path file = archives.forJvm(jar.toString(), FLAGS).file();
    assertThat(archives.forJvm(jar.toString(), List.of("-Xmx64m")).file()).isNotEqualTo(file);
    Files.setLastModifiedTime(
        jar, FileTime.fromMillis(Files.getLastModifiedTime(jar).toMillis() - 5000));
    assertThat(archives.forJvm(jar.toString(), FLAGS).file()).isNotEqualTo(file);
    assertThat(archives.forJvm(jar.toString(), FLAGS).file())
        .isEqualTo(archives.forJvm(jar.toString(), FLAGS).file());
  }

  @Test
  void aKilledJvmLeavesNoArchive() throws Exception {
    ClassDataArchives archives = ClassDataArchives.in(work.resolve("cds"), JAVA_HOME);
    Path jar = jar();
    ClassDataArchives.Archive a = archives.forJvm(jar.toString(), FLAGS);
    StartedServer s = start(jar, a);
    s.awaitReady(60_000);
    s.stop(0); // no grace: killed, perhaps halfway through writing
    assertThat(a.file()).doesNotExist();
    assertThat(parts()).isEmpty();
  }

  @Test
  void theColdMethodAFolderOfClassesAndAJdkWithoutABaseArchiveGetNone() throws Exception {
    ClassDataArchives archives = ClassDataArchives.in(work.resolve("cds"), JAVA_HOME);
    String jar = jar().toString();
    assertThat(archives.unlessCold(List.of("--threads", "1", "--paper")).forJvm(jar, FLAGS).flags())
        .isEmpty();
    assertThat(archives.unlessCold(List.of("--cold-start")).text()).startsWith("off: ");
    assertThat(archives.unlessCold(List.of("--threads", "1")).text()).isEqualTo("on");
    Files.createDirectories(work.resolve("classes/x"));
    assertThat(archives.forJvm(work.resolve("classes").toString(), FLAGS).flags()).isEmpty();
    assertThat(archives.forJvm(jar + java.io.File.pathSeparator + work.resolve("classes"), FLAGS))
        .isEqualTo(ClassDataArchives.Archive.NONE);
    ClassDataArchives noBase = ClassDataArchives.in(work.resolve("cds2"), work);
    assertThat(noBase.text()).contains("no base archive");
    assertThat(noBase.forJvm(jar, FLAGS).flags()).isEmpty();
  }

  @Test
  void theArchivesFlagsAreNoPartOfAPointsJvmFlags() {
    assertThat(ClassDataSharing.isArchiveFlag("-XX:SharedArchiveFile=/x/a.jsa")).isTrue();
    assertThat(ClassDataSharing.isArchiveFlag("-XX:ArchiveClassesAtExit=/x/a.part")).isTrue();
    assertThat(ClassDataSharing.isArchiveFlag("-Xlog:cds=off")).isTrue();
    assertThat(ClassDataSharing.isArchiveFlag("-Xmx384m")).isFalse();
    assertThat(ClassDataSharing.isArchiveFlag("-XX:+UseSerialGC")).isFalse();
  }

  /** Runs the jar's server with {@code archive} until ready, its mappings into {@code maps}. */
  private void run(Path jar, ClassDataArchives.Archive archive, List<String> maps)
      throws Exception {
    StartedServer s = start(jar, archive);
    s.awaitReady(60_000);
    if (maps != null) {
      maps.addAll(Files.readAllLines(Path.of("/proc", "" + s.handle().pid(), "maps")));
    }
    s.stop(60_000);
  }

  private StartedServer start(Path jar, ClassDataArchives.Archive archive) throws IOException {
    List<String> command = new ArrayList<>();
    command.add(JAVA_HOME.resolve("bin/java").toString());
    command.addAll(archive.flags());
    command.addAll(FLAGS);
    command.addAll(List.of("-jar", jar.toString()));
    return StartedServer.start(command, Files.createTempFile(work, "server", ".log"), archive);
  }

  private List<Path> parts() throws IOException {
    try (Stream<Path> files = Files.list(work.resolve("cds"))) {
      return files.filter(p -> p.toString().endsWith(".part")).toList();
    }
  }

  /** A jar of {@link ArchivedMain} alone: a class path of jars only, as the runner's are. */
  private Path jar() throws IOException {
    Manifest m = new Manifest();
    m.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
    m.getMainAttributes().put(Attributes.Name.MAIN_CLASS, ArchivedMain.class.getName());
    Path jar = work.resolve("archived.jar");
    String entry = ArchivedMain.class.getName().replace('.', '/') + ".class";
    try (OutputStream out = Files.newOutputStream(jar);
        JarOutputStream j = new JarOutputStream(out, m);
        InputStream in = ArchivedMain.class.getClassLoader().getResourceAsStream(entry)) {
      j.putNextEntry(new JarEntry(entry));
      in.transferTo(j);
      j.closeEntry();
    }
    return jar;
  }
}
