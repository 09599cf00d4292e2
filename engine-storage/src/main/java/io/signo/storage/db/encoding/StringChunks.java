package io.signo.storage.db.encoding;

import io.signo.storage.memory.PageAllocator;
import io.signo.storage.vector.ColumnVector;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Arrays;

import static io.signo.storage.db.encoding.ChunkFormat.LONG;
import static io.signo.storage.db.encoding.ChunkFormat.MAX_STRING_BYTES;
import static io.signo.storage.db.encoding.ChunkFormat.width;
import static io.signo.storage.db.encoding.ChunkReader.corrupt;

/**
 * Chunks of strings (VARCHAR, CHAR): plain (lengths plus bytes), constant, run-length, or a
 * dictionary of the distinct strings with a packed code per position; the bytes of plain strings and
 * of dictionary entries may be compressed (see {@link ByteSection}).
 *
 * <p>The encoder measures runs and the plain size in one pass, builds a dictionary in a second that
 * gives up as soon as the strings look mostly distinct, and tries compression only where it can
 * still win.
 */
final class StringChunks
{
    private static final ValueLayout.OfInt NATIVE_INT = ValueLayout.JAVA_INT_UNALIGNED;
    private static final ValueLayout.OfLong NATIVE_LONG = ValueLayout.JAVA_LONG_UNALIGNED;
    /** Run-length is considered only when runs average at least this long: it copies string by string. */
    private static final int MIN_AVERAGE_RUN = 4;
    /** The dictionary is given up when, after this many positions, more than 3/4 of them were distinct. */
    private static final int DICTIONARY_PROBE_POSITIONS = 1024;
    /**
     * Dictionary entries up to this long are copied as words (see gatherShortEntries): at most 4 word
     * moves, which may write up to this many bytes past a string, into the values' slack.
     */
    private static final int MAX_WORD_COPIED_ENTRY_BYTES = 32;
    /** Per thread: the dictionary laid out in words for gatherShortEntries, reused from chunk to chunk. */
    private static final ThreadLocal<long[]> DICTIONARY_WORDS = ThreadLocal.withInitial(() -> new long[256]);

    private StringChunks() {}

