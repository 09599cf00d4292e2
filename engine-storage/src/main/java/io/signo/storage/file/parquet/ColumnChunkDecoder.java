package io.signo.storage.file.parquet;

import dev.hardwood.metadata.ColumnMetaData;
import dev.hardwood.metadata.Encoding;
import dev.hardwood.metadata.PhysicalType;
import dev.hardwood.schema.ColumnSchema;
import io.signo.storage.type.Type;
import io.signo.storage.type.TypeKind;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;

/**
 * Decodes one flat column chunk of a row group straight from the file's bytes into the engine's
 * native vectors: page headers, codecs, plain and dictionary values and definition levels, with no
 * per-row objects and no intermediate arrays for plain fixed-width values. What it does not handle
 * ({@link #handles}) is read through Hardwood instead.
 *
 * <p>Values of a page are first written densely (its non-null ones, one after the other) and then,
 * when the page has NULLs, spread out in place to their rows from the last one back.
 */
final class ColumnChunkDecoder
{
    private static final int PLAIN = 0;
    private static final int PLAIN_DICTIONARY = 2;
    private static final int RLE = 3;
    private static final int RLE_DICTIONARY = 8;

    private static final ValueLayout.OfInt INT_LE = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final ValueLayout.OfLong LONG_LE = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final ValueLayout.OfFloat FLOAT_LE = ValueLayout.JAVA_FLOAT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final ValueLayout.OfDouble DOUBLE_LE = ValueLayout.JAVA_DOUBLE_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final ValueLayout.OfInt INT = ValueLayout.JAVA_INT_UNALIGNED;
    private static final ValueLayout.OfLong LONG = ValueLayout.JAVA_LONG_UNALIGNED;
    private static final ValueLayout.OfDouble DOUBLE = ValueLayout.JAVA_DOUBLE_UNALIGNED;
    /** Parquet's PLAIN numbers are little-endian: on such a machine they are the vectors' bytes as they stand. */
    private static final boolean LITTLE_ENDIAN = ByteOrder.nativeOrder() == ByteOrder.LITTLE_ENDIAN;

    /** A page in an encoding this decoder leaves to Hardwood, found while decoding. */
    static final class UnsupportedPage
            extends Exception
    {
        UnsupportedPage(String what)
        {
            super(what, null, false, false);
        }
    }

    /** Scratch arrays of one reading thread, grown to the largest page and reused across pages and columns. */
    static final class Scratch
    {
        private int[] levels = new int[0];
        private int[] indices = new int[0];
        private final HybridDecoder hybrid = new HybridDecoder();
        private long[] longs = new long[0];
        private double[] doubles = new double[0];
        private int[] starts = new int[0];
        private byte[] page = new byte[0];
        private byte[] staged = new byte[0];

        int[] levels(int count)
        {
            if (levels.length < count) {
                levels = new int[count];
            }
            return levels;
        }

        int[] indices(int count)
        {
            if (indices.length < count) {
                indices = new int[count];
            }
            return indices;
        }

        HybridDecoder hybrid()
        {
            return hybrid;
        }

        long[] longs(int count)
        {
            if (longs.length < count) {
                longs = new long[count];
            }
            return longs;
        }

        double[] doubles(int count)
        {
            if (doubles.length < count) {
                doubles = new double[count];
            }
            return doubles;
        }

        int[] starts(int count)
        {
            if (starts.length < count) {
                starts = new int[count];
            }
            return starts;
        }

        /** Room for a heap copy of a page's values: at least {@code length} bytes. */
        byte[] page(int length)
        {
            if (page.length < length) {
                page = new byte[Math.max(length, page.length * 2)];
            }
            return page;
        }

        /** Where a page's strings are gathered before they go to native memory in one copy. */
        byte[] staged(int length)
        {
            if (staged.length < length) {
                staged = new byte[Math.max(length, staged.length * 2)];
            }
            return staged;
        }

        byte[] growStaged(int length)
        {
            staged = java.util.Arrays.copyOf(staged, Math.max(length, staged.length * 2));
            return staged;
        }
    }

