package io.signo.storage.db.encoding;

import io.signo.storage.memory.PageAllocator;
import io.signo.storage.type.PhysicalType;
import io.signo.storage.type.Type;
import io.signo.storage.vector.ColumnVector;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

import static io.signo.storage.db.encoding.ChunkFormat.MAX_PACKED_WIDTH;
import static io.signo.storage.db.encoding.ChunkFormat.MODE_DELTA;
import static io.signo.storage.db.encoding.ChunkFormat.MODE_FRAME_OF_REFERENCE;
import static io.signo.storage.db.encoding.ChunkFormat.width;
import static io.signo.storage.db.encoding.ChunkReader.corrupt;

/**
 * Chunks of fixed-width values: BOOLEAN, INTEGER, DATE, BIGINT, DECIMAL and DOUBLE. All are handled
 * as longs (a DOUBLE as its raw bits, so NaN payloads and -0.0 survive and equality is bit equality).
 *
 * <p>The encoder reads the values once into a long array, with each null slot given its
 * predecessor's value so that nulls never break a run or widen a range, then measures everything it
 * needs in one more pass (range, range of consecutive differences, runs) and computes each
 * candidate's exact size from that, without trying any.
 */
final class NumberChunks
{
    private static final ValueLayout.OfInt NATIVE_INT = ValueLayout.JAVA_INT_UNALIGNED;
    private static final ValueLayout.OfLong NATIVE_LONG = ValueLayout.JAVA_LONG_UNALIGNED;

    /**
     * A run-length chunk is considered only when runs average at least this long: decoding it is a
     * loop per run, slower than unpacking a frame of reference when runs are short.
     */
    private static final int MIN_AVERAGE_RUN = 4;

    private NumberChunks() {}

    static ChunkEncoding encode(ColumnVector vector, ChunkWriter out)
    {
        if (vector.type().physicalType() == PhysicalType.INT128) {
            // a long DECIMAL's words, low then high, as twice as many longs: small values' high words are all 0 or all -1
            return encode(new ColumnVector(Type.BIGINT, 2 * vector.positionCount(), vector.values(), null, null), out);
        }
        int positionCount = vector.positionCount();
        PhysicalType physicalType = vector.type().physicalType();
        int valueWidth = physicalType.fixedWidth();
        long[] values = load(vector);
        if (positionCount == 0) {
            return ChunkEncoding.PLAIN;
        }

        // the pass in a method of its own and no loop here: a loop here made C2 compile this method on
        // stack (OSR) with the pass and every writer inlined, several times over a first load
        Shape shape = Shape.measure(values, positionCount);
        long min = shape.min();
        long max = shape.max();
        long minDelta = shape.minDelta();
        long maxDelta = shape.maxDelta();
        int runCount = shape.runCount();
        int minRun = shape.minRun();
        int maxRun = shape.maxRun();
        long minRunDelta = shape.minRunDelta();
        long maxRunDelta = shape.maxRunDelta();

        if (runCount == 1) {
            out.writeLong(values[0]);
            return ChunkEncoding.CONSTANT;
        }

        long plainBytes = (long) positionCount * valueWidth;
        // max - min and the delta ranges are unsigned: they may pass Long.MAX_VALUE (Long.MIN_VALUE with Long.MAX_VALUE)
        int forWidth = width(max - min);
        long forBytes = forWidth <= MAX_PACKED_WIDTH ? PackedSequence.frameOfReferenceBytes(positionCount, forWidth) : Long.MAX_VALUE;
        int deltaWidth = width(maxDelta - minDelta);
        long deltaBytes = deltaWidth <= MAX_PACKED_WIDTH ? PackedSequence.deltaBytes(positionCount, deltaWidth) : Long.MAX_VALUE;
        long runLengthBytes = Long.MAX_VALUE;
        if ((long) runCount * MIN_AVERAGE_RUN <= positionCount) {
            long runValueBytes = Math.min(
                    forWidth <= MAX_PACKED_WIDTH ? PackedSequence.frameOfReferenceBytes(runCount, forWidth) : Long.MAX_VALUE,
                    width(maxRunDelta - minRunDelta) <= MAX_PACKED_WIDTH ? PackedSequence.deltaBytes(runCount, width(maxRunDelta - minRunDelta)) : Long.MAX_VALUE);
            if (runValueBytes != Long.MAX_VALUE) {
                runLengthBytes = Integer.BYTES + runValueBytes + PackedSequence.frameOfReferenceBytes(runCount, width(maxRun - minRun));
            }
        }

        // smallest wins; plain only loses to what saves a tenth of it, as nothing decodes faster than a copy
        ChunkEncoding best = ChunkEncoding.PLAIN;
        long bestBytes = plainBytes - plainBytes / 10;
        if (forBytes < bestBytes) {
            best = ChunkEncoding.FRAME_OF_REFERENCE;
            bestBytes = forBytes;
        }
        // delta decoding is a running sum, a little slower than frame of reference: it has to win outright
        if (deltaBytes < bestBytes) {
            best = ChunkEncoding.DELTA;
            bestBytes = deltaBytes;
        }
        if (runLengthBytes < bestBytes) {
            best = ChunkEncoding.RUN_LENGTH;
        }

        switch (best) {
            case PLAIN -> writePlain(out, values, positionCount, valueWidth);
            case FRAME_OF_REFERENCE -> PackedSequence.writeFrameOfReference(out, values, 0, positionCount, min, forWidth);
            case DELTA -> PackedSequence.writeDelta(out, values, 0, positionCount, minDelta, deltaWidth);
            case RUN_LENGTH -> writeRuns(out, values, positionCount, runCount);
            default -> throw new IllegalStateException("not a number encoding: " + best);
        }
        return best;
    }