    static ChunkEncoding encode(ColumnVector vector, ChunkWriter out, ChunkCompression compression)
    {
        int positionCount = vector.positionCount();
        MemorySegment bytes = vector.values();
        MemorySegment offsets = vector.offsets();
        MemorySegment nulls = vector.nulls();
        // the offsets copied to the heap in one go: reading them one by one checked the segment each time
        int[] starts = new int[positionCount + 1];
        MemorySegment.copy(offsets, NATIVE_INT, 0, starts, 0, positionCount + 1);
        // every loop in a method of its own and none here: a loop here made C2 compile this method on
        // stack (OSR) with every pass inlined, several times over a first load, each 27 to 30 KB of code
        int[] lengths = lengths(starts, positionCount);
        if (nulls != null) {
            fillNullSlots(nulls, starts, lengths, positionCount);
        }
        // the passes in methods of their own: each loop compiled on its own, not one method the JIT recompiles whole
        Shape shape = Shape.measure(bytes, nulls, starts, lengths, positionCount);
        long plainBytes = shape.plainBytes();
        int minLength = shape.minLength();
        int maxLength = shape.maxLength();
        int runCount = shape.runCount();
        int minRun = shape.minRun();
        int maxRun = shape.maxRun();
        long runValueBytes = shape.runValueBytes();
        int minRunValueLength = shape.minRunValueLength();
        int maxRunValueLength = shape.maxRunValueLength();
        if (plainBytes > MAX_STRING_BYTES) {
            throw new IllegalArgumentException("a chunk holds at most " + MAX_STRING_BYTES + " bytes of strings: " + plainBytes);
        }

        if (runCount == 1) {
            out.writeInt(lengths[0]);
            out.writeBytes(bytes, starts[0], lengths[0]);
            return ChunkEncoding.CONSTANT;
        }

        long plainLengthBytes = PackedSequence.frameOfReferenceBytes(positionCount, width(maxLength - minLength));
        long plainSize = plainLengthBytes + ByteSection.rawSectionBytes(plainBytes);
        long runLengthSize = Long.MAX_VALUE;
        if ((long) runCount * MIN_AVERAGE_RUN <= positionCount) {
            runLengthSize = Integer.BYTES
                    + PackedSequence.frameOfReferenceBytes(runCount, width(maxRun - minRun))
                    + PackedSequence.frameOfReferenceBytes(runCount, width(maxRunValueLength - minRunValueLength))
                    + ByteSection.rawSectionBytes(runValueBytes);
        }
        Dictionary dictionary = Dictionary.build(bytes, starts, lengths, positionCount);
        long dictionarySize = Long.MAX_VALUE;
        ByteSection.Choice dictionaryBytes = null;
        if (dictionary != null) {
            dictionaryBytes = new ByteSection.Choice(ChunkFormat.CODEC_NONE, dictionary.entryBytes(bytes), dictionary.byteCount, dictionary.byteCount);
            dictionarySize = dictionary.sizeWithoutEntries(positionCount) + dictionaryBytes.sectionBytes();
            if (dictionary.byteCount >= ByteSection.MIN_COMPRESSED_BYTES && dictionarySize < Math.min(plainSize, runLengthSize)) {
                dictionaryBytes = ByteSection.choose(dictionaryBytes.bytes(), dictionary.byteCount, compression);
                dictionarySize = dictionary.sizeWithoutEntries(positionCount) + dictionaryBytes.sectionBytes();
            }
        }
        // compressed plain wins only by a third (below); compression rarely shrinks text below an eighth,
        // so when another encoding already asks for more, do not try
        ByteSection.Choice plainChoice = null;
        // A dictionary of at most 16 entries leaves at most 4 bits a value: no need to try either.
        boolean smallDictionary = dictionary != null && dictionary.entryCount <= 16;
        if (!smallDictionary && plainBytes >= ByteSection.MIN_COMPRESSED_BYTES && Math.min(dictionarySize, runLengthSize) / 4 * 3 > plainLengthBytes + plainBytes / 8) {
            plainChoice = ByteSection.choose(gatherPlain(bytes, offsets, nulls, positionCount, (int) plainBytes), (int) plainBytes, compression);
            plainSize = plainLengthBytes + plainChoice.sectionBytes();
        }

        // decompressing and copying costs more than looking up codes: compressed plain must be clearly smaller
        long plainCost = plainChoice != null && plainChoice.codec() != ChunkFormat.CODEC_NONE ? plainSize + plainSize / 3 : plainSize;
        if (dictionarySize < plainCost && dictionarySize <= runLengthSize) {
            dictionary.write(out, dictionaryBytes, positionCount);
            return ChunkEncoding.DICTIONARY;
        }
        if (runLengthSize < plainCost) {
            writeRuns(out, bytes, starts, lengths, positionCount, runCount);
            return ChunkEncoding.RUN_LENGTH;
        }
        PackedSequence.writeFrameOfReference(out, plainLengths(nulls, lengths, positionCount), 0, positionCount, minLength, width(maxLength - minLength));
        if (plainChoice == null) {
            plainChoice = new ByteSection.Choice(ChunkFormat.CODEC_NONE, gatherPlain(bytes, offsets, nulls, positionCount, (int) plainBytes), (int) plainBytes, (int) plainBytes);
        }
        ByteSection.write(out, plainChoice);
        return ChunkEncoding.PLAIN;
    }

    private static int[] lengths(int[] starts, int positionCount)
    {
        int[] lengths = new int[positionCount];
        for (int i = 0; i < positionCount; i++) {
            lengths[i] = starts[i + 1] - starts[i];
        }
        return lengths;
    }

    /** The lengths as a plain chunk stores them: a null's as 0. */
    private static long[] plainLengths(MemorySegment nulls, int[] lengths, int positionCount)
    {
        long[] plainLengths = new long[positionCount];
        for (int i = 0; i < positionCount; i++) {
            plainLengths[i] = nulls != null && ColumnVector.isNullBit(nulls, i) ? 0 : lengths[i];
        }
        return plainLengths;
    }

