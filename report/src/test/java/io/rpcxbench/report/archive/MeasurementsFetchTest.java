package io.rpcxbench.report.archive;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.report.Cli;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code measurements fetch|publish} against real git repositories made here: an "origin" whose
 * orphan measurements branch holds an archive that matches its manifest and one whose sha256 does
 * not, and a clone of main that keeps only the manifests. {@code verify} and {@code unpack} of an
 * archive that is not here: one line naming {@code measurements fetch}.
 */
class MeasurementsFetchTest {
  static final String GOOD = "m-2026-11-27";
  static final String BAD = "bad-2026-11-27";

  @TempDir Path tmp;
  Path origin;
  Path clone;
  Path archives;
  byte[] archive;

  /** origin: a main commit and an orphan measurements branch; clone: the manifests only. */
  @BeforeEach
  void repositories() throws IOException {
    Path packed = tmp.resolve("packed");
    Path folder = Cli.copyFixture(tmp.resolve(GOOD));
    Cli.Result r = Cli.run("measurements", "pack", folder.toString(), "--archives", "" + packed);
    assertThat(r.exit()).as(r.err()).isZero();
    archive = Files.readAllBytes(packed.resolve(GOOD + ".tar.xz"));

    origin = Files.createDirectories(tmp.resolve("origin"));
    init(origin);
    Files.writeString(origin.resolve("README.md"), "main\n");
    git(origin, "add", "README.md");
    git(origin, "commit", "-q", "-m", "main");
    git(origin, "checkout", "-q", "--orphan", "measurements");
    git(origin, "rm", "-q", "--cached", "README.md");
    Files.delete(origin.resolve("README.md"));
    Files.write(origin.resolve(GOOD + ".tar.xz"), archive);
    Files.write(origin.resolve(BAD + ".tar.xz"), archive);
    git(origin, "add", GOOD + ".tar.xz", BAD + ".tar.xz");
    git(origin, "commit", "-q", "-m", "archives");
    git(origin, "checkout", "-q", "main");

    clone = Files.createDirectories(tmp.resolve("clone"));
    init(clone);
    archives = Files.createDirectories(clone.resolve("measurements"));
    Files.copy(packed.resolve(GOOD + ".manifest.tsv"), archives.resolve(GOOD + ".manifest.tsv"));
    ArchiveManifest good = ArchiveManifest.read(packed.resolve(GOOD + ".manifest.tsv"));
    String otherSha = "0".repeat(64);
    new ArchiveManifest(BAD, good.source(), good.archiveBytes(), otherSha, good.files())
        .write(archives.resolve(BAD + ".manifest.tsv"));
  }

  @Test
  void fetchFromARepositoryKeepsTheArchiveThatMatchesItsManifest() throws IOException {
    Cli.Result r = fetch(GOOD, "--from", origin.toString());
    assertThat(r.exit()).as(r.err()).isZero();
    assertThat(r.out()).startsWith(GOOD + ": fetched (");
    assertThat(archives.resolve(GOOD + ".tar.xz")).hasBinaryContent(archive);
    assertThat(partials()).isEmpty();
    Cli.Result v = Cli.run("measurements", "verify", GOOD, "--archives", "" + archives);
    assertThat(v.exit()).as(v.err()).isZero();
  }

  @Test
  void withoutFromItFetchesFromOriginAndThenReadsTheLocalBranch() throws IOException {
    git(clone, "remote", "add", "origin", origin.toString());
    Cli.Result r = fetch(GOOD);
    assertThat(r.exit()).as(r.err()).isZero();
    assertThat(archives.resolve(GOOD + ".tar.xz")).hasBinaryContent(archive);

    // a clone with its own measurements branch needs no remote at all
    Files.delete(archives.resolve(GOOD + ".tar.xz"));
    git(clone, "remote", "remove", "origin");
    git(clone, "fetch", "-q", origin.toString(), "measurements:measurements");
    Cli.Result local = fetch(GOOD);
    assertThat(local.exit()).as(local.err()).isZero();
    assertThat(local.out()).contains("from measurements ");
    assertThat(archives.resolve(GOOD + ".tar.xz")).hasBinaryContent(archive);
  }