    private final MemorySegment file;
    private final ColumnSchema schema;
    private final Type type;
    /** Null when decoding dictionary codes only. */
    private final ColumnOutput output;
    /** Where the rows' dictionary codes go (-1 for NULL) instead of their values; null when decoding values. */
    private final int[] codes;
    /** The rows whose codes are asked for, ascending, or null for every row. */
    private int[] positions;
    private int positionCount;
    /** The first of {@link #positions} not yet decoded. */
    private int nextPosition;
    private final PageDecompressor decompressor;
    private final Scratch scratch;
    private final int maxDefinition;
    private Dictionary dictionary;
    /** The chunk's dictionary as read before, taken for its dictionary page instead of decoding it; null when not read. */
    private Dictionary known;
    /**
     * When set, which of {@link #known}'s entries pass a test, by code + 1: the codes are tested as
     * they are decoded and the passing rows go to {@link #positions}, counted by {@link #kept}.
     */
    private boolean[] passes;
    private int kept;
    private int dictionarySize;
    private int row;

    private ColumnChunkDecoder(MemorySegment file, ColumnSchema schema, Type type, ColumnOutput output, int[] codes, PageDecompressor decompressor, Scratch scratch)
    {
        this.file = file;
        this.schema = schema;
        this.type = type;
        this.output = output;
        this.codes = codes;
        this.decompressor = decompressor;
        this.scratch = scratch;
        this.maxDefinition = schema.maxDefinitionLevel();
    }

    /** Whether the chunk is decoded here, judged from the footer: a flat column, a codec aircompressor has, plain or dictionary values. */
    static boolean handles(ColumnMetaData chunk, ColumnSchema schema)
    {
        if (schema.maxRepetitionLevel() != 0 || schema.maxDefinitionLevel() > 1 || schema.type() == PhysicalType.INT96 || !PageDecompressor.handles(chunk.codec())) {
            return false;
        }
        for (Encoding encoding : chunk.encodings()) {
            switch (encoding) {
                case PLAIN, PLAIN_DICTIONARY, RLE_DICTIONARY, RLE -> {
                }
                default -> {
                    return false;
                }
            }
        }
        return true;
    }

    /**
     * Decodes the chunk of {@code rowCount} rows lying in {@code file} from {@code start} for
     * {@code length} bytes into {@code output}. Damaged data throws {@link IllegalArgumentException}
     * or {@link IndexOutOfBoundsException}; a page in an encoding not handled here throws
     * {@link UnsupportedPage}.
     */
    static void decode(MemorySegment file, long start, long length, ColumnSchema schema, ColumnMetaData chunk, int rowCount, ColumnOutput output, PageDecompressor decompressor, Scratch scratch)
            throws UnsupportedPage
    {
        checkChunk(file, start, length);
        ColumnChunkDecoder decoder = new ColumnChunkDecoder(file, schema, output.type(), output, null, decompressor, scratch);
        decoder.decodePages(start, start + length, chunk.numValues(), rowCount);
    }

    /**
     * Decodes only the dictionary codes of a chunk whose every data page is dictionary-encoded: each
     * row's index into the returned dictionary goes to {@code codes[row]}, -1 for a NULL. A scan tests
     * the dictionary's few entries and then the codes, and looks up only the rows that passed. Throws
     * {@link UnsupportedPage} when a page is not dictionary-encoded (writers fall back to plain pages
     * when a dictionary grows too large) or the column is boolean; damaged data as {@link #decode}.
     *
     * @param codes room for {@code rowCount} codes
     */
    static Dictionary decodeCodes(MemorySegment file, long start, long length, ColumnSchema schema, Type type, ColumnMetaData chunk, int rowCount, int[] codes,
            PageDecompressor decompressor, Scratch scratch)
            throws UnsupportedPage
    {
        return decodeCodes(file, start, length, schema, type, chunk, rowCount, codes, null, 0, decompressor, scratch);
    }

    /**
     * {@link #decodeCodes} of the rows {@code positions[0..positionCount)} (ascending) only, for a
     * scan whose earlier tests kept few rows: {@code codes} is written at those rows (and maybe at
     * others), the codes of the rest are not decoded. A page holding none of the rows is not read.
     */
    static Dictionary decodeCodes(MemorySegment file, long start, long length, ColumnSchema schema, Type type, ColumnMetaData chunk, int rowCount, int[] codes,
            int[] positions, int positionCount, PageDecompressor decompressor, Scratch scratch)
            throws UnsupportedPage
    {
        return decodeCodes(file, start, length, schema, type, chunk, rowCount, codes, positions, positionCount, null, decompressor, scratch);
    }

