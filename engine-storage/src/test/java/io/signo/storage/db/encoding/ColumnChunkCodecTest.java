package io.signo.storage.db.encoding;

import io.signo.storage.memory.PageAllocator;
import io.signo.storage.serde.CorruptPageException;
import io.signo.storage.type.Type;
import io.signo.storage.type.TypeKind;
import io.signo.storage.vector.ColumnVector;
import io.signo.storage.vector.VectorBuilder;
import org.junit.jupiter.api.Test;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.function.IntFunction;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

class ColumnChunkCodecTest
{
    private static final Type[] ALL_TYPES = {
            Type.BOOLEAN, Type.INTEGER, Type.BIGINT, Type.DOUBLE, Type.REAL, Type.decimal(12, 2), Type.decimal(38, 6), Type.DATE, Type.TIMESTAMP, Type.varchar(44),
            Type.character(10)};
    private static final int ROWS = 8192;
    private static final BigInteger TEN_TO_38_MINUS_ONE = BigInteger.TEN.pow(38).subtract(BigInteger.ONE);
    private static final int SAMPLE_ROWS = 2048;
    private static final String[] WORDS = {"carefully", "final", "deposits", "detect", "slyly", "agai", "quickly", "express", "ironic", "pending", "requests",
            "wake", "furiously", "bold", "accounts", "haggle", "regular", "theodolites", "blithely", "even", "packages", "sleep", "unusual", "foxes", "nag",
            "fluffily", "above", "along", "among", "asymptotes", "beans", "braids", "courts", "decoys", "dependencies", "dinos", "dolphins", "excuses",
            "frays", "frets", "gifts", "grouches", "hockey", "ideas", "instructions", "multipliers", "notornis", "orbits", "patterns", "pinto"};

    @Test
    void roundTripsEveryTypeAndShapeWithAndWithoutNulls()
    {
        for (Type type : ALL_TYPES) {
            for (Shape shape : Shape.values()) {
                for (int rows : new int[] {0, 1, 2, 7, 100, ROWS}) {
                    for (double nullFraction : new double[] {0, 0.001, 0.3, 1}) {
                        Object[] values = shape.values(type, rows, nullFraction, new Random(rows * 31L + shape.ordinal()));
                        assertRoundTrip(type, values, type + " " + shape + " " + rows + " rows, nulls " + nullFraction);
                    }
                }
            }
        }
    }

    @Test
    void readsChosenPositionsAndDictionaryCodesAsDecodingWholeDoes()
    {
        Random random = new Random(3);
        int positionReads = 0;
        int dictionaryReads = 0;
        for (Type type : ALL_TYPES) {
            for (Shape shape : Shape.values()) {
                for (int rows : new int[] {1, 100, ROWS}) {
                    for (double nullFraction : new double[] {0, 0.3, 1}) {
                        String message = type + " " + shape + " " + rows + " rows, nulls " + nullFraction;
                        Object[] values = shape.values(type, rows, nullFraction, new Random(rows * 17L + shape.ordinal()));
                        byte[] encoded = ColumnChunkCodec.encode(build(type, values).build());
                        ColumnVector whole = decode(type, rows, encoded);
                        for (double share : new double[] {0, 0.01, 0.5, 1}) {
                            int[] positions = new int[rows];
                            int count = 0;
                            for (int p = 0; p < rows; p++) {
                                positions[count] = p;
                                count += random.nextDouble() < share ? 1 : 0;
                            }
                            ColumnVector some = ColumnChunkCodec.decodePositions(type, rows, nativeCopy(encoded), positions, count, PageAllocator.transientPages());
                            if (some != null) {
                                positionReads++;
                                assertVectorsEqual(whole.copyPositions(positions, count, PageAllocator.transientPages()), some, message + ", " + count + " positions");
                            }
                        }
                        int[] codes = new int[rows];
                        ColumnVector entries = ColumnChunkCodec.entries(type, rows, nativeCopy(encoded), PageAllocator.transientPages(), codes);
                        if (entries != null) {
                            dictionaryReads++;
                            for (int p = 0; p < rows; p++) {
                                assertEquals(whole.isNull(p), codes[p] < 0, message + ": null at " + p);
                                if (!whole.isNull(p)) {
                                    assertEquals(whole.getObject(p), entries.getObject(codes[p]), message + ": value at " + p);
                                }
                            }
                        }
                    }
                }
            }
        }
        // numbers packed by frame of reference, constants and plain values read alone; strings of few values are dictionaries
        assertTrue(positionReads > 100, positionReads + " chunks read by position");
        assertTrue(dictionaryReads > 10, dictionaryReads + " chunks read as dictionaries");
    }

