package io.signo.server.cluster;

import io.signo.sql.files.TpchFiles;
import io.signo.sql.tpch.DuckDbTpch;
import io.signo.sql.tpch.SharedTpchFixture;
import io.signo.sql.tpch.TpchFixture.Setup;
import io.signo.storage.table.Catalog;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Files read in place on a cluster: the 22 TPC-H queries over Parquet and over CSV files (SF 0.1),
 * each table a view over its file, on 3 real worker processes that share the row groups and byte
 * ranges of the files, answer as DuckDB does over the same rows.
 */
class ClusterFilesTest
{
    private static final double SCALE = 0.1;
    @RegisterExtension
    static final SharedTpchFixture TPCH = SharedTpchFixture.withDuckDb(Setup.of(SCALE));

    @TempDir
    Path directory;

    @Test
    void theTwentyTwoQueriesOverFilesAnswerAsDuckDbOnThreeWorkers()
            throws Exception
    {
        Path files = Files.createDirectories(directory.resolve("files"));
        Catalog generated = TPCH.fixture().catalog();
        DuckDbTpch duckDb = TPCH.fixture().duckDb();
        try (DatabaseWorkers workers = DatabaseWorkers.start(directory.resolve("workers"), 3)) {
            TpchFiles.write(duckDb, generated, files);
            for (TpchFiles.Format format : TpchFiles.Format.values()) {
                try (ClusterCoordinator coordinator = new ClusterCoordinator(workers.addresses(), directory.resolve("coordinator-" + format), null, 1, ExchangeSettings.DEFAULT, "127.0.0.1")) {
                    for (String view : TpchFiles.views(generated, files, format)) {
                        coordinator.execute(view);
                    }
                    TpchFiles.assertQueriesAnswerAsDuckDb(duckDb, coordinator::execute, format + " on 3 workers");
                }
            }
        }
    }
}
