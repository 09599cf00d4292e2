package io.signo.storage.file.parquet;

import dev.hardwood.metadata.ColumnChunk;
import dev.hardwood.metadata.ColumnMetaData;
import dev.hardwood.metadata.RowGroup;
import io.signo.storage.page.Page;
import io.signo.storage.table.Column;
import io.signo.storage.table.ColumnStatistics;
import io.signo.storage.type.PhysicalType;
import io.signo.storage.type.TypeKind;
import io.signo.storage.vector.ColumnVector;

import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the planner learns of a Parquet table's columns from the footers, for join order and
 * distribution: null counts, min and max merged over the row groups, and a distinct count, which
 * footers seldom hold and is estimated from the first {@value #SAMPLE_ROWS} rows of the first row
 * group of integer, date and string columns (their distinct values counted exactly, strings by a
 * 64-bit hash) and from dictionary sizes:
 * <ul>
 * <li>values stored with their repeats together (each value's rows in one run, such as the lines of
 * an order: TPC-H's orderkey of lineitem, a quarter of its rows and of its range) have the table's
 * rows divided by how often a value repeats in the sample;</li>
 * <li>values repeated all over the sample (at least twice each on average) are about all there are
 * (codes, small keys), as is a dictionary much smaller than its row group (flags, modes, names), and a
 * table of one row group has as many as its dictionary holds;</li>
 * <li>otherwise (values that rarely repeat, or spread over the table) the rows divided by how often
 * a value repeats, which for integers and dates their range caps (a part's or a supplier's key).</li>
 * </ul>
 * Other columns (decimals, doubles) stay unknown, and the planner guesses.
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
    private final long[] firstDictionarySizes;
    private final long[] sampleRows;
    private final long[] sampleDistinct;
    private final long[] sampleRuns;
    private final long[] uncompressedBytes;
    private long rowCount;
    private int rowGroupCount;

    /** Rows of the first row group whose distinct values are counted, for integer and date columns without a small dictionary. */
    static final int SAMPLE_ROWS = 131_072;

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
        firstDictionarySizes = new long[count];
        sampleRows = new long[count];
        sampleDistinct = new long[count];
        sampleRuns = new long[count];
        uncompressedBytes = new long[count];
        Arrays.fill(nullCountsKnown, true);
        Arrays.fill(rangeKnown, true);
    }

    /** Adds a row group, with the statistics its segment already read from the footer. */
    void add(RowGroup rowGroup, ColumnStatistics[] segmentStatistics)
    {
        rowCount += rowGroup.numRows();
        rowGroupCount++;
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
                if (header.type() == PageHeader.DICTIONARY_PAGE) {
                    firstDictionarySizes[c] = header.valueCount();
                    if (header.valueCount() * 2L <= first.numRows()) {
                        dictionarySizes[c] = Math.max(dictionarySizes[c], header.valueCount());
                    }
                }
            }
        }
        catch (IOException | IllegalArgumentException | IndexOutOfBoundsException e) {
            // a guess that cannot be made: the planner does without it
        }
    }

    /**
     * Counts the distinct values of the first {@value #SAMPLE_ROWS} rows of a file's first row group
     * in its integer and date columns that have no small dictionary: how often a value repeats there.
     */
    void addSample(RowGroupSegment first)
    {
        List<Integer> sampled = new ArrayList<>();
        for (int c = 0; c < columns.size(); c++) {
            TypeKind kind = columns.get(c).type().kind();
            boolean integers = kind == TypeKind.INTEGER || kind == TypeKind.BIGINT || kind == TypeKind.DATE;
            // a small dictionary of strings is their count; one of integers may be a key stored with its repeats together
            if (integers || (sampled(columns.get(c)) && dictionarySizes[c] == 0)) {
                sampled.add(c);
            }
        }
        if (sampled.isEmpty() || first.rowCount() == 0) {
            return;
        }
        int[] read = sampled.stream().mapToInt(Integer::intValue).toArray();
        Page page;
        try {
            page = first.read(read);
        }
        catch (RuntimeException e) {
            // a row group that cannot be read is reported by the query that reads it; the estimate does without
            return;
        }
        int rows = Math.min(page.positionCount(), SAMPLE_ROWS);
        long[] values = new long[rows];
        for (int i = 0; i < read.length; i++) {
            ColumnVector vector = page.column(i);
            PhysicalType physicalType = vector.type().physicalType();
            int count = 0;
            for (int position = 0; position < rows; position++) {
                if (!vector.isNull(position)) {
                    values[count++] = switch (physicalType) {
                        case LONG -> vector.getLong(position);
                        case INT -> vector.getInt(position);
                        default -> stringHash(vector, position);
                    };
                }
            }
            long runs = 0;
            for (int v = 0; v < count; v++) {
                if (v == 0 || values[v] != values[v - 1]) {
                    runs++;
                }
            }
            sampleRows[read[i]] = count;
            sampleRuns[read[i]] = runs;
            sampleDistinct[read[i]] = distinctCount(values, count);
        }
    }

    /** Integer, date and string columns: keys and names, whose distinct counts order joins. */
    private static boolean sampled(Column column)
    {
        TypeKind kind = column.type().kind();
        return kind == TypeKind.INTEGER || kind == TypeKind.BIGINT || kind == TypeKind.DATE || kind == TypeKind.VARCHAR || kind == TypeKind.CHAR;
    }

    /** A 64-bit hash of a string's bytes, for counting distinct strings (a collision among a sample's values is negligible). */
    private static long stringHash(ColumnVector vector, int position)
    {
        MemorySegment bytes = vector.values();
        long start = vector.stringStart(position);
        int length = vector.stringLength(position);
        long hash = 0x9E3779B97F4A7C15L ^ length;
        for (int i = 0; i < length; i++) {
            hash = (hash ^ bytes.get(ValueLayout.JAVA_BYTE, start + i)) * 0x100000001B3L;
        }
        hash ^= hash >>> 33;
        hash *= 0xFF51AFD7ED558CCDL;
        return hash ^ (hash >>> 33);
    }

    /** The number of distinct values among {@code values[0 .. count)}, by sorting a copy. */
    private static long distinctCount(long[] values, int count)
    {
        long[] sorted = Arrays.copyOf(values, count);
        Arrays.sort(sorted);
        long distinct = 0;
        for (int i = 0; i < count; i++) {
            if (i == 0 || sorted[i] != sorted[i - 1]) {
                distinct++;
            }
        }
        return distinct;
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
        TypeKind kind = columns.get(c).type().kind();
        boolean integers = kind == TypeKind.INTEGER || kind == TypeKind.BIGINT || kind == TypeKind.DATE;
        long range = integers && rangeKnown[c] && mins[c] != null ? ((Number) maxes[c]).longValue() - ((Number) mins[c]).longValue() + 1 : 0;
        long values = rowCount - nullCounts[c];
        long estimate = 0;
        if (sampleRows[c] > 0) {
            long distinct = sampleDistinct[c];
            boolean together = sampleRuns[c] <= 2 * distinct;
            if (!together && distinct * 2 <= sampleRows[c]) {
                // values repeated all over the sample: it holds about every value there is (codes, small keys)
                estimate = distinct;
            }
            else {
                // the rows over how often a value repeats: exact for values stored together, more for values spread
                estimate = (long) Math.ceil((double) values * distinct / sampleRows[c]);
            }
        }
        if (dictionarySizes[c] > 0) {
            estimate = Math.max(estimate, dictionarySizes[c]);
        }
        else if (rowGroupCount == 1 && firstDictionarySizes[c] > 0) {
            // the one dictionary holds every value of the table: nation's and region's names
            estimate = Math.max(estimate, firstDictionarySizes[c]);
        }
        else if (estimate == 0 && integers) {
            estimate = values;
        }
        return range <= 0 ? estimate : Math.min(range, estimate);
    }

    @SuppressWarnings("unchecked")
    private static int compare(Object left, Object right)
    {
        return ((Comparable<Object>) left).compareTo(right);
    }
}
