package io.signo.storage.file.parquet;

import dev.hardwood.schema.ColumnSchema;
import io.signo.storage.memory.PageAllocator;
import io.signo.storage.type.PhysicalType;
import io.signo.storage.type.Type;
import io.signo.storage.vector.ColumnVector;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;

/**
 * A column chunk's dictionary page, its entries already in the engine's representation of the
 * column's type (unsigned and decimal INT32 widened to long, FLOAT to double), so that decoding a
 * dictionary-encoded page is one lookup per row. Exactly one of the arrays is set.
 *
 * @param width for strings, the length every entry has when they all have the same (flags, codes:
 *        entry {@code i} then starts at byte {@code i * width}), else -1
 */
record Dictionary(int[] ints, long[] longs, double[] doubles, byte[] bytes, int[] starts, int width)
{
    private static final ValueLayout.OfInt INT_LE = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final ValueLayout.OfLong LONG_LE = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final ValueLayout.OfFloat FLOAT_LE = ValueLayout.JAVA_FLOAT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final ValueLayout.OfDouble DOUBLE_LE = ValueLayout.JAVA_DOUBLE_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final ValueLayout.OfInt INT = ValueLayout.JAVA_INT_UNALIGNED;
    private static final ValueLayout.OfLong LONG = ValueLayout.JAVA_LONG_UNALIGNED;
    private static final ValueLayout.OfDouble DOUBLE = ValueLayout.JAVA_DOUBLE_UNALIGNED;
    /** The most entries, and string bytes, a dictionary may have for its rows to go up as codes. */
    private static final int MAX_CODED_ENTRIES = 4096;
    private static final int MAX_CODED_BYTES = 64 * 1024;

    /** The {@code count} plain-encoded entries of a dictionary page of a column of {@code type}. */
    static Dictionary read(MemorySegment page, int count, ColumnSchema schema, Type type)
    {
        return switch (type.physicalType()) {
            case INT -> {
                int[] ints = new int[count];
                MemorySegment.copy(page, INT_LE, 0, ints, 0, count);
                yield new Dictionary(ints, null, null, null, null, -1);
            }
            case LONG -> {
                long[] longs = new long[count];
                switch (schema.type()) {
                    case INT64 -> {
                        MemorySegment.copy(page, LONG_LE, 0, longs, 0, count);
                        if (ParquetTimestamps.isTimestamp(schema)) {
                            for (int i = 0; i < count; i++) {
                                longs[i] = ParquetTimestamps.toMicros(longs[i], schema);
                            }
                        }
                    }
                    case INT32 -> {
                        boolean unsigned = type.kind() == io.signo.storage.type.TypeKind.BIGINT;
                        for (int i = 0; i < count; i++) {
                            int value = page.getAtIndex(INT_LE, i);
                            longs[i] = unsigned ? Integer.toUnsignedLong(value) : value;
                        }
                    }
                    case FIXED_LEN_BYTE_ARRAY -> {
                        int width = schema.typeLength();
                        for (int i = 0; i < count; i++) {
                            longs[i] = BigEndianDecimals.unscaled(page, (long) i * width, width);
                        }
                    }
                    default -> throw new IllegalArgumentException("a dictionary of " + schema.type() + " for " + type);
                }
                yield new Dictionary(null, longs, null, null, null, -1);
            }
            case DOUBLE -> {
                double[] doubles = new double[count];
                if (schema.type() == dev.hardwood.metadata.PhysicalType.FLOAT) {
                    for (int i = 0; i < count; i++) {
                        doubles[i] = page.getAtIndex(FLOAT_LE, i);
                    }
                }
                else {
                    MemorySegment.copy(page, DOUBLE_LE, 0, doubles, 0, count);
                }
                yield new Dictionary(null, null, doubles, null, null, -1);
            }
            case BYTES -> strings(page, count, schema);
            case BYTE -> throw new IllegalArgumentException("a dictionary of booleans");
            case INT128 -> {
                if (schema.type() != dev.hardwood.metadata.PhysicalType.FIXED_LEN_BYTE_ARRAY) {
                    throw new IllegalArgumentException("a dictionary of " + schema.type() + " for " + type);
                }
                // two words per entry, low then high, as a long DECIMAL vector holds them
                int width = schema.typeLength();
                long[] words = new long[2 * count];
                for (int i = 0; i < count; i++) {
                    words[2 * i] = BigEndianDecimals.low(page, (long) i * width, width);
                    words[2 * i + 1] = BigEndianDecimals.high(page, (long) i * width, width);
                }
                yield new Dictionary(null, words, null, null, null, -1);
            }
        };
    }

    /** How many entries the dictionary has, for a column of {@code type}. */
    int size(Type type)
    {
        return switch (type.physicalType()) {
            case INT -> ints.length;
            case LONG -> longs.length;
            case INT128 -> longs.length / 2;
            case DOUBLE -> doubles.length;
            case BYTES -> starts.length - 1;
            case BYTE -> 0;
        };
    }