  @Test
  void anArchiveWhoseSha256IsNotItsManifestsIsNotKept() throws IOException {
    Cli.Result r = fetch(BAD, "--from", origin.toString());
    assertThat(r.exit()).isEqualTo(1);
    assertThat(r.err().lines()).hasSize(1);
    assertThat(r.err())
        .startsWith("error: ")
        .contains("is not the manifest's 0000", "nothing kept");
    assertThat(archives.resolve(BAD + ".tar.xz")).doesNotExist();
    assertThat(partials()).isEmpty();
  }

  @Test
  void anUnknownNameIsBadUsageBeforeAnyGitCall() throws IOException {
    // a fetch from nowhere would fail with git's words and exit 1: exit 2 shows git never ran
    Cli.Result r = fetch(GOOD, "nope", "--from", tmp.resolve("nowhere").toString());
    assertThat(r.exit()).isEqualTo(2);
    assertThat(r.err().lines().toList())
        .containsExactly("error: no measurement 'nope' in " + archives);
    assertThat(archives.resolve(GOOD + ".tar.xz")).doesNotExist();
  }

  @Test
  void anArchiveAlreadyHereAndMatchingIsKept() throws IOException {
    Path here = archives.resolve(GOOD + ".tar.xz");
    Files.write(here, archive);
    FileTime before = FileTime.fromMillis(1_000_000_000_000L);
    Files.setLastModifiedTime(here, before);
    Cli.Result r = fetch(GOOD, "--from", tmp.resolve("nowhere").toString());
    assertThat(r.exit()).as(r.err()).isZero();
    assertThat(r.out()).isEqualTo(GOOD + ": already here\n");
    assertThat(Files.getLastModifiedTime(here)).isEqualTo(before);
  }

  @Test
  void aNameNotOnTheBranchOrARepositoryThatIsNotThereIsOneLine() throws IOException {
    Files.writeString(
        archives.resolve("other.manifest.tsv"),
        Files.readString(archives.resolve(GOOD + ".manifest.tsv")).replace(GOOD, "other"));
    Cli.Result r = fetch("other", "--from", origin.toString());
    assertThat(r.exit()).isEqualTo(1);
    assertThat(r.err().lines().toList()).hasSize(1);
    assertThat(r.err()).contains("no other.tar.xz on the measurements branch");

    Cli.Result none = fetch(GOOD, "--from", tmp.resolve("nowhere").toString());
    assertThat(none.exit()).isEqualTo(1);
    assertThat(none.err().lines().toList()).hasSize(1);
    assertThat(none.err())
        .startsWith("error: git fetch --no-tags --quiet " + tmp.resolve("nowhere"))
        .contains(": fatal: ");
  }

  @Test
  void verifyAndUnpackOfAnArchiveNotHereNameTheFetch() {
    Cli.Result v = Cli.run("measurements", "verify", GOOD, "--archives", "" + archives);
    assertThat(v.exit()).isEqualTo(1);
    assertThat(v.out()).isEmpty();
    assertThat(v.err().lines().toList())
        .containsExactly(
            "error: "
                + archives.resolve(GOOD + ".tar.xz")
                + " is not here (main keeps only the manifests; the archives live on the"
                + " measurements branch): get it with java -jar report/target/report.jar"
                + " measurements fetch "
                + GOOD);

    Cli.Result all = Cli.run("measurements", "verify", "--archives", "" + archives);
    assertThat(all.exit()).isEqualTo(1);
    assertThat(all.err().lines().toList()).hasSize(1);
    assertThat(all.err()).contains("2 archives are not here, the first ", "measurements fetch\n");

    Path to = tmp.resolve("unpacked");
    Cli.Result u =
        Cli.run("measurements", "unpack", GOOD, "--to", "" + to, "--archives", "" + archives);
    assertThat(u.exit()).isEqualTo(1);
    assertThat(u.err().lines().toList()).hasSize(1);
    assertThat(u.err()).contains("measurements fetch " + GOOD);
    assertThat(to).doesNotExist();
  }

