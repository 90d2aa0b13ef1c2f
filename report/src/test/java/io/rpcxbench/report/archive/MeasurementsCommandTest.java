package io.rpcxbench.report.archive;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.report.Cli;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code measurements pack|verify|unpack}: an archive that matches its manifest verifies and
 * unpacks to the same bytes; a corrupted, truncated or altered one is refused with one line and
 * exit 1, and nothing is unpacked.
 */
class MeasurementsCommandTest {
  @TempDir Path tmp;
  Path folder;
  Path archives;

  @BeforeEach
  void aMeasurement() throws IOException {
    folder = Cli.copyFixture(tmp.resolve("m-2026-11-27"));
    Files.writeString(folder.resolve("run.sh"), "#!/bin/sh\necho hi\n");
    assertThat(folder.resolve("run.sh").toFile().setExecutable(true)).isTrue();
    archives = tmp.resolve("measurements");
    Cli.Result r = Cli.run("measurements", "pack", folder.toString(), "--archives", "" + archives);
    assertThat(r.exit()).as(r.err()).isZero();
  }

  @Test
  void theManifestListsEveryFileWithItsProvenance() throws IOException {
    ArchiveManifest m = ArchiveManifest.read(archives.resolve("m-2026-11-27.manifest.tsv"));
    assertThat(m.name()).isEqualTo("m-2026-11-27");
    assertThat(m.files()).extracting(ManifestEntry::path).contains("rpcx/t10-r100.csv", "run.sh");
    ManifestEntry raw =
        m.files().stream().filter(f -> f.path().equals("rpcx/t10-r100.csv")).findFirst().get();
    assertThat(raw.sha256()).isEqualTo(Sha256.of(folder.resolve("rpcx/t10-r100.csv")));
    assertThat(raw.facts().commit()).isNotEqualTo("-");
    assertThat(raw.facts().date()).isNotEqualTo("-");
    ManifestEntry script =
        m.files().stream().filter(f -> f.path().equals("run.sh")).findFirst().get();
    assertThat(script.facts()).isEqualTo(FileFacts.NONE);
    assertThat(m.archiveBytes()).isEqualTo(Files.size(archives.resolve("m-2026-11-27.tar.xz")));
    // written back as it was read: the format has one reader and one writer
    Path again = tmp.resolve("again.tsv");
    m.write(again);
    assertThat(again).hasSameTextualContentAs(archives.resolve("m-2026-11-27.manifest.tsv"));
  }

  @Test
  void packingTwiceGivesTheSameArchive() throws IOException {
    byte[] first = Files.readAllBytes(archives.resolve("m-2026-11-27.tar.xz"));
    Cli.run("measurements", "pack", folder.toString(), "--archives", archives.toString());
    assertThat(archives.resolve("m-2026-11-27.tar.xz")).hasBinaryContent(first);
  }

  @Test
  void aGoodArchiveVerifiesAndUnpacksToTheSameFiles() throws IOException {
    Cli.Result v = verify();
    assertThat(v.exit()).as(v.err()).isZero();
    assertThat(v.out()).startsWith("m-2026-11-27: ok, ");

    Path to = tmp.resolve("out");
    Cli.Result u = unpack(to);
    assertThat(u.exit()).as(u.err()).isZero();
    assertThat(u.out()).contains("unpacked into");
    assertThat(to.resolve("rpcx/t10-r100.csv"))
        .hasSameBinaryContentAs(folder.resolve("rpcx/t10-r100.csv"));
    assertThat(Files.isExecutable(to.resolve("run.sh"))).isTrue();
    assertThat(UnpackedCopy.matches(to, manifest())).isTrue();

    // a second unpack finds the copy there and leaves it
    Cli.Result again = unpack(to);
    assertThat(again.exit()).isZero();
    assertThat(again.out()).contains("already in");
  }

