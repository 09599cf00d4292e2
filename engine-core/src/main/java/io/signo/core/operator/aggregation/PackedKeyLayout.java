package io.signo.core.operator.aggregation;

import io.signo.core.operator.kernel.KeyHashing;
import io.signo.storage.type.PhysicalType;
import io.signo.storage.type.Type;
import io.signo.storage.vector.ColumnVector;
import io.signo.storage.vector.VectorBuilder;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.List;

/**
 * Packs a composite group key into two longs ("words") per row, so that a hash table hashes and
 * compares the key as two longs instead of column by column. Each key column gets a bit field in one
 * word (fields never straddle words) plus a null bit: BOOLEAN 1 bit, INTEGER and DATE 32, BIGINT,
 * DECIMAL and DOUBLE 64 (DOUBLE normalized as in {@link KeyHashing}), and a CHAR(n) or VARCHAR(n)
 * with n <= {@link #MAX_STRING_BYTES} its length and up to n bytes (a VARCHAR without a length as
 * if n were the field's width the caller chose: see {@link GroupByHash#create(List, int)}). A string's byte length is only bounded by n for ASCII, and not at all
 * without n, so {@link #pack} reports a longer value and the caller falls back. A NULL
 * has its value field zero and its null bit set, so equal keys pack to equal words.
 */
