package io.signo.server.architecture;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.core.importer.Location;
import com.tngtech.archunit.lang.ArchRule;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.util.List;
import java.util.regex.Pattern;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The module rules DESIGN.md states, over the production classes of every module: dependencies point
 * one way (storage, core, then net and sql, then server), nothing in storage or core knows Calcite,
 * Netty or processes, and the planner knows no transport. Maven's module graph already keeps a module
 * from reaching one it does not depend on; these rules catch what it cannot: a library that leaks
 * into a layer that must not know it.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ModuleRulesTest
{
    private static final Pattern TEST_JAR = Pattern.compile(".*-tests\\.jar!/.*");

    private JavaClasses classes;

    @BeforeAll
    void importClasses()
    {
        // archunit.properties turns off resolving the classes these name from the class path: the rules
        // look at the names of what a class depends on, which the import records without loading Calcite or Netty
        classes = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .withImportOption(ModuleRulesTest::isNotATestJar)
                .withImportOption(ModuleRulesTest::isNotShadedIntoTheDriver)
                .importPackages("io.signo");
        // a rule over no classes passes: make sure every module's classes are there, whether they come from directories or jars
        for (String module : List.of("io.signo.storage.page", "io.signo.core.operator", "io.signo.net.exchange", "io.signo.sql.translate", "io.signo.server.cli")) {
            assertTrue(classes.containPackage(module), "no classes of " + module + " imported");
        }
    }

    @Test
    void storageKnowsNoOperatorsPlannerTransportOrServer()
    {
        check(noClasses().that().resideInAPackage("io.signo.storage..")
                .should().dependOnClassesThat().resideInAnyPackage("io.signo.core..", "io.signo.net..", "io.signo.sql..", "io.signo.server..",
                        "org.apache.calcite..", "io.netty.."));
    }

    @Test
    void coreKnowsNoCalciteNettyOrProcesses()
    {
        check(noClasses().that().resideInAPackage("io.signo.core..")
                .should().dependOnClassesThat().resideInAnyPackage("io.signo.net..", "io.signo.sql..", "io.signo.server..",
                        "org.apache.calcite..", "io.netty..")
                .orShould().dependOnClassesThat().areAssignableTo(ProcessBuilder.class)
                .orShould().dependOnClassesThat().areAssignableTo(Process.class));
    }

    @Test
    void networkKnowsNoPlannerOrServer()
    {
        check(noClasses().that().resideInAPackage("io.signo.net..")
                .should().dependOnClassesThat().resideInAnyPackage("io.signo.sql..", "io.signo.server..", "org.apache.calcite.."));
    }

    @Test
    void plannerKnowsNoTransportOrServer()
    {
        check(noClasses().that().resideInAPackage("io.signo.sql..")
                .should().dependOnClassesThat().resideInAnyPackage("io.signo.net..", "io.signo.server..", "io.netty.."));
    }

    @Test
    void modulesFormNoCycle()
    {
        check(slices().matching("io.signo.(*)..").should().beFreeOfCycles());
    }

    /** Maven's test jars ({@code engine-sql-*-tests.jar}) hold tests, which DO_NOT_INCLUDE_TESTS only knows as directories. */
    private static boolean isNotATestJar(Location location)
    {
        return !location.matches(TEST_JAR);
    }

    /**
     * The JDBC driver's jar relocates Avatica, Jackson, protobuf and HttpClient under
     * {@code io.signo.jdbc.shaded}: thousands of classes of other projects that no rule is about, and that
     * depend on no module of Signo.
     */
    private static boolean isNotShadedIntoTheDriver(Location location)
    {
        return !location.contains("/io/signo/jdbc/shaded/");
    }

    private void check(ArchRule rule)
    {
        rule.check(classes);
    }
}