    /**
     * {@link #decodeCodes} with the chunk's dictionary already read by {@link #readDictionary}
     * ({@code known}, or null when it was not): its page is stepped over rather than uncompressed
     * and decoded again.
     */
    static Dictionary decodeCodes(MemorySegment file, long start, long length, ColumnSchema schema, Type type, ColumnMetaData chunk, int rowCount, int[] codes,
            int[] positions, int positionCount, Dictionary known, PageDecompressor decompressor, Scratch scratch)
            throws UnsupportedPage
    {
        checkChunk(file, start, length);
        if (schema.type() == PhysicalType.BOOLEAN) {
            throw new UnsupportedPage("booleans have no dictionary");
        }
        ColumnChunkDecoder decoder = new ColumnChunkDecoder(file, schema, type, null, codes, decompressor, scratch);
        decoder.known = known;
        decoder.positions = positions;
        decoder.positionCount = positionCount;
        decoder.decodePages(start, start + length, chunk.numValues(), rowCount);
        if (decoder.dictionary == null) {
            throw new UnsupportedPage("a chunk without a dictionary");
        }
        return decoder.dictionary;
    }

    /**
     * Tests the codes of a chunk whose every data page is dictionary-encoded as they are decoded, on
     * every row: the rows whose code passes ({@code passes}, by code + 1, made from the entries of
     * {@code known}, the chunk's dictionary as {@link #readDictionary} read it) go to
     * {@code positions}, ascending, and their number is returned; no code is stored. A NULL never
     * passes. Throws {@link UnsupportedPage} when a page is not dictionary-encoded or the dictionary
     * page is not {@code known}'s; {@code positions} may then hold anything. Damaged data throws as
     * {@link #decode}.
     *
     * @param positions room for {@code rowCount} rows
     */
    static int keepByCodes(MemorySegment file, long start, long length, ColumnSchema schema, Type type, ColumnMetaData chunk, int rowCount, Dictionary known, boolean[] passes,
            int[] positions, PageDecompressor decompressor, Scratch scratch)
            throws UnsupportedPage
    {
        checkChunk(file, start, length);
        if (schema.type() == PhysicalType.BOOLEAN) {
            throw new UnsupportedPage("booleans have no dictionary");
        }
        ColumnChunkDecoder decoder = new ColumnChunkDecoder(file, schema, type, null, null, decompressor, scratch);
        decoder.known = known;
        decoder.passes = passes;
        decoder.positions = positions;
        decoder.decodePages(start, start + length, chunk.numValues(), rowCount);
        if (decoder.dictionary != known) {
            throw new UnsupportedPage("a chunk whose dictionary is not the one read before");
        }
        return decoder.kept;
    }

    /**
     * The dictionary of a chunk whose first page is its dictionary page, read without its data
     * pages; null when the chunk starts with a data page. Throws as {@link #decode} for damaged data.
     */
    static Dictionary readDictionary(MemorySegment file, long start, long length, ColumnSchema schema, Type type, PageDecompressor decompressor)
            throws UnsupportedPage
    {
        checkChunk(file, start, length);
        long end = start + length;
        PageHeader header = PageHeader.read(file, start, end);
        long body = start + header.headerLength();
        if (header.type() != PageHeader.DICTIONARY_PAGE) {
            return null;
        }
        if (header.compressedSize() > end - body) {
            throw new IllegalArgumentException("page of " + header.compressedSize() + " bytes runs past its column chunk");
        }
        if (header.encoding() != PLAIN && header.encoding() != PLAIN_DICTIONARY || schema.type() == PhysicalType.BOOLEAN) {
            throw new UnsupportedPage("dictionary encoding " + header.encoding() + " of " + schema.type());
        }
        MemorySegment values = decompressor.decompress(file.asSlice(body, header.compressedSize()), header.uncompressedSize());
        return Dictionary.read(values, header.valueCount(), schema, type);
    }

    private static void checkChunk(MemorySegment file, long start, long length)
    {
        if (start < 0 || length < 0 || start > file.byteSize() - length) {
            throw new IllegalArgumentException("column chunk at byte " + start + " of " + length + " bytes lies outside the file of " + file.byteSize() + " bytes");
        }
    }

