package io.signo.core.operator.aggregation;

import io.signo.storage.error.ErrorCode;
import io.signo.storage.error.SignoException;
import io.signo.storage.page.Page;
import io.signo.storage.type.Int128Math;
import io.signo.storage.type.Type;
import io.signo.storage.type.TypeKind;
import io.signo.storage.vector.ColumnVector;
import io.signo.storage.vector.VectorBuilder;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Arrays;

/**
 * VAR_SAMP, VAR_POP, STDDEV_SAMP and STDDEV_POP of a number, computed in DOUBLE (a DECIMAL's unscaled
 * value divided by its power of ten, as DuckDB casts it). Per group a count, a mean and the sum of
 * squared differences from the mean (M2), updated by Welford's method; two groups' states merge by
 * the formula of Chan, Golub and LeVeque, which stays exact when their means agree. A sample variance
 * of fewer than two values and any variance of none are NULL; a result that is not finite is an
 * error, as in DuckDB.
 */
final class VarianceAccumulator
        extends Accumulator
{
    private static final double[] POWERS_OF_TEN = new double[Type.MAX_DECIMAL_PRECISION + 1];

    static {
        POWERS_OF_TEN[0] = 1;
        for (int i = 1; i < POWERS_OF_TEN.length; i++) {
            POWERS_OF_TEN[i] = POWERS_OF_TEN[i - 1] * 10;
        }
    }

    private final boolean sample;
    private final boolean squareRoot;
    private long[] counts = new long[0];
    private double[] means = new double[0];
    private double[] squaredDifferences = new double[0];
    private double[] scratch = new double[0];

    VarianceAccumulator(AggregateCall call)
    {
        super(call);
        if (call.outputType().kind() != TypeKind.DOUBLE) {
            throw new IllegalArgumentException(call.kind() + " must return DOUBLE, not " + call.outputType());
        }
        this.sample = call.kind() == AggregateKind.VAR_SAMP || call.kind() == AggregateKind.STDDEV_SAMP;
        this.squareRoot = call.kind() == AggregateKind.STDDEV_SAMP || call.kind() == AggregateKind.STDDEV_POP;
    }

    @Override
    void ensureCapacity(int groupCount)
    {
        if (groupCount > counts.length) {
            int capacity = grownCapacity(counts.length, groupCount);
            counts = Arrays.copyOf(counts, capacity);
            means = Arrays.copyOf(means, capacity);
            squaredDifferences = Arrays.copyOf(squaredDifferences, capacity);
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
        if (scratch.length < positionCount) {
            scratch = new double[positionCount];
        }
        double[] values = scratch;
        loadDoubles(column, rows, positionCount, values);
        long[] counts = this.counts;
        double[] means = this.means;
        double[] squaredDifferences = this.squaredDifferences;
        MemorySegment nulls = column.nulls();
        for (int i = 0; i < positionCount; i++) {
            if (nulls == null || !ColumnVector.isNullBit(nulls, rows == null ? i : rows[i])) {
                int group = groupIds[i];
                double value = values[i];
                long count = ++counts[group];
                double mean = means[group];
                double newMean = mean + (value - mean) / count;
                squaredDifferences[group] += (value - newMean) * (value - mean);
                means[group] = newMean;
            }
        }
    }

    /** The values at {@code rows} (at 0 .. count - 1 when null) as doubles, one loop per layout; a NULL's slot holds garbage. */
    private static void loadDoubles(ColumnVector column, int[] rows, int count, double[] values)
    {
        MemorySegment segment = column.values();
        switch (column.type().physicalType()) {
            case INT -> {
                for (int i = 0; i < count; i++) {
                    values[i] = segment.getAtIndex(ValueLayout.JAVA_INT_UNALIGNED, rows == null ? i : rows[i]);
                }
            }
            case LONG -> {
                int scale = column.type().kind() == TypeKind.DECIMAL ? column.type().scale() : 0;
                double divisor = POWERS_OF_TEN[scale];
                for (int i = 0; i < count; i++) {
                    values[i] = segment.getAtIndex(ValueLayout.JAVA_LONG_UNALIGNED, rows == null ? i : rows[i]) / divisor;
                }
            }
            case DOUBLE -> {
                for (int i = 0; i < count; i++) {
                    values[i] = segment.getAtIndex(ValueLayout.JAVA_DOUBLE_UNALIGNED, rows == null ? i : rows[i]);
                }
            }
            case INT128 -> {
                double divisor = POWERS_OF_TEN[column.type().scale()];
                for (int i = 0; i < count; i++) {
                    int row = rows == null ? i : rows[i];
                    values[i] = Int128Math.toDouble(column.getInt128High(row), column.getInt128Low(row)) / divisor;
                }
            }
            case BYTE, BYTES -> throw new IllegalArgumentException("not a number: " + column.type());
        }
    }

    @Override
    void addIntermediate(Page page, int firstChannel, int[] groupIds, int positionCount)
    {
        ColumnVector countColumn = page.column(firstChannel);
        ColumnVector meanColumn = page.column(firstChannel + 1);
        ColumnVector squaredDifferenceColumn = page.column(firstChannel + 2);
        for (int i = 0; i < positionCount; i++) {
            long otherCount = countColumn.getLong(i);
            if (otherCount == 0) {
                continue;
            }
            int group = groupIds[i];
            long count = counts[group];
            double otherMean = meanColumn.getDouble(i);
            double otherSquaredDifferences = squaredDifferenceColumn.getDouble(i);
            if (count == 0) {
                counts[group] = otherCount;
                means[group] = otherMean;
                squaredDifferences[group] = otherSquaredDifferences;
                continue;
            }
            long total = count + otherCount;
            double delta = otherMean - means[group];
            means[group] += delta * otherCount / total;
            squaredDifferences[group] += otherSquaredDifferences + delta * delta * ((double) count * otherCount / total);
            counts[group] = total;
        }
    }

    @Override
    void writeIntermediate(int group, VectorBuilder[] builders, int firstBuilder)
    {
        builders[firstBuilder].appendLong(counts[group]);
        builders[firstBuilder + 1].appendDouble(means[group]);
        builders[firstBuilder + 2].appendDouble(squaredDifferences[group]);
    }

    @Override
    void writeFinal(int group, VectorBuilder builder)
    {
        long count = counts[group];
        if (count == 0 || (sample && count == 1)) {
            builder.appendNull();
            return;
        }
        double variance = squaredDifferences[group] / (sample ? count - 1 : count);
        double result = squareRoot ? Math.sqrt(variance) : variance;
        if (!Double.isFinite(result)) {
            throw new SignoException(ErrorCode.NUMERIC_OVERFLOW, call.kind() + " is out of range: " + result);
        }
        builder.appendDouble(result);
    }

    @Override
    long retainedBytes()
    {
        return (long) counts.length * (Long.BYTES + 2 * Double.BYTES) + (long) scratch.length * Double.BYTES;
    }
}
