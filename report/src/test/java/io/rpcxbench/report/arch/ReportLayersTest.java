package io.rpcxbench.report.arch;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import io.rpcxbench.testsupport.PackageSlices;
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
    slices()
        .assignedFrom(new PackageSlices(REPORT, "report"))
        .should()
        .beFreeOfCycles()
        .check(classes);
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
}