    /** A null slot takes the string before it (the first non-null one for leading nulls), so that it breaks no run and adds no dictionary entry. */
    private static void fillNullSlots(MemorySegment nulls, int[] starts, int[] lengths, int positionCount)
    {
        int first = 0;
        while (first < positionCount && ColumnVector.isNullBit(nulls, first)) {
            first++;
        }
        int previous = first < positionCount ? first : -1;
        for (int i = 0; i < positionCount; i++) {
            if (!ColumnVector.isNullBit(nulls, i)) {
                previous = i;
            }
            else {
                starts[i] = previous < 0 ? 0 : starts[previous];
                lengths[i] = previous < 0 ? 0 : lengths[previous];
            }
        }
    }

    /** What one pass over a chunk's strings measures: the plain size (nulls stored as empty strings), lengths and runs. */
    private record Shape(long plainBytes, int minLength, int maxLength, int runCount, int minRun, int maxRun, long runValueBytes, int minRunValueLength, int maxRunValueLength)
    {
        static Shape measure(MemorySegment bytes, MemorySegment nulls, int[] starts, int[] lengths, int positionCount)
        {
            long plainBytes = 0;
            int minLength = Integer.MAX_VALUE;
            int maxLength = 0;
            int runCount = positionCount == 0 ? 0 : 1;
            int runStart = 0;
            int minRun = Integer.MAX_VALUE;
            int maxRun = 0;
            long runValueBytes = positionCount == 0 ? 0 : lengths[0];
            int minRunValueLength = positionCount == 0 ? 0 : lengths[0];
            int maxRunValueLength = minRunValueLength;
            for (int i = 0; i < positionCount; i++) {
                int length = nulls != null && ColumnVector.isNullBit(nulls, i) ? 0 : lengths[i];
                plainBytes += length;
                minLength = Math.min(minLength, length);
                maxLength = Math.max(maxLength, length);
                if (i > 0 && !equal(bytes, starts[i - 1], lengths[i - 1], starts[i], lengths[i])) {
                    int run = i - runStart;
                    minRun = Math.min(minRun, run);
                    maxRun = Math.max(maxRun, run);
                    runStart = i;
                    runCount++;
                    runValueBytes += lengths[i];
                    minRunValueLength = Math.min(minRunValueLength, lengths[i]);
                    maxRunValueLength = Math.max(maxRunValueLength, lengths[i]);
                }
            }
            return new Shape(plainBytes, positionCount == 0 ? 0 : minLength, maxLength, runCount, Math.min(minRun, positionCount - runStart), Math.max(maxRun, positionCount - runStart), runValueBytes, minRunValueLength, maxRunValueLength);
        }
    }

    private static boolean equal(MemorySegment bytes, int leftStart, int leftLength, int rightStart, int rightLength)
    {
        if (leftLength != rightLength) {
            return false;
        }
        if (leftStart == rightStart) {
            return true;
        }
        // eight bytes at a time, whatever the length: a call to mismatch costs more than comparing the
        // short strings (most of a chunk's) here, and a branch to it for long ones, which the
        // training's files never took with equal lengths, made C2 drop and recompile encode in the
        // first load of SF 1's lineitem (whose comments repeat)
        int i = 0;
        for (; i + Long.BYTES <= leftLength; i += Long.BYTES) {
            if (bytes.get(NATIVE_LONG, leftStart + i) != bytes.get(NATIVE_LONG, rightStart + i)) {
                return false;
            }
        }
        for (; i < leftLength; i++) {
            if (bytes.get(ValueLayout.JAVA_BYTE, leftStart + i) != bytes.get(ValueLayout.JAVA_BYTE, rightStart + i)) {
                return false;
            }
        }
        return true;
    }

    /** The bytes of the non-null strings, one after the other. */
    private static byte[] gatherPlain(MemorySegment bytes, MemorySegment offsets, MemorySegment nulls, int positionCount, int plainBytes)
    {
        byte[] gathered = new byte[plainBytes];
        if (positionCount == 0) {
            return gathered;
        }
        if (nulls == null) {
            MemorySegment.copy(bytes, ValueLayout.JAVA_BYTE, offsets.getAtIndex(NATIVE_INT, 0), gathered, 0, plainBytes);
            return gathered;
        }
        int written = 0;
        for (int i = 0; i < positionCount; i++) {
            if (!ColumnVector.isNullBit(nulls, i)) {
                int start = offsets.getAtIndex(NATIVE_INT, i);
                int length = offsets.getAtIndex(NATIVE_INT, i + 1) - start;
                MemorySegment.copy(bytes, ValueLayout.JAVA_BYTE, start, gathered, written, length);
                written += length;
            }
        }
        return gathered;
    }

