package io.signo.sql.tpch;

import io.signo.storage.memory.MemoryPool;
import io.signo.storage.tpch.TpchData;
import io.signo.storage.tpch.TpchDataSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Run with {@code -Dtpch.timing=true -Dtpch.scale=1} to see how long loading DuckDB takes. */
@EnabledIfSystemProperty(named = "tpch.timing", matches = "true")
class DuckDbTpchTimingTest
{
    @Test
    void timeLoading()
            throws Exception
    {
        double scaleFactor = Double.parseDouble(System.getProperty("tpch.scale", "0.1"));
        try (TpchDataSet dataSet = TpchData.generateDataSet(scaleFactor, 2, MemoryPool.unbounded("timing"))) {
            long start = System.nanoTime();
            try (DuckDbTpch duckDb = DuckDbTpch.load(dataSet.catalog())) {
                System.out.printf("SF %s loaded into DuckDB in %.1f s%n", scaleFactor, (System.nanoTime() - start) / 1e9);
                assertEquals(dataSet.catalog().table("lineitem").statistics().rowCount(), duckDb.rowCount("lineitem"));
            }
        }
    }
}
