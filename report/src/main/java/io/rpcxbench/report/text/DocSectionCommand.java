package io.rpcxbench.report.text;

import io.rpcxbench.api.ExitCode;
import io.rpcxbench.verdict.page.DocSection;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code doc-section DOC NAME BODY}: replaces section NAME of a Markdown document with a body file
 * ({@link DocSection}), the one splice that rpcx-bench compare and the bench scripts' --write-doc
 * use.
 *
 * <pre>
 * java -jar report.jar doc-section docs/performance.md wire-bytes results/wire-bytes/x/section.md
 * </pre>
 */
@Command(
    name = "doc-section",
    mixinStandardHelpOptions = true,
    description =
        "Replace the lines between <!-- BEGIN NAME --> and <!-- END NAME --> in DOC with the file"
            + " BODY (markers added at the end when DOC has none; DOC created when missing),"
            + " atomically.")
public final class DocSectionCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Parameters(index = "0", paramLabel = "DOC", description = "The Markdown document.")
  Path doc;

  @Parameters(index = "1", paramLabel = "NAME", description = "The section's name.")
  String name;

  @Parameters(index = "2", paramLabel = "BODY", description = "The section's new text.")
  Path body;

  @Override
  public Integer call() {
    if (!name.matches("[A-Za-z0-9_-]+")) {
      throw new CommandLine.ParameterException(
          spec.commandLine(), "NAME '" + name + "' is not a word (letters, digits, - and _)");
    }
    try {
      DocSection.write(doc, name, Files.readString(body, StandardCharsets.UTF_8));
      return ExitCode.OK.code();
    } catch (IOException e) {
      spec.commandLine().getErr().println("error: doc-section " + doc + ": " + e);
      spec.commandLine().getErr().flush();
      return ExitCode.FAILED.code();
    }
  }
}