    private void decodePages(long offset, long end, long valueCount, int rowCount)
            throws UnsupportedPage
    {
        long valuesRead = 0;
        while (valuesRead < valueCount) {
            PageHeader header = PageHeader.read(file, offset, end);
            long body = offset + header.headerLength();
            if (header.compressedSize() > end - body) {
                throw new IllegalArgumentException("page of " + header.compressedSize() + " bytes runs past its column chunk");
            }
            offset = body + header.compressedSize();
            switch (header.type()) {
                case PageHeader.DICTIONARY_PAGE -> {
                    if (header.encoding() != PLAIN && header.encoding() != PLAIN_DICTIONARY || schema.type() == PhysicalType.BOOLEAN) {
                        throw new UnsupportedPage("dictionary encoding " + header.encoding() + " of " + schema.type());
                    }
                    if (known != null && known.size(type) == header.valueCount()) {
                        dictionary = known;
                    }
                    else {
                        MemorySegment values = decompressor.decompress(file.asSlice(body, header.compressedSize()), header.uncompressedSize());
                        dictionary = Dictionary.read(values, header.valueCount(), schema, type);
                    }
                    dictionarySize = header.valueCount();
                }
                case PageHeader.DATA_PAGE, PageHeader.DATA_PAGE_V2 -> {
                    if (header.valueCount() > rowCount - row) {
                        throw new IllegalArgumentException("pages hold more values than the row group's " + rowCount + " rows");
                    }
                    if (positions != null && passes == null && (nextPosition == positionCount || positions[nextPosition] >= row + header.valueCount())) {
                        // none of the rows asked for lies in this page
                        row += header.valueCount();
                        valuesRead += header.valueCount();
                        continue;
                    }
                    if (header.type() == PageHeader.DATA_PAGE) {
                        MemorySegment stored = file.asSlice(body, header.compressedSize());
                        if (!decodeInPlace(header.encoding(), stored, header.uncompressedSize(), header.valueCount())) {
                            decodePageV1(header, decompressor.decompress(stored, header.uncompressedSize()));
                        }
                    }
                    else {
                        decodePageV2(header, body);
                    }
                    valuesRead += header.valueCount();
                }
                default -> {
                    // index pages: nothing to read
                }
            }
        }
        if (row != rowCount) {
            throw new IllegalArgumentException("column chunk holds " + row + " values, its row group " + rowCount + " rows");
        }
        if (output != null && output.offsets() != null) {
            output.endStrings(row);
        }
    }

    private void decodePageV1(PageHeader header, MemorySegment page)
            throws UnsupportedPage
    {
        int count = header.valueCount();
        long valuesStart = 0;
        int[] levels = null;
        int defined = count;
        if (maxDefinition > 0) {
            if (header.definitionLevelEncoding() != RLE) {
                throw new UnsupportedPage("definition level encoding " + header.definitionLevelEncoding());
            }
            int length = page.get(INT_LE, 0);
            if (length < 0 || length > page.byteSize() - 4) {
                throw new IllegalArgumentException("definition levels of " + length + " bytes run past their page");
            }
            levels = scratch.levels(count);
            scratch.hybrid().decode(page, 4, 4 + length, 1, count, levels);
            defined = countDefined(levels, count);
            valuesStart = 4 + length;
        }
        decodeValues(header.encoding(), page.asSlice(valuesStart), count, levels, defined);
    }

    private void decodePageV2(PageHeader header, long body)
            throws UnsupportedPage
    {
        int count = header.valueCount();
        int levelBytes = header.definitionLevelsLength() + header.repetitionLevelsLength();
        if (levelBytes > header.compressedSize() || levelBytes > header.uncompressedSize()) {
            throw new IllegalArgumentException("levels of " + levelBytes + " bytes run past their page");
        }
        MemorySegment stored = file.asSlice(body + levelBytes, header.compressedSize() - levelBytes);
        int uncompressedSize = header.uncompressedSize() - levelBytes;
        if (header.compressed() && decodeInPlace(header.encoding(), stored, uncompressedSize, count)) {
            return;
        }
        int[] levels = null;
        int defined = count;
        if (maxDefinition > 0) {
            long levelStart = body + header.repetitionLevelsLength();
            levels = scratch.levels(count);
            scratch.hybrid().decode(file, levelStart, levelStart + header.definitionLevelsLength(), 1, count, levels);
            defined = countDefined(levels, count);
        }
        MemorySegment values = header.compressed() ? decompressor.decompress(stored, uncompressedSize) : stored;
        decodeValues(header.encoding(), values, count, levels, defined);
    }