    /** The entries as a vector of the column's {@code type}: what a scan's test runs on instead of every row. */
    ColumnVector entries(Type type, PageAllocator allocator)
    {
        int size = size(type);
        MemorySegment offsets = null;
        MemorySegment values;
        switch (type.physicalType()) {
            case INT -> {
                values = allocator.allocateForOverwrite(Math.max(8, (long) size * Integer.BYTES));
                MemorySegment.copy(ints, 0, values, INT, 0, size);
            }
            case LONG, INT128 -> {
                values = allocator.allocateForOverwrite(Math.max(8, (long) longs.length * Long.BYTES));
                MemorySegment.copy(longs, 0, values, LONG, 0, longs.length);
            }
            case DOUBLE -> {
                values = allocator.allocateForOverwrite(Math.max(8, (long) size * Double.BYTES));
                MemorySegment.copy(doubles, 0, values, DOUBLE, 0, size);
            }
            case BYTES -> {
                values = allocator.allocateForOverwrite(Math.max(16, bytes.length));
                MemorySegment.copy(bytes, 0, values, ValueLayout.JAVA_BYTE, 0, bytes.length);
                offsets = allocator.allocateForOverwrite((long) starts.length * Integer.BYTES);
                MemorySegment.copy(starts, 0, offsets, INT, 0, starts.length);
            }
            default -> throw new IllegalArgumentException("a dictionary of " + type);
        }
        return new ColumnVector(type, size, values, offsets, null);
    }

    /**
     * Whether a string column's rows go up as codes into this dictionary rather than as strings: a
     * small dictionary (flags, modes, brands, nations), which every 8,192-row view of the row group
     * shares and whose entries an operator tests or maps once. A large one (comments, names) would be
     * counted in full by every view that holds it, and is looked up into plain strings instead.
     */
    boolean keepsCodes(Type type)
    {
        return type.physicalType() == PhysicalType.BYTES && starts.length > 1 && starts.length - 1 <= MAX_CODED_ENTRIES && bytes.length <= MAX_CODED_BYTES;
    }

    /**
     * The rows at {@code positions[0 .. count)} (rows {@code 0 .. count} when {@code positions} is
     * null), whose codes are {@code codes} (-1 a NULL), as a dictionary-encoded vector over this
     * dictionary's {@code entries}: what {@link #gather} does without copying a string.
     */
    ColumnVector encoded(int[] codes, int[] positions, int count, Type type, ColumnVector entries, PageAllocator allocator, ColumnChunkDecoder.Scratch scratch)
    {
        int[] selected = scratch.indices(count);
        int smallest = selectCodes(codes, positions, count, selected);
        MemorySegment nulls = null;
        if (smallest < 0) {
            nulls = allocator.allocate((count + 7L) / 8);
            for (int i = 0; i < count; i++) {
                if (selected[i] < 0) {
                    // a NULL's code is 0, a valid entry, so that readers of the codes need no test
                    selected[i] = 0;
                    nulls.set(ValueLayout.JAVA_BYTE, i >>> 3, (byte) (nulls.get(ValueLayout.JAVA_BYTE, i >>> 3) | (1 << (i & 7))));
                }
            }
        }
        MemorySegment out = allocator.allocateForOverwrite(Math.max(8, (long) count * Integer.BYTES));
        MemorySegment.copy(selected, 0, out, INT, 0, count);
        return ColumnVector.dictionaryEncoded(type, count, out, entries, nulls);
    }

    /**
     * Copies the codes of the rows at {@code positions[0 .. count)} (rows {@code 0 .. count} when
     * {@code positions} is null) into {@code selected}; returns the smallest, negative when a row is NULL.
     */
    private static int selectCodes(int[] codes, int[] positions, int count, int[] selected)
    {
        int smallest = 0;
        if (positions == null) {
            for (int i = 0; i < count; i++) {
                int code = codes[i];
                selected[i] = code;
                smallest = Math.min(smallest, code);
            }
        }
        else {
            for (int i = 0; i < count; i++) {
                int code = codes[positions[i]];
                selected[i] = code;
                smallest = Math.min(smallest, code);
            }
        }
        return smallest;
    }