    /** What one pass over a chunk's values measures: their range, the range of their differences, and runs. */
    private record Shape(long min, long max, long minDelta, long maxDelta, int runCount, int minRun, int maxRun, long minRunDelta, long maxRunDelta)
    {
        static Shape measure(long[] values, int positionCount)
        {
            // one pass: range, range of differences, runs
            long min = values[0];
            long max = min;
            long minDelta = Long.MAX_VALUE;
            long maxDelta = Long.MIN_VALUE;
            int runCount = 1;
            int runStart = 0;
            int minRun = Integer.MAX_VALUE;
            int maxRun = 0;
            long minRunDelta = Long.MAX_VALUE;
            long maxRunDelta = Long.MIN_VALUE;
            for (int i = 1; i < positionCount; i++) {
                long value = values[i];
                long delta = value - values[i - 1];
                min = Math.min(min, value);
                max = Math.max(max, value);
                minDelta = Math.min(minDelta, delta);
                maxDelta = Math.max(maxDelta, delta);
                if (delta != 0) {
                    int run = i - runStart;
                    minRun = Math.min(minRun, run);
                    maxRun = Math.max(maxRun, run);
                    minRunDelta = Math.min(minRunDelta, delta);
                    maxRunDelta = Math.max(maxRunDelta, delta);
                    runStart = i;
                    runCount++;
                }
            }
            int lastRun = positionCount - runStart;
            minRun = Math.min(minRun, lastRun);
            maxRun = Math.max(maxRun, lastRun);
            return new Shape(min, max, minDelta, maxDelta, runCount, minRun, maxRun, minRunDelta, maxRunDelta);
        }
    }

