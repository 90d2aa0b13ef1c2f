package io.rpcxbench.verdict.arch;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The judging library stays a library: no command-line parsing, no report, no harness, no database
 * or chart renderer (the runner calls it in its own JVM, so what it pulls in the harness carries);
 * and its packages are layered, a map over choices over comparisons, pages at the bottom.
 */
class VerdictLayersTest {
  private static final String VERDICT = "io.rpcxbench.verdict";
  private static JavaClasses classes;

  @BeforeAll
  static void importMainClasses() {
    classes =
        new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages(VERDICT);
  }

  @Test
  void aLibraryOfNoToolAndNoHeavyDependency() {
    noClasses()
        .that()
        .resideInAPackage(VERDICT + "..")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage(
            "picocli..",
            "io.rpcxbench.report..",
            "io.rpcxbench.harness..",
            "java.sql..",
            "org.knowm.xchart..",
            "java.awt..")
        .check(classes);
  }

  @Test
  void mapOverChooseOverCompareAndDiffOverSignificanceOverPage() {
    layeredArchitecture()
        .consideringOnlyDependenciesInLayers()
        .layer("map")
        .definedBy(VERDICT + ".map..")
        .layer("choose")
        .definedBy(VERDICT + ".choose..")
        .layer("diff")
        .definedBy(VERDICT + ".diff..")
        .layer("compare")
        .definedBy(VERDICT + ".compare..")
        .layer("significance")
        .definedBy(VERDICT + ".significance..")
        .layer("page")
        .definedBy(VERDICT + ".page..")
        .whereLayer("map")
        .mayNotBeAccessedByAnyLayer()
        .whereLayer("choose")
        .mayOnlyBeAccessedByLayers("map")
        .whereLayer("diff")
        .mayNotBeAccessedByAnyLayer()
        .whereLayer("compare")
        .mayOnlyBeAccessedByLayers("choose")
        .whereLayer("significance")
        .mayOnlyBeAccessedByLayers("diff", "choose", "map")
        .whereLayer("page")
        .mayOnlyBeAccessedByLayers("diff", "choose", "map", "compare")
        .check(classes);
  }
}
