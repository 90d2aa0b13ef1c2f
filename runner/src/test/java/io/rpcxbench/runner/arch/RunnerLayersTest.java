package io.rpcxbench.runner.arch;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import io.rpcxbench.testsupport.PackageSlices;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The runner's rooms of docs/architecture.md, over the built main classes: they form no import
 * circle, no room reaches back into the runner's root ({@code RpcxBenchCommand} and its main), and
 * the runner reads results through the verdict library and raw-format, never the report's database
 * or pages (the report is the people's command, not a library of the runner).
 */
class RunnerLayersTest {
  private static final String RUNNER = "io.rpcxbench.runner";
  private static JavaClasses classes;

  @BeforeAll
  static void importMainClasses() {
    classes =
        new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages(RUNNER);
  }

  @Test
  void roomsFormNoImportCircle() {
    slices()
        .assignedFrom(new PackageSlices(RUNNER, "runner"))
        .should()
        .beFreeOfCycles()
        .check(classes);
  }

  @Test
  void noRoomReachesBackIntoTheRunnersRoot() {
    noClasses()
        .that()
        .resideInAPackage(RUNNER + ".*..")
        .should()
        .dependOnClassesThat()
        .resideInAPackage(RUNNER)
        .check(classes);
  }

  @Test
  void theRunnerNeverLinksTheReport() {
    noClasses()
        .that()
        .resideInAPackage(RUNNER + "..")
        .should()
        .dependOnClassesThat()
        .resideInAPackage("io.rpcxbench.report..")
        .check(classes);
  }
}