    /** The values as longs, each null slot holding the value before it (the first non-null value for leading nulls, 0 when all are null). */
    private static long[] load(ColumnVector vector)
    {
        int positionCount = vector.positionCount();
        MemorySegment source = vector.values();
        long[] values = new long[positionCount];
        switch (vector.type().physicalType()) {
            case BYTE -> {
                for (int i = 0; i < positionCount; i++) {
                    values[i] = source.get(ValueLayout.JAVA_BYTE, i) != 0 ? 1 : 0;
                }
            }
            case INT -> {
                // copied to the heap in one go, then widened: reading them one by one checked the segment each time
                int[] ints = new int[positionCount];
                MemorySegment.copy(source, NATIVE_INT, 0, ints, 0, positionCount);
                for (int i = 0; i < positionCount; i++) {
                    values[i] = ints[i];
                }
            }
            case LONG, DOUBLE -> MemorySegment.copy(source, NATIVE_LONG, 0, values, 0, positionCount);
            case BYTES, INT128 -> throw new IllegalArgumentException("not a vector of one word per value: " + vector.type());
        }
        MemorySegment nulls = vector.nulls();
        if (nulls != null) {
            int first = 0;
            while (first < positionCount && ColumnVector.isNullBit(nulls, first)) {
                first++;
            }
            long previous = first < positionCount ? values[first] : 0;
            for (int i = 0; i < positionCount; i++) {
                if (ColumnVector.isNullBit(nulls, i)) {
                    values[i] = previous;
                }
                else {
                    previous = values[i];
                }
            }
        }
        return values;
    }

    private static void writePlain(ChunkWriter out, long[] values, int positionCount, int valueWidth)
    {
        switch (valueWidth) {
            case 1 -> {
                for (int i = 0; i < positionCount; i++) {
                    out.writeByte((int) values[i]);
                }
            }
            case Integer.BYTES -> {
                for (int i = 0; i < positionCount; i++) {
                    out.writeInt((int) values[i]);
                }
            }
            default -> {
                for (int i = 0; i < positionCount; i++) {
                    out.writeLong(values[i]);
                }
            }
        }
    }

    private static void writeRuns(ChunkWriter out, long[] values, int positionCount, int runCount)
    {
        long[] runValues = new long[runCount];
        long[] runLengths = new long[runCount];
        int run = 0;
        int runStart = 0;
        for (int i = 1; i <= positionCount; i++) {
            if (i == positionCount || values[i] != values[i - 1]) {
                runValues[run] = values[i - 1];
                runLengths[run] = i - runStart;
                run++;
                runStart = i;
            }
        }
        out.writeInt(runCount);
        PackedSequence.writeSmallest(out, runValues, 0, runCount);
        // read back bounded by the chunk's rows, which only frame of reference states in its header
        PackedSequence.writeNonNegative(out, runLengths, runCount);
    }

    static MemorySegment decode(ChunkEncoding encoding, PhysicalType physicalType, int positionCount, ChunkReader reader, PageAllocator allocator)
    {
        if (physicalType == PhysicalType.INT128) {
            return decode(encoding, PhysicalType.LONG, 2 * positionCount, reader, allocator);
        }
        int valueWidth = physicalType.fixedWidth();
        MemorySegment input = reader.input();
        MemorySegment values = allocator.allocate((long) positionCount * valueWidth);
        switch (encoding) {
            case PLAIN -> {
                long offset = reader.skip((long) positionCount * valueWidth, "plain values");
                switch (valueWidth) {
                    case 1 -> MemorySegment.copy(input, offset, values, 0, positionCount);
                    case Integer.BYTES -> MemorySegment.copy(input, ChunkFormat.INT, offset, values, NATIVE_INT, 0, positionCount);
                    default -> MemorySegment.copy(input, ChunkFormat.LONG, offset, values, NATIVE_LONG, 0, positionCount);
                }
            }
            case CONSTANT -> fill(values, valueWidth, 0, positionCount, reader.readLong());
            case FRAME_OF_REFERENCE, DELTA -> {
                PackedSequence sequence = PackedSequence.read(reader, positionCount, encoding.name());
                if (sequence.mode() != (encoding == ChunkEncoding.DELTA ? MODE_DELTA : MODE_FRAME_OF_REFERENCE)) {
                    throw corrupt(encoding + " chunk with packing mode " + sequence.mode());
                }
                switch (valueWidth) {
                    case 1 -> sequence.unpackBytes(input, values);
                    case Integer.BYTES -> sequence.unpackInts(input, values);
                    default -> sequence.unpackLongs(input, values);
                }
            }
            case RUN_LENGTH -> decodeRuns(positionCount, reader, values, valueWidth);
            case DICTIONARY -> throw corrupt("DICTIONARY encoding for a " + physicalType + " chunk");
        }
        return values;
    }

