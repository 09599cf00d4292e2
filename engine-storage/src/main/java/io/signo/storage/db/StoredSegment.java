package io.signo.storage.db;

import io.signo.storage.memory.PageAllocator;
import io.signo.storage.memory.ScratchPageAllocator;
import io.signo.storage.page.Page;
import io.signo.storage.table.ColumnStatistics;
import io.signo.storage.table.ColumnTest;
import io.signo.storage.table.Segment;
import io.signo.storage.type.PhysicalType;
import io.signo.storage.type.Type;
import io.signo.storage.vector.ColumnVector;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.List;

/**
 * One block of a segment file as a scan's morsel: decoded from the mapped file when read, only
 * the columns asked for, without the rows deleted in the manifest version it belongs to.
 *
 * <p>A read with tests ({@link #read(int[], List)}) decodes the tested columns first, or tests a
 * dictionary's entries instead of the rows' strings, and decodes the other columns only when some
 * row passes, then only the rows that pass: a dictionary column gathers their strings alone, a
 * column of plain or frame-of-reference numbers reads their values alone, another decodes into
 * thread scratch and copies their values out. When more than half of the block's rows pass, a
 * column is decoded whole, through the cache, and the rows are copied out of it.
 *
 * <p>Column index {@code columnCount()} reads each row's id: the file id in the high 32 bits, the
 * row's number in the file in the low 32. DELETE and UPDATE find their rows by it.
 */
