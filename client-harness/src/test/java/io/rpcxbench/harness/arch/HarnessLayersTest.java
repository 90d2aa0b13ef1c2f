package io.rpcxbench.harness.arch;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import io.rpcxbench.testsupport.PackageSlices;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The layers of docs/architecture.md, over the built main classes: the harness's packages form no
 * import circle and {@code config} holds values only. (The runner is a module of its own that
 * depends on this one, so the harness cannot see it: the compiler keeps that rule.)
 */
class HarnessLayersTest {
  private static final String HARNESS = "io.rpcxbench.harness";
  private static JavaClasses classes;

  @BeforeAll
  static void importMainClasses() {
    classes =
        new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages(HARNESS);
  }

  @Test
  void packagesFormNoImportCircle() {
    slices()
        .assignedFrom(new PackageSlices(HARNESS, "harness"))
        .should()
        .beFreeOfCycles()
        .check(classes);
  }

  @Test
  void configHoldsValuesOnly() {
    noClasses()
        .that()
        .resideInAPackage(HARNESS + ".config..")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage(
            HARNESS,
            HARNESS + ".fleet..",
            HARNESS + ".load..",
            HARNESS + ".measure..",
            HARNESS + ".metrics..",
            HARNESS + ".output..")
        .check(classes);
  }
}