  @Test
  void publishCommitsTheArchiveOntoTheBranchWithoutACheckout() throws IOException {
    Files.write(archives.resolve(GOOD + ".tar.xz"), archive);
    String status = git(clone, "status", "--porcelain", "--untracked-files=all");
    Cli.Result r = Cli.run("measurements", "publish", GOOD, "--archives", "" + archives);
    assertThat(r.exit()).as(r.err()).isZero();
    assertThat(r.out()).startsWith(GOOD + ": committed onto measurements ");
    assertThat(git(clone, "ls-tree", "--name-only", "refs/heads/measurements"))
        .isEqualTo(GOOD + ".tar.xz");
    assertThat(git(clone, "rev-list", "--count", "refs/heads/measurements")).isEqualTo("1");
    assertThat(git(clone, "status", "--porcelain", "--untracked-files=all")).isEqualTo(status);

    Cli.Result again = Cli.run("measurements", "publish", GOOD, "--archives", "" + archives);
    assertThat(again.exit()).as(again.err()).isZero();
    assertThat(again.out()).startsWith(GOOD + ": already on measurements ");
    assertThat(git(clone, "rev-list", "--count", "refs/heads/measurements")).isEqualTo("1");

    // what was published is what a fetch from this clone gets
    Files.delete(archives.resolve(GOOD + ".tar.xz"));
    Cli.Result f = fetch(GOOD);
    assertThat(f.exit()).as(f.err()).isZero();
    assertThat(archives.resolve(GOOD + ".tar.xz")).hasBinaryContent(archive);

    // a second archive goes on top, the first stays
    Files.write(archives.resolve(BAD + ".tar.xz"), archive);
    ArchiveManifest m = ArchiveManifest.read(archives.resolve(GOOD + ".manifest.tsv"));
    new ArchiveManifest(BAD, m.source(), m.archiveBytes(), m.archiveSha256(), m.files())
        .write(archives.resolve(BAD + ".manifest.tsv"));
    assertThat(Cli.run("measurements", "publish", BAD, "--archives", "" + archives).exit())
        .isZero();
    assertThat(git(clone, "ls-tree", "--name-only", "refs/heads/measurements").lines())
        .containsExactly(BAD + ".tar.xz", GOOD + ".tar.xz");
    assertThat(git(clone, "rev-list", "--count", "refs/heads/measurements")).isEqualTo("2");
  }

  @Test
  void publishOfAnArchiveNotHereIsOneLine() throws IOException {
    Cli.Result r = Cli.run("measurements", "publish", GOOD, "--archives", "" + archives);
    assertThat(r.exit()).isEqualTo(1);
    assertThat(r.err().lines().toList()).hasSize(1);
    assertThat(r.err()).contains("measurements fetch " + GOOD);
    assertThat(git(clone, "branch", "--list", "measurements")).isEmpty();
  }

  private Cli.Result fetch(String... args) {
    List<String> all = new ArrayList<>(List.of("measurements", "fetch"));
    all.addAll(List.of(args));
    all.addAll(List.of("--archives", archives.toString()));
    return Cli.run(all.toArray(String[]::new));
  }

  private List<Path> partials() throws IOException {
    try (var files = Files.list(archives)) {
      return files.filter(f -> f.toString().endsWith(".partial")).toList();
    }
  }

  private static void init(Path repo) throws IOException {
    git(repo, "init", "-q", "-b", "main");
    git(repo, "config", "user.name", "test");
    git(repo, "config", "user.email", "test@example.org");
    git(repo, "config", "commit.gpgsign", "false");
  }

  /** git in {@code repo}, its standard output stripped; a failure fails the test. */
  static String git(Path repo, String... args) throws IOException {
    List<String> command = new ArrayList<>(List.of("git", "-C", repo.toString()));
    command.addAll(List.of(args));
    Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
    try {
      String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
      assertThat(p.exitValue()).as(String.join(" ", command) + ": " + out).isZero();
      return out.strip();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException(e);
    }
  }
}