final class PackedKeyLayout
{
    /** The longest string that fits a field of one word with its length: 7 bytes and 3 length bits. */
    static final int MAX_STRING_BYTES = 7;
    private static final int WORD_BITS = Long.SIZE;
    /** A string's bytes packed as the loop over them packs them: its first byte lowest. */
    private static final ValueLayout.OfLong LITTLE_ENDIAN_LONG = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);

    private final Type[] types;
    private final PhysicalType[] physicalTypes;
    private final int[] valueWord;
    private final int[] valueShift;
    private final long[] valueMask;
    private final int[] stringBytes;
    private final int[] lengthBits;
    private final int[] nullWord;
    private final int[] nullShift;
    private final boolean twoWords;
    /** Up to this many dictionary entries are packed once even for a page of fewer rows. */
    private static final int MIN_MAPPED_ENTRIES = 256;
    /** Per key column, the dictionary whose entries were packed last, and their fields: pages of a row group share one. */
    private final ColumnVector[] packedDictionaries;
    private final long[][] entryFields;
    /** Per key column, which of those entries are longer than the field (null when none is). */
    private final boolean[][] longEntries;
    /** The rows' codes of the column being packed, copied from native memory. */
    private int[] rowCodes = new int[0];
    private final byte[] scratch = new byte[Long.BYTES];
    private final MemorySegment scratchSegment = MemorySegment.ofArray(scratch);

    private PackedKeyLayout(Type[] types, int[] stringBytes, int[] lengthBits, long[] valueMask, int[] placement)
    {
        int columnCount = types.length;
        this.types = types;
        this.physicalTypes = new PhysicalType[columnCount];
        this.stringBytes = stringBytes;
        this.lengthBits = lengthBits;
        this.valueMask = valueMask;
        this.packedDictionaries = new ColumnVector[columnCount];
        this.entryFields = new long[columnCount][];
        this.longEntries = new boolean[columnCount][];
        this.valueWord = new int[columnCount];
        this.valueShift = new int[columnCount];
        this.nullWord = new int[columnCount];
        this.nullShift = new int[columnCount];
        boolean twoWords = false;
        for (int column = 0; column < columnCount; column++) {
            physicalTypes[column] = types[column].physicalType();
            valueWord[column] = placement[column] / WORD_BITS;
            valueShift[column] = placement[column] % WORD_BITS;
            nullWord[column] = placement[columnCount + column] / WORD_BITS;
            nullShift[column] = placement[columnCount + column] % WORD_BITS;
            twoWords |= valueWord[column] == 1 || nullWord[column] == 1;
        }
        this.twoWords = twoWords;
    }

    /** The layout for these key types, or null when they do not fit two words. */
    static PackedKeyLayout of(List<Type> keyTypes)
    {
        return of(keyTypes, MAX_STRING_BYTES);
    }

    /** Whether a key is a string without a length (what files bring), whose field {@link #of(List, int)} chooses. */
    static boolean hasUnboundedString(List<Type> keyTypes)
    {
        for (Type type : keyTypes) {
            if (type.physicalType() == PhysicalType.BYTES && type.length() == 0) {
                return true;
            }
        }
        return false;
    }

    /**
     * The layout for these key types with a field of {@code unboundedStringBytes} (at most
     * {@link #MAX_STRING_BYTES}) for each string without a length, or null when they do not fit two words.
     */
    static PackedKeyLayout of(List<Type> keyTypes, int unboundedStringBytes)
    {
        int columnCount = keyTypes.size();
        int[] widths = new int[columnCount];
        int[] stringBytes = new int[columnCount];
        int[] lengthBits = new int[columnCount];
        long[] valueMask = new long[columnCount];
        for (int column = 0; column < columnCount; column++) {
            Type type = keyTypes.get(column);
            switch (type.physicalType()) {
                case BYTE -> widths[column] = 1;
                case INT -> widths[column] = Integer.SIZE;
                case LONG, DOUBLE -> widths[column] = Long.SIZE;
                case INT128 -> {
                    // a long DECIMAL would take both words by itself
                    return null;
                }
                case BYTES -> {
                    // a VARCHAR without a length (what files bring) is packed in the hope that its values are short: a longer one makes the hash fall back
                    int bytes = type.length() == 0 ? unboundedStringBytes : type.length();
                    if (bytes > MAX_STRING_BYTES) {
                        return null;
                    }
                    stringBytes[column] = bytes;
                    lengthBits[column] = Integer.SIZE - Integer.numberOfLeadingZeros(bytes);
                    widths[column] = bytes * Byte.SIZE + lengthBits[column];
                }
            }
            valueMask[column] = widths[column] == WORD_BITS ? -1L : (1L << widths[column]) - 1;
        }
        int[] placement = place(widths);
        if (placement == null) {
            return null;
        }
        return new PackedKeyLayout(keyTypes.toArray(new Type[0]), stringBytes, lengthBits, valueMask, placement);
    }

    /**
     * First fit, widest value fields first, then one null bit per column: returns the first bit
     * (word * 64 + shift) of each value field and then of each null bit, or null when they do not fit.
     */
    private static int[] place(int[] widths)
    {
        int columnCount = widths.length;
        int[] placement = new int[columnCount * 2];
        int[] used = new int[2];
        boolean[] placed = new boolean[columnCount];
        for (int step = 0; step < columnCount * 2; step++) {
            // the index into placement: a value field's column, or columnCount + column for a null bit
            int column;
            int width;
            if (step < columnCount) {
                column = -1;
                for (int candidate = 0; candidate < columnCount; candidate++) {
                    if (!placed[candidate] && (column < 0 || widths[candidate] > widths[column])) {
                        column = candidate;
                    }
                }
                placed[column] = true;
                width = widths[column];
            }
            else {
                column = step;
                width = 1;
            }
            int word = used[0] + width <= WORD_BITS ? 0 : 1;
            if (used[word] + width > WORD_BITS) {
                return null;
            }
            placement[column] = word * WORD_BITS + used[word];
            used[word] += width;
        }
        return placement;
    }

    /** Whether the second word is always zero: then a table need not look at it. */
    boolean oneWord()
    {
        return !twoWords;
    }

    int columnCount()
    {
        return types.length;
    }

    /**
     * Packs positions 0 .. count - 1 of the key columns, one vector per key column, into
     * {@code words0} and {@code words1}. Returns false, with the words undefined, when a string is
     * longer than its field holds.
     */
    boolean pack(ColumnVector[] columns, int count, long[] words0, long[] words1)
    {
        return pack(columns, null, count, words0, words1);
    }

    /**
     * {@link #pack(ColumnVector[], int, long[], long[])} of the rows {@code rows[0 .. count)} of the
     * columns (of rows 0 .. count - 1 when {@code rows} is null): entry i packs row {@code rows[i]}.
     */
    boolean pack(ColumnVector[] columns, int[] rows, int count, long[] words0, long[] words1)
    {
        Arrays.fill(words0, 0, count, 0L);
        if (twoWords) {
            Arrays.fill(words1, 0, count, 0L);
        }
        for (int column = 0; column < types.length; column++) {
            ColumnVector vector = columns[column];
            long[] words = valueWord[column] == 0 ? words0 : words1;
            int shift = valueShift[column];
            MemorySegment values = physicalTypes[column] == PhysicalType.BYTES ? null : vector.values();
            switch (physicalTypes[column]) {
                case BYTE -> {
                    for (int i = 0; i < count; i++) {
                        words[i] |= (values.get(ValueLayout.JAVA_BYTE, rows == null ? i : rows[i]) != 0 ? 1L : 0L) << shift;
                    }
                }
                case INT -> {
                    for (int i = 0; i < count; i++) {
                        words[i] |= (values.getAtIndex(ValueLayout.JAVA_INT_UNALIGNED, rows == null ? i : rows[i]) & 0xFFFF_FFFFL) << shift;
                    }
                }
                case LONG -> {
                    for (int i = 0; i < count; i++) {
                        words[i] |= values.getAtIndex(ValueLayout.JAVA_LONG_UNALIGNED, rows == null ? i : rows[i]);
                    }
                }
                case DOUBLE -> {
                    for (int i = 0; i < count; i++) {
                        words[i] |= KeyHashing.normalizeDouble(values.getAtIndex(ValueLayout.JAVA_DOUBLE_UNALIGNED, rows == null ? i : rows[i]));
                    }
                }
                case BYTES -> {
                    if (vector.isDictionaryEncoded() && vector.dictionary().positionCount() <= Math.max(count, MIN_MAPPED_ENTRIES)) {
                        if (!packCodes(column, vector, rows, count, words, shift)) {
                            return false;
                        }
                    }
                    else if (!packStrings(vector, rows, count, words, shift, stringBytes[column], lengthBits[column])) {
                        return false;
                    }
                }
            }
            MemorySegment bitmap = vector.nulls();
            if (bitmap != null) {
                long clear = ~(valueMask[column] << shift);
                long[] nullWords = nullWord[column] == 0 ? words0 : words1;
                long nullBit = 1L << nullShift[column];
                for (int i = 0; i < count; i++) {
                    if (ColumnVector.isNullBit(bitmap, rows == null ? i : rows[i])) {
                        words[i] &= clear;
                        nullWords[i] |= nullBit;
                    }
                }
            }
        }
        return true;
    }

    /**
     * {@link #packStrings} of a dictionary-encoded column: each entry's field is packed once per
     * dictionary (a row group's, shared by its pages), then each row's is looked up by its code. An
     * entry longer than the field holds packs as 0 and fails the pack where a row that is not NULL
     * names it.
     */
    private boolean packCodes(int column, ColumnVector vector, int[] rows, int count, long[] words, int shift)
    {
        ColumnVector dictionary = vector.dictionary();
        if (packedDictionaries[column] != dictionary) {
            packEntries(column, dictionary);
        }
        long[] fields = entryFields[column];
        MemorySegment codes = vector.dictionaryCodes();
        // the codes come to the heap first, in one copy when they are dense: a checked native read per row costs more
        if (rowCodes.length < count) {
            rowCodes = new int[Math.max(count, rowCodes.length * 2)];
        }
        int[] heapCodes = rowCodes;
        if (rows == null) {
            MemorySegment.copy(codes, ValueLayout.JAVA_INT_UNALIGNED, 0, heapCodes, 0, count);
        }
        else {
            for (int i = 0; i < count; i++) {
                heapCodes[i] = codes.getAtIndex(ValueLayout.JAVA_INT_UNALIGNED, rows[i]);
            }
        }
        for (int i = 0; i < count; i++) {
            words[i] |= fields[heapCodes[i]] << shift;
        }
        boolean[] tooLong = longEntries[column];
        if (tooLong == null) {
            return true;
        }
        MemorySegment bitmap = vector.nulls();
        for (int i = 0; i < count; i++) {
            if (tooLong[heapCodes[i]] && (bitmap == null || !ColumnVector.isNullBit(bitmap, rows == null ? i : rows[i]))) {
                return false;
            }
        }
        return true;
    }

    /** Packs each entry of {@code dictionary} as {@link #packStrings} would, for {@link #packCodes} of {@code column}. */
    private void packEntries(int column, ColumnVector dictionary)
    {
        int maxBytes = stringBytes[column];
        int entryCount = dictionary.positionCount();
        MemorySegment bytes = dictionary.values();
        MemorySegment offsets = dictionary.offsets();
        long[] fields = new long[entryCount];
        boolean[] tooLong = null;
        for (int entry = 0; entry < entryCount; entry++) {
            int start = offsets.getAtIndex(ValueLayout.JAVA_INT_UNALIGNED, entry);
            int length = offsets.getAtIndex(ValueLayout.JAVA_INT_UNALIGNED, entry + 1) - start;
            if (length > maxBytes) {
                if (tooLong == null) {
                    tooLong = new boolean[entryCount];
                }
                tooLong[entry] = true;
                continue;
            }
            long value = 0;
            for (int index = 0; index < length; index++) {
                value |= (bytes.get(ValueLayout.JAVA_BYTE, start + index) & 0xFFL) << (index * Byte.SIZE);
            }
            fields[entry] = (value << lengthBits[column]) | length;
        }
        entryFields[column] = fields;
        longEntries[column] = tooLong;
        packedDictionaries[column] = dictionary;
    }

    private static boolean packStrings(ColumnVector vector, int[] rows, int count, long[] words, int shift, int maxBytes, int lengthBits)
    {
        MemorySegment bytes = vector.values();
        MemorySegment offsets = vector.offsets();
        MemorySegment bitmap = vector.nulls();
        if (maxBytes == 1) {
            return packOneByteStrings(bytes, offsets, bitmap, rows, count, words, shift);
        }
        // a string whose eight bytes from its start lie within the values is one load, masked to its length
        long lastWholeLoad = bytes.byteSize() - Long.BYTES;
        for (int i = 0; i < count; i++) {
            int row = rows == null ? i : rows[i];
            int start = offsets.getAtIndex(ValueLayout.JAVA_INT_UNALIGNED, row);
            int length = offsets.getAtIndex(ValueLayout.JAVA_INT_UNALIGNED, row + 1) - start;
            if (length > maxBytes) {
                if (bitmap == null || !ColumnVector.isNullBit(bitmap, row)) {
                    return false;
                }
                length = 0;
            }
            long value;
            if (start <= lastWholeLoad) {
                value = bytes.get(LITTLE_ENDIAN_LONG, start) & (length == Long.BYTES ? -1L : (1L << (length * Byte.SIZE)) - 1);
            }
            else {
                value = 0;
                for (int index = 0; index < length; index++) {
                    value |= (bytes.get(ValueLayout.JAVA_BYTE, start + index) & 0xFFL) << (index * Byte.SIZE);
                }
            }
            words[i] |= ((value << lengthBits) | length) << shift;
        }
        return true;
    }

    /**
     * {@link #packStrings} of a CHAR(1) or VARCHAR(1) column (TPC-H's flags and statuses): the field is
     * the byte above a length bit, with no loop over the bytes whose exit the branch predictor misses.
     */
    private static boolean packOneByteStrings(MemorySegment bytes, MemorySegment offsets, MemorySegment bitmap, int[] rows, int count, long[] words, int shift)
    {
        for (int i = 0; i < count; i++) {
            int row = rows == null ? i : rows[i];
            int start = offsets.getAtIndex(ValueLayout.JAVA_INT_UNALIGNED, row);
            int length = offsets.getAtIndex(ValueLayout.JAVA_INT_UNALIGNED, row + 1) - start;
            long field;
            if (length == 1) {
                field = ((bytes.get(ValueLayout.JAVA_BYTE, start) & 0xFFL) << 1) | 1;
            }
            else if (length == 0 || (bitmap != null && ColumnVector.isNullBit(bitmap, row))) {
                field = 0;
            }
            else {
                return false;
            }
            words[i] |= field << shift;
        }
        return true;
    }

    /** Appends the keys packed in {@code words0[from .. to - 1]} and {@code words1}, one builder per key column. */
    void unpack(long[] words0, long[] words1, int from, int to, VectorBuilder[] builders)
    {
        for (int column = 0; column < types.length; column++) {
            VectorBuilder builder = builders[column];
            long[] words = valueWord[column] == 0 ? words0 : words1;
            long[] nullWords = nullWord[column] == 0 ? words0 : words1;
            long nullBit = 1L << nullShift[column];
            int shift = valueShift[column];
            long mask = valueMask[column];
            for (int group = from; group < to; group++) {
                if ((nullWords[group] & nullBit) != 0) {
                    builder.appendNull();
                    continue;
                }
                long field = (words[group] >>> shift) & mask;
                switch (physicalTypes[column]) {
                    case BYTE, LONG, DOUBLE -> ResultWriter.writeLong(field, types[column], builder);
                    case INT -> ResultWriter.writeLong((int) field, types[column], builder);
                    case BYTES -> {
                        int length = (int) (field & ((1L << lengthBits[column]) - 1));
                        long value = field >>> lengthBits[column];
                        for (int index = 0; index < length; index++) {
                            scratch[index] = (byte) (value >>> (index * Byte.SIZE));
                        }
                        builder.appendBytes(scratchSegment, 0, length);
                    }
                }
            }
        }
    }
}
