package io.signo.core.operator.aggregation;

import io.signo.core.operator.kernel.KeyHashing;
import io.signo.storage.page.Page;
import io.signo.storage.table.HyperLogLog;
import io.signo.storage.type.PhysicalType;
import io.signo.storage.type.Type;
import io.signo.storage.vector.ColumnVector;
import io.signo.storage.vector.VectorBuilder;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Arrays;

/**
 * APPROX_COUNT_DISTINCT of any type: a {@link HyperLogLog} sketch per group (about 2.3% standard
 * error, exact or nearly so for a few values), fed with the hashes GROUP BY uses, so that values equal
 * in SQL (+0.0 and -0.0, every NaN) count once. A group's sketch is made at its first non-null value:
 * a group of NULLs holds none and counts 0. Partial states are the sketches' registers, which merge
 * exactly: the estimate does not depend on how the rows were split.
 */
final class ApproxCountDistinctAccumulator
        extends Accumulator
{
    /** The intermediate column: a sketch's registers as the bytes of a string, NULL for a group without one. */
    static final Type SKETCH_TYPE = Type.VARCHAR;
    /** What a sketch holds besides its registers: the object, the array's header and the reference to it. */
    private static final int SKETCH_OVERHEAD_BYTES = 48;

    private HyperLogLog[] sketches = new HyperLogLog[0];
    private int sketchCount;
    private long[] hashes = new long[0];
    private boolean[] nulls = new boolean[0];
    private final byte[] registers = new byte[HyperLogLog.REGISTER_COUNT];

    ApproxCountDistinctAccumulator(AggregateCall call)
    {
        super(call);
        if (call.outputType().physicalType() != PhysicalType.LONG) {
            throw new IllegalArgumentException("APPROX_COUNT_DISTINCT returns BIGINT, not " + call.outputType());
        }
    }

    @Override
    void ensureCapacity(int groupCount)
    {
        if (groupCount > sketches.length) {
            sketches = Arrays.copyOf(sketches, grownCapacity(sketches.length, groupCount));
        }
    }

    @Override
    void addInput(ColumnVector column, int[] groupIds, int positionCount)
    {
        addInput(column, null, groupIds, positionCount);
    }

    @Override
    void addInput(ColumnVector column, int[] rows, int[] groupIds, int positionCount)
    {
        if (hashes.length < positionCount) {
            hashes = new long[positionCount];
            nulls = new boolean[positionCount];
        }
        long[] hashes = this.hashes;
        boolean[] nulls = this.nulls;
        boolean anyNull;
        if (column.type().physicalType() == PhysicalType.BYTES) {
            anyNull = hashStrings(column, rows, positionCount, hashes, nulls);
        }
        else if (column.type().physicalType() == PhysicalType.INT128) {
            anyNull = false;
            for (int i = 0; i < positionCount; i++) {
                int row = rows == null ? i : rows[i];
                nulls[i] = column.isNull(row);
                anyNull |= nulls[i];
                hashes[i] = KeyHashing.hashLong(KeyHashing.hashLong(column.getInt128High(row)) ^ column.getInt128Low(row));
            }
        }
        else {
            anyNull = rows == null ? KeyHashing.loadLongKeys(column, positionCount, hashes, nulls) : KeyHashing.loadLongKeys(column, rows, positionCount, hashes, nulls);
            for (int i = 0; i < positionCount; i++) {
                hashes[i] = KeyHashing.hashLong(hashes[i]);
            }
        }
        for (int i = 0; i < positionCount; i++) {
            if (!anyNull || !nulls[i]) {
                sketch(groupIds[i]).addHash(hashes[i]);
            }
        }
    }

    /** The hashes of the strings at {@code rows} (at 0 .. count - 1 when null) and their null flags; returns whether any is null. */
    private static boolean hashStrings(ColumnVector column, int[] rows, int count, long[] hashes, boolean[] nulls)
    {
        MemorySegment bytes = column.values();
        MemorySegment offsets = column.offsets();
        MemorySegment bitmap = column.nulls();
        boolean anyNull = false;
        for (int i = 0; i < count; i++) {
            int row = rows == null ? i : rows[i];
            boolean isNull = bitmap != null && ColumnVector.isNullBit(bitmap, row);
            nulls[i] = isNull;
            anyNull |= isNull;
            if (!isNull) {
                int start = offsets.getAtIndex(ValueLayout.JAVA_INT_UNALIGNED, row);
                int end = offsets.getAtIndex(ValueLayout.JAVA_INT_UNALIGNED, row + 1);
                hashes[i] = KeyHashing.hashBytes(bytes, start, end - start);
            }
        }
        return anyNull;
    }

    private HyperLogLog sketch(int group)
    {
        HyperLogLog sketch = sketches[group];
        if (sketch == null) {
            sketch = new HyperLogLog();
            sketches[group] = sketch;
            sketchCount++;
        }
        return sketch;
    }

    @Override
    void addIntermediate(Page page, int firstChannel, int[] groupIds, int positionCount)
    {
        ColumnVector column = page.column(firstChannel);
        MemorySegment bytes = column.values();
        for (int i = 0; i < positionCount; i++) {
            if (column.isNull(i)) {
                continue;
            }
            int length = column.stringLength(i);
            if (length != HyperLogLog.REGISTER_COUNT) {
                throw new IllegalStateException("a sketch has " + HyperLogLog.REGISTER_COUNT + " registers, got " + length);
            }
            MemorySegment.copy(bytes, ValueLayout.JAVA_BYTE, column.stringStart(i), registers, 0, length);
            sketch(groupIds[i]).mergeRegisters(registers);
        }
    }

    @Override
    void writeIntermediate(int group, VectorBuilder[] builders, int firstBuilder)
    {
        HyperLogLog sketch = sketches[group];
        if (sketch == null) {
            builders[firstBuilder].appendNull();
            return;
        }
        sketch.copyRegistersTo(registers);
        builders[firstBuilder].appendBytes(registers, 0, registers.length);
    }

    @Override
    void writeFinal(int group, VectorBuilder builder)
    {
        HyperLogLog sketch = sketches[group];
        builder.appendLong(sketch == null ? 0 : sketch.estimate());
    }

    @Override
    long retainedBytes()
    {
        return (long) sketches.length * Integer.BYTES + (long) sketchCount * (HyperLogLog.REGISTER_COUNT + SKETCH_OVERHEAD_BYTES)
                + (long) hashes.length * (Long.BYTES + 1);
    }
}