    /**
     * Uncompresses a page of PLAIN fixed-width values of a column without NULLs straight into its
     * rows of the vector, where its bytes are the values as the vector holds them: the page is not
     * copied again after it is uncompressed. False, having read nothing, for every other page.
     */
    private boolean decodeInPlace(int encoding, MemorySegment stored, int uncompressedSize, int count)
    {
        int width = inPlaceWidth(encoding);
        if (width == 0 || (long) count * width != uncompressedSize) {
            return false;
        }
        MemorySegment target = output.values();
        decompressor.decompressInto(stored, target.asSlice((long) row * width, uncompressedSize));
        if (schema.type() == PhysicalType.INT64) {
            ParquetTimestamps.toMicros(target, row, count, schema);
        }
        row += count;
        return true;
    }

    /** The width of the values of a page {@link #decodeInPlace} can read, 0 for the other pages. */
    private int inPlaceWidth(int encoding)
    {
        if (encoding != PLAIN || maxDefinition != 0 || output == null || output.offsets() != null || !LITTLE_ENDIAN) {
            return 0;
        }
        return switch (schema.type()) {
            case INT64, DOUBLE -> Long.BYTES;
            case INT32 -> output.type().kind() == TypeKind.INTEGER || output.type().kind() == TypeKind.DATE ? Integer.BYTES : 0;
            default -> 0;
        };
    }

    private int countDefined(int[] levels, int count)
    {
        int defined = 0;
        for (int i = 0; i < count; i++) {
            if (levels[i] == maxDefinition) {
                defined++;
            }
        }
        return defined;
    }

    /** @param levels the rows' definition levels, or null when the column has no NULLs */
    private void decodeValues(int encoding, MemorySegment values, int count, int[] levels, int defined)
            throws UnsupportedPage
    {
        if (passes != null) {
            keepByCodes(encoding, values, count, levels, defined);
            row += count;
            return;
        }
        if (codes != null) {
            decodeCodes(encoding, values, count, levels, defined);
            row += count;
            return;
        }
        if (output.offsets() != null) {
            decodeStrings(encoding, values, count, defined == count ? null : levels, defined);
            row += count;
            return;
        }
        switch (encoding) {
            case PLAIN -> decodePlain(values, defined);
            case PLAIN_DICTIONARY, RLE_DICTIONARY -> decodeDictionary(values, defined);
            case RLE -> decodeRleBooleans(values, defined);
            default -> throw new UnsupportedPage("encoding " + encoding);
        }
        if (defined != count) {
            spread(count, levels, defined);
        }
        row += count;
    }

    private void decodeCodes(int encoding, MemorySegment values, int count, int[] levels, int defined)
            throws UnsupportedPage
    {
        if (encoding != PLAIN_DICTIONARY && encoding != RLE_DICTIONARY) {
            throw new UnsupportedPage("a page in encoding " + encoding + " among dictionary-encoded ones");
        }
        int size = dictionarySize;
        if (positions != null) {
            int from = nextPosition;
            int to = from;
            int end = row + count;
            while (to < positionCount && positions[to] < end) {
                to++;
            }
            nextPosition = to;
            if (defined == count) {
                decodeCodesAt(values, count, from, to, size);
                return;
            }
        }
        if (defined == count) {
            // straight into the rows' codes, with no copy between
            if (dictionary == null) {
                throw new IllegalArgumentException("dictionary-encoded page without a dictionary page");
            }
            if (count > 0) {
                int bitWidth = values.get(ValueLayout.JAVA_BYTE, 0);
                scratch.hybrid().decode(values, 1, values.byteSize(), bitWidth, count, codes, row);
                // a code of bitWidth bits is below 2^bitWidth: no check when the dictionary has that many entries (l_linestatus: 1 bit, 2)
                if (bitWidth < 0 || bitWidth > 30 || (1 << bitWidth) > size) {
                    checkCodes(codes, row, row + count, size);
                }
            }
            return;
        }
        int[] indices = dictionaryIndices(values, defined);
        checkCodes(indices, 0, defined, size);
        int dense = 0;
        for (int r = 0; r < count; r++) {
            codes[row + r] = levels[r] == maxDefinition ? indices[dense++] : -1;
        }
    }

