package io.signo.storage.file.parquet;

import dev.hardwood.internal.thrift.ColumnIndexReader;
import dev.hardwood.internal.thrift.OffsetIndexReader;
import dev.hardwood.internal.thrift.ThriftCompactReader;
import dev.hardwood.metadata.ColumnChunk;
import dev.hardwood.metadata.ColumnIndex;
import dev.hardwood.metadata.PageLocation;
import dev.hardwood.schema.ColumnSchema;
import io.signo.storage.table.ColumnStatistics;
import io.signo.storage.table.ZoneStatistics;
import io.signo.storage.type.Type;

import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

/**
 * A column chunk's page index (Parquet's column index and offset index, which writers such as
 * parquet-java, pyarrow and Spark put after the row groups) as one {@link ZoneStatistics} per page:
 * its min, max and null count, and the rows from its first row index to the next page's. Parsed with
 * Hardwood's thrift readers of these two structures. The min and max are taken where the row
 * group's are ({@link ParquetTable#value}): integers, dates, decimals, timestamps.
 */
final class PageIndex
{
    private PageIndex() {}

    /**
     * The chunk's pages, or an empty list when the file has no page index for it, or one that does
     * not add up (no null counts, pages that do not cover the row group): a page index only prunes,
     * so one that cannot be used prunes nothing rather than failing the query.
     */
    static List<ZoneStatistics> read(Path file, ColumnChunk chunk, Type type, ColumnSchema schema, int rowCount)
    {
        if (chunk.columnIndexOffset() == null || chunk.columnIndexLength() == null || chunk.offsetIndexOffset() == null || chunk.offsetIndexLength() == null) {
            return List.of();
        }
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            ColumnIndex index = ColumnIndexReader.read(new ThriftCompactReader(bytes(channel, chunk.columnIndexOffset(), chunk.columnIndexLength())));
            List<PageLocation> pages = OffsetIndexReader.read(new ThriftCompactReader(bytes(channel, chunk.offsetIndexOffset(), chunk.offsetIndexLength()))).pageLocations();
            int count = index.getPageCount();
            if (count == 0 || pages.size() != count || index.nullCounts() == null || index.nullCounts().size() != count || index.nullPages().size() != count
                    || index.minValues().size() != count || index.maxValues().size() != count || pages.getFirst().firstRowIndex() != 0) {
                return List.of();
            }
            List<ZoneStatistics> zones = new ArrayList<>(count);
            for (int page = 0; page < count; page++) {
                long first = pages.get(page).firstRowIndex();
                long next = page + 1 < count ? pages.get(page + 1).firstRowIndex() : rowCount;
                long nulls = index.nullCounts().get(page);
                if (next < first || next > rowCount || nulls < 0 || nulls > next - first) {
                    return List.of();
                }
                int rows = (int) (next - first);
                if (index.nullPages().get(page)) {
                    zones.add(new ZoneStatistics(new ColumnStatistics(0, rows, null, null, 0), rows));
                    continue;
                }
                Object min = ParquetTable.value(type, chunk, schema, index.minValues().get(page));
                Object max = ParquetTable.value(type, chunk, schema, index.maxValues().get(page));
                boolean bounded = min != null && max != null;
                zones.add(new ZoneStatistics(new ColumnStatistics(0, nulls, bounded ? min : null, bounded ? max : null, 0), rows));
            }
            return List.copyOf(zones);
        }
        catch (IOException | RuntimeException e) {
            return List.of();
        }
    }

    private static ByteBuffer bytes(FileChannel channel, long offset, int length)
            throws IOException
    {
        if (offset < 0 || length < 0 || offset > channel.size() - length) {
            throw new EOFException("page index of " + length + " bytes at " + offset + " lies outside the file");
        }
        ByteBuffer buffer = ByteBuffer.allocate(length);
        while (buffer.hasRemaining()) {
            if (channel.read(buffer, offset + buffer.position()) < 0) {
                throw new EOFException("page index runs past the end of the file");
            }
        }
        return buffer.flip();
    }
}
