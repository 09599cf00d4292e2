package io.signo.server.jdbc;

import io.signo.reference.DuckDbDatabase;
import io.signo.reference.ResultComparison;
import io.signo.storage.memory.MemoryPool;
import io.signo.storage.table.Catalog;
import io.signo.storage.tpch.TpchData;
import io.signo.storage.tpch.TpchQueries;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

import static java.util.Objects.requireNonNull;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * The driver jar on the Java that users' tools run on: its class files are all Java 11's (version
 * 55) or older, and a program written and compiled for Java 11 runs a TPC-H query and prepared
 * statements through it on a Java 17 runtime, against a server on 127.0.0.1, with DuckDB over the
 * same data as the reference. The Java 17 runtime is the system property {@code signo.test.java17}
 * (which the build sets from {@code -Dsigno.java17.home}), or the first Java 17 in /usr/lib/jvm.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class OlderJavaClientTest
{
    /** Java 11's class file version: the newest the driver jar may hold. */
    private static final int JAVA_11_CLASS_VERSION = 55;
    private static final String PREPARED = "select o_orderpriority, count(*) from orders where o_orderdate >= date '%s' and o_orderdate < date '%s' "
            + "and o_orderstatus = '%s' group by o_orderpriority order by o_orderpriority";

    private JdbcTestServer server;
    private DuckDbDatabase duckDb;

    @BeforeAll
    void start()
            throws Exception
    {
        Catalog catalog = TpchData.generate(0.01, 2, MemoryPool.unbounded("tpch"));
        duckDb = DuckDbDatabase.open(2);
        duckDb.load(catalog, 2, true);
        server = new JdbcTestServer(catalog, 2);
    }

    @AfterAll
    void stop()
            throws Exception
    {
        if (server != null) {
            server.close();
        }
        if (duckDb != null) {
            duckDb.close();
        }
    }

    @Test
    void theDriverJarHoldsOnlyJava11ClassFilesOfItsOwnPackage()
            throws Exception
    {
        List<String> tooNew = new ArrayList<>();
        List<String> foreign = new ArrayList<>();
        int classes = 0;
        try (ZipFile jar = new ZipFile(JdbcTestServer.driverJar().toFile())) {
            Enumeration<? extends ZipEntry> entries = jar.entries();
            while (entries.hasMoreElements()) {
                ZipEntry entry = entries.nextElement();
                String name = entry.getName();
                if (!name.endsWith(".class")) {
                    continue;
                }
                classes++;
                // the shaded libraries are relocated under the driver's package, so they clash with no copy on the class path
                if (!name.startsWith("io/signo/jdbc/")) {
                    foreign.add(name);
                }
                try (DataInputStream in = new DataInputStream(jar.getInputStream(entry))) {
                    assertEquals(0xCAFEBABE, in.readInt(), name);
                    in.readUnsignedShort();
                    int major = in.readUnsignedShort();
                    if (major > JAVA_11_CLASS_VERSION) {
                        tooNew.add(name + " (" + major + ")");
                    }
                }
            }
            assertTrue(jar.getEntry("META-INF/versions/") == null, "no multi-release classes for newer Java");
            try (InputStream services = requireNonNull(jar.getInputStream(jar.getEntry("META-INF/services/java.sql.Driver")))) {
                assertEquals("io.signo.jdbc.SignoDriver", new String(services.readAllBytes(), StandardCharsets.UTF_8).strip());
            }
        }
        assertTrue(classes > 1000, "classes: " + classes);
        assertEquals(List.of(), tooNew, "class files newer than Java 11's");
        assertEquals(List.of(), foreign, "classes outside io.signo.jdbc");
    }

    @Test
    void aJava11ProgramRunsQueriesThroughTheDriverJarOnJava17()
            throws Exception
    {
        Path java17 = java17();
        Path work = Files.createTempDirectory("java11-client");
        try {
            Path source = work.resolve("Java11Client.java");
            try (InputStream in = requireNonNull(OlderJavaClientTest.class.getResourceAsStream("Java11Client.java"), "Java11Client.java is a test resource")) {
                Files.write(source, in.readAllBytes());
            }
            JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
            ByteArrayOutputStream compilerErrors = new ByteArrayOutputStream();
            int compiled = compiler.run(null, null, compilerErrors, "--release", "11", "-d", work.toString(), source.toString());
            assertEquals(0, compiled, compilerErrors.toString(StandardCharsets.UTF_8));

            String sql = TpchQueries.query(3);
            Path query = work.resolve("q3.sql");
            Files.writeString(query, sql);
            int closedPort;
            try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
                closedPort = socket.getLocalPort();
            }
            List<String> command = List.of(java17.toString(), "-cp", JdbcTestServer.driverJar() + java.io.File.pathSeparator + work,
                    "Java11Client", server.url() + "?user=java17", query.toString(), "jdbc:signo://127.0.0.1:" + closedPort);
            Path errors = work.resolve("stderr");
            Process process = new ProcessBuilder(command).redirectError(errors.toFile()).redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null"))).start();
            String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!process.waitFor(120, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                fail("the Java 17 client did not end: " + output);
            }
            String errorText = Files.readString(errors);
            assertEquals(0, process.exitValue(), output + "\nstderr:\n" + errorText);
            assertEquals("", errorText, "the driver prints nothing into its host program");

            assertEquals(List.of("17"), values(output, "java"));
            assertEquals(List.of("Signo JDBC Driver"), values(output, "driver"));
            assertSameAsDuckDb(sql, rows(output, "query"));
            assertSameAsDuckDb(String.format(Locale.ROOT, PREPARED, "1995-01-01", "1995-04-01", "F"), rows(output, "prepared1"));
            assertSameAsDuckDb(String.format(Locale.ROOT, PREPARED, "1995-01-01", "1996-01-01", "O"), rows(output, "prepared2"));
            List<String> unbound = values(output, "unbound");
            assertEquals("07001", unbound.get(0), output);
            assertTrue(unbound.get(1).startsWith("parameter 2 of 3 has no value"), unbound.get(1));
            assertEquals(List.of("42703"), values(output, "server error"));
            assertEquals(List.of("08001"), values(output, "unreachable"));
            assertTrue(server.queryManager().queries().stream().anyMatch(managed -> managed.user().equals("java17")));
        }
        finally {
            try (var files = Files.walk(work)) {
                for (Path path : files.sorted(java.util.Comparator.reverseOrder()).toList()) {
                    Files.deleteIfExists(path);
                }
            }
        }
    }

    /** The values after the label of the one line that starts with it. */
    private static List<String> values(String output, String label)
    {
        List<String> lines = output.lines().filter(line -> line.startsWith(label + "\t")).toList();
        assertEquals(1, lines.size(), "lines '" + label + "' in\n" + output);
        String[] values = lines.get(0).split("\t", -1);
        return List.of(values).subList(1, values.length);
    }

    /** The rows the client printed under {@code label}, typed by the column types it printed first. */
    private static List<List<Object>> rows(String output, String label)
    {
        String[] types = values(output, label + " types").toArray(String[]::new);
        List<List<Object>> rows = new ArrayList<>();
        for (String line : output.lines().filter(line -> line.startsWith(label + "\t")).toList()) {
            String[] values = line.split("\t", -1);
            assertEquals(types.length + 1, values.length, line);
            List<Object> row = new ArrayList<>();
            for (int column = 0; column < types.length; column++) {
                row.add(SignoJdbcTest.parse(Integer.parseInt(types[column]), values[column + 1]));
            }
            rows.add(row);
        }
        return rows;
    }

    private void assertSameAsDuckDb(String sql, List<List<Object>> actual)
            throws Exception
    {
        assertTrue(!actual.isEmpty(), "no rows for " + sql);
        Optional<String> difference = ResultComparison.difference(duckDb.query(sql), actual, sql.toLowerCase(Locale.ROOT).contains("order by"));
        difference.ifPresent(message -> fail(message + "\n" + sql));
    }

    /** A Java 17 runtime: the one the build names, or the first in /usr/lib/jvm. */
    private static Path java17()
            throws IOException
    {
        List<Path> candidates = new ArrayList<>();
        String configured = System.getProperty("signo.test.java17");
        if (configured != null && !configured.isBlank()) {
            candidates.add(Path.of(configured));
        }
        Path jvms = Path.of("/usr/lib/jvm");
        if (Files.isDirectory(jvms)) {
            try (DirectoryStream<Path> homes = Files.newDirectoryStream(jvms)) {
                for (Path home : homes) {
                    candidates.add(home);
                }
            }
        }
        for (Path home : candidates) {
            Path java = home.resolve("bin").resolve("java");
            if (Files.isExecutable(java) && majorVersion(home).equals("17")) {
                return java;
            }
        }
        fail("no Java 17 runtime to run the driver on (looked at -Dsigno.java17.home=" + configured + " and in /usr/lib/jvm): "
                + "install Debian's openjdk-17-jre-headless (apt-get install openjdk-17-jre-headless), or name another with -Dsigno.java17.home=DIR");
        throw new AssertionError();
    }

    /** The major Java version in a Java home's release file ({@code JAVA_VERSION="17.0.15"}), or "" when it has none. */
    private static String majorVersion(Path home)
            throws IOException
    {
        Path release = home.resolve("release");
        if (!Files.isRegularFile(release)) {
            return "";
        }
        for (String line : Files.readAllLines(release, StandardCharsets.UTF_8)) {
            if (line.startsWith("JAVA_VERSION=")) {
                String version = line.substring("JAVA_VERSION=".length()).replace("\"", "");
                int dot = version.indexOf('.');
                return dot < 0 ? version : version.substring(0, dot);
            }
        }
        return "";
    }
}
