package io.rpcxbench.testsupport;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.library.dependencies.SliceAssignment;
import com.tngtech.archunit.library.dependencies.SliceIdentifier;

/**
 * The slices of a layering test (ArchUnit): one per package directly under {@code root}, each with
 * its subpackages, and the root package its own; classes outside {@code root} are left out.
 *
 * <pre>{@code
 * slices().assignedFrom(new PackageSlices("io.rpcxbench.runner", "runner")).should().beFreeOfCycles()
 * }</pre>
 */
public final class PackageSlices implements SliceAssignment {
  private final String root;
  private final String name;

  /**
   * @param root the package whose packages are the slices
   * @param name the root slice's name; a package's is {@code name.package}
   */
  public PackageSlices(String root, String name) {
    this.root = root;
    this.name = name;
  }

  @Override
  public SliceIdentifier getIdentifierOf(JavaClass javaClass) {
    String p = javaClass.getPackageName();
    if (!p.equals(root) && !p.startsWith(root + ".")) {
      return SliceIdentifier.ignore();
    }
    String[] parts = p.substring(root.length()).split("\\.");
    // "" -> the root; ".sweep" and ".sweep.x" -> name.sweep
    return SliceIdentifier.of(parts.length <= 1 ? name : name + "." + parts[1]);
  }

  @Override
  public String getDescription() {
    return "the packages of " + root;
  }
}