    @Test
    void roundTripsLargeChunks()
    {
        Random random = new Random(7);
        Object[] longs = new Object[1 << 20];
        Object[] strings = new Object[1 << 20];
        for (int i = 0; i < longs.length; i++) {
            longs[i] = (long) i * 3 + random.nextInt(3);
            strings[i] = "s" + random.nextInt(1000);
        }
        assertEquals(ChunkEncoding.DELTA, assertRoundTrip(Type.BIGINT, longs, "a million sorted longs"));
        assertEquals(ChunkEncoding.DICTIONARY, assertRoundTrip(Type.VARCHAR, strings, "a million strings of a thousand"));
    }

    @Test
    void doublesKeepTheirBits()
    {
        Object[] values = {Double.NaN, -0.0, 0.0, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.MIN_VALUE, Double.MAX_VALUE,
                Double.longBitsToDouble(0x7FF0000000000123L), 1.5, null};
        assertRoundTrip(Type.DOUBLE, values, "special doubles");
        Object[] runs = new Object[ROWS];
        for (int i = 0; i < ROWS; i++) {
            runs[i] = i < ROWS / 2 ? -0.0 : 0.0;
        }
        assertEquals(ChunkEncoding.RUN_LENGTH, assertRoundTrip(Type.DOUBLE, runs, "-0.0 then 0.0"));
    }

    @Test
    void extremeValuesOverflowNoRange()
    {
        Object[] longs = {Long.MIN_VALUE, Long.MAX_VALUE, 0L, -1L, Long.MIN_VALUE, Long.MAX_VALUE};
        assertEquals(ChunkEncoding.PLAIN, assertRoundTrip(Type.BIGINT, longs, "Long.MIN_VALUE with Long.MAX_VALUE"));
        Object[] ints = {Integer.MIN_VALUE, Integer.MAX_VALUE, 0, -1, Integer.MIN_VALUE, Integer.MAX_VALUE};
        assertRoundTrip(Type.INTEGER, ints, "Integer.MIN_VALUE with Integer.MAX_VALUE");
        Object[] sorted = new Object[ROWS];
        for (int i = 0; i < ROWS; i++) {
            sorted[i] = i % 2 == 0 ? Long.MIN_VALUE + i : Long.MAX_VALUE - i;
        }
        assertRoundTrip(Type.BIGINT, sorted, "alternating extremes");
        Object[] wide = new Object[ROWS];
        for (int i = 0; i < ROWS; i++) {
            wide[i] = (i & 1) == 0 ? -(1L << 55) : (1L << 55) + i;
        }
        assertRoundTrip(Type.BIGINT, wide, "range of 57 bits");
        Object[] runs = new Object[ROWS];
        for (int i = 0; i < ROWS; i++) {
            runs[i] = (i / 100 & 1) == 0 ? Long.MIN_VALUE : Long.MAX_VALUE;
        }
        assertRoundTrip(Type.BIGINT, runs, "runs of the extremes");
    }