    private static void writeRuns(ChunkWriter out, MemorySegment bytes, int[] starts, int[] lengths, int positionCount, int runCount)
    {
        long[] runLengths = new long[runCount];
        long[] valueLengths = new long[runCount];
        int[] valueStarts = new int[runCount];
        int run = 0;
        int runStart = 0;
        long valueBytes = 0;
        for (int i = 1; i <= positionCount; i++) {
            if (i == positionCount || !equal(bytes, starts[i - 1], lengths[i - 1], starts[i], lengths[i])) {
                runLengths[run] = i - runStart;
                valueLengths[run] = lengths[i - 1];
                valueStarts[run] = starts[i - 1];
                valueBytes += lengths[i - 1];
                run++;
                runStart = i;
            }
        }
        byte[] values = new byte[(int) valueBytes];
        int written = 0;
        for (int r = 0; r < runCount; r++) {
            MemorySegment.copy(bytes, ValueLayout.JAVA_BYTE, valueStarts[r], values, written, (int) valueLengths[r]);
            written += (int) valueLengths[r];
        }
        out.writeInt(runCount);
        PackedSequence.writeNonNegative(out, runLengths, runCount);
        PackedSequence.writeNonNegative(out, valueLengths, runCount);
        ByteSection.write(out, new ByteSection.Choice(ChunkFormat.CODEC_NONE, values, values.length, values.length));
    }

    /**
     * The distinct strings of a chunk in order of first appearance, each referring to its first
     * occurrence in the vector, and a code per position. Open addressing over int arrays: no object
     * per string.
     */
    private static final class Dictionary
    {
        private final int[] entryStarts;
        private final int[] entryLengths;
        private final int[] codes;
        private int entryCount;
        private int byteCount;
        private int minEntryLength = Integer.MAX_VALUE;
        private int maxEntryLength;

        private Dictionary(int maxEntries, int positionCount)
        {
            entryStarts = new int[maxEntries];
            entryLengths = new int[maxEntries];
            codes = new int[positionCount];
        }

        /** The dictionary of the strings, or null when they are too many distinct ones for it to pay. */
        static Dictionary build(MemorySegment bytes, int[] starts, int[] lengths, int positionCount)
        {
            int maxEntries = positionCount / 2;
            if (maxEntries < 2) {
                return null;
            }
            Dictionary dictionary = new Dictionary(maxEntries, positionCount);
            int[] table = new int[Integer.highestOneBit(maxEntries) * 4];
            Arrays.fill(table, -1);
            int mask = table.length - 1;
            for (int i = 0; i < positionCount; i++) {
                int start = starts[i];
                int length = lengths[i];
                int slot = hash(bytes, start, length) & mask;
                int code;
                while (true) {
                    code = table[slot];
                    if (code < 0) {
                        if (dictionary.entryCount == maxEntries) {
                            return null;
                        }
                        code = dictionary.add(start, length);
                        table[slot] = code;
                        break;
                    }
                    if (equal(bytes, dictionary.entryStarts[code], dictionary.entryLengths[code], start, length)) {
                        break;
                    }
                    slot = (slot + 1) & mask;
                }
                dictionary.codes[i] = code;
                if (i == DICTIONARY_PROBE_POSITIONS - 1 && positionCount >= 2 * DICTIONARY_PROBE_POSITIONS && dictionary.entryCount * 4 > DICTIONARY_PROBE_POSITIONS * 3) {
                    return null;
                }
            }
            return dictionary;
        }

        private int add(int start, int length)
        {
            int code = entryCount++;
            entryStarts[code] = start;
            entryLengths[code] = length;
            byteCount += length;
            minEntryLength = Math.min(minEntryLength, length);
            maxEntryLength = Math.max(maxEntryLength, length);
            return code;
        }