    /**
     * The values at {@code positions[0 .. count)} alone, for chunks whose values can be read one by one
     * (plain, constant, frame of reference); null for the others (delta, run-length), which decode whole.
     */
    static MemorySegment decodePositions(ChunkEncoding encoding, PhysicalType physicalType, int positionCount, ChunkReader reader, int[] positions, int count,
            PageAllocator allocator)
    {
        if (physicalType == PhysicalType.INT128) {
            return null;
        }
        int valueWidth = physicalType.fixedWidth();
        MemorySegment input = reader.input();
        switch (encoding) {
            case PLAIN -> {
                long offset = reader.skip((long) positionCount * valueWidth, "plain values");
                MemorySegment values = allocator.allocate((long) count * valueWidth);
                for (int i = 0; i < count; i++) {
                    long at = offset + (long) positions[i] * valueWidth;
                    switch (valueWidth) {
                        case 1 -> values.set(ValueLayout.JAVA_BYTE, i, input.get(ValueLayout.JAVA_BYTE, at));
                        case Integer.BYTES -> values.setAtIndex(NATIVE_INT, i, input.get(ChunkFormat.INT, at));
                        default -> values.setAtIndex(NATIVE_LONG, i, input.get(ChunkFormat.LONG, at));
                    }
                }
                return values;
            }
            case CONSTANT -> {
                MemorySegment values = allocator.allocate((long) count * valueWidth);
                fill(values, valueWidth, 0, count, reader.readLong());
                return values;
            }
            case FRAME_OF_REFERENCE -> {
                PackedSequence sequence = PackedSequence.read(reader, positionCount, encoding.name());
                if (sequence.mode() != MODE_FRAME_OF_REFERENCE) {
                    throw corrupt(encoding + " chunk with packing mode " + sequence.mode());
                }
                MemorySegment values = allocator.allocate((long) count * valueWidth);
                sequence.gather(input, positions, count, values, valueWidth);
                return values;
            }
            default -> {
                return null;
            }
        }
    }

    private static void decodeRuns(int positionCount, ChunkReader reader, MemorySegment values, int valueWidth)
    {
        MemorySegment input = reader.input();
        int runCount = reader.readInt("run count", positionCount == 0 ? 0 : 1, positionCount);
        long[] runValues = new long[runCount];
        PackedSequence.read(reader, runCount, "run values").unpackTo(input, runValues);
        long[] runLengths = new long[runCount];
        // a header bounds its values only to the width's next power of two, and a file may hold delta-packed
        // lengths (the writer once picked the smaller form): each length is checked here
        PackedSequence.read(reader, runCount, "run lengths").unpackTo(input, runLengths);
        int position = 0;
        for (int run = 0; run < runCount; run++) {
            long length = runLengths[run];
            if (length < 1 || length > positionCount - position) {
                throw corrupt("run " + run + " has length " + length + " where " + (positionCount - position) + " positions are left");
            }
            fill(values, valueWidth, position, (int) length, runValues[run]);
            position += length;
        }
        if (position != positionCount) {
            throw corrupt("runs cover " + position + " positions, chunk has " + positionCount);
        }
    }

    private static void fill(MemorySegment values, int valueWidth, int from, int count, long value)
    {
        switch (valueWidth) {
            case 1 -> values.asSlice(from, count).fill((byte) value);
            case Integer.BYTES -> {
                int intValue = (int) value;
                for (int i = from, end = from + count; i < end; i++) {
                    values.setAtIndex(NATIVE_INT, i, intValue);
                }
            }
            default -> {
                for (int i = from, end = from + count; i < end; i++) {
                    values.setAtIndex(NATIVE_LONG, i, value);
                }
            }
        }
    }
}