    @Test
    void choosesTheEncodingMadeForTheData()
    {
        Random random = new Random(1);
        assertEquals(ChunkEncoding.CONSTANT, assertRoundTrip(Type.INTEGER, generate(ROWS, i -> 42), "constant"));
        assertEquals(ChunkEncoding.CONSTANT, assertRoundTrip(Type.INTEGER, generate(ROWS, i -> i % 3 == 0 ? null : 42), "constant with nulls"));
        assertEquals(ChunkEncoding.CONSTANT, assertRoundTrip(Type.VARCHAR, generate(ROWS, i -> "N"), "constant string"));
        assertEquals(ChunkEncoding.CONSTANT, assertRoundTrip(Type.BIGINT, generate(ROWS, i -> null), "all null"));
        assertEquals(ChunkEncoding.CONSTANT, assertRoundTrip(Type.VARCHAR, generate(ROWS, i -> null), "all null strings"));
        assertEquals(ChunkEncoding.FRAME_OF_REFERENCE, assertRoundTrip(Type.BIGINT, generate(ROWS, i -> 1_000_000L + random.nextInt(5000)), "small range"));
        assertEquals(ChunkEncoding.FRAME_OF_REFERENCE, assertRoundTrip(Type.decimal(15, 2), generate(ROWS, i -> (long) random.nextInt(10_000_000)), "prices"));
        assertEquals(ChunkEncoding.FRAME_OF_REFERENCE, assertRoundTrip(Type.DATE, generate(ROWS, i -> 8035 + random.nextInt(2500)), "dates"));
        assertEquals(ChunkEncoding.FRAME_OF_REFERENCE, assertRoundTrip(Type.BOOLEAN, generate(ROWS, i -> random.nextBoolean()), "random booleans"));
        assertEquals(ChunkEncoding.DELTA, assertRoundTrip(Type.BIGINT, generate(ROWS, i -> 6_000_000_000L + i * 4L + random.nextInt(4)), "sorted keys"));
        assertEquals(ChunkEncoding.RUN_LENGTH, assertRoundTrip(Type.BIGINT, generate(ROWS, i -> 6_000_000_000L + i / 4 * 32L), "sorted keys with runs"));
        assertEquals(ChunkEncoding.RUN_LENGTH, assertRoundTrip(Type.BOOLEAN, generate(ROWS, i -> i < 3000), "sorted booleans"));
        assertEquals(ChunkEncoding.RUN_LENGTH, assertRoundTrip(Type.INTEGER, generate(ROWS, i -> i / 1000), "long runs"));
        assertEquals(ChunkEncoding.PLAIN, assertRoundTrip(Type.BIGINT, generate(ROWS, i -> random.nextLong()), "random longs"));
        assertEquals(ChunkEncoding.PLAIN, assertRoundTrip(Type.DOUBLE, generate(ROWS, i -> random.nextDouble() - 0.5), "random doubles"));
        String[] flags = {"A", "N", "R"};
        assertEquals(ChunkEncoding.DICTIONARY, assertRoundTrip(Type.character(1), generate(ROWS, i -> flags[random.nextInt(3)]), "return flags"));
        assertEquals(ChunkEncoding.RUN_LENGTH, assertRoundTrip(Type.character(1), generate(ROWS, i -> flags[i * 3 / ROWS]), "sorted return flags"));
        String[] modes = {"REG AIR", "AIR", "RAIL", "SHIP", "TRUCK", "MAIL", "FOB"};
        assertEquals(ChunkEncoding.DICTIONARY, assertRoundTrip(Type.varchar(10), generate(ROWS, i -> modes[random.nextInt(7)]), "ship modes"));
        assertEquals(ChunkEncoding.PLAIN, assertRoundTrip(Type.VARCHAR, generate(ROWS, i -> Long.toString(random.nextLong(), 36)), "random strings"));
    }

    @Test
    void runsOfGrowingLengthsReadBack()
    {
        // run lengths 1, 2, ..., 127: a sequence that packs smaller by deltas than by frame of reference
        int rows = 127 * 128 / 2;
        Object[] numbers = new Object[rows];
        Object[] strings = new Object[rows];
        for (int value = 0, start = 0; start < rows; value++) {
            for (int i = start; i <= start + value; i++) {
                numbers[i] = 8000 + value;
                strings[i] = "date " + value;
            }
            start += value + 1;
        }
        assertEquals(ChunkEncoding.RUN_LENGTH, assertRoundTrip(Type.DATE, numbers, "sorted dates in growing runs"));
        assertEquals(ChunkEncoding.RUN_LENGTH, assertRoundTrip(Type.VARCHAR, strings, "sorted strings in growing runs"));
        // lengths 628 and 7564: packed from 628 with 13 bits, a header that could say up to 8819
        assertEquals(ChunkEncoding.RUN_LENGTH, assertRoundTrip(Type.BIGINT, generate(ROWS, i -> i < 628 ? 1L : 2L), "two long runs"));
        assertEquals(ChunkEncoding.RUN_LENGTH, assertRoundTrip(Type.character(1), generate(ROWS, i -> i < 628 ? "F" : "O"), "two long runs of flags"));
    }