        private static int hash(MemorySegment bytes, long start, int length)
        {
            long hash = length * 0x9E3779B97F4A7C15L;
            int i = 0;
            for (; i + Long.BYTES <= length; i += Long.BYTES) {
                hash = Long.rotateLeft((hash ^ bytes.get(NATIVE_LONG, start + i)) * 0x9E3779B97F4A7C15L, 31);
            }
            for (; i < length; i++) {
                hash = (hash ^ bytes.get(ValueLayout.JAVA_BYTE, start + i)) * 0xC2B2AE3D27D4EB4FL;
            }
            hash *= 0x9E3779B97F4A7C15L;
            return (int) (hash ^ (hash >>> 32));
        }

        byte[] entryBytes(MemorySegment bytes)
        {
            byte[] entries = new byte[byteCount];
            int written = 0;
            for (int code = 0; code < entryCount; code++) {
                MemorySegment.copy(bytes, ValueLayout.JAVA_BYTE, entryStarts[code], entries, written, entryLengths[code]);
                written += entryLengths[code];
            }
            return entries;
        }

        /** The chunk body's size but for the entries' byte section. */
        long sizeWithoutEntries(int positionCount)
        {
            return Integer.BYTES
                    + PackedSequence.frameOfReferenceBytes(entryCount, width(maxEntryLength - minEntryLength))
                    + Integer.BYTES
                    + PackedSequence.frameOfReferenceBytes(positionCount, width(entryCount - 1));
        }

        void write(ChunkWriter out, ByteSection.Choice entries, int positionCount)
        {
            out.writeInt(entryCount);
            long[] entryLengths = new long[entryCount];
            long decodedBytes = 0;
            for (int code = 0; code < entryCount; code++) {
                entryLengths[code] = this.entryLengths[code];
            }
            PackedSequence.writeFrameOfReference(out, entryLengths, 0, entryCount, minEntryLength, width(maxEntryLength - minEntryLength));
            ByteSection.write(out, entries);
            long[] codes = new long[positionCount];
            for (int i = 0; i < positionCount; i++) {
                codes[i] = this.codes[i];
                decodedBytes += this.entryLengths[this.codes[i]];
            }
            out.writeInt((int) decodedBytes);
            PackedSequence.writeFrameOfReference(out, codes, 0, positionCount, 0, width(entryCount - 1));
        }
    }

    record Strings(MemorySegment values, MemorySegment offsets) {}

    static Strings decode(ChunkEncoding encoding, int positionCount, ChunkReader reader, PageAllocator allocator)
    {
        return switch (encoding) {
            case PLAIN -> decodePlain(positionCount, reader, allocator);
            case CONSTANT -> decodeConstant(positionCount, reader, allocator);
            case DICTIONARY -> decodeDictionary(positionCount, reader, allocator);
            case RUN_LENGTH -> decodeRuns(positionCount, reader, allocator);
            case FRAME_OF_REFERENCE, DELTA -> throw corrupt(encoding + " encoding for a string chunk");
        };
    }

    private static Strings decodePlain(int positionCount, ChunkReader reader, PageAllocator allocator)
    {
        MemorySegment input = reader.input();
        PackedSequence lengths = PackedSequence.readBounded(reader, positionCount, 0, Integer.MAX_VALUE, "string lengths");
        ByteSection.Header section = ByteSection.readHeader(reader, "string bytes");
        MemorySegment offsets = allocator.allocate((positionCount + 1L) * Integer.BYTES);
        long total = lengths.unpackOffsets(input, offsets);
        if (total != section.rawLength()) {
            throw corrupt("string lengths add up to " + total + " bytes, the string bytes are " + section.rawLength());
        }
        MemorySegment values = allocator.allocate(total);
        ByteSection.readInto(input, section, values.asSlice(0, total), "string bytes");
        return new Strings(values, offsets);
    }

    private static Strings decodeConstant(int positionCount, ChunkReader reader, PageAllocator allocator)
    {
        int length = reader.readInt("constant string length", 0, MAX_STRING_BYTES);
        long start = reader.skip(length, "constant string");
        long total = (long) positionCount * length;
        if (total > MAX_STRING_BYTES) {
            throw corrupt(positionCount + " strings of " + length + " bytes exceed " + MAX_STRING_BYTES + " bytes");
        }
        MemorySegment values = allocator.allocate(total);
        MemorySegment offsets = allocator.allocate((positionCount + 1L) * Integer.BYTES);
        if (positionCount > 0 && length > 0) {
            MemorySegment.copy(reader.input(), start, values, 0, length);
            // doubling copies: log(positionCount) calls whatever the length
            for (long filled = length; filled < total; filled *= 2) {
                MemorySegment.copy(values, 0, values, filled, Math.min(filled, total - filled));
            }
        }
        for (int i = 0; i <= positionCount; i++) {
            offsets.setAtIndex(NATIVE_INT, i, i * length);
        }
        return new Strings(values, offsets);
    }

