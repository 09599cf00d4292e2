package io.signo.sql.tpcds;

import io.signo.reference.DuckDbDatabase;
import io.signo.sql.QueryControl;
import io.signo.sql.QueryResult;
import io.signo.sql.ResultRows;
import io.signo.sql.Session;
import io.signo.sql.SignoEngine;
import io.signo.storage.error.SignoException;
import io.signo.storage.generator.GeneratedDataSet;
import io.signo.storage.memory.MemoryPool;
import io.signo.storage.tpcds.TpcdsData;
import io.signo.storage.tpcds.TpcdsQueries;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.TestInstance;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

/**
 * The 103 TPC-DS statements (the 99 queries, four of them in two statements) on Signo against
 * DuckDB over the same generated rows, one dynamic test each. A statement in {@link TpcdsKnownFailures}
 * must still fail exactly as listed there (so that the list shrinks as features land); every other one
 * must return DuckDB's answer, where rows with equal ORDER BY keys may come in any order, except that a
 * statement of {@link TpcdsZeroDivisors} whose divisor is zero on the data must fail with the division by zero.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class TpcdsQueryComparison
{
    /** A statement still running after this long is cancelled: it counts as failing with QUERY_CANCELLED. */
    private static final long TIME_LIMIT_SECONDS = 20;
    private static final int DUCKDB_THREADS = 2;

    private final double scaleFactor;
    private final int threads;
    private final int workers;
    private final String joinDistribution;
    private GeneratedDataSet dataSet;
    private SignoEngine engine;
    private Session session;
    private DuckDbDatabase duckDb;
    private ScheduledExecutorService timer;

    TpcdsQueryComparison(double scaleFactor, int threads, int workers, String joinDistribution)
    {
        this.scaleFactor = scaleFactor;
        this.threads = threads;
        this.workers = workers;
        this.joinDistribution = joinDistribution;
    }

    @BeforeAll
    void load()
            throws Exception
    {
        // one partition more than workers, so that they hold unequal shares (as the TPC-H tests do)
        dataSet = TpcdsData.generateDataSet(scaleFactor, workers + 1, partition -> true, 2, MemoryPool.unbounded("tpcds-test"));
        engine = new SignoEngine(dataSet.catalog(), threads, workers, Runtime.getRuntime().maxMemory());
        session = new Session("tpcds-test");
        engine.execute(session, "SET join_distribution = '" + joinDistribution + "'", new QueryControl());
        duckDb = DuckDbDatabase.open(DUCKDB_THREADS);
        duckDb.load(dataSet.catalog(), DUCKDB_THREADS, true);
        timer = Executors.newSingleThreadScheduledExecutor(Thread.ofPlatform().daemon().factory());
    }

    @AfterAll
    void close()
            throws Exception
    {
        if (timer != null) {
            timer.shutdownNow();
        }
        try (GeneratedDataSet data = dataSet; SignoEngine signo = engine) {
            if (duckDb != null) {
                duckDb.close();
            }
        }
    }

    @TestFactory
    Stream<DynamicTest> qualificationQueries()
    {
        List<DynamicTest> tests = new ArrayList<>();
        for (String name : TpcdsQueries.names()) {
            tests.add(dynamicTest(name, () -> check(name)));
        }
        return tests.stream();
    }

    private void check(String name)
            throws Exception
    {
        String sql = TpcdsQueries.query(name);
        List<List<Object>> expected = duckDb.query(sql);
        String context = "SF " + scaleFactor + ", " + workers + " workers, " + threads + " threads, join_distribution " + joinDistribution + ", " + name;
        Optional<Failure> failure = signoFailure(sql, expected);
        String divisionByZero = TpcdsZeroDivisors.expectedFailure(name, duckDb);
        if (divisionByZero != null) {
            // DuckDB's NULL for x / 0 is not the standard's answer: Signo must raise the division by zero
            assertEquals(divisionByZero, failure.map(Failure::reason).orElse("an answer"), context + " divides by zero on this data (see TpcdsZeroDivisors)");
            return;
        }
        String known = TpcdsKnownFailures.reason(name, scaleFactor);
        if (known == null) {
            failure.ifPresent(reason -> fail(context + " is not listed in TpcdsKnownFailures but fails: " + reason.reason() + "\n" + reason.detail() + "\n" + sql));
            return;
        }
        if (failure.isEmpty()) {
            fail(context + " now returns DuckDB's answer: remove it from TpcdsKnownFailures (listed as \"" + known + "\")");
        }
        assertEquals(known, failure.get().reason(), context + " fails differently from its entry in TpcdsKnownFailures: " + failure.get().detail());
    }

    /** Why a statement fails: the reason as {@link TpcdsKnownFailures} writes it, and the whole story. */
    private record Failure(String reason, String detail) {}

    /** Empty when Signo returns DuckDB's answer. */
    private Optional<Failure> signoFailure(String sql, List<List<Object>> expected)
    {
        QueryControl control = new QueryControl();
        ScheduledFuture<?> cancel = timer.schedule(() -> control.cancel("ran longer than " + TIME_LIMIT_SECONDS + " s"), TIME_LIMIT_SECONDS, TimeUnit.SECONDS);
        QueryResult result;
        try {
            result = engine.execute(session, sql, control);
        }
        catch (SignoException e) {
            return Optional.of(new Failure(TpcdsKnownFailures.reasonOf(e), String.valueOf(e.getMessage())));
        }
        finally {
            cancel.cancel(false);
        }
        // rows with equal ORDER BY keys may come in any order; a LIMIT may cut the last of them differently
        Optional<String> difference = duckDb.differenceOfAnswers(sql, result.columnNames(), expected, ResultRows.toRows(result));
        return difference.map(text -> new Failure(TpcdsKnownFailures.WRONG_RESULT, text));
    }
}