    @Test
    void compressesLongText()
    {
        Random random = new Random(3);
        Object[] comments = generate(ROWS, i -> {
            StringBuilder comment = new StringBuilder();
            int count = 3 + random.nextInt(6);
            for (int w = 0; w < count; w++) {
                comment.append(WORDS[random.nextInt(WORDS.length)]).append(' ');
            }
            return comment.toString();
        });
        VectorBuilder builder = build(Type.varchar(44), comments);
        ColumnVector vector = builder.build();
        byte[] encoded = ColumnChunkCodec.encode(vector);
        long rawBytes = vector.stringStart(ROWS) - vector.stringStart(0);
        assertTrue(encoded.length < rawBytes * 0.6, "compressed " + rawBytes + " bytes of text to " + encoded.length);
        assertEquals(ChunkEncoding.PLAIN, assertRoundTrip(Type.varchar(44), comments, "comments"));
    }

    @Test
    void stringsOfEveryKind()
    {
        Object[] values = {"", "a", "", "ünïcödé ✓ 😀", "", null, "日本語のテキスト", "x".repeat(1000), ""};
        assertRoundTrip(Type.VARCHAR, values, "mixed strings");
        assertRoundTrip(Type.VARCHAR, generate(ROWS, i -> i % 2 == 0 ? "" : "日本"), "alternating");
        assertRoundTrip(Type.VARCHAR, generate(ROWS, i -> ""), "empty strings");
        assertRoundTrip(Type.VARCHAR, generate(ROWS, i -> i % 5 == 0 ? null : ""), "empty strings with nulls");
    }

    @Test
    void decodesASlicedStringVector()
    {
        // a vector whose first offset is not 0 (a view of a larger string region)
        ColumnVector whole = build(Type.VARCHAR, new Object[] {"skip", "me", "alpha", "beta", "gamma"}).build();
        MemorySegment offsets = Arena.ofAuto().allocate(4 * Integer.BYTES);
        for (int i = 0; i < 4; i++) {
            offsets.setAtIndex(ValueLayout.JAVA_INT, i, whole.stringStart(i + 2 > 5 ? 5 : i + 2));
        }
        ColumnVector sliced = new ColumnVector(Type.VARCHAR, 3, whole.values(), offsets, null);
        ColumnVector decoded = decode(Type.VARCHAR, 3, ColumnChunkCodec.encode(sliced));
        assertEquals(List.of("alpha", "beta", "gamma"), List.of(decoded.getString(0), decoded.getString(1), decoded.getString(2)));
    }

    @Test
    void sampleChunksCoverEveryEncodingAndCodec()
    {
        List<String> descriptions = new ArrayList<>();
        for (byte[] encoded : sampleChunks()) {
            descriptions.add(ColumnChunkCodec.describe(SAMPLE_ROWS, MemorySegment.ofArray(encoded)));
        }
        for (String expected : List.of("PLAIN", "CONSTANT", "RUN_LENGTH", "FRAME_OF_REFERENCE", "DELTA", "DICTIONARY", "PLAIN+LZ4", "PLAIN+ZSTD", "DICTIONARY+LZ4")) {
            assertTrue(descriptions.contains(expected), expected + " in " + descriptions);
        }
    }

    @Test
    void lz4OnlyKeepsTheValuesZstdWouldHaveCompressed()
    {
        // random digits: zstd's entropy coding leaves less than half of what LZ4 does, so zstd wins where it is allowed
        Random random = new Random(7);
        Object[] digits = generate(SAMPLE_ROWS, i -> {
            char[] text = new char[24];
            for (int d = 0; d < text.length; d++) {
                text[d] = (char) ('0' + random.nextInt(10));
            }
            return new String(text);
        });
        ColumnVector vector = build(Type.VARCHAR, digits).build();
        assertEquals("PLAIN+ZSTD", ColumnChunkCodec.describe(SAMPLE_ROWS, MemorySegment.ofArray(ColumnChunkCodec.encode(vector, ChunkCompression.LZ4_OR_ZSTD))));
        byte[] lz4Only = ColumnChunkCodec.encode(vector, ChunkCompression.LZ4);
        String description = ColumnChunkCodec.describe(SAMPLE_ROWS, MemorySegment.ofArray(lz4Only));
        assertTrue(!description.contains("ZSTD"), description);
        ColumnVector decoded = decode(Type.VARCHAR, SAMPLE_ROWS, lz4Only);
        for (int i = 0; i < SAMPLE_ROWS; i++) {
            assertEquals(digits[i], decoded.getString(i), "position " + i);
        }
    }

