package io.signo.storage.file.parquet;

import dev.hardwood.metadata.ColumnChunk;
import dev.hardwood.metadata.ColumnMetaData;
import dev.hardwood.metadata.RowGroup;
import io.signo.storage.table.Column;
import io.signo.storage.table.ColumnStatistics;
import io.signo.storage.type.PhysicalType;
import io.signo.storage.type.TypeKind;

import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the planner learns of a Parquet table's columns from the footers, for join order and
 * distribution: null counts, min and max merged over the row groups, and a distinct count, which
 * footers seldom hold and is estimated. A column whose first row group has a dictionary much
 * smaller than the row group has about that many values in all (flags, modes, names, small keys);
 * an integer or date column otherwise has at most as many as its range holds and as it has rows
 * (TPC-H's keys, whose ranges are dense). Other columns stay unknown, and the planner guesses.
 */
final class FooterStatistics
{
    /** Bytes read at a dictionary page for its header: page headers are a few dozen bytes. */
    private static final int HEADER_BYTES = 256;

    private final List<Column> columns;
    private final long[] nullCounts;
    private final boolean[] nullCountsKnown;
    private final Object[] mins;
    private final Object[] maxes;
    private final boolean[] rangeKnown;
    private final long[] dictionarySizes;
    private final long[] uncompressedBytes;
    private long rowCount;

    FooterStatistics(List<Column> columns)
    {
        this.columns = columns;
        int count = columns.size();
        nullCounts = new long[count];
        nullCountsKnown = new boolean[count];
        mins = new Object[count];
        maxes = new Object[count];
        rangeKnown = new boolean[count];
        dictionarySizes = new long[count];
        uncompressedBytes = new long[count];
        java.util.Arrays.fill(nullCountsKnown, true);
        java.util.Arrays.fill(rangeKnown, true);
    }

    /** Adds a row group, with the statistics its segment already read from the footer. */
    void add(RowGroup rowGroup, ColumnStatistics[] segmentStatistics)
    {
        rowCount += rowGroup.numRows();
        for (int c = 0; c < columns.size(); c++) {
            ColumnStatistics statistics = c < segmentStatistics.length ? segmentStatistics[c] : null;
            if (statistics == null) {
                nullCountsKnown[c] = false;
                rangeKnown[c] = false;
                continue;
            }
            nullCounts[c] += statistics.nullCount();
            if (statistics.min() == null || statistics.max() == null) {
                rangeKnown[c] = false;
            }
            else if (rangeKnown[c]) {
                mins[c] = mins[c] == null || compare(statistics.min(), mins[c]) < 0 ? statistics.min() : mins[c];
                maxes[c] = maxes[c] == null || compare(statistics.max(), maxes[c]) > 0 ? statistics.max() : maxes[c];
            }
            if (c < rowGroup.columns().size()) {
                uncompressedBytes[c] += rowGroup.columns().get(c).metaData().totalUncompressedSize();
            }
        }
    }

    /** Reads the dictionary page headers of a file's first row group: its dictionaries' sizes. */
    void addDictionaries(Path file, RowGroup first)
    {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            for (int c = 0; c < columns.size() && c < first.columns().size(); c++) {
                ColumnChunk chunk = first.columns().get(c);
                ColumnMetaData metadata = chunk.metaData();
                Long offset = metadata.dictionaryPageOffset();
                if (offset == null || offset <= 0 || offset >= metadata.dataPageOffset()) {
                    continue;
                }
                ByteBuffer bytes = ByteBuffer.allocate((int) Math.min(HEADER_BYTES, metadata.totalCompressedSize()));
                while (bytes.hasRemaining() && channel.read(bytes, offset + bytes.position()) > 0) {
                    // reads until the buffer is full or the file ends
                }
                PageHeader header = PageHeader.read(MemorySegment.ofArray(bytes.array()), 0, bytes.position());
                if (header.type() == PageHeader.DICTIONARY_PAGE && header.valueCount() * 2L <= first.numRows()) {
                    dictionarySizes[c] = Math.max(dictionarySizes[c], header.valueCount());
                }
            }
        }
        catch (IOException | IllegalArgumentException | IndexOutOfBoundsException e) {
            // a guess that cannot be made: the planner does without it
        }
    }

    /** The columns whose distinct count could be estimated, by name. */
    Map<String, ColumnStatistics> columns()
    {
        Map<String, ColumnStatistics> statistics = new LinkedHashMap<>();
        for (int c = 0; c < columns.size(); c++) {
            if (!nullCountsKnown[c] || rowCount == 0) {
                continue;
            }
            long distinct = distinctValues(c);
            if (distinct <= 0) {
                continue;
            }
            Column column = columns.get(c);
            double width = column.type().physicalType() == PhysicalType.BYTES
                    ? Math.max(0, (double) uncompressedBytes[c] / rowCount - Integer.BYTES)
                    : column.type().physicalType().fixedWidth();
            statistics.put(column.name(), new ColumnStatistics(distinct, nullCounts[c], rangeKnown[c] ? mins[c] : null, rangeKnown[c] ? maxes[c] : null, width));
        }
        return statistics;
    }

    private long distinctValues(int c)
    {
        if (dictionarySizes[c] > 0) {
            return dictionarySizes[c];
        }
        TypeKind kind = columns.get(c).type().kind();
        boolean integers = kind == TypeKind.INTEGER || kind == TypeKind.BIGINT || kind == TypeKind.DATE;
        if (!integers || !rangeKnown[c] || mins[c] == null) {
            return 0;
        }
        long range = ((Number) maxes[c]).longValue() - ((Number) mins[c]).longValue() + 1;
        long values = rowCount - nullCounts[c];
        return range <= 0 ? values : Math.min(range, values);
    }

    @SuppressWarnings("unchecked")
    private static int compare(Object left, Object right)
    {
        return ((Comparable<Object>) left).compareTo(right);
    }
}