    private void keepByCodes(int encoding, MemorySegment values, int count, int[] levels, int defined)
            throws UnsupportedPage
    {
        if (encoding != PLAIN_DICTIONARY && encoding != RLE_DICTIONARY) {
            throw new UnsupportedPage("a page in encoding " + encoding + " among dictionary-encoded ones");
        }
        if (dictionary == null) {
            throw new IllegalArgumentException("dictionary-encoded page without a dictionary page");
        }
        if (passes.length != dictionarySize + 1) {
            throw new UnsupportedPage("a test of " + (passes.length - 1) + " entries for a dictionary of " + dictionarySize);
        }
        if (defined == count) {
            if (count > 0) {
                int bitWidth = values.get(ValueLayout.JAVA_BYTE, 0);
                kept = scratch.hybrid().keep(values, 1, values.byteSize(), bitWidth, count, passes, row, positions, kept);
            }
            return;
        }
        int[] indices = dictionaryIndices(values, defined);
        checkCodes(indices, 0, defined, dictionarySize);
        int dense = 0;
        int out = kept;
        for (int r = 0; r < count; r++) {
            if (levels[r] == maxDefinition) {
                positions[out] = row + r;
                out += passes[indices[dense++] + 1] ? 1 : 0;
            }
        }
        kept = out;
    }

    private static void checkCodes(int[] codes, int from, int to, int size)
    {
        boolean outside = false;
        for (int i = from; i < to; i++) {
            outside |= Integer.compareUnsigned(codes[i], size) >= 0;
        }
        if (outside) {
            throw new IllegalArgumentException("a dictionary index outside the dictionary of " + size + " entries");
        }
    }

    /** The codes of a page without NULLs at the rows {@code positions[from..to)} only. */
    private void decodeCodesAt(MemorySegment values, int count, int from, int to, int size)
    {
        if (dictionary == null) {
            throw new IllegalArgumentException("dictionary-encoded page without a dictionary page");
        }
        if (from == to) {
            return;
        }
        int bitWidth = values.get(ValueLayout.JAVA_BYTE, 0);
        scratch.hybrid().decodeAt(values, 1, values.byteSize(), bitWidth, count, positions, from, to, row, codes);
        boolean outside = false;
        for (int i = from; i < to; i++) {
            outside |= Integer.compareUnsigned(codes[positions[i]], size) >= 0;
        }
        if (outside) {
            throw new IllegalArgumentException("a dictionary index outside the dictionary of " + size + " entries");
        }
    }

    private void decodePlain(MemorySegment values, int count)
    {
        MemorySegment target = output.values();
        switch (schema.type()) {
            case INT32 -> {
                switch (output.type().kind()) {
                    case INTEGER, DATE -> MemorySegment.copy(values, INT_LE, 0, target, INT, (long) row * Integer.BYTES, count);
                    case BIGINT -> {
                        for (int i = 0; i < count; i++) {
                            target.setAtIndex(LONG, row + i, Integer.toUnsignedLong(values.getAtIndex(INT_LE, i)));
                        }
                    }
                    default -> {
                        for (int i = 0; i < count; i++) {
                            target.setAtIndex(LONG, row + i, values.getAtIndex(INT_LE, i));
                        }
                    }
                }
            }
            case INT64 -> {
                MemorySegment.copy(values, LONG_LE, 0, target, LONG, (long) row * Long.BYTES, count);
                ParquetTimestamps.toMicros(target, row, count, schema);
            }
            case FLOAT -> {
                for (int i = 0; i < count; i++) {
                    target.setAtIndex(DOUBLE, row + i, values.getAtIndex(FLOAT_LE, i));
                }
            }
            case DOUBLE -> MemorySegment.copy(values, DOUBLE_LE, 0, target, DOUBLE, (long) row * Double.BYTES, count);
            case BOOLEAN -> {
                if (count > values.byteSize() * 8) {
                    throw new IndexOutOfBoundsException("page holds fewer booleans than its header says");
                }
                for (int i = 0; i < count; i++) {
                    target.set(ValueLayout.JAVA_BYTE, row + i, (byte) ((values.get(ValueLayout.JAVA_BYTE, i >>> 3) >>> (i & 7)) & 1));
                }
            }
            case FIXED_LEN_BYTE_ARRAY -> {
                int width = schema.typeLength();
                if (output.type().isLongDecimal()) {
                    for (int i = 0; i < count; i++) {
                        long index = 2L * (row + i);
                        target.setAtIndex(LONG, index, BigEndianDecimals.low(values, (long) i * width, width));
                        target.setAtIndex(LONG, index + 1, BigEndianDecimals.high(values, (long) i * width, width));
                    }
                    break;
                }
                for (int i = 0; i < count; i++) {
                    target.setAtIndex(LONG, row + i, BigEndianDecimals.unscaled(values, (long) i * width, width));
                }
            }
            default -> throw new IllegalStateException("unexpected physical type " + schema.type());
        }
    }