    @Test
    void rejectsTruncatedChunks()
    {
        for (byte[] encoded : sampleChunks()) {
            Type type = typeOf(encoded);
            // every length near the start and the end, a sample in between
            int step = Math.max(1, encoded.length / 200);
            for (int length = 0; length < encoded.length; length += length < 64 || length > encoded.length - 64 ? 1 : step) {
                byte[] truncated = Arrays.copyOf(encoded, length);
                assertThrows(CorruptPageException.class, () -> decode(type, SAMPLE_ROWS, truncated), "truncated to " + length);
            }
        }
    }

    @Test
    void rejectsDamagedHeaders()
    {
        byte[] encoded = ColumnChunkCodec.encode(build(Type.BIGINT, generate(ROWS, i -> (long) i % 100)).build());
        byte[] badTag = encoded.clone();
        badTag[0] = 17;
        assertThrows(CorruptPageException.class, () -> decode(Type.BIGINT, ROWS, badTag));
        byte[] stringTag = encoded.clone();
        stringTag[0] = (byte) ChunkEncoding.DICTIONARY.tag();
        assertThrows(CorruptPageException.class, () -> decode(Type.BIGINT, ROWS, stringTag));
        assertThrows(CorruptPageException.class, () -> decode(Type.VARCHAR, ROWS, encoded), "read as another type");
        byte[] badNulls = encoded.clone();
        badNulls[2] = 9;
        assertThrows(CorruptPageException.class, () -> decode(Type.BIGINT, ROWS, badNulls));
        byte[] trailing = Arrays.copyOf(encoded, encoded.length + 1);
        assertThrows(CorruptPageException.class, () -> decode(Type.BIGINT, ROWS, trailing));
        assertThrows(CorruptPageException.class, () -> decode(Type.BIGINT, ROWS + 1, encoded), "more positions than encoded");
    }

    @Test
    void rejectsLengthsPointingPastTheEnd()
    {
        // a plain string chunk: header, lengths sequence (mode, width, reference), then the byte section
        byte[] encoded = ColumnChunkCodec.encode(build(Type.VARCHAR, generate(100, i -> Long.toString(i * 7919L, 36))).build());
        assertEquals(ChunkEncoding.PLAIN, ChunkColumnEncoding.of(encoded));
        for (int at = 3; at < encoded.length - 8; at++) {
            for (int value : new int[] {0x7F, 0xFF, 0x40}) {
                byte[] damaged = encoded.clone();
                damaged[at] = (byte) value;
                decodeOrCorrupt(Type.VARCHAR, 100, damaged);
            }
        }
    }

    @Test
    void survivesRandomDamage()
    {
        Random random = new Random(11);
        for (byte[] encoded : sampleChunks()) {
            Type type = typeOf(encoded);
            for (int attempt = 0; attempt < 300; attempt++) {
                byte[] damaged = encoded.clone();
                int flips = 1 + random.nextInt(3);
                for (int f = 0; f < flips; f++) {
                    damaged[random.nextInt(damaged.length)] ^= (byte) (1 << random.nextInt(8));
                }
                decodeOrCorrupt(type, SAMPLE_ROWS, damaged);
            }
        }
    }

    private static void decodeOrCorrupt(Type type, int positionCount, byte[] damaged)
    {
        try {
            decode(type, positionCount, damaged);
        }
        catch (CorruptPageException expected) {
            // the damage was detected
        }
        catch (RuntimeException | Error e) {
            fail("damaged chunk raised " + e + " instead of CorruptPageException", e);
        }
        try {
            int[] positions = {0, 1, 2, positionCount / 2, positionCount - 1};
            ColumnChunkCodec.decodePositions(type, positionCount, nativeCopy(damaged), positions, positions.length, PageAllocator.transientPages());
            ColumnChunkCodec.entries(type, positionCount, nativeCopy(damaged), PageAllocator.transientPages(), new int[positionCount]);
        }
        catch (CorruptPageException expected) {
            // the damage was detected
        }
        catch (RuntimeException | Error e) {
            fail("damaged chunk raised " + e + " instead of CorruptPageException", e);
        }
    }

