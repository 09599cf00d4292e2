package io.signo.sql.ddl;

import io.signo.sql.QueryResult;
import io.signo.sql.ResultRows;
import io.signo.sql.SignoEngine;
import io.signo.storage.db.Database;
import io.signo.storage.error.ErrorCode;
import io.signo.storage.error.SignoException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Kills a process that writes a database with SIGKILL at random moments, and checks after every
 * kill that the database opens at exactly the statements that committed: every acknowledged one,
 * and at most the one under way besides, never half of one.
 */
class CrashRecoveryTest
{
    private static final int KILLS = 20;

    @TempDir
    Path directory;

    @Test
    void everyAcknowledgedStatementSurvivesSigkillAndNoneIsHalfApplied()
            throws Exception
    {
        Random random = new Random(20261124);
        int committed = 0;
        boolean created = false;
        int statementsOverall = 0;
        for (int kill = 0; kill < KILLS; kill++) {
            int firstStep = created ? committed + 1 : 1;
            Process child = startWorkload(firstStep);
            AtomicInteger lastAck = new AtomicInteger(created ? committed : -1);
            Thread reader = readAcks(child, lastAck);
            // let it commit a few statements, then kill it at a random instant, often inside one
            int wanted = (created ? committed : -1) + 1 + random.nextInt(8);
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (lastAck.get() < wanted && child.isAlive() && System.nanoTime() < deadline) {
                Thread.sleep(1);
            }
            Thread.sleep(random.nextInt(15));
            assertTrue(child.isAlive(), "the workload stopped on its own; see its output");
            child.destroyForcibly();
            assertTrue(child.waitFor(30, TimeUnit.SECONDS));
            reader.join(10_000);
            int acknowledged = lastAck.get();
            assertTrue(acknowledged >= wanted, "kill " + kill + ": the workload acknowledged only " + acknowledged + " of " + wanted + " statements in 60 s");
            statementsOverall += acknowledged - (created ? committed : 0);
            created = true;

            Map<Integer, Long> found = readAccounts();
            if (found.equals(CrashWorkload.expected(acknowledged))) {
                committed = acknowledged;
            }
            else if (found.equals(CrashWorkload.expected(acknowledged + 1))) {
                // killed after its commit, before it said so
                committed = acknowledged + 1;
            }
            else {
                fail("kill " + kill + ": after " + acknowledged + " acknowledged statements the table holds " + found.size() + " rows matching neither "
                        + acknowledged + " nor " + (acknowledged + 1) + " statements");
            }
        }
        assertTrue(statementsOverall >= KILLS, "too few statements ran to test anything: " + statementsOverall);
    }

    @Test
    void aDamagedSegmentFileIsNamedAndOtherTablesStayReadable()
            throws Exception
    {
        try (SignoEngine engine = new SignoEngine(Database.open(directory), 1)) {
            engine.execute("CREATE TABLE damaged AS SELECT * FROM (VALUES (1, 'one'), (2, 'two'), (3, 'three')) AS v(id, name)");
            engine.execute("CREATE TABLE intact AS SELECT * FROM (VALUES (10), (20)) AS v(x)");
        }
        List<Path> files;
        try (Stream<Path> listing = Files.list(directory.resolve("segments"))) {
            files = listing.sorted().toList();
        }
        assertEquals(2, files.size(), files.toString());
        Path damagedFile = files.getFirst();
        byte[] original = Files.readAllBytes(damagedFile);
        Random random = new Random(7);
        // every byte of a file is checked by some checksum, magic number or bound: try many positions
        for (int trial = 0; trial < 40; trial++) {
            int position = trial < 8 ? trial : random.nextInt(original.length);
            byte[] damaged = original.clone();
            damaged[position] ^= (byte) (1 << random.nextInt(8));
            Files.write(damagedFile, damaged, StandardOpenOption.TRUNCATE_EXISTING);
            try (SignoEngine engine = new SignoEngine(Database.open(directory), 1)) {
                SignoException error = assertThrows(SignoException.class, () -> engine.execute("SELECT id, name FROM damaged"), "byte " + position);
                assertEquals(ErrorCode.CORRUPT_DATA, error.errorCode(), error.getMessage());
                assertTrue(error.getMessage().contains(damagedFile.getFileName().toString()) && error.getMessage().contains("damaged"),
                        "the error names the file and the table: " + error.getMessage());
                QueryResult intact = engine.execute("SELECT sum(x) FROM intact");
                assertEquals(List.of(List.of(30L)), ResultRows.toRows(intact).stream().map(row -> List.of(((Number) row.getFirst()).longValue())).toList());
            }
        }
        Files.write(damagedFile, original, StandardOpenOption.TRUNCATE_EXISTING);
        try (SignoEngine engine = new SignoEngine(Database.open(directory), 1)) {
            assertEquals(3, engine.execute("SELECT id FROM damaged").rowCount());
        }
    }

    private Map<Integer, Long> readAccounts()
    {
        Map<Integer, Long> accounts = new TreeMap<>();
        try (SignoEngine engine = new SignoEngine(Database.open(directory), 1)) {
            for (List<Object> row : ResultRows.toRows(engine.execute("SELECT id, balance FROM accounts"))) {
                Object previous = accounts.put((Integer) row.get(0), (Long) row.get(1));
                assertEquals(null, previous, "id " + row.get(0) + " is in the table twice");
            }
        }
        return accounts;
    }

    private Process startWorkload(int firstStep)
            throws IOException
    {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.add("--enable-native-access=ALL-UNNAMED");
        command.add("-Xmx256m");
        // a short-lived process: the quick compiler alone starts it sooner
        command.add("-XX:TieredStopAtLevel=1");
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(CrashWorkload.class.getName());
        command.add(directory.toString());
        command.add(Integer.toString(firstStep));
        return new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
    }

    private static Thread readAcks(Process child, AtomicInteger lastAck)
    {
        Thread reader = new Thread(() -> {
            try (BufferedReader lines = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                    if (line.startsWith("ack ")) {
                        lastAck.set(Integer.parseInt(line.substring(4)));
                    }
                }
            }
            catch (IOException e) {
                // the child was killed
            }
        }, "crash-workload-acks");
        reader.setDaemon(true);
        reader.start();
        return reader;
    }
}