    /** A dictionary chunk's parts, checked against each other: the entries' bytes and offsets, and the packed codes. */
    private record StoredDictionary(int entryCount, int[] entryOffsets, long maxEntryLength, ByteSection.Header section, int total, PackedSequence codes) {}

    private static StoredDictionary readDictionary(int positionCount, ChunkReader reader)
    {
        MemorySegment input = reader.input();
        int entryCount = reader.readInt("dictionary size", 1, Math.max(positionCount, 1));
        PackedSequence entryLengthSequence = PackedSequence.readBounded(reader, entryCount, 0, Integer.MAX_VALUE, "dictionary entry lengths");
        ByteSection.Header section = ByteSection.readHeader(reader, "dictionary bytes");
        int total = reader.readInt("decoded string bytes", 0, MAX_STRING_BYTES);
        PackedSequence codes = PackedSequence.readBounded(reader, positionCount, 0, (1L << width(entryCount - 1)) - 1, "dictionary codes");

        long[] entryLengths = new long[entryCount];
        entryLengthSequence.unpackTo(input, entryLengths);
        int[] entryOffsets = new int[entryCount + 1];
        long entryBytes = 0;
        long maxEntryLength = 0;
        for (int code = 0; code < entryCount; code++) {
            entryBytes += entryLengths[code];
            maxEntryLength = Math.max(maxEntryLength, entryLengths[code]);
            if (entryBytes > section.rawLength()) {
                throw corrupt("dictionary entries pass the " + section.rawLength() + " dictionary bytes");
            }
            entryOffsets[code + 1] = (int) entryBytes;
        }
        if (entryBytes != section.rawLength()) {
            throw corrupt("dictionary entries add up to " + entryBytes + " bytes, the dictionary bytes are " + section.rawLength());
        }
        if (total > positionCount * maxEntryLength) {
            throw corrupt(total + " decoded string bytes, " + positionCount + " strings of at most " + maxEntryLength + " bytes");
        }
        return new StoredDictionary(entryCount, entryOffsets, maxEntryLength, section, total, codes);
    }

    private static Strings decodeDictionary(int positionCount, ChunkReader reader, PageAllocator allocator)
    {
        MemorySegment input = reader.input();
        StoredDictionary parts = readDictionary(positionCount, reader);
        MemorySegment dictionary = ByteSection.view(input, parts.section(), "dictionary bytes");
        int total = parts.total();
        MemorySegment values = allocator.allocate((long) total + Math.max(ColumnVector.COPY_SLACK_BYTES, MAX_WORD_COPIED_ENTRY_BYTES));
        MemorySegment offsets = allocator.allocate((positionCount + 1L) * Integer.BYTES);
        int written = parts.maxEntryLength() <= MAX_WORD_COPIED_ENTRY_BYTES
                ? gatherShortEntries(input, parts.codes(), positionCount, dictionary, parts.entryOffsets(), parts.entryCount(), (int) parts.maxEntryLength(), total, values, offsets)
                : gatherEntries(input, parts.codes(), positionCount, dictionary, parts.entryOffsets(), parts.entryCount(), total, values, offsets);
        if (written != total) {
            throw corrupt("dictionary strings add up to " + written + " bytes, the chunk declares " + total);
        }
        return new Strings(values.asSlice(0, total), offsets);
    }

