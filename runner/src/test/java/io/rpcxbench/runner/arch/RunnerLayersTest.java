package io.rpcxbench.runner.arch;

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
    slices().assignedFrom(new Rooms()).should().beFreeOfCycles().check(classes);
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

  /** One slice per room ({@code runner.sweep}, ...), the root its own. */
  private static final class Rooms implements SliceAssignment {
    @Override
    public SliceIdentifier getIdentifierOf(JavaClass javaClass) {
      String p = javaClass.getPackageName();
      if (!p.startsWith(RUNNER)) {
        return SliceIdentifier.ignore();
      }
      String[] parts = p.substring(RUNNER.length()).split("\\.");
      return SliceIdentifier.of(parts.length <= 1 ? "runner" : "runner." + parts[1]);
    }

    @Override
    public String getDescription() {
      return "the runner's rooms";
    }
  }
}
