package io.rpcxbench.harness.arch;

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
    slices().assignedFrom(new PackageSlices()).should().beFreeOfCycles().check(classes);
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

  /** One slice per harness package, the root its own. */
  private static final class PackageSlices implements SliceAssignment {
    @Override
    public SliceIdentifier getIdentifierOf(JavaClass javaClass) {
      String p = javaClass.getPackageName();
      if (!p.startsWith(HARNESS)) {
        return SliceIdentifier.ignore();
      }
      String[] parts = p.substring(HARNESS.length()).split("\\.");
      // "" -> root; ".load" -> load
      return SliceIdentifier.of(parts.length <= 1 ? "harness" : parts[1]);
    }

    @Override
    public String getDescription() {
      return "the harness's packages";
    }
  }
}