    /**
     * The distinct strings of a dictionary chunk, or the one string of a constant chunk, each
     * position's code into the entries written to {@code codes[0 .. positionCount)}; null for a chunk
     * of another encoding. The entries are a view of the chunk, or copied into {@code allocator}'s
     * memory when compressed.
     */
    static Strings entries(ChunkEncoding encoding, int positionCount, ChunkReader reader, PageAllocator allocator, int[] codes)
    {
        MemorySegment input = reader.input();
        if (encoding == ChunkEncoding.CONSTANT) {
            int length = reader.readInt("constant string length", 0, MAX_STRING_BYTES);
            long start = reader.skip(length, "constant string");
            MemorySegment offsets = allocator.allocate(2L * Integer.BYTES);
            offsets.setAtIndex(NATIVE_INT, 1, length);
            Arrays.fill(codes, 0, positionCount, 0);
            return new Strings(input.asSlice(start, length), offsets);
        }
        if (encoding != ChunkEncoding.DICTIONARY) {
            return null;
        }
        StoredDictionary parts = readDictionary(positionCount, reader);
        MemorySegment values;
        if (parts.section().codec() == ChunkFormat.CODEC_NONE) {
            values = ByteSection.view(input, parts.section(), "dictionary bytes");
        }
        else {
            // a decompressed view is the thread's scratch, which the next chunk overwrites
            values = allocator.allocate(parts.section().rawLength());
            ByteSection.readInto(input, parts.section(), values, "dictionary bytes");
        }
        int entryCount = parts.entryCount();
        MemorySegment offsets = allocator.allocate((entryCount + 1L) * Integer.BYTES);
        MemorySegment.copy(parts.entryOffsets(), 0, offsets, NATIVE_INT, 0, entryCount + 1);
        parts.codes().unpackInts(input, codes);
        for (int i = 0; i < positionCount; i++) {
            if (codes[i] >= entryCount) {
                throw corrupt("dictionary code " + codes[i] + " at position " + i + ", dictionary has " + entryCount + " entries");
            }
        }
        return new Strings(values, offsets);
    }

    /**
     * Copies the entry of each position's code into {@code values}, one after the other, setting
     * {@code offsets}; returns the bytes written. For entries of up to
     * {@value #MAX_WORD_COPIED_ENTRY_BYTES} bytes: the entries are first laid out in a heap array of
     * words, each padded to the same number of words (as many as the longest needs), so that every
     * string is copied as that many word moves: no call, and no branch on its length, which
     * mispredicts when lengths vary (l_shipinstruct: 4 to 17 bytes). The bytes past a string land
     * where the next string goes, or in the values' slack of {@value #MAX_WORD_COPIED_ENTRY_BYTES} bytes.
     */
    private static int gatherShortEntries(MemorySegment input, PackedSequence codes, int positionCount, MemorySegment dictionary,
            int[] entryOffsets, int entryCount, int maxEntryLength, int total, MemorySegment values, MemorySegment offsets)
    {
        int stride = Math.max(1, (maxEntryLength + Long.BYTES - 1) / Long.BYTES);
        long[] words = DICTIONARY_WORDS.get();
        if (words.length < entryCount * stride) {
            words = new long[Math.max(entryCount * stride, words.length * 2)];
            DICTIONARY_WORDS.set(words);
        }
        for (int code = 0; code < entryCount; code++) {
            int start = entryOffsets[code];
            int length = entryOffsets[code + 1] - start;
            for (int word = 0; word < stride; word++) {
                long value = 0;
                for (int b = 0; b < Long.BYTES && word * Long.BYTES + b < length; b++) {
                    value |= (dictionary.get(ValueLayout.JAVA_BYTE, start + word * Long.BYTES + b) & 0xFFL) << (b * Byte.SIZE);
                }
                words[code * stride + word] = value;
            }
        }

        int width = codes.width();
        long mask = codes.mask();
        int reference = (int) codes.reference();
        long bitsOffset = codes.bitsOffset();
        long limit = input.byteSize();
        int safe = width == 0 ? positionCount : codes.wordSafeCount(limit);
        int written = 0;
        long bit = 0;
        for (int i = 0; i < positionCount; i++, bit += width) {
            int code = reference;
            if (width > 0) {
                code += (int) (i < safe ? (input.get(LONG, bitsOffset + (bit >>> 3)) >>> (bit & 7)) & mask : PackedSequence.packedValue(input, bitsOffset, limit, bit, mask));
            }
            if (code >= entryCount) {
                throw corrupt("dictionary code " + code + " at position " + i + ", dictionary has " + entryCount + " entries");
            }
            int length = entryOffsets[code + 1] - entryOffsets[code];
            if (length > total - written) {
                throw corrupt("dictionary strings pass the " + total + " decoded bytes the chunk declares");
            }
            int firstWord = code * stride;
            for (int word = 0; word < stride; word++) {
                // little-endian, as the words were assembled
                values.set(LONG, written + (long) word * Long.BYTES, words[firstWord + word]);
            }
            written += length;
            offsets.setAtIndex(NATIVE_INT, i + 1, written);
        }
        return written;
    }

