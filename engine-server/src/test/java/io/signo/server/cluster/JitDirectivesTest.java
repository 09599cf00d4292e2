package io.signo.server.cluster;

import org.junit.jupiter.api.Test;

import javax.management.ObjectName;
import java.io.IOException;
import java.io.InputStream;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class JitDirectivesTest
{
    private static final Pattern MATCH = Pattern.compile("\"([a-z/]+)/\\*\\.\\*\"");

    /** After install the JVM's compiler holds the shipped directive: the planner's packages excluded from C2 and nothing else. */
    @Test
    void theJvmTakesTheShippedDirectives()
            throws Exception
    {
        assertEquals(Optional.empty(), JitDirectives.install());
        // a second call adds nothing: the directive stack keeps one copy
        assertEquals(Optional.empty(), JitDirectives.install());
        String printed = (String) ManagementFactory.getPlatformMBeanServer().invoke(new ObjectName("com.sun.management:type=DiagnosticCommand"),
                "compilerDirectivesPrint", new Object[] {new String[0]}, new String[] {String[].class.getName()});
        List<String> packages = shippedPackages();
        String matching = printed.lines().filter(line -> line.contains("matching:") && line.contains("org/apache/calcite/")).findFirst().orElseThrow(() -> new AssertionError(printed));
        assertEquals(1, printed.lines().filter(line -> line.contains("matching:") && line.contains("org/apache/calcite/")).count(), printed);
        for (String name : packages) {
            assertTrue(matching.contains(name + "/*.*"), name + " in " + matching);
        }
        // the directive's c2 part excludes, its c1 part does not
        String afterMatch = printed.substring(printed.indexOf(matching));
        String c1 = afterMatch.substring(afterMatch.indexOf("c1 directives:"), afterMatch.indexOf("c2 directives:"));
        String c2 = afterMatch.substring(afterMatch.indexOf("c2 directives:"), afterMatch.indexOf("Directive:") < 0 ? afterMatch.length() : afterMatch.indexOf("Directive:"));
        assertTrue(c1.contains("Exclude:false"), c1);
        assertTrue(c2.contains("Exclude:true"), c2);
    }

    /** Each package the directive names holds classes on the engine's class path: a misspelt pattern would silently match nothing. */
    @Test
    void everyExcludedPackageExists()
            throws IOException
    {
        List<String> packages = shippedPackages();
        assertFalse(packages.isEmpty());
        List<String> missing = new ArrayList<>();
        for (String name : packages) {
            if (JitDirectives.class.getClassLoader().getResource(name + "/") == null) {
                missing.add(name);
            }
        }
        assertEquals(List.of(), missing);
    }

    private static List<String> shippedPackages()
            throws IOException
    {
        try (InputStream stream = JitDirectives.class.getClassLoader().getResourceAsStream(JitDirectives.RESOURCE)) {
            String text = new String(stream.readAllBytes(), StandardCharsets.UTF_8);
            List<String> packages = new ArrayList<>();
            Matcher matcher = MATCH.matcher(text);
            while (matcher.find()) {
                packages.add(matcher.group(1));
            }
            return packages;
        }
    }
}
