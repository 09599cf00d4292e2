package io.signo.sql.tpch;

import io.signo.sql.SignoEngine;
import io.signo.storage.memory.ArenaPageAllocator;
import io.signo.storage.memory.MemoryPool;
import io.signo.storage.page.Page;
import io.signo.storage.table.Catalog;
import io.signo.storage.table.PageSegment;
import io.signo.storage.table.Partition;
import io.signo.storage.table.Segment;
import io.signo.storage.table.Table;
import io.signo.storage.tpch.TpchData;
import io.signo.storage.tpch.TpchDataSet;
import io.signo.storage.vector.ColumnVector;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * The tests' TPC-H set-up in one place: generated data, optionally cut into smaller pages, the
 * engine that queries it and, on request, DuckDB loaded with the very same rows. Closing it frees all.
 */
public final class TpchFixture
        implements AutoCloseable
{
    /**
     * How a test runs TPC-H: at which scale, on how many driver threads and worker nodes (instantiated
     * in this process), and with table pages of how many rows (smaller than generated to perturb every
     * operator's page handling, as DuckDB's suite re-runs with tiny vectors).
     */
    public record Setup(double scaleFactor, int threads, int workers, int rowsPerPage)
    {
        public static Setup of(double scaleFactor)
        {
            return new Setup(scaleFactor, 2, 1, TpchData.SEGMENT_ROWS);
        }

        public Setup withThreads(int threads)
        {
            return new Setup(scaleFactor, threads, workers, rowsPerPage);
        }

        public Setup withWorkers(int workers)
        {
            return new Setup(scaleFactor, threads, workers, rowsPerPage);
        }

        public Setup withRowsPerPage(int rowsPerPage)
        {
            return new Setup(scaleFactor, threads, workers, rowsPerPage);
        }

        /** The data gets one more partition than there are workers, so that they hold unequal shares. */
        int partitions()
        {
            return workers == 1 ? 2 : workers + 1;
        }

        @Override
        public String toString()
        {
            return "SF " + scaleFactor + ", " + workers + " workers, " + threads + " threads, " + rowsPerPage + " rows per page";
        }
    }

    private final Setup setup;
    private final TpchDataSet dataSet;
    private final ArenaPageAllocator cutPages;
    private final Catalog catalog;
    private final SignoEngine engine;
    private final DuckDbTpch duckDb;

    private TpchFixture(Setup setup, boolean withDuckDb)
            throws SQLException
    {
        this.setup = setup;
        this.dataSet = TpchData.generateDataSet(setup.scaleFactor(), setup.partitions(), MemoryPool.unbounded("tpch-test"));
        this.cutPages = new ArenaPageAllocator(MemoryPool.unbounded("tpch-test-pages"));
        this.catalog = setup.rowsPerPage() < TpchData.SEGMENT_ROWS ? cut(dataSet.catalog(), setup.rowsPerPage(), cutPages) : dataSet.catalog();
        this.engine = new SignoEngine(catalog, setup.threads(), setup.workers(), Runtime.getRuntime().maxMemory());
        this.duckDb = withDuckDb ? DuckDbTpch.load(catalog) : null;
    }

    /** TPC-H as {@code setup} says, with DuckDB holding the same rows. */
    public static TpchFixture withDuckDb(Setup setup)
            throws SQLException
    {
        return new TpchFixture(setup, true);
    }

    /** TPC-H as {@code setup} says, without DuckDB. */
    public static TpchFixture signoOnly(Setup setup)
    {
        try {
            return new TpchFixture(setup, false);
        }
        catch (SQLException e) {
            throw new AssertionError("no DuckDB was asked for", e);
        }
    }

    public Setup setup()
    {
        return setup;
    }

    public Catalog catalog()
    {
        return catalog;
    }

    public SignoEngine engine()
    {
        return engine;
    }

    public DuckDbTpch duckDb()
    {
        if (duckDb == null) {
            throw new IllegalStateException("this fixture was made without DuckDB");
        }
        return duckDb;
    }

    @Override
    public void close()
            throws SQLException
    {
        try (dataSet; cutPages; engine) {
            if (duckDb != null) {
                duckDb.close();
            }
        }
    }

    /** The same tables with every segment cut into pages of at most {@code rowsPerPage} rows, each keeping its segment's statistics. */
    private static Catalog cut(Catalog generated, int rowsPerPage, ArenaPageAllocator allocator)
    {
        Catalog catalog = new Catalog(generated.schemaName());
        for (Table table : generated.tables()) {
            List<Partition> partitions = new ArrayList<>();
            for (Partition partition : table.partitions()) {
                List<Segment> segments = new ArrayList<>();
                for (Segment segment : partition.segments()) {
                    Page page = segment.readAll();
                    for (int start = 0; start < page.positionCount(); start += rowsPerPage) {
                        // the statistics of the whole segment still bound each of its pieces, so pruning stays correct
                        segments.add(new PageSegment(rows(page, start, Math.min(rowsPerPage, page.positionCount() - start), allocator), segment.columnStatistics()));
                    }
                }
                partitions.add(new Partition(partition.index(), segments));
            }
            catalog.addTable(new Table(table.name(), table.columns(), partitions, table.partitioning(), table.statistics()));
        }
        return catalog;
    }

    private static Page rows(Page page, int start, int count, ArenaPageAllocator allocator)
    {
        int[] positions = new int[count];
        for (int i = 0; i < count; i++) {
            positions[i] = start + i;
        }
        ColumnVector[] columns = new ColumnVector[page.columnCount()];
        for (int channel = 0; channel < columns.length; channel++) {
            columns[channel] = page.column(channel).copyPositions(positions, count, allocator);
        }
        return new Page(count, columns);
    }
}