    private static int gatherEntries(MemorySegment input, PackedSequence codes, int positionCount, MemorySegment dictionary,
            int[] entryOffsets, int entryCount, int total, MemorySegment values, MemorySegment offsets)
    {
        int width = codes.width();
        long mask = codes.mask();
        int reference = (int) codes.reference();
        long bitsOffset = codes.bitsOffset();
        long limit = input.byteSize();
        int safe = width == 0 ? positionCount : codes.wordSafeCount(limit);
        int written = 0;
        long bit = 0;
        for (int i = 0; i < positionCount; i++, bit += width) {
            int code = reference;
            if (width > 0) {
                code += (int) (i < safe ? (input.get(LONG, bitsOffset + (bit >>> 3)) >>> (bit & 7)) & mask : PackedSequence.packedValue(input, bitsOffset, limit, bit, mask));
            }
            if (code >= entryCount) {
                throw corrupt("dictionary code " + code + " at position " + i + ", dictionary has " + entryCount + " entries");
            }
            int start = entryOffsets[code];
            int length = entryOffsets[code + 1] - start;
            if (length > total - written) {
                throw corrupt("dictionary strings pass the " + total + " decoded bytes the chunk declares");
            }
            ColumnVector.copyBytes(dictionary, start, values, written, length);
            written += length;
            offsets.setAtIndex(NATIVE_INT, i + 1, written);
        }
        return written;
    }

    private static Strings decodeRuns(int positionCount, ChunkReader reader, PageAllocator allocator)
    {
        MemorySegment input = reader.input();
        int runCount = reader.readInt("run count", positionCount == 0 ? 0 : 1, positionCount);
        long[] runLengths = new long[runCount];
        // a header bounds its values only to the width's next power of two: each length is checked below
        PackedSequence.read(reader, runCount, "run lengths").unpackTo(input, runLengths);
        long[] valueLengths = new long[runCount];
        PackedSequence.readBounded(reader, runCount, 0, Integer.MAX_VALUE, "run value lengths").unpackTo(input, valueLengths);
        ByteSection.Header section = ByteSection.readHeader(reader, "run value bytes");
        long positions = 0;
        long valueBytes = 0;
        long total = 0;
        for (int run = 0; run < runCount; run++) {
            if (runLengths[run] < 1 || runLengths[run] > positionCount) {
                throw corrupt("run " + run + " has length " + runLengths[run] + " in a chunk of " + positionCount + " positions");
            }
            positions += runLengths[run];
            valueBytes += valueLengths[run];
            total += runLengths[run] * valueLengths[run];
            if (positions > positionCount || valueBytes > section.rawLength() || total > MAX_STRING_BYTES) {
                throw corrupt("runs pass the chunk's " + positionCount + " positions, its value bytes or the string size limit");
            }
        }
        if (positions != positionCount || valueBytes != section.rawLength()) {
            throw corrupt("runs cover " + positions + " positions and " + valueBytes + " value bytes, the chunk has " + positionCount + " and " + section.rawLength());
        }
        MemorySegment runValues = ByteSection.view(input, section, "run value bytes");
        MemorySegment values = allocator.allocate(total + ColumnVector.COPY_SLACK_BYTES);
        MemorySegment offsets = allocator.allocate((positionCount + 1L) * Integer.BYTES);
        int position = 0;
        int written = 0;
        int valueStart = 0;
        for (int run = 0; run < runCount; run++) {
            int length = (int) valueLengths[run];
            for (int end = position + (int) runLengths[run]; position < end; position++) {
                ColumnVector.copyBytes(runValues, valueStart, values, written, length);
                written += length;
                offsets.setAtIndex(NATIVE_INT, position + 1, written);
            }
            valueStart += length;
        }
        return new Strings(values.asSlice(0, total), offsets);
    }
}