    /** Booleans of a version 2 page: a 4-byte length and RLE / bit-packed runs of width 1. */
    private void decodeRleBooleans(MemorySegment values, int count)
            throws UnsupportedPage
    {
        if (schema.type() != PhysicalType.BOOLEAN) {
            throw new UnsupportedPage("RLE values of " + schema.type());
        }
        int length = values.get(INT_LE, 0);
        if (length < 0 || length > values.byteSize() - 4) {
            throw new IllegalArgumentException("RLE booleans of " + length + " bytes run past their page");
        }
        int[] decoded = scratch.indices(count);
        scratch.hybrid().decode(values, 4, 4 + length, 1, count, decoded);
        MemorySegment target = output.values();
        for (int i = 0; i < count; i++) {
            target.set(ValueLayout.JAVA_BYTE, row + i, (byte) decoded[i]);
        }
    }

    private int[] dictionaryIndices(MemorySegment values, int count)
    {
        if (dictionary == null) {
            throw new IllegalArgumentException("dictionary-encoded page without a dictionary page");
        }
        int[] indices = scratch.indices(count);
        if (count > 0) {
            int bitWidth = values.get(ValueLayout.JAVA_BYTE, 0);
            scratch.hybrid().decode(values, 1, values.byteSize(), bitWidth, count, indices);
        }
        return indices;
    }

    /**
     * Looks the values up in heap arrays and copies them to native memory in one go: a store per
     * value into native memory costs more. Ints and longs are looked up as their codes are unpacked.
     */
    private void decodeDictionary(MemorySegment values, int count)
    {
        MemorySegment target = output.values();
        switch (output.type().physicalType()) {
            case INT -> {
                int[] looked = scratch.indices(count);
                if (count > 0) {
                    requireDictionary();
                    scratch.hybrid().lookUp(values, 1, values.byteSize(), values.get(ValueLayout.JAVA_BYTE, 0), count, dictionary.ints(), looked);
                }
                MemorySegment.copy(looked, 0, target, INT, (long) row * Integer.BYTES, count);
                return;
            }
            case LONG -> {
                long[] looked = scratch.longs(count);
                if (count > 0) {
                    requireDictionary();
                    scratch.hybrid().lookUp(values, 1, values.byteSize(), values.get(ValueLayout.JAVA_BYTE, 0), count, dictionary.longs(), looked);
                }
                MemorySegment.copy(looked, 0, target, LONG, (long) row * Long.BYTES, count);
                return;
            }
            default -> {
                // decoded below
            }
        }
        int[] indices = dictionaryIndices(values, count);
        switch (output.type().physicalType()) {
            case INT128 -> {
                // the dictionary's longs are its entries' words, low then high
                long[] entries = dictionary.longs();
                long[] looked = scratch.longs(2 * count);
                for (int i = 0; i < count; i++) {
                    int entry = 2 * indices[i];
                    looked[2 * i] = entries[entry];
                    looked[2 * i + 1] = entries[entry + 1];
                }
                MemorySegment.copy(looked, 0, target, LONG, (long) row * 2 * Long.BYTES, 2 * count);
            }
            case DOUBLE -> {
                double[] entries = dictionary.doubles();
                double[] looked = scratch.doubles(count);
                for (int i = 0; i < count; i++) {
                    looked[i] = entries[indices[i]];
                }
                MemorySegment.copy(looked, 0, target, DOUBLE, (long) row * Double.BYTES, count);
            }
            default -> throw new IllegalArgumentException("dictionary-encoded " + output.type());
        }
    }

