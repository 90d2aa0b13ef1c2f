package io.rpcxbench.scripts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** Every *.sh in the repo passes shellcheck (house style), wherever it lives. */
final class ShellcheckTest {

  @Test
  void everyShellScriptPassesShellcheck() throws Exception {
    assumeTrue(
        Shell.onPath("shellcheck"),
        "skipped: shellcheck not installed (apt-get install shellcheck)");
    List<String> scripts = shellScripts(Shell.repoRoot());
    assertFalse(scripts.isEmpty(), "no *.sh found");
    List<String> command =
        new ArrayList<>(List.of("shellcheck", "--shell=bash", "--external-sources"));
    command.addAll(scripts);
    Shell.Result result = Shell.run(120, command);
    assertEquals(
        0, result.exitCode(), () -> "shellcheck findings in " + scripts + ":\n" + result.output());
  }

  @Test
  void theEntryPointScriptsExistAndAreExecutable() {
    Path root = Shell.repoRoot();
    for (String s :
        List.of(
            "sweep.sh",
            "quickstart.sh",
            "deploy/deploy.sh",
            "deploy/servers.sh",
            "deploy/collect.sh",
            "deploy/lab.sh")) {
      assertTrue(Files.isExecutable(root.resolve(s)), s + " is missing or not executable");
    }
  }

  static List<String> shellScripts(Path root) throws IOException {
    try (Stream<Path> files = Files.walk(root)) {
      return files
          .filter(p -> p.getFileName().toString().endsWith(".sh") && Files.isRegularFile(p))
          .map(p -> root.relativize(p).toString())
          .filter(
              p ->
                  !p.startsWith(".git/")
                      && !p.contains("/target/")
                      && !p.startsWith("target/")
                      && !p.contains("node_modules/")
                      && !p.startsWith("results/"))
          .sorted()
          .toList();
    }
  }
}