final class StoredSegment
        implements Segment
{
    private final SegmentFile file;
    private final BlockCache cache;
    private final int block;
    private final DeleteVector deletes;
    private final int deletedRows;

    StoredSegment(SegmentFile file, BlockCache cache, int block, DeleteVector deletes)
    {
        this.file = file;
        this.cache = cache;
        this.block = block;
        this.deletes = deletes;
        int first = file.blockFirstRow(block);
        this.deletedRows = deletes.countIn(first, first + file.blockRows(block));
    }

    /** The manifest's entry of this block's file, as of the version the block was read for. */
    Manifest.FileEntry fileEntry(int partition)
    {
        return new Manifest.FileEntry(file.fileId(), partition, file.rowCount(), deletes);
    }

    static long rowId(long fileId, int row)
    {
        return (fileId << 32) | row;
    }

    static long fileIdOf(long rowId)
    {
        return rowId >>> 32;
    }

    static int rowOf(long rowId)
    {
        return (int) rowId;
    }

    @Override
    public int rowCount()
    {
        return file.blockRows(block) - deletedRows;
    }

    @Override
    public int statisticsRowCount()
    {
        return file.blockRows(block);
    }

    @Override
    public ColumnStatistics[] columnStatistics()
    {
        return file.blockStatistics(block);
    }

    @Override
    public int columnCount()
    {
        return file.columns().size();
    }

    @Override
    public Page read(int[] columns)
    {
        return read(columns, false);
    }

    /** The cached vectors, with the live rows selected from them: deleted rows cost one pass over the delete vector and no copy. */
    @Override
    public Page readAsSelection(int[] columns, PageAllocator allocator)
    {
        return read(columns, columns.length > 0);
    }

    private Page read(int[] columns, boolean asSelection)
    {
        cache.recordBlockRead();
        PageAllocator allocator = PageAllocator.transientPages();
        int rows = file.blockRows(block);
        ColumnVector[] vectors = new ColumnVector[columns.length];
        for (int i = 0; i < columns.length; i++) {
            int column = columns[i];
            vectors[i] = column == columnCount() ? rowIds(null, rows, allocator) : cache.get(new BlockCache.Key(file.fileId(), block, column), () -> file.decode(block, column, allocator));
        }
        if (deletedRows == 0) {
            return new Page(rows, vectors);
        }
        int[] kept = new int[rows];
        int count = keepLiveRows(kept);
        if (asSelection) {
            return Page.selected(kept, count, vectors);
        }
        for (int i = 0; i < vectors.length; i++) {
            vectors[i] = vectors[i].copyPositions(kept, count, allocator);
        }
        return new Page(count, vectors);
    }

    /** Writes the block's rows not deleted in this version to {@code positions}, ascending; returns how many. */
    private int keepLiveRows(int[] positions)
    {
        int rows = file.blockRows(block);
        int first = file.blockFirstRow(block);
        int count = 0;
        for (int p = 0; p < rows; p++) {
            positions[count] = p;
            count += deletedRows == 0 || !deletes.isDeleted(first + p) ? 1 : 0;
        }
        return count;
    }

    @Override
    public boolean decodesOnRead()
    {
        return true;
    }

    @Override
    public Page read(int[] columns, List<ColumnTest> tests)
    {
        return read(columns, tests, false);
    }

    @Override
    public Page readAsSelection(int[] columns, List<ColumnTest> tests, PageAllocator allocator)
    {
        return read(columns, tests, columns.length > 0);
    }

    private Page read(int[] columns, List<ColumnTest> tests, boolean asSelection)
    {
        if (tests.isEmpty()) {
            return read(columns, asSelection);
        }
        cache.recordBlockRead();
        int[] positions = new int[file.blockRows(block)];
        int count = keepLiveRows(positions);
        ScratchPageAllocator scratch = ScratchPageAllocator.open();
        try {
            BlockRead read = new BlockRead(scratch == null ? PageAllocator.transientPages() : scratch);
            for (int i = 0; i < tests.size() && count > 0; i++) {
                count = read.test(tests.get(i), positions, count);
            }
            ColumnVector[] vectors = new ColumnVector[columns.length];
            if (asSelection && read.selectsFromWholeColumns(count)) {
                for (int i = 0; i < columns.length; i++) {
                    vectors[i] = read.wholeColumn(columns[i]);
                }
                return Page.selected(positions, count, vectors);
            }
            for (int i = 0; i < columns.length; i++) {
                vectors[i] = read.column(columns[i], positions, count);
            }
            return new Page(count, vectors);
        }
        finally {
            if (scratch != null) {
                scratch.close();
            }
        }
    }

    /** What one read with tests has decoded so far, column by column. */
    private final class BlockRead
    {
        /** Above this share of the block's rows passing, columns are decoded whole, through the cache, and copied. */
        private static final double WHOLE_DECODE_SHARE = 0.5;

        private final PageAllocator scratch;
        private final PageAllocator pages = PageAllocator.transientPages();
        private final ColumnVector[] decoded = new ColumnVector[columnCount()];
        private final MemorySegment[] chunks = new MemorySegment[columnCount()];
        private final ColumnVector[] entries = new ColumnVector[columnCount()];
        private final int[][] codes = new int[columnCount()][];

        BlockRead(PageAllocator scratch)
        {
            this.scratch = scratch;
        }

        int test(ColumnTest test, int[] positions, int count)
        {
            int column = test.column();
            ColumnVector vector = decoded[column] != null ? decoded[column] : cache.cached(key(column));
            if (vector == null && dictionary(column)) {
                return keepByCodes(test, entries[column], codes[column], positions, count);
            }
            if (vector == null) {
                vector = cache.get(key(column), () -> file.decode(block, column, chunk(column), pages));
            }
            decoded[column] = vector;
            return test.keep(vector, positions, count);
        }

        /**
         * Whether the {@code count} rows that passed are better handed on as a selection of the whole
         * columns than copied out: when some were dropped, and more than the share above which the
         * columns are decoded whole anyway.
         */
        boolean selectsFromWholeColumns(int count)
        {
            int rows = file.blockRows(block);
            return count > 0 && count < rows && count > rows * WHOLE_DECODE_SHARE;
        }

        /** The column's values at every row of the block, through the cache. */
        ColumnVector wholeColumn(int column)
        {
            if (column == columnCount()) {
                return rowIds(null, file.blockRows(block), pages);
            }
            if (decoded[column] == null) {
                decoded[column] = cache.get(key(column), () -> file.decode(block, column, chunk(column), pages));
            }
            return decoded[column];
        }

        /** The column's values at {@code positions[0 .. count)}, the block's rows that passed. */
        ColumnVector column(int column, int[] positions, int count)
        {
            int rows = file.blockRows(block);
            if (column == columnCount()) {
                return rowIds(positions, count, pages);
            }
            if (count == 0) {
                Type type = file.columns().get(column).type();
                return new ColumnVector(type, 0, pages.allocate(8), type.physicalType() == PhysicalType.BYTES ? pages.allocate(Integer.BYTES) : null, null);
            }
            ColumnVector vector = decoded[column] != null ? decoded[column] : cache.cached(key(column));
            if (vector == null && count == rows) {
                return cache.get(key(column), () -> file.decode(block, column, chunk(column), pages));
            }
            if (vector == null && count > rows * WHOLE_DECODE_SHARE) {
                vector = cache.get(key(column), () -> file.decode(block, column, chunk(column), pages));
            }
            if (vector != null) {
                return count == rows ? vector : vector.copyPositions(positions, count, pages);
            }
            if (dictionary(column)) {
                return gather(entries[column], codes[column], positions, count);
            }
            ColumnVector values = file.decodePositions(block, column, chunk(column), positions, count, pages);
            return values != null ? values : file.decode(block, column, chunk(column), scratch).copyPositions(positions, count, pages);
        }

        /** Whether the column's chunk is a dictionary, read into {@code entries} and {@code codes} the first time. */
        private boolean dictionary(int column)
        {
            if (entries[column] == null && codes[column] == null && file.columns().get(column).type().physicalType() == PhysicalType.BYTES) {
                int[] columnCodes = new int[file.blockRows(block)];
                entries[column] = file.entries(block, column, chunk(column), scratch, columnCodes);
                codes[column] = columnCodes;
            }
            return entries[column] != null;
        }

        /** Tests the dictionary's entries, then keeps the positions whose code names an entry that passed. */
        private static int keepByCodes(ColumnTest test, ColumnVector entries, int[] codes, int[] positions, int count)
        {
            int entryCount = entries.positionCount();
            int[] passing = new int[entryCount];
            for (int i = 0; i < entryCount; i++) {
                passing[i] = i;
            }
            int passingCount = test.keep(entries, passing, entryCount);
            boolean[] passes = new boolean[entryCount];
            for (int i = 0; i < passingCount; i++) {
                passes[passing[i]] = true;
            }
            int kept = 0;
            for (int i = 0; i < count; i++) {
                int position = positions[i];
                int code = codes[position];
                positions[kept] = position;
                kept += code >= 0 && passes[code] ? 1 : 0;
            }
            return kept;
        }

        /** The strings of the entries the positions' codes name; NULL where a code is -1. */
        private ColumnVector gather(ColumnVector entries, int[] codes, int[] positions, int count)
        {
            int[] selected = new int[count];
            boolean anyNull = false;
            for (int i = 0; i < count; i++) {
                int code = codes[positions[i]];
                anyNull |= code < 0;
                selected[i] = Math.max(code, 0);
            }
            ColumnVector strings = entries.copyPositions(selected, count, pages);
            if (!anyNull) {
                return strings;
            }
            MemorySegment nulls = pages.allocate((count + 7L) / 8);
            for (int i = 0; i < count; i++) {
                if (codes[positions[i]] < 0) {
                    nulls.set(ValueLayout.JAVA_BYTE, i >>> 3, (byte) (nulls.get(ValueLayout.JAVA_BYTE, i >>> 3) | (1 << (i & 7))));
                }
            }
            return new ColumnVector(strings.type(), count, strings.values(), strings.offsets(), nulls);
        }

        private MemorySegment chunk(int column)
        {
            if (chunks[column] == null) {
                chunks[column] = file.chunk(block, column);
            }
            return chunks[column];
        }

        private BlockCache.Key key(int column)
        {
            return new BlockCache.Key(file.fileId(), block, column);
        }
    }

    /** The ids of the block's rows at {@code positions[0 .. count)}, or of rows 0 .. count - 1 when {@code positions} is null. */
    private ColumnVector rowIds(int[] positions, int count, PageAllocator allocator)
    {
        MemorySegment ids = allocator.allocate((long) count * Long.BYTES);
        int first = file.blockFirstRow(block);
        for (int i = 0; i < count; i++) {
            ids.setAtIndex(ValueLayout.JAVA_LONG, i, rowId(file.fileId(), first + (positions == null ? i : positions[i])));
        }
        return new ColumnVector(Type.BIGINT, count, ids, null, null);
    }

    @Override
    public long retainedBytes()
    {
        return 0;
    }
}