    private void requireDictionary()
    {
        if (dictionary == null) {
            throw new IllegalArgumentException("dictionary-encoded page without a dictionary page");
        }
    }

    /** Moves the dense values of a page's defined rows to their rows, last first, and marks the rest NULL. */
    private void spread(int count, int[] levels, int defined)
    {
        MemorySegment target = output.values();
        int width = output.type().physicalType().fixedWidth();
        int dense = defined;
        for (int r = count - 1; r >= 0; r--) {
            long to = (long) (row + r) * width;
            if (levels[r] == maxDefinition) {
                dense--;
                if (dense != r) {
                    MemorySegment.copy(target, (long) (row + dense) * width, target, to, width);
                }
            }
            else {
                target.asSlice(to, width).fill((byte) 0);
                output.setNull(row + r);
            }
        }
    }

    /**
     * Strings go row by row into a heap buffer (a copy per value there is cheap, unlike into native
     * memory), which is then appended in one copy: a NULL row is an empty string marked NULL.
     */
    private void decodeStrings(int encoding, MemorySegment values, int count, int[] levels, int defined)
            throws UnsupportedPage
    {
        int base = output.byteCount();
        int[] offsets = scratch.starts(count);
        int used = 0;
        byte[] staged;
        switch (encoding) {
            case PLAIN -> {
                if (values.byteSize() > Integer.MAX_VALUE) {
                    throw new IllegalArgumentException("a page of more than 2 GiB");
                }
                int limit = (int) values.byteSize();
                byte[] page = scratch.page(limit);
                MemorySegment.copy(values, ValueLayout.JAVA_BYTE, 0, page, 0, limit);
                staged = scratch.staged(limit);
                int position = 0;
                int width = schema.type() == PhysicalType.FIXED_LEN_BYTE_ARRAY ? schema.typeLength() : -1;
                for (int r = 0; r < count; r++) {
                    offsets[r] = base + used;
                    if (levels != null && levels[r] != maxDefinition) {
                        output.setNull(row + r);
                        continue;
                    }
                    int length = width;
                    if (width < 0) {
                        if (position > limit - 4) {
                            throw new IllegalArgumentException("page holds fewer strings than its header says");
                        }
                        length = (page[position] & 0xff) | (page[position + 1] & 0xff) << 8 | (page[position + 2] & 0xff) << 16 | page[position + 3] << 24;
                        position += 4;
                    }
                    if (length < 0 || length > limit - position) {
                        throw new IllegalArgumentException("a string of " + length + " bytes runs past its page");
                    }
                    System.arraycopy(page, position, staged, used, length);
                    position += length;
                    used += length;
                }
            }
            case PLAIN_DICTIONARY, RLE_DICTIONARY -> {
                int[] indices = dictionaryIndices(values, defined);
                byte[] bytes = dictionary.bytes();
                int[] starts = dictionary.starts();
                int width = dictionary.width();
                if (levels == null && width >= 0 && width <= 8) {
                    staged = scratch.staged(Math.max(count * width, 16));
                    used = Dictionary.sameWidthStrings(indices, count, bytes, width, base, offsets, staged);
                    break;
                }
                staged = scratch.staged(count * 16);
                int dense = 0;
                for (int r = 0; r < count; r++) {
                    offsets[r] = base + used;
                    if (levels != null && levels[r] != maxDefinition) {
                        output.setNull(row + r);
                        continue;
                    }
                    int index = indices[dense++];
                    int start = starts[index];
                    int length = starts[index + 1] - start;
                    if (used + length > staged.length) {
                        staged = scratch.growStaged(used + length);
                    }
                    if (length <= 8) {
                        for (int b = 0; b < length; b++) {
                            staged[used + b] = bytes[start + b];
                        }
                    }
                    else {
                        System.arraycopy(bytes, start, staged, used, length);
                    }
                    used += length;
                }
            }
            default -> throw new UnsupportedPage("encoding " + encoding + " of strings");
        }
        MemorySegment.copy(offsets, 0, output.offsets(), INT, (long) row * Integer.BYTES, count);
        output.appendBytes(staged, 0, used);
    }
}
