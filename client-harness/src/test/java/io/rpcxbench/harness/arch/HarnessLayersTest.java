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
 * The layers of docs/architecture.md, over the built main classes: the harness's packages and the
 * runner's rooms form no import circle, {@code config} holds values only, and no room reaches back
 * into the runner's root.
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
  void packagesAndRoomsFormNoImportCircle() {
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
            HARNESS + ".output..",
            HARNESS + ".runner..")
        .check(classes);
  }

  @Test
  void theHarnessNeverReachesIntoTheRunner() {
    noClasses()
        .that()
        .resideOutsideOfPackage(HARNESS + ".runner..")
        .should()
        .dependOnClassesThat()
        .resideInAPackage(HARNESS + ".runner..")
        .check(classes);
  }

  @Test
  void noRoomReachesBackIntoTheRunnersRoot() {
    noClasses()
        .that()
        .resideInAPackage(HARNESS + ".runner.*..")
        .should()
        .dependOnClassesThat()
        .resideInAPackage(HARNESS + ".runner")
        .check(classes);
  }

  /**
   * One slice per harness package (the root its own) and per runner room (the runner's root too).
   */
  private static final class PackageSlices implements SliceAssignment {
    @Override
    public SliceIdentifier getIdentifierOf(JavaClass javaClass) {
      String p = javaClass.getPackageName();
      if (!p.startsWith(HARNESS)) {
        return SliceIdentifier.ignore();
      }
      String[] parts = p.substring(HARNESS.length()).split("\\.");
      // "" -> root; ".load" -> load; ".runner" -> runner; ".runner.sweep" -> runner.sweep
      if (parts.length <= 1) {
        return SliceIdentifier.of("harness");
      }
      if (parts[1].equals("runner") && parts.length > 2) {
        return SliceIdentifier.of("runner." + parts[2]);
      }
      return SliceIdentifier.of(parts[1]);
    }

    @Override
    public String getDescription() {
      return "the harness's packages and the runner's rooms";
    }
  }
}
