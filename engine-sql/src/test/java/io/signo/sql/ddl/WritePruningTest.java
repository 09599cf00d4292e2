package io.signo.sql.ddl;

import io.signo.sql.ResultRows;
import io.signo.sql.SignoEngine;
import io.signo.sql.tpch.DuckDbTpch;
import io.signo.sql.tpch.ResultComparison;
import io.signo.storage.db.BlockCache;
import io.signo.storage.db.Database;
import io.signo.storage.error.ErrorCode;
import io.signo.storage.error.SignoException;
import io.signo.storage.memory.MemoryPool;
import io.signo.storage.tpch.TpchData;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.sql.Statement;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * DELETE and UPDATE find their rows with a query over the table, so the zone maps that let a scan
 * skip blocks let them skip blocks too: a statement whose WHERE names keys of one block (an IN list,
 * a range) reads that block alone, counted by {@link BlockCache#blocksRead}. lineitem is copied in
 * the generator's order, which is order key order, so each block holds a narrow range of keys. Every
 * statement runs on DuckDB too, and the table must end the same on both.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class WritePruningTest
{
    private static final double SCALE = 0.01;
    private static final String STATE = "SELECT count(*), sum(l_orderkey * l_linenumber), sum(l_extendedprice), max(l_comment), min(l_shipdate) FROM lineitem";

    private SignoEngine engine;
    private DuckDbTpch duckDb;

    @BeforeAll
    void load()
            throws Exception
    {
        // one driver writes the copy, so its blocks follow the generator's order
        engine = new SignoEngine(Database.inMemory(), 1);
        engine.execute("CREATE TABLE lineitem AS SELECT * FROM tpch.sf0_01.lineitem");
        duckDb = DuckDbTpch.load(TpchData.generate(SCALE, 2, MemoryPool.unbounded("tpch")));
    }

    @AfterAll
    void close()
            throws Exception
    {
        engine.close();
        duckDb.close();
    }

    @Test
    void aDeleteOfKeysInOneBlockReadsThatBlockAlone()
            throws Exception
    {
        long all = blocksRead("SELECT sum(l_quantity) FROM lineitem");
        assertTrue(all >= 7, "SF 0.01 lineitem has 60,175 rows in blocks of 8192, read " + all);
        assertEquals(1, sameOnBoth("DELETE FROM lineitem WHERE l_orderkey IN (1, 2, 3, 4, 5, 6, 7, 32, 33)"));
        assertEquals(1, sameOnBoth("DELETE FROM lineitem WHERE l_orderkey BETWEEN 100 AND 164"));
        assertEquals(1, sameOnBoth("DELETE FROM lineitem WHERE l_orderkey >= 200 AND l_orderkey < 230 AND l_linenumber = 1"));
        // a NULL in the list matches no row and prunes nothing away
        assertEquals(1, sameOnBoth("DELETE FROM lineitem WHERE l_orderkey IN (260, NULL, 261)"));
        // keys that no block holds: nothing is read, nothing deleted
        assertEquals(0, sameOnBoth("DELETE FROM lineitem WHERE l_orderkey IN (7000000, 7000001)"));
        assertEquals(0, sameOnBoth("DELETE FROM lineitem WHERE l_orderkey < 0"));
        // a list whose keys lie at both ends of the table reads the two blocks that can hold them
        assertEquals(2, sameOnBoth("DELETE FROM lineitem WHERE l_orderkey IN (290, 291, 59968, 59969, 59970)"));
        assertEquals(all, blocksRead("SELECT sum(l_quantity) FROM lineitem"), "deleting rows removes no block");
    }

    @Test
    void anUpdateOfKeysInOneBlockReadsThatBlockOncePerQuery()
            throws Exception
    {
        // UPDATE runs two queries over one snapshot, the new values and the ids of the old rows
        assertEquals(2, sameOnBoth("UPDATE lineitem SET l_comment = 'refreshed', l_quantity = l_quantity + 1 WHERE l_orderkey IN (320, 321, 322, 323)"));
        assertEquals(2, sameOnBoth("UPDATE lineitem SET l_comment = 'in range' WHERE l_orderkey BETWEEN 400 AND 420"));
    }

    @Test
    void aQueryWithAnInListReadsTheBlocksThatCanHoldItsKeys()
            throws Exception
    {
        String query = "SELECT l_orderkey, count(*), sum(l_extendedprice) FROM lineitem WHERE l_orderkey IN (480, 481, 482, 483, 484, 485, 486, 487, 512) GROUP BY l_orderkey";
        long before = engine.database().cache().blocksRead();
        ResultComparison.assertSameResult(duckDb.query(query), ResultRows.toRows(engine.execute(query)), false, query);
        assertEquals(1, engine.database().cache().blocksRead() - before, query);
    }

    @Test
    void aListOfTheWrongTypeIsAValidationError()
    {
        SignoException error = assertThrows(SignoException.class, () -> engine.execute("DELETE FROM lineitem WHERE l_orderkey IN (DATE '1995-01-01', DATE '1995-01-02')"));
        assertEquals(ErrorCode.VALIDATION_ERROR, error.errorCode(), error.getMessage());
        assertTrue(error.getMessage().contains("Values passed to IN operator must have compatible types"), error.getMessage());
    }

    /** Runs a DELETE or UPDATE on both engines, checks it changes as many rows and leaves the same table; returns the blocks Signo read. */
    private long sameOnBoth(String statement)
            throws Exception
    {
        long before = engine.database().cache().blocksRead();
        long changed = ((Number) ResultRows.toRows(engine.execute(statement)).getFirst().getFirst()).longValue();
        long read = engine.database().cache().blocksRead() - before;
        try (Statement duck = duckDb.connection().createStatement()) {
            assertEquals(duck.executeUpdate(statement), changed, statement);
        }
        ResultComparison.assertSameResult(duckDb.query(STATE), ResultRows.toRows(engine.execute(STATE)), false, "lineitem after " + statement);
        return read;
    }

    private long blocksRead(String query)
    {
        long before = engine.database().cache().blocksRead();
        engine.execute(query);
        return engine.database().cache().blocksRead() - before;
    }
}