    /**
     * The values of the rows at {@code positions[0 .. count)} (rows {@code 0 .. count} when
     * {@code positions} is null) whose dictionary codes are {@code codes}: a code of -1 is a NULL.
     */
    ColumnVector gather(int[] codes, int[] positions, int count, Type type, PageAllocator allocator, ColumnChunkDecoder.Scratch scratch)
    {
        ColumnOutput output = new ColumnOutput(type, count, type.physicalType() == PhysicalType.BYTES ? (long) count * Math.max(width, 8) : 0, allocator);
        int[] selected = scratch.indices(count);
        int smallest = selectCodes(codes, positions, count, selected);
        boolean anyNull = smallest < 0;
        if (anyNull && type.physicalType() != PhysicalType.BYTES) {
            for (int i = 0; i < count; i++) {
                selected[i] = Math.max(selected[i], 0);
            }
        }
        MemorySegment target = output.values();
        switch (type.physicalType()) {
            case INT -> {
                int[] looked = scratch.starts(count);
                for (int i = 0; i < count; i++) {
                    looked[i] = ints[selected[i]];
                }
                MemorySegment.copy(looked, 0, target, INT, 0, count);
            }
            case LONG -> {
                long[] looked = scratch.longs(count);
                for (int i = 0; i < count; i++) {
                    looked[i] = longs[selected[i]];
                }
                MemorySegment.copy(looked, 0, target, LONG, 0, count);
            }
            case INT128 -> {
                long[] looked = scratch.longs(2 * count);
                for (int i = 0; i < count; i++) {
                    looked[2 * i] = longs[2 * selected[i]];
                    looked[2 * i + 1] = longs[2 * selected[i] + 1];
                }
                MemorySegment.copy(looked, 0, target, LONG, 0, 2 * count);
            }
            case DOUBLE -> {
                double[] looked = scratch.doubles(count);
                for (int i = 0; i < count; i++) {
                    looked[i] = doubles[selected[i]];
                }
                MemorySegment.copy(looked, 0, target, DOUBLE, 0, count);
            }
            case BYTES -> {
                int[] offsets = scratch.starts(count);
                int used;
                byte[] staged;
                if (!anyNull && width >= 0 && width <= 8) {
                    // entries of one short width (flags, codes): entry i starts at i * width
                    staged = scratch.staged(Math.max(count * width, 16));
                    used = sameWidthStrings(selected, count, bytes, width, 0, offsets, staged);
                }
                else {
                    long total = 0;
                    for (int i = 0; i < count; i++) {
                        // a NULL row (code -1) is an empty string
                        total += selected[i] < 0 ? 0 : starts[selected[i] + 1] - starts[selected[i]];
                    }
                    if (total > Integer.MAX_VALUE - 16) {
                        throw new IllegalArgumentException("a row group's strings of one column exceed 2 GiB");
                    }
                    staged = scratch.staged((int) total);
                    used = 0;
                    for (int i = 0; i < count; i++) {
                        offsets[i] = used;
                        if (selected[i] < 0) {
                            continue;
                        }
                        int start = starts[selected[i]];
                        int length = starts[selected[i] + 1] - start;
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
                MemorySegment.copy(offsets, 0, output.offsets(), INT, 0, count);
                output.appendBytes(staged, 0, used);
                output.endStrings(count);
            }
            default -> throw new IllegalArgumentException("a dictionary of " + type);
        }
        if (anyNull) {
            for (int i = 0; i < count; i++) {
                if (codes[positions == null ? i : positions[i]] < 0) {
                    output.setNull(i);
                    if (type.physicalType() == PhysicalType.BYTES) {
                        continue;
                    }
                    long valueWidth = type.physicalType().fixedWidth();
                    target.asSlice(i * valueWidth, valueWidth).fill((byte) 0);
                }
            }
        }
        return output.build();
    }

    private static Dictionary strings(MemorySegment page, int count, ColumnSchema schema)
    {
        int[] starts = new int[count + 1];
        int width = schema.type() == dev.hardwood.metadata.PhysicalType.FIXED_LEN_BYTE_ARRAY ? schema.typeLength() : -1;
        // first the offsets, so that the bytes are copied once without their length prefixes
        long position = 0;
        long total = 0;
        for (int i = 0; i < count; i++) {
            int length = width;
            if (width < 0) {
                length = page.get(INT_LE, position);
                position += 4;
            }
            if (length < 0 || length > page.byteSize() - position) {
                throw new IllegalArgumentException("dictionary entry of " + length + " bytes runs past its page");
            }
            position += length;
            total += length;
            if (total > Integer.MAX_VALUE - 16) {
                throw new IllegalArgumentException("a dictionary page of more than 2 GiB of strings");
            }
            starts[i + 1] = (int) total;
        }
        byte[] bytes = new byte[(int) total];
        position = 0;
        for (int i = 0; i < count; i++) {
            int length = starts[i + 1] - starts[i];
            if (width < 0) {
                position += 4;
            }
            MemorySegment.copy(page, ValueLayout.JAVA_BYTE, position, bytes, starts[i], length);
            position += length;
        }
        int common = count == 0 ? -1 : starts[1];
        for (int i = 1; i < count && common >= 0; i++) {
            if (starts[i + 1] - starts[i] != common) {
                common = -1;
            }
        }
        return new Dictionary(null, null, null, bytes, starts, common);
    }

    /**
     * Looks up a page without NULLs in a dictionary of short entries that all have {@code width}
     * bytes: the offsets are a multiple of the row, and entry {@code i} starts at {@code i * width}.
     * TPC-H's flags are one byte: Q1 groups by two of them.
     *
     * @return the bytes staged
     */
    static int sameWidthStrings(int[] indices, int count, byte[] bytes, int width, int base, int[] offsets, byte[] staged)
    {
        for (int r = 0; r < count; r++) {
            offsets[r] = base + r * width;
        }
        if (width == 1) {
            for (int r = 0; r < count; r++) {
                staged[r] = bytes[indices[r]];
            }
        }
        else {
            for (int r = 0; r < count; r++) {
                int from = indices[r] * width;
                int to = r * width;
                for (int b = 0; b < width; b++) {
                    staged[to + b] = bytes[from + b];
                }
            }
        }
        return count * width;
    }
}
