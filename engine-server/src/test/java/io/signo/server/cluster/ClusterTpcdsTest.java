package io.signo.server.cluster;

import io.signo.reference.DuckDbDatabase;
import io.signo.sql.QueryResult;
import io.signo.sql.ResultRows;
import io.signo.sql.tpcds.TpcdsKnownFailures;
import io.signo.sql.tpcds.TpcdsZeroDivisors;
import io.signo.storage.error.SignoException;
import io.signo.storage.generator.GeneratedDataSet;
import io.signo.storage.memory.MemoryPool;
import io.signo.storage.source.TpcdsSource;
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

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

/**
 * TPC-DS at SF 0.01 on two real worker processes, each generating its share of the fact tables and
 * the dimension tables whole, against DuckDB over the same generated rows (made again in this
 * process): every statement returns DuckDB's answer, except those engine-sql's TpcdsKnownFailures
 * lists at SF 0.01, which must fail here as they do on one process, and those of TpcdsZeroDivisors
 * whose divisor is zero on the data, which must fail with the division by zero.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ClusterTpcdsTest
{
    private static final double SCALE_FACTOR = 0.01;
    private static final int WORKERS = 2;

    private WorkerProcesses workers;
    private ClusterCoordinator coordinator;
    private DuckDbDatabase duckDb;

    @BeforeAll
    void start()
            throws Exception
    {
        duckDb = DuckDbDatabase.open(2);
        try (GeneratedDataSet reference = TpcdsData.generateDataSet(SCALE_FACTOR, 2, MemoryPool.unbounded("duckdb-reference"))) {
            duckDb.load(reference.catalog(), 2, true);
        }
        workers = WorkerProcesses.start(WORKERS, 1, "768m");
        coordinator = new ClusterCoordinator(workers.addresses(), new TpcdsSource(SCALE_FACTOR), 2, ExchangeSettings.DEFAULT, "127.0.0.1");
    }

    @AfterAll
    void stop()
            throws Exception
    {
        if (coordinator != null) {
            coordinator.close();
        }
        if (workers != null) {
            workers.close();
        }
        if (duckDb != null) {
            duckDb.close();
        }
    }

    @TestFactory
    List<DynamicTest> qualificationQueries()
    {
        List<DynamicTest> tests = new ArrayList<>();
        for (String name : TpcdsQueries.names()) {
            String sql = TpcdsQueries.query(name);
            tests.add(dynamicTest(name, () -> {
                // a division by a zero sum must fail as the standard says (see TpcdsZeroDivisors)
                String divisionByZero = TpcdsZeroDivisors.expectedFailure(name, duckDb);
                String known = divisionByZero != null ? divisionByZero : TpcdsKnownFailures.reason(name, SCALE_FACTOR);
                assertEquals(Optional.ofNullable(known), failure(sql, known), name + " on " + WORKERS + " worker processes\n" + sql);
            }));
        }
        return tests;
    }

    /**
     * Empty when the cluster returns DuckDB's answer, else the reason as TpcdsKnownFailures writes it
     * (a different answer with what differs, unless it is listed as differing).
     */
    private Optional<String> failure(String sql, String known)
            throws Exception
    {
        List<List<Object>> expected = duckDb.query(sql);
        QueryResult result;
        try {
            result = coordinator.execute(sql);
        }
        catch (SignoException e) {
            return Optional.of(TpcdsKnownFailures.reasonOf(e));
        }
        Optional<String> difference = duckDb.differenceOfAnswers(sql, result.columnNames(), expected, ResultRows.toRows(result));
        boolean listedAsDiffering = TpcdsKnownFailures.WRONG_RESULT.equals(known);
        return difference.map(text -> listedAsDiffering ? TpcdsKnownFailures.WRONG_RESULT : TpcdsKnownFailures.WRONG_RESULT + "\n" + text);
    }
}
