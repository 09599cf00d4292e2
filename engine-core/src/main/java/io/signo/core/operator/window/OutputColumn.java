package io.signo.core.operator.window;

import io.signo.storage.type.PhysicalType;
import io.signo.storage.type.Type;
import io.signo.storage.vector.ColumnVector;
import io.signo.storage.vector.VectorBuilder;

import java.util.ArrayList;
import java.util.List;

/** A window function's results in row order, cut into vectors of {@link SortedRows#PAGE_ROWS} rows like the sorted rows. */
final class OutputColumn
{
    private final Type type;
    private final List<ColumnVector> vectors = new ArrayList<>();
    private long vectorBytes;
    private VectorBuilder builder;

    OutputColumn(Type type)
    {
        this.type = type;
    }

    Type type()
    {
        return type;
    }

    /** The builder the next row's value is appended to: call once per row. */
    VectorBuilder next()
    {
        if (builder == null || builder.positionCount() == SortedRows.PAGE_ROWS) {
            flush();
            builder = new VectorBuilder(type, SortedRows.PAGE_ROWS);
        }
        return builder;
    }

    /** Appends an integer of this column's type (INTEGER or BIGINT). */
    void appendInteger(long value)
    {
        VectorBuilder target = next();
        if (type.physicalType() == PhysicalType.INT) {
            target.appendInt(Math.toIntExact(value));
        }
        else {
            target.appendLong(value);
        }
    }

    private void flush()
    {
        if (builder != null) {
            ColumnVector vector = builder.build();
            vectors.add(vector);
            vectorBytes += vector.retainedBytes();
            builder = null;
        }
    }

    /** The memory of the vectors built so far, and of the one being built at its fixed width. */
    long retainedBytes()
    {
        return vectorBytes + (builder == null ? 0 : (long) SortedRows.PAGE_ROWS * (Math.max(type.physicalType().fixedWidth(), Integer.BYTES) + 1));
    }

    /** The vectors, one per page of the sorted rows. */
    List<ColumnVector> vectors()
    {
        flush();
        return vectors;
    }
}
