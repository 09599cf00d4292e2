package io.signo.core.operator.aggregation;

import io.signo.storage.page.Page;
import io.signo.storage.vector.ColumnVector;
import io.signo.storage.vector.VectorBuilder;

import java.util.Arrays;

/** COUNT(*) and COUNT(x): a long per group; COUNT(x) skips NULLs. */
final class CountAccumulator
        extends Accumulator
{
    private long[] counts = new long[0];

    CountAccumulator(AggregateCall call)
    {
        super(call);
    }

    @Override
    void ensureCapacity(int groupCount)
    {
        if (groupCount > counts.length) {
            counts = Arrays.copyOf(counts, grownCapacity(counts.length, groupCount));
        }
    }

    @Override
    void addInput(ColumnVector column, int[] groupIds, int positionCount)
    {
        long[] counts = this.counts;
        if (column == null || !column.mayHaveNulls()) {
            for (int i = 0; i < positionCount; i++) {
                counts[groupIds[i]]++;
            }
            return;
        }
        for (int i = 0; i < positionCount; i++) {
            if (!column.isNull(i)) {
                counts[groupIds[i]]++;
            }
        }
    }

    @Override
    void addInput(ColumnVector column, int[] rows, int[] groupIds, int positionCount)
    {
        if (column == null || !column.mayHaveNulls()) {
            addInput(null, groupIds, positionCount);
            return;
        }
        long[] counts = this.counts;
        for (int i = 0; i < positionCount; i++) {
            if (!column.isNull(rows[i])) {
                counts[groupIds[i]]++;
            }
        }
    }

    @Override
    void addInput(ColumnVector column, int[] rows, int[] groupIds, int positionCount, GroupRowCounts groupRowCounts)
    {
        if ((column == null || !column.mayHaveNulls()) && groupRowCounts.fewGroups()) {
            groupRowCounts.addTo(counts);
            return;
        }
        super.addInput(column, rows, groupIds, positionCount, groupRowCounts);
    }

    /** The rows (or values) counted in a group. */
    long count(int group)
    {
        return counts[group];
    }

    @Override
    void addIntermediate(Page page, int firstChannel, int[] groupIds, int positionCount)
    {
        ColumnVector column = page.column(firstChannel);
        long[] counts = this.counts;
        for (int i = 0; i < positionCount; i++) {
            if (!column.isNull(i)) {
                counts[groupIds[i]] += column.getLong(i);
            }
        }
    }

    @Override
    void writeIntermediate(int group, VectorBuilder[] builders, int firstBuilder)
    {
        builders[firstBuilder].appendLong(counts[group]);
    }

    @Override
    void writeFinal(int group, VectorBuilder builder)
    {
        ResultWriter.writeLong(counts[group], call.outputType(), builder);
    }

    @Override
    long retainedBytes()
    {
        return (long) counts.length * Long.BYTES;
    }
}
