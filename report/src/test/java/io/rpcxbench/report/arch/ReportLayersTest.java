package io.rpcxbench.report.arch;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.library.dependencies.SliceAssignment;
import com.tngtech.archunit.library.dependencies.SliceIdentifier;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The report's layers of docs/architecture.md, over the built main classes: its packages form no
 * import circle (the pages and tables one went with {@code report.html.Html}), and it reads what
 * the tools wrote through raw-format, never by linking the harness or the runner.
 */
class ReportLayersTest {
  private static final String REPORT = "io.rpcxbench.report";
  private static JavaClasses classes;

  @BeforeAll
  static void importMainClasses() {
    classes =
        new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages(REPORT);
  }

  @Test
  void packagesFormNoImportCircle() {
    slices().assignedFrom(new Packages()).should().beFreeOfCycles().check(classes);
  }

  @Test
  void theReportNeverLinksTheHarnessOrTheRunner() {
    noClasses()
        .that()
        .resideInAPackage(REPORT + "..")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage("io.rpcxbench.harness..", "io.rpcxbench.runner..")
        .check(classes);
  }

  /** One slice per report package ({@code report.pages}, ...), the root its own. */
  private static final class Packages implements SliceAssignment {
    @Override
    public SliceIdentifier getIdentifierOf(JavaClass javaClass) {
      String p = javaClass.getPackageName();
      if (!p.startsWith(REPORT)) {
        return SliceIdentifier.ignore();
      }
      String[] parts = p.substring(REPORT.length()).split("\\.");
      return SliceIdentifier.of(parts.length <= 1 ? "report" : "report." + parts[1]);
    }

    @Override
    public String getDescription() {
      return "the report's packages";
    }
  }
}
