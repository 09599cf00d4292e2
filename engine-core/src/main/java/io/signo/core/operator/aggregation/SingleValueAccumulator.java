package io.signo.core.operator.aggregation;

import io.signo.storage.error.ErrorCode;
import io.signo.storage.error.SignoException;
import io.signo.storage.page.Page;
import io.signo.storage.vector.ColumnVector;
import io.signo.storage.vector.VectorBuilder;

/**
 * SINGLE_VALUE(x), Calcite's aggregate for a scalar sub-query it cannot prove returns one row: the
 * value of the group's only row, NULL without rows, and an error with more than one. The value is
 * kept as MIN keeps it and the rows are counted; both merge across partial states.
 */
final class SingleValueAccumulator
        extends Accumulator
{
    private final Accumulator value;
    private final CountAccumulator rows;

    SingleValueAccumulator(AggregateCall call)
    {
        super(call);
        this.value = new AggregateCall(AggregateKind.MIN, call.inputChannel(), call.inputType(), call.inputType()).createAccumulator();
        this.rows = new CountAccumulator(AggregateCall.countStar());
    }

    @Override
    void ensureCapacity(int groupCount)
    {
        value.ensureCapacity(groupCount);
        rows.ensureCapacity(groupCount);
    }

    @Override
    void addInput(ColumnVector column, int[] groupIds, int positionCount)
    {
        value.addInput(column, groupIds, positionCount);
        rows.addInput(null, groupIds, positionCount);
    }

    @Override
    void addInput(ColumnVector column, int[] positions, int[] groupIds, int positionCount)
    {
        value.addInput(column, positions, groupIds, positionCount);
        rows.addInput(null, groupIds, positionCount);
    }

    @Override
    void addIntermediate(Page page, int firstChannel, int[] groupIds, int positionCount)
    {
        value.addIntermediate(page, firstChannel, groupIds, positionCount);
        rows.addIntermediate(page, firstChannel + 1, groupIds, positionCount);
    }

    @Override
    void writeIntermediate(int group, VectorBuilder[] builders, int firstBuilder)
    {
        value.writeIntermediate(group, builders, firstBuilder);
        rows.writeIntermediate(group, builders, firstBuilder + 1);
    }

    @Override
    void writeFinal(int group, VectorBuilder builder)
    {
        if (rows.count(group) > 1) {
            throw new SignoException(ErrorCode.CARDINALITY_VIOLATION, "a sub-query used as an expression returned more than one row");
        }
        value.writeFinal(group, builder);
    }

    @Override
    long retainedBytes()
    {
        return value.retainedBytes() + rows.retainedBytes();
    }
}
