package io.signo.storage.file.parquet;

import dev.hardwood.metadata.ColumnChunk;
import dev.hardwood.metadata.ColumnMetaData;
import dev.hardwood.metadata.CompressionCodec;
import dev.hardwood.metadata.Encoding;
import dev.hardwood.metadata.RowGroup;
import dev.hardwood.schema.ColumnSchema;
import io.airlift.compress.v3.MalformedInputException;
import io.signo.storage.error.ErrorCode;
import io.signo.storage.error.SignoException;
import io.signo.storage.file.ReadColumns;
import io.signo.storage.memory.PageAllocator;
import io.signo.storage.page.Page;
import io.signo.storage.table.Column;
import io.signo.storage.table.ColumnStatistics;
import io.signo.storage.table.ColumnTest;
import io.signo.storage.table.Segment;
import io.signo.storage.table.ZoneStatistics;
import io.signo.storage.type.PhysicalType;
import io.signo.storage.type.Type;
import io.signo.storage.vector.ColumnVector;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * One row group of a Parquet file, the unit drivers and workers share: read when a scan asks,
 * only the columns it reads, each decoded from the mapped file straight into the engine's vectors
 * by {@link ColumnChunkDecoder}, or through Hardwood when its codec or encoding is one the decoder
 * leaves alone. Its min, max and null counts (from the file's footer) let scans skip it.
 */
final class RowGroupSegment
        implements Segment
{
    private final Path file;
    private final int rowGroup;
    /** Where the row group lies in the file: Hardwood picks row groups by the middle of their bytes. */
    private final long middle;
    private final int rowCount;
    private final RowGroup metadata;
    private final List<Column> columns;
    /** The file's leaf columns, one per table column (nested columns are refused). */
    private final List<ColumnSchema> schemas;
    private final ColumnStatistics[] statistics;
    /** Each column's pages from the page index, read when a scan's filter first asks; empty where the file has none. */
    private final AtomicReferenceArray<List<ZoneStatistics>> zones;

    /**
     * What a reading thread decodes with, kept from one row group to the next: scratch arrays and a
     * decompressor per codec with its buffer, each grown to the largest page the thread has read.
     * Made afresh for every row group, they were most of the garbage a scan left (megabytes a row
     * group). The threads are the drivers', a fixed pool.
     */
    /** The tests stop, and every row is read, once fewer than one row in this many fails them. */
    private static final int KEEP_ALL_FRACTION = 8;
    /** Codes are decoded for the kept rows only when at most one row in this many is kept. */
    private static final int SPARSE_FRACTION = 4;

    private static final ThreadLocal<ReadBuffers> READ_BUFFERS = ThreadLocal.withInitial(ReadBuffers::new);

    private static final class ReadBuffers
    {
        private final ColumnChunkDecoder.Scratch scratch = new ColumnChunkDecoder.Scratch();
        private int[] positions = new int[0];
        private int[][] codes = new int[0][];
        // a chunk is decoded whole before the next starts, so one per codec serves every column
        private final Map<CompressionCodec, PageDecompressor> decompressors = new EnumMap<>(CompressionCodec.class);

        ColumnChunkDecoder.Scratch scratch()
        {
            return scratch;
        }

        /** The positions a read with tests keeps, for {@code rowCount} rows. */
        int[] positions(int rowCount)
        {
            if (positions.length < rowCount) {
                positions = new int[rowCount];
            }
            return positions;
        }

        /** The {@code index}th array of dictionary codes of one read, for {@code rowCount} rows. */
        int[] codes(int index, int rowCount)
        {
            if (codes.length <= index) {
                codes = java.util.Arrays.copyOf(codes, index + 1);
            }
            if (codes[index] == null || codes[index].length < rowCount) {
                codes[index] = new int[rowCount];
            }
            return codes[index];
        }

        PageDecompressor decompressor(CompressionCodec codec)
        {
            // the buffers live as long as the thread's decompressor: freed by the collector after it
            return decompressors.computeIfAbsent(codec, _ -> PageDecompressor.of(codec, Arena.ofAuto()));
        }
    }

    private RowGroupSegment(Path file, List<Column> columns)
    {
        this.file = file;
        this.rowGroup = -1;
        this.middle = 0;
        this.rowCount = 0;
        this.metadata = null;
        this.columns = columns;
        this.schemas = List.of();
        this.statistics = null;
        this.zones = new AtomicReferenceArray<>(0);
    }

    /** A file without row groups: no rows, but the file stays part of the table. */
    static RowGroupSegment emptyFile(Path file, List<Column> columns)
    {
        return new RowGroupSegment(file, columns);
    }

    RowGroupSegment(Path file, int rowGroup, RowGroup metadata, List<Column> columns, List<ColumnSchema> schemas, ColumnStatistics[] statistics)
    {
        this.file = file;
        this.rowGroup = rowGroup;
        this.metadata = metadata;
        this.columns = columns;
        this.schemas = schemas;
        this.statistics = statistics;
        this.zones = new AtomicReferenceArray<>(columns.size());
        if (metadata.numRows() > Integer.MAX_VALUE) {
            throw new SignoException(ErrorCode.NOT_SUPPORTED, "cannot read " + file + ": row group " + rowGroup + " has more than " + Integer.MAX_VALUE + " rows");
        }
        this.rowCount = (int) metadata.numRows();
        long compressed = 0;
        for (ColumnChunk chunk : metadata.columns()) {
            compressed += chunk.metaData().totalCompressedSize();
        }
        this.middle = metadata.columns().isEmpty() ? 0 : metadata.columns().getFirst().chunkStartOffset() + compressed / 2;
    }

    Path file()
    {
        return file;
    }

    @Override
    public int rowCount()
    {
        return rowCount;
    }

    @Override
    public ColumnStatistics[] columnStatistics()
    {
        return statistics;
    }

    @Override
    public List<ZoneStatistics> zoneStatistics(int column)
    {
        if (metadata == null || column < 0 || column >= zones.length() || column >= metadata.columns().size()) {
            return List.of();
        }
        List<ZoneStatistics> known = zones.get(column);
        if (known == null) {
            known = PageIndex.read(file, metadata.columns().get(column), columns.get(column).type(), schemas.get(column), rowCount);
            zones.set(column, known);
        }
        return known;
    }

    @Override
    public int columnCount()
    {
        return columns.size();
    }

    @Override
    public long retainedBytes()
    {
        return 0;
    }

    @Override
    public Page read(int[] read)
    {
        return read(read, PageAllocator.transientPages());
    }

    @Override
    public Page read(int[] read, PageAllocator allocator)
    {
        if (read.length == 0 || rowCount == 0) {
            ColumnVector[] empty = new ColumnVector[read.length];
            for (int i = 0; i < read.length; i++) {
                empty[i] = ColumnOutput.empty(columns.get(read[i]).type());
            }
            return new Page(rowCount, empty);
        }
        ReadBuffers buffers = READ_BUFFERS.get();
        CodedColumns coded = new CodedColumns(buffers);
        ColumnVector[] kept = new ColumnVector[columns.size()];
        boolean[] seen = new boolean[columns.size()];
        int[] rest = new int[read.length];
        int restCount = 0;
        for (int column : read) {
            if (!seen[column]) {
                seen[column] = true;
                kept[column] = codedStrings(coded, column, allocator);
                if (kept[column] == null) {
                    rest[restCount++] = column;
                }
            }
        }
        ColumnOutput[] outputs = restCount == 0 ? new ColumnOutput[columns.size()] : decode(Arrays.copyOf(rest, restCount), allocator);
        return ReadColumns.page(rowCount, read, outputs.length, column -> kept[column] != null ? kept[column] : outputs[column].build());
    }

    /**
     * A string column of every row read from its dictionary (as codes into it when it is small enough
     * to share, {@link Dictionary#keepsCodes}), or null when it is no string column or not
     * dictionary-encoded throughout (a writer falls back to plain pages when its dictionary grows too large).
     */
    private ColumnVector codedStrings(CodedColumns coded, int column, PageAllocator allocator)
    {
        Type type = columns.get(column).type();
        if (type.physicalType() != PhysicalType.BYTES || !coded.decode(column, null, rowCount)) {
            return null;
        }
        return coded.vector(column, null, rowCount, type, allocator);
    }

    /** Decodes the columns {@code read} whole: the outputs by table column, null for those not read. */
    private ColumnOutput[] decode(int[] read, PageAllocator allocator)
    {
        ColumnOutput[] outputs = new ColumnOutput[columns.size()];
        List<Integer> viaHardwood = new ArrayList<>();
        try {
            decodeColumns(read, outputs, viaHardwood, allocator);
            if (!viaHardwood.isEmpty()) {
                for (int column : viaHardwood) {
                    outputs[column] = new ColumnOutput(columns.get(column).type(), rowCount, metadata.columns().get(column).metaData().totalUncompressedSize(), allocator);
                }
                HardwoodRowGroupReader.read(file, rowGroup, middle, rowCount, columns, viaHardwood, outputs);
            }
        }
        catch (SignoException e) {
            throw e;
        }
        catch (RuntimeException e) {
            // Hardwood reports a damaged page or a missing codec from its own threads, wrapped
            throw new SignoException(ErrorCode.BAD_FILE_DATA, "cannot read row group " + rowGroup + " of " + file + ": " + rootMessage(e), e);
        }
        return outputs;
    }

    @Override
    public boolean decodesOnRead()
    {
        return true;
    }

    @Override
    public Page read(int[] read, List<ColumnTest> tests)
    {
        return read(read, tests, PageAllocator.transientPages());
    }

    /**
     * Runs the tests column by column, each on the rows the ones before kept, then decodes the
     * columns read for the rows that passed. A tested column whose pages are all dictionary-encoded
     * is tested on its dictionary's entries and then on the rows' codes, and only the passing rows'
     * values are looked up; other columns are decoded whole and the passing rows copied. The tests
     * are a pre-filter (the scan's filter still runs above it): when one leaves nearly every row,
     * the rest are skipped and every row is read.
     */
    @Override
    public Page read(int[] read, List<ColumnTest> tests, PageAllocator allocator)
    {
        if (tests.isEmpty() || rowCount == 0) {
            return read(read, allocator);
        }
        ReadBuffers buffers = READ_BUFFERS.get();
        int[] positions = buffers.positions(rowCount);
        // the rows 0 .. rowCount - 1 are written only when a test reads them: a test on codes as they are
        // decoded writes the rows it keeps, and a test left to the filter (Q1's) reads none
        boolean positionsWritten = false;
        int count = rowCount;
        ColumnVector[] decoded = new ColumnVector[columns.size()];
        CodedColumns coded = new CodedColumns(buffers);
        for (int t = 0; t < tests.size() && count > 0; t++) {
            ColumnTest test = tests.get(t);
            int column = test.column();
            if (count == rowCount && decoded[column] == null && coded.dictionaries[column] == null && passesNearlyEveryEntry(column, test, coded, allocator)) {
                // its rows would nearly all pass too (Q1's date keeps 98%): the filter above drops the few that
                // fail, and the column's codes are not decoded and tested for nothing
                continue;
            }
            Type type = columns.get(column).type();
            int keptWhileDecoding = count == rowCount && decoded[column] == null && coded.dictionaries[column] == null && coded.readAhead[column] != null
                    ? keepWhileDecoding(column, coded.readAhead[column], coded.entryPasses(column, test, type, allocator), positions)
                    : -1;
            if (keptWhileDecoding >= 0) {
                count = keptWhileDecoding;
            }
            else {
                if (!positionsWritten) {
                    for (int i = 0; i < rowCount; i++) {
                        positions[i] = i;
                    }
                }
                if (decoded[column] == null && coded.dictionaries[column] == null && !coded.decode(column, positions, count)) {
                    decoded[column] = decode(new int[] {column}, allocator)[column].build();
                }
                count = coded.dictionaries[column] != null
                        ? keepByCodes(coded.entryPasses(column, test, type, allocator), coded.codes[column], positions, count)
                        : test.keep(decoded[column], positions, count);
            }
            positionsWritten = true;
            if (count > rowCount - rowCount / KEEP_ALL_FRACTION) {
                // nearly every row passes (Q1 keeps 98%): the columns are read whole, faster than row by
                // row through the positions, and the filter above drops the few rows that fail
                count = rowCount;
                break;
            }
        }
        ColumnVector[] vectors = new ColumnVector[read.length];
        for (int i = 0; i < read.length; i++) {
            int column = read[i];
            Type type = columns.get(column).type();
            if (count == 0) {
                vectors[i] = ColumnOutput.empty(type);
                continue;
            }
            if ((count < rowCount || type.physicalType() == PhysicalType.BYTES) && coded.dictionaries[column] == null && decoded[column] == null) {
                // only the rows kept are looked up, rather than every row decoded and the kept ones copied;
                // strings as codes wherever their dictionary is small
                coded.decode(column, positions, count);
            }
            if (coded.dictionaries[column] != null) {
                vectors[i] = coded.vector(column, count == rowCount ? null : positions, count, type, allocator);
            }
            else {
                if (decoded[column] == null) {
                    decoded[column] = decode(new int[] {column}, allocator)[column].build();
                }
                vectors[i] = count == rowCount ? decoded[column] : decoded[column].copyPositions(positions, count, allocator);
            }
        }
        return new Page(count, vectors);
    }

    /** The dictionary-encoded columns of one read: each one's dictionary and its rows' codes, in the thread's code arrays. */
    private final class CodedColumns
    {
        final Dictionary[] dictionaries = new Dictionary[columns.size()];
        final int[][] codes = new int[columns.size()][];
        /** Each column's dictionary entries as a vector, made once for its test and its rows. */
        private final ColumnVector[] entries = new ColumnVector[columns.size()];
        /** A dictionary read alone before its codes (to test its entries), handed to the codes' decoding so it is read once. */
        final Dictionary[] readAhead = new Dictionary[columns.size()];
        /** Which of a column's entries pass {@link #passesOf}'s test, by code + 1 (slot 0 for a NULL's -1, never passing). */
        private final boolean[][] passes = new boolean[columns.size()][];
        /** The test each of {@link #passes} holds the results of: a column may have several. */
        private final ColumnTest[] passesOf = new ColumnTest[columns.size()];
        private final ReadBuffers buffers;
        private int codeArrays;

        CodedColumns(ReadBuffers buffers)
        {
            this.buffers = buffers;
        }

        /** Decodes the codes of {@code column} at the rows {@code positions[0..count)}; false, keeping nothing, when it is not dictionary-encoded throughout. */
        boolean decode(int column, int[] positions, int count)
        {
            int[] columnCodes = buffers.codes(codeArrays, rowCount);
            Dictionary dictionary = decodeCodes(column, columnCodes, positions, count, readAhead[column]);
            if (dictionary == null) {
                return false;
            }
            dictionaries[column] = dictionary;
            codes[column] = columnCodes;
            codeArrays++;
            return true;
        }

        /** The dictionary entries of a decoded column as a vector, made on the first call. */
        ColumnVector entries(int column, Type type, PageAllocator allocator)
        {
            if (entries[column] == null) {
                entries[column] = dictionaries[column].entries(type, allocator);
            }
            return entries[column];
        }

        /** Keeps a dictionary read ahead of its codes, and its entries as a vector. */
        void readAhead(int column, Dictionary dictionary, ColumnVector dictionaryEntries)
        {
            readAhead[column] = dictionary;
            entries[column] = dictionaryEntries;
        }

        /** Which entries of a decoded column's dictionary pass {@code test}, by code + 1: tested once per test. */
        boolean[] entryPasses(int column, ColumnTest test, Type type, PageAllocator allocator)
        {
            if (passesOf[column] != test) {
                entryPasses(column, test, RowGroupSegment.entryPasses(test, entries(column, type, allocator)));
            }
            return passes[column];
        }

        void entryPasses(int column, ColumnTest test, boolean[] columnPasses)
        {
            passes[column] = columnPasses;
            passesOf[column] = test;
        }

        /**
         * A decoded column's rows at {@code positions[0..count)} (0..count when null): codes into its
         * dictionary's entries when the dictionary is small ({@link Dictionary#keepsCodes}), else strings.
         */
        ColumnVector vector(int column, int[] positions, int count, Type type, PageAllocator allocator)
        {
            Dictionary dictionary = dictionaries[column];
            if (dictionary.keepsCodes(type)) {
                return dictionary.encoded(codes[column], positions, count, type, entries(column, type, allocator), allocator, buffers.scratch());
            }
            return dictionary.gather(codes[column], positions, count, type, allocator, buffers.scratch());
        }
    }

    /**
     * The column's dictionary with the codes of the rows {@code positions[0..count)} in {@code codes},
     * or null when its chunk is not dictionary-encoded throughout. When the tests before kept few
     * rows, only theirs are decoded, each where it lies in its bit-packed run: unpacking every code
     * was most of Q6's scan, whose first test keeps a seventh of the rows and the next ones fewer.
     */
    private Dictionary decodeCodes(int column, int[] codes, int[] positions, int count, Dictionary known)
    {
        ColumnMetaData chunk = metadata.columns().get(column).metaData();
        ColumnSchema schema = schemas.get(column);
        if (!ColumnChunkDecoder.handles(chunk, schema) || !chunk.encodings().contains(Encoding.PLAIN_DICTIONARY) && !chunk.encodings().contains(Encoding.RLE_DICTIONARY)) {
            return null;
        }
        ReadBuffers buffers = READ_BUFFERS.get();
        try {
            boolean sparse = count <= rowCount / SPARSE_FRACTION;
            return ColumnChunkDecoder.decodeCodes(MappedFiles.map(file), chunkStart(chunk), chunk.totalCompressedSize(), schema, columns.get(column).type(), chunk, rowCount, codes,
                    sparse ? positions : null, count, known, buffers.decompressor(chunk.codec()), buffers.scratch());
        }
        catch (ColumnChunkDecoder.UnsupportedPage e) {
            return null;
        }
        catch (IllegalArgumentException | IndexOutOfBoundsException | IllegalStateException | MalformedInputException e) {
            throw new SignoException(ErrorCode.BAD_FILE_DATA, "cannot read column " + columns.get(column).name() + " of row group " + rowGroup + " of " + file + ": " + rootMessage(e), e);
        }
        catch (IOException e) {
            throw new SignoException(ErrorCode.BAD_FILE_DATA, "cannot read " + file + ": " + e.getMessage(), e);
        }
    }

    /**
     * Whether {@code column} is dictionary-encoded and more than seven of its dictionary's entries in
     * eight pass {@code test}, read from the dictionary page alone. A row group's rows are taken to
     * pass as its entries do: when they do not, the rows the test would have dropped early are
     * dropped by the scan's filter instead. The dictionary and its entries' results go to
     * {@code coded}, for the codes' decoding and test when the answer is no.
     */
    private boolean passesNearlyEveryEntry(int column, ColumnTest test, CodedColumns coded, PageAllocator allocator)
    {
        ColumnMetaData chunk = metadata.columns().get(column).metaData();
        ColumnSchema schema = schemas.get(column);
        if (!ColumnChunkDecoder.handles(chunk, schema) || !chunk.encodings().contains(Encoding.PLAIN_DICTIONARY) && !chunk.encodings().contains(Encoding.RLE_DICTIONARY)) {
            return false;
        }
        Type type = columns.get(column).type();
        Dictionary dictionary;
        try {
            dictionary = ColumnChunkDecoder.readDictionary(MappedFiles.map(file), chunkStart(chunk), chunk.totalCompressedSize(), schema, type, READ_BUFFERS.get().decompressor(chunk.codec()));
        }
        catch (ColumnChunkDecoder.UnsupportedPage | IOException | RuntimeException e) {
            // the test decodes the chunk as before, and reports what is wrong with it
            return false;
        }
        if (dictionary == null) {
            return false;
        }
        ColumnVector entries = dictionary.entries(type, allocator);
        int entryCount = entries.positionCount();
        coded.readAhead(column, dictionary, entries);
        if (entryCount == 0) {
            return false;
        }
        boolean[] passes = entryPasses(test, entries);
        coded.entryPasses(column, test, passes);
        int passing = 0;
        for (boolean pass : passes) {
            passing += pass ? 1 : 0;
        }
        return passing > entryCount - entryCount / KEEP_ALL_FRACTION;
    }

    /** Which of a dictionary's {@code entries} pass {@code test}, by code + 1: one more slot, never passing, for a NULL's code -1. */
    private static boolean[] entryPasses(ColumnTest test, ColumnVector entries)
    {
        int entryCount = entries.positionCount();
        int[] passing = new int[entryCount];
        for (int i = 0; i < entryCount; i++) {
            passing[i] = i;
        }
        int passingCount = test.keep(entries, passing, entryCount);
        boolean[] passes = new boolean[entryCount + 1];
        for (int i = 0; i < passingCount; i++) {
            passes[passing[i] + 1] = true;
        }
        return passes;
    }

    /**
     * Tests every row of a dictionary-encoded column, {@code known} its dictionary as read ahead and
     * {@code passes} its entries' results, as its codes are decoded: the passing rows go to
     * {@code positions} and their number is returned, no code is kept (a column read as well is
     * decoded again, for the kept rows only). -1, with {@code positions} holding anything, when a
     * page is not dictionary-encoded.
     */
    private int keepWhileDecoding(int column, Dictionary known, boolean[] passes, int[] positions)
    {
        ColumnMetaData chunk = metadata.columns().get(column).metaData();
        ColumnSchema schema = schemas.get(column);
        ReadBuffers buffers = READ_BUFFERS.get();
        try {
            return ColumnChunkDecoder.keepByCodes(MappedFiles.map(file), chunkStart(chunk), chunk.totalCompressedSize(), schema, columns.get(column).type(), chunk, rowCount, known,
                    passes, positions, buffers.decompressor(chunk.codec()), buffers.scratch());
        }
        catch (ColumnChunkDecoder.UnsupportedPage e) {
            return -1;
        }
        catch (IllegalArgumentException | IndexOutOfBoundsException | IllegalStateException | MalformedInputException e) {
            throw new SignoException(ErrorCode.BAD_FILE_DATA, "cannot read column " + columns.get(column).name() + " of row group " + rowGroup + " of " + file + ": " + rootMessage(e), e);
        }
        catch (IOException e) {
            throw new SignoException(ErrorCode.BAD_FILE_DATA, "cannot read " + file + ": " + e.getMessage(), e);
        }
    }

    /** Keeps the positions whose code names an entry that passed ({@code passes}, by code + 1; never a NULL's -1). */
    private static int keepByCodes(boolean[] passes, int[] codes, int[] positions, int count)
    {
        int kept = 0;
        if (count > 0 && positions[count - 1] == count - 1) {
            // ascending and distinct, so the positions are the rows 0 .. count - 1 themselves (the first test's)
            for (int i = 0; i < count; i++) {
                positions[kept] = i;
                kept += passes[codes[i] + 1] ? 1 : 0;
            }
            return kept;
        }
        for (int i = 0; i < count; i++) {
            int position = positions[i];
            positions[kept] = position;
            kept += passes[codes[position] + 1] ? 1 : 0;
        }
        return kept;
    }

    /** Decodes the columns {@link ColumnChunkDecoder} handles, and lists the others in {@code viaHardwood}. */
    private void decodeColumns(int[] read, ColumnOutput[] outputs, List<Integer> viaHardwood, PageAllocator allocator)
    {
        ReadBuffers buffers = READ_BUFFERS.get();
        try {
            MemorySegment mapped = null;
            for (int column : read) {
                if (outputs[column] != null || viaHardwood.contains(column)) {
                    continue;
                }
                ColumnMetaData chunk = metadata.columns().get(column).metaData();
                ColumnSchema schema = schemas.get(column);
                if (!ColumnChunkDecoder.handles(chunk, schema)) {
                    viaHardwood.add(column);
                    continue;
                }
                if (mapped == null) {
                    mapped = MappedFiles.map(file);
                }
                ColumnOutput output = new ColumnOutput(columns.get(column).type(), rowCount, chunk.totalUncompressedSize(), allocator);
                try {
                    ColumnChunkDecoder.decode(mapped, chunkStart(chunk), chunk.totalCompressedSize(), schema, chunk, rowCount, output, buffers.decompressor(chunk.codec()),
                            buffers.scratch());
                    outputs[column] = output;
                }
                catch (ColumnChunkDecoder.UnsupportedPage e) {
                    viaHardwood.add(column);
                }
                catch (IllegalArgumentException | IndexOutOfBoundsException | IllegalStateException | MalformedInputException e) {
                    throw new SignoException(ErrorCode.BAD_FILE_DATA, "cannot read column " + columns.get(column).name() + " of row group " + rowGroup + " of " + file + ": " + rootMessage(e), e);
                }
            }
        }
        catch (IOException e) {
            throw new SignoException(ErrorCode.BAD_FILE_DATA, "cannot read " + file + ": " + e.getMessage(), e);
        }
    }

    /** Where a chunk's pages begin: its dictionary page when it has one (writers put it first; some write offset 0 for none). */
    private static long chunkStart(ColumnMetaData chunk)
    {
        Long dictionary = chunk.dictionaryPageOffset();
        return dictionary != null && dictionary > 0 && dictionary < chunk.dataPageOffset() ? dictionary : chunk.dataPageOffset();
    }

    private static String rootMessage(Throwable failure)
    {
        Throwable cause = failure;
        while (cause.getCause() != null && cause.getCause() != cause) {
            cause = cause.getCause();
        }
        return cause.getMessage() == null ? cause.toString() : cause.getMessage();
    }
}