    /** Chunks of every encoding, each tagged with its type in the chunk header (the physical type is enough to decode). */
    private static List<byte[]> sampleChunks()
    {
        Random random = new Random(5);
        int rows = SAMPLE_ROWS;
        List<byte[]> chunks = new ArrayList<>();
        String[] flags = {"A", "N", "R"};
        chunks.add(encode(Type.BIGINT, generate(rows, i -> 1_000_000L + random.nextInt(5000))));
        chunks.add(encode(Type.BIGINT, generate(rows, i -> i % 10 == 0 ? null : 6_000_000L + i * 4L + random.nextInt(4))));
        chunks.add(encode(Type.INTEGER, generate(rows, i -> i / 100)));
        chunks.add(encode(Type.BIGINT, generate(rows, i -> random.nextLong())));
        chunks.add(encode(Type.BOOLEAN, generate(rows, i -> random.nextBoolean())));
        chunks.add(encode(Type.INTEGER, generate(rows, i -> 42)));
        chunks.add(encode(Type.VARCHAR, generate(rows, i -> i % 7 == 0 ? null : flags[random.nextInt(3)])));
        chunks.add(encode(Type.VARCHAR, generate(rows, i -> flags[i * 3 / rows])));
        chunks.add(encode(Type.VARCHAR, generate(rows, i -> "constant")));
        chunks.add(encode(Type.VARCHAR, generate(rows, i -> Long.toString(random.nextLong(), 36))));
        // three words out of ten: a dictionary of up to a thousand entries, which zstd compresses
        String[] words = {"carefully", "final", "deposits", "detect", "slyly", "quickly", "express", "ironic", "pending", "requests"};
        chunks.add(encode(Type.VARCHAR, generate(rows, i -> words[random.nextInt(10)] + " " + words[random.nextInt(10)] + " " + words[random.nextInt(10)])));
        // random digits, which LZ4 barely shrinks and zstd's entropy coding does to less than half
        chunks.add(encode(Type.VARCHAR, generate(rows, i -> {
            char[] digits = new char[24];
            for (int d = 0; d < digits.length; d++) {
                digits[d] = (char) ('0' + random.nextInt(10));
            }
            return new String(digits);
        })));
        // comments: distinct strings of a few words, which LZ4 compresses to less than half
        chunks.add(encode(Type.VARCHAR, generate(rows, i -> {
            StringBuilder comment = new StringBuilder();
            for (int w = 3 + random.nextInt(6); w > 0; w--) {
                comment.append(WORDS[random.nextInt(WORDS.length)]).append(' ');
            }
            return comment.toString();
        })));
        // a dictionary whose entries are compressed
        chunks.add(encode(Type.VARCHAR, generate(rows, i -> "a rather long dictionary entry of some repetitive text number " + random.nextInt(400))));
        return chunks;
    }

    private static byte[] encode(Type type, Object[] values)
    {
        return ColumnChunkCodec.encode(build(type, values).build());
    }

    private static Type typeOf(byte[] encoded)
    {
        return switch (encoded[1]) {
            case 0 -> Type.BOOLEAN;
            case 1 -> Type.INTEGER;
            case 2 -> Type.BIGINT;
            case 3 -> Type.DOUBLE;
            default -> Type.VARCHAR;
        };
    }

    private static Object[] generate(int rows, IntFunction<Object> value)
    {
        Object[] values = new Object[rows];
        for (int i = 0; i < rows; i++) {
            values[i] = value.apply(i);
        }
        return values;
    }

    static ColumnVector decode(Type type, int positionCount, byte[] encoded)
    {
        return ColumnChunkCodec.decode(type, positionCount, nativeCopy(encoded), PageAllocator.transientPages());
    }

    /** A native copy, as a mapped file is: decoding sees one kind of segment. */
    private static MemorySegment nativeCopy(byte[] encoded)
    {
        MemorySegment copy = Arena.ofAuto().allocate(Math.max(encoded.length, 1), 8).asSlice(0, encoded.length);
        MemorySegment.copy(encoded, 0, copy, ValueLayout.JAVA_BYTE, 0, encoded.length);
        return copy;
    }

    /** Encodes and decodes the values and checks every position; returns the encoding chosen. */
    static ChunkEncoding assertRoundTrip(Type type, Object[] values, String message)
    {
        ColumnVector vector = build(type, values).build();
        byte[] encoded = ColumnChunkCodec.encode(vector);
        ColumnVector decoded = decode(type, values.length, encoded);
        assertVectorsEqual(vector, decoded, message);
        return ChunkColumnEncoding.of(encoded);
    }

