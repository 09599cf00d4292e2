package io.signo.core.expression;

import io.signo.storage.error.ErrorCode;
import io.signo.storage.error.SignoException;
import io.signo.storage.memory.PageAllocator;
import io.signo.storage.page.Page;
import io.signo.storage.type.Type;
import io.signo.storage.type.TypeKind;
import io.signo.storage.vector.ColumnVector;

import static java.util.Objects.requireNonNull;

/**
 * A SMALLINT or TINYINT value, held as an INTEGER: passes its INTEGER argument through and fails
 * with NUMERIC_OVERFLOW where a value lies outside the narrower type's range, so that
 * {@code CAST(40000 AS SMALLINT)} and a SMALLINT sum past 32767 are errors, as in DuckDB and
 * PostgreSQL, rather than values no SMALLINT holds.
 */
public final class NarrowIntegerCheck
        implements Expression
{
    final Expression value;
    final String typeName;
    final int min;
    final int max;

    NarrowIntegerCheck(Expression value, String typeName, int min, int max)
    {
        this.value = requireNonNull(value, "value is null");
        this.typeName = requireNonNull(typeName, "typeName is null");
        if (value.type().kind() != TypeKind.INTEGER) {
            throw new IllegalArgumentException("a " + typeName + " is held as an INTEGER, not " + value.type());
        }
        this.min = min;
        this.max = max;
    }

    @Override
    public Type type()
    {
        return Type.INTEGER;
    }

    @Override
    public ColumnVector evaluate(Page page, int[] positions, int count, PageAllocator allocator)
    {
        ColumnVector vector = value.evaluate(page, positions, count, allocator);
        for (int i = 0; i < count; i++) {
            int number = vector.getInt(i);
            // a NULL slot holds some value too: only a value the row has is out of range
            if ((number < min || number > max) && !vector.isNull(i)) {
                throw new SignoException(ErrorCode.NUMERIC_OVERFLOW, "Value out of range for " + typeName + ": " + number);
            }
        }
        return vector;
    }

    @Override
    public String toString()
    {
        return typeName + "_RANGE(" + value + ")";
    }
}
