package io.signo.server.cluster;

import javax.management.JMException;
import javax.management.MBeanServer;
import javax.management.ObjectName;

import java.io.IOException;
import java.io.InputStream;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The compiler directives every Signo process runs with, {@code io/signo/server/jit-directives.json} on
 * the class path, beside the JIT options ({@link JitOptions}): the planner's code (Calcite, the Janino
 * compiler it carries, Guava, which only Calcite and the planner use, and Signo's planning packages) is
 * kept out of C2. The planner runs a broad code base a few times per statement, so its methods cross
 * C2's thresholds one by one for hundreds of statements, and each C2 compilation of one costs a compiler
 * thread tens of milliseconds to speed up code that then runs a few times per statement; kept out of
 * C2, a method the policy would give to C2 is compiled by C1 without profiling (tier 1) instead, a
 * much cheaper compilation. The engine's kernels, operators and result rows (engine-core, engine-storage,
 * io.signo.sql's execution and result classes) still reach C2. Measured in docs/performance.md, "The
 * JIT compiler in a warm process". A directive file is named to the JVM by a
 * path ({@code -XX:CompilerDirectivesFile}), which the launchers, the container image and the workers a
 * coordinator starts would each have to know; installed from inside the process, through the JVM's
 * diagnostic command {@code Compiler.directives_add} (what {@code jcmd} calls, no diagnostic options
 * needed), every process that runs Signo's command line gets them alike. The system property
 * {@code signo.jit.directives=false} leaves them out, for measuring the JVM without them.
 */
public final class JitDirectives
{
    /** The directive file's path on the class path and, under {@code engine-server/src/main/resources}, in the sources. */
    public static final String RESOURCE = "io/signo/server/jit-directives.json";
    public static final String ENABLED_PROPERTY = "signo.jit.directives";

    private JitDirectives() {}

    private static final AtomicBoolean INSTALLED = new AtomicBoolean();

    /**
     * Adds the directives to this JVM's compiler, the first time it is called in the process. Returns
     * why they were not added, if they were not: a JVM without the diagnostic command (not HotSpot) runs
     * Signo as well, only compiling more.
     */
    public static Optional<String> install()
    {
        if (!Boolean.parseBoolean(System.getProperty(ENABLED_PROPERTY, "true"))) {
            return Optional.of("compiler directives left out (" + ENABLED_PROPERTY + "=false)");
        }
        if (!INSTALLED.compareAndSet(false, true)) {
            return Optional.empty();
        }
        Path file = null;
        try (InputStream stream = JitDirectives.class.getClassLoader().getResourceAsStream(RESOURCE)) {
            if (stream == null) {
                return Optional.of(RESOURCE + " is not on the class path");
            }
            // the JVM reads the directives from a file, and only while the command runs
            file = Files.createTempFile("signo-jit-directives", ".json");
            Files.copy(stream, file, StandardCopyOption.REPLACE_EXISTING);
            MBeanServer server = ManagementFactory.getPlatformMBeanServer();
            Object answer = server.invoke(new ObjectName("com.sun.management:type=DiagnosticCommand"), "compilerDirectivesAdd",
                    new Object[] {new String[] {file.toString()}}, new String[] {String[].class.getName()});
            // the command answers "N compiler directives added", or why the file was refused
            String text = String.valueOf(answer).strip();
            return text.endsWith("compiler directives added") && !text.startsWith("0 ") ? Optional.empty() : Optional.of("compiler directives not added: " + text);
        }
        catch (IOException | JMException | RuntimeException e) {
            return Optional.of("compiler directives not added: " + e);
        }
        finally {
            if (file != null) {
                try {
                    Files.deleteIfExists(file);
                }
                catch (IOException _) {
                    // a temporary file left behind
                }
            }
        }
    }
}
