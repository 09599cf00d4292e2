package io.signo.sql.files;

import io.signo.sql.SignoEngine;
import io.signo.sql.tpch.DuckDbTpch;
import io.signo.storage.db.Database;
import io.signo.storage.memory.MemoryPool;
import io.signo.storage.table.Catalog;
import io.signo.storage.tpch.TpchData;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

/** The 22 TPC-H queries over Parquet and over CSV files (SF 0.1) answer as DuckDB does over the same rows, on one process. */
class TpchFilesTest
{
    private static final double SCALE = 0.1;

    @TempDir
    Path directory;

    @Test
    void theTwentyTwoQueriesOverParquetAndCsvFilesAnswerAsDuckDb()
            throws Exception
    {
        Catalog generated = TpchData.generate(SCALE, 2, MemoryPool.unbounded("tpch"));
        try (DuckDbTpch duckDb = DuckDbTpch.load(generated)) {
            TpchFiles.write(duckDb, generated, directory);
            for (TpchFiles.Format format : TpchFiles.Format.values()) {
                try (SignoEngine signo = new SignoEngine(Database.inMemory(), 2)) {
                    for (String view : TpchFiles.views(generated, directory, format)) {
                        signo.execute(view);
                    }
                    TpchFiles.assertQueriesAnswerAsDuckDb(duckDb, signo::execute, format.name());
                }
            }
        }
    }
}
