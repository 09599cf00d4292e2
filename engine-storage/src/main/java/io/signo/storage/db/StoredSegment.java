package io.signo.storage.db;

import io.signo.storage.memory.PageAllocator;
import io.signo.storage.page.Page;
import io.signo.storage.table.ColumnStatistics;
import io.signo.storage.table.Segment;
import io.signo.storage.type.Type;
import io.signo.storage.vector.ColumnVector;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * One block of a segment file as a scan's morsel: decoded from the mapped file when read, only
 * the columns asked for, without the rows deleted in the manifest version it belongs to.
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
        PageAllocator allocator = PageAllocator.transientPages();
        int rows = file.blockRows(block);
        ColumnVector[] vectors = new ColumnVector[columns.length];
        for (int i = 0; i < columns.length; i++) {
            int column = columns[i];
            vectors[i] = column == columnCount() ? rowIds(allocator) : cache.get(new BlockCache.Key(file.fileId(), block, column), () -> file.decode(block, column, allocator));
        }
        if (deletedRows == 0) {
            return new Page(rows, vectors);
        }
        int[] kept = new int[rows - deletedRows];
        int count = 0;
        int first = file.blockFirstRow(block);
        for (int p = 0; p < rows; p++) {
            if (!deletes.isDeleted(first + p)) {
                kept[count++] = p;
            }
        }
        for (int i = 0; i < vectors.length; i++) {
            vectors[i] = vectors[i].copyPositions(kept, count, allocator);
        }
        return new Page(count, vectors);
    }

    private ColumnVector rowIds(PageAllocator allocator)
    {
        int rows = file.blockRows(block);
        MemorySegment ids = allocator.allocate((long) rows * Long.BYTES);
        int first = file.blockFirstRow(block);
        for (int p = 0; p < rows; p++) {
            ids.setAtIndex(ValueLayout.JAVA_LONG, p, rowId(file.fileId(), first + p));
        }
        return new ColumnVector(Type.BIGINT, rows, ids, null, null);
    }

    @Override
    public long retainedBytes()
    {
        return 0;
    }
}