  @Test
  void aCorruptedArchiveIsRefusedInOneLineAndNothingIsUnpacked() throws IOException {
    Path archive = archives.resolve("m-2026-11-27.tar.xz");
    byte[] bytes = Files.readAllBytes(archive);
    bytes[bytes.length / 2] ^= 0x40;
    Files.write(archive, bytes);

    Cli.Result v = verify();
    assertThat(v.exit()).isEqualTo(1);
    assertThat(v.err().lines()).hasSize(1);
    assertThat(v.err()).startsWith("error: ").contains("m-2026-11-27.tar.xz: sha256 ");

    Path to = tmp.resolve("out");
    assertThat(unpack(to).exit()).isEqualTo(1);
    assertThat(to).doesNotExist();
  }

  @Test
  void aTruncatedArchiveIsRefused() throws IOException {
    Path archive = archives.resolve("m-2026-11-27.tar.xz");
    byte[] bytes = Files.readAllBytes(archive);
    Files.write(archive, Arrays.copyOf(bytes, bytes.length - 100));

    Cli.Result v = verify();
    assertThat(v.exit()).isEqualTo(1);
    assertThat(v.err().lines()).hasSize(1);
    assertThat(v.err()).contains("(truncated?)");
  }

  /** The archive matches its recorded hash, but a file in it does not match its line. */
  @Test
  void aFileThatDiffersFromItsLineIsNamed() throws IOException {
    Files.writeString(folder.resolve("run.sh"), "#!/bin/sh\necho changed\n");
    Path other = tmp.resolve("other");
    Cli.run("measurements", "pack", folder.toString(), "--archives", other.toString());
    Path archive = archives.resolve("m-2026-11-27.tar.xz");
    Files.copy(other.resolve("m-2026-11-27.tar.xz"), archive, REPLACE);
    ArchiveManifest old = manifest();
    new ArchiveManifest(
            old.name(), old.source(), Files.size(archive), Sha256.of(archive), old.files())
        .write(archives.resolve("m-2026-11-27.manifest.tsv"));

    Cli.Result v = verify();
    assertThat(v.exit()).isEqualTo(1);
    assertThat(v.err()).contains("run.sh differs from the manifest");
    Path to = tmp.resolve("out");
    assertThat(unpack(to).exit()).isEqualTo(1);
    assertThat(to).doesNotExist();
    assertThat(tmp.resolve(".out.unpacking")).doesNotExist();
  }

  @Test
  void anUnknownNameOrAFolderHoldingOtherFilesIsBadUsage() throws IOException {
    Cli.Result r = Cli.run("measurements", "verify", "nope", "--archives", archives.toString());
    assertThat(r.exit()).isEqualTo(2);
    assertThat(r.err()).contains("no measurement 'nope'");

    Path busy = tmp.resolve("busy");
    Files.createDirectories(busy);
    Files.writeString(busy.resolve("mine.txt"), "x", StandardCharsets.UTF_8);
    Cli.Result u = unpack(busy);
    assertThat(u.exit()).isEqualTo(2);
    assertThat(u.err()).contains("is not m-2026-11-27's unpacked copy");
    assertThat(busy.resolve("mine.txt")).exists();
  }

  @Test
  void aManifestPathLeavingTheFolderIsRefused() {
    for (String bad : List.of("../x", "/etc/passwd", "a/../../x", "a//b")) {
      org.assertj.core.api.Assertions.assertThatThrownBy(
              () -> new ManifestEntry(bad, 1, "00", FileFacts.NONE))
          .isInstanceOf(IllegalArgumentException.class);
    }
  }

  private static final java.nio.file.CopyOption REPLACE =
      java.nio.file.StandardCopyOption.REPLACE_EXISTING;

  private ArchiveManifest manifest() throws IOException {
    return ArchiveManifest.read(archives.resolve("m-2026-11-27.manifest.tsv"));
  }

  private Cli.Result verify() {
    return Cli.run("measurements", "verify", "m-2026-11-27", "--archives", archives.toString());
  }

  private Cli.Result unpack(Path to) {
    return Cli.run(
        "measurements",
        "unpack",
        "m-2026-11-27",
        "--to",
        to.toString(),
        "--archives",
        "" + archives);
  }
}