    static void assertVectorsEqual(ColumnVector expected, ColumnVector actual, String message)
    {
        assertEquals(expected.positionCount(), actual.positionCount(), message);
        assertEquals(expected.type(), actual.type(), message);
        for (int i = 0; i < expected.positionCount(); i++) {
            assertEquals(expected.isNull(i), actual.isNull(i), message + ": null at " + i);
            if (expected.isNull(i)) {
                continue;
            }
            if (expected.type().kind() == TypeKind.DOUBLE) {
                assertEquals(Double.doubleToRawLongBits(expected.getDouble(i)), Double.doubleToRawLongBits(actual.getDouble(i)), message + ": bits at " + i);
            }
            else {
                assertEquals(expected.getObject(i), actual.getObject(i), message + ": value at " + i);
            }
        }
    }

    static VectorBuilder build(Type type, Object[] values)
    {
        VectorBuilder builder = new VectorBuilder(type, values.length);
        for (Object value : values) {
            if (value == null) {
                builder.appendNull();
                continue;
            }
            switch (type.kind()) {
                case BOOLEAN -> builder.appendBoolean((Boolean) value);
                case INTEGER, DATE -> builder.appendInt((Integer) value);
                case DECIMAL -> {
                    if (type.isLongDecimal()) {
                        BigInteger unscaled = (BigInteger) value;
                        builder.appendInt128(unscaled.shiftRight(64).longValue(), unscaled.longValue());
                    }
                    else {
                        builder.appendLong((Long) value);
                    }
                }
                case BIGINT, TIMESTAMP -> builder.appendLong((Long) value);
                case DOUBLE, REAL -> builder.appendDouble((Double) value);
                case VARCHAR, CHAR -> builder.appendString((String) value);
            }
        }
        return builder;
    }

    /** Shapes of data, each made of values of a type. */
    private enum Shape
    {
        CONSTANT, RUNS, SORTED, RANDOM, SMALL_RANGE, EXTREMES;

        Object[] values(Type type, int rows, double nullFraction, Random random)
        {
            Object[] values = new Object[rows];
            for (int i = 0; i < rows; i++) {
                if (random.nextDouble() < nullFraction) {
                    continue;
                }
                long number = switch (this) {
                    case CONSTANT -> 12345;
                    case RUNS -> (i / 37) * 1000L;
                    case SORTED -> i * 7L + random.nextInt(7);
                    case RANDOM -> random.nextLong();
                    case SMALL_RANGE -> random.nextInt(100);
                    case EXTREMES -> switch (random.nextInt(4)) {
                        case 0 -> Long.MIN_VALUE;
                        case 1 -> Long.MAX_VALUE;
                        case 2 -> 0;
                        default -> -1;
                    };
                };
                values[i] = switch (type.kind()) {
                    case BOOLEAN -> (number & 1) != 0;
                    case INTEGER, DATE -> this == EXTREMES ? (int) (number >> 32) : (int) number;
                    // a long DECIMAL: the number's digits moved up by 20 (beyond a long), or 38 nines for an extreme
                    case DECIMAL -> type.isLongDecimal()
                            ? (this == EXTREMES && number != 0
                                    ? TEN_TO_38_MINUS_ONE.multiply(BigInteger.valueOf(Long.signum(number)))
                                    : BigInteger.valueOf(number % 1_000_000_000_000_000L).multiply(BigInteger.TEN.pow(20)))
                            : (Object) number;
                    case BIGINT, TIMESTAMP -> number;
                    case TIME, TIMESTAMP_TZ, INTERVAL_YEAR_MONTH, INTERVAL_DAY_TIME -> number;
                    case DOUBLE -> this == EXTREMES ? Double.longBitsToDouble(number) : (double) number / 7;
                    case REAL -> (double) (this == EXTREMES ? Float.intBitsToFloat((int) number) : (float) number / 7);
                    case VARCHAR, CHAR -> this == RANDOM ? Long.toString(number, 36).repeat(1 + (int) (number & 3)) : (number == -1 ? "" : "é" + number);
                };
            }
            return values;
        }
    }
}
