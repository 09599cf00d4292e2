package io.signo.storage.db;

import io.signo.storage.db.Manifest.FileEntry;
import io.signo.storage.db.encoding.ColumnChunkCodec;
import io.signo.storage.page.Page;
import io.signo.storage.table.Column;
import io.signo.storage.table.ColumnStatistics;
import io.signo.storage.vector.ColumnVector;
import io.signo.storage.vector.VectorBuilder;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongSupplier;
import java.util.zip.CRC32C;

/**
 * Writes the rows of one statement into new segment files: rows are staged column by column into
 * blocks of {@value SegmentFile#BLOCK_ROWS} (a scan's morsel), each column of a block encoded
 * into one checksummed chunk, and a file is ended after {@value #FILE_BLOCKS} blocks. The files are
 * not part of the table until a manifest names them.
 */
final class SegmentFileWriter
{
    static final int FILE_BLOCKS = 128;

    private final FileStore store;
    private final LongSupplier fileIds;
    private final int partition;
    private final List<Column> columns;
    private final List<FileEntry> written = new ArrayList<>();
    private VectorBuilder[] staged;
    private int stagedRows;

    private FileStore.SegmentOutput output;
    private long fileId;
    private int fileRows;
    private ColumnStatisticsCollector[] collectors;
    private final List<Integer> blockRows = new ArrayList<>();
    /** Per block, per column: offset, length, checksum. */
    private final List<long[]> chunkLocations = new ArrayList<>();
    private final List<ColumnStatistics[]> blockStatistics = new ArrayList<>();

    SegmentFileWriter(FileStore store, LongSupplier fileIds, int partition, List<Column> columns)
    {
        this.store = store;
        this.fileIds = fileIds;
        this.partition = partition;
        this.columns = List.copyOf(columns);
        this.staged = newBuilders();
    }

    private VectorBuilder[] newBuilders()
    {
        VectorBuilder[] builders = new VectorBuilder[columns.size()];
        for (int c = 0; c < builders.length; c++) {
            builders[c] = new VectorBuilder(columns.get(c).type(), SegmentFile.BLOCK_ROWS);
        }
        return builders;
    }

    /** Appends the page's rows; its columns are the table's, in order. */
    void append(Page page)
            throws IOException
    {
        if (page.columnCount() != columns.size()) {
            throw new IllegalArgumentException("page has " + page.columnCount() + " columns, the table " + columns.size());
        }
        Page dense = page.isSelected() ? page.compact(io.signo.storage.memory.PageAllocator.transientPages()) : page;
        int rows = dense.positionCount();
        int position = 0;
        while (position < rows) {
            int take = Math.min(rows - position, SegmentFile.BLOCK_ROWS - stagedRows);
            for (int c = 0; c < staged.length; c++) {
                staged[c].appendRange(dense.column(c), position, take);
            }
            stagedRows += take;
            position += take;
            if (stagedRows == SegmentFile.BLOCK_ROWS) {
                writeBlock();
            }
        }
    }

    private void writeBlock()
            throws IOException
    {
        if (output == null) {
            fileId = fileIds.getAsLong();
            output = store.create(fileId);
            output.write(SegmentFile.header());
            collectors = new ColumnStatisticsCollector[columns.size()];
            for (int c = 0; c < collectors.length; c++) {
                collectors[c] = new ColumnStatisticsCollector(columns.get(c).type());
            }
        }
        long[] locations = new long[columns.size() * 3];
        ColumnStatistics[] statistics = new ColumnStatistics[columns.size()];
        for (int c = 0; c < staged.length; c++) {
            ColumnVector vector = staged[c].build();
            byte[] chunk = ColumnChunkCodec.encode(vector, store.compression());
            CRC32C crc = new CRC32C();
            crc.update(chunk);
            locations[c * 3] = output.position();
            locations[c * 3 + 1] = chunk.length;
            locations[c * 3 + 2] = (int) crc.getValue();
            output.write(chunk);
            statistics[c] = collectors[c].addBlock(vector);
        }
        blockRows.add(stagedRows);
        chunkLocations.add(locations);
        blockStatistics.add(statistics);
        fileRows += stagedRows;
        staged = newBuilders();
        stagedRows = 0;
        if (blockRows.size() == FILE_BLOCKS) {
            finishFile();
        }
    }

    private void finishFile()
            throws IOException
    {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        DataOutputStream footer = new DataOutputStream(bytes);
        footer.writeInt(columns.size());
        for (Column column : columns) {
            footer.writeUTF(column.type().kind().name());
        }
        footer.writeInt(blockRows.size());
        for (int b = 0; b < blockRows.size(); b++) {
            footer.writeInt(blockRows.get(b));
            long[] locations = chunkLocations.get(b);
            for (int c = 0; c < columns.size(); c++) {
                footer.writeLong(locations[c * 3]);
                footer.writeInt((int) locations[c * 3 + 1]);
                footer.writeInt((int) locations[c * 3 + 2]);
                StatisticsFormat.write(footer, blockStatistics.get(b)[c]);
            }
        }
        for (ColumnStatisticsCollector collector : collectors) {
            StatisticsFormat.write(footer, collector.fileStatistics());
        }
        footer.flush();
        output.write(SegmentFile.trailer(bytes.toByteArray()));
        output.finish();
        written.add(new FileEntry(fileId, partition, fileRows, DeleteVector.NONE));
        output = null;
        fileRows = 0;
        blockRows.clear();
        chunkLocations.clear();
        blockStatistics.clear();
    }

    /** Writes what is staged and ends the file being written, so that the next rows start a new one. */
    void endFile()
            throws IOException
    {
        if (stagedRows > 0) {
            writeBlock();
        }
        if (output != null) {
            finishFile();
        }
    }

    /** Writes what is staged and ends the last file; returns every file written. */
    List<FileEntry> finish()
            throws IOException
    {
        endFile();
        return List.copyOf(written);
    }

    /** Drops every file written: the statement failed. */
    void abort()
    {
        if (output != null) {
            output.abort();
            output = null;
        }
        for (FileEntry file : written) {
            store.delete(file.fileId());
        }
    }
}
