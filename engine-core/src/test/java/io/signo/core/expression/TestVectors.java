package io.signo.core.expression;

import io.signo.storage.memory.PageAllocator;
import io.signo.storage.page.Page;
import io.signo.storage.type.Type;
import io.signo.storage.vector.ColumnVector;
import io.signo.storage.vector.VectorBuilder;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** Builds small vectors and pages from Java values and reads results back, for expression tests. */
final class TestVectors
{
    private TestVectors() {}

    static ColumnVector vector(Type type, Object... values)
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
                case BIGINT, DECIMAL, TIMESTAMP -> builder.appendLong(((Number) value).longValue());
                case TIME, TIMESTAMP_TZ, INTERVAL_YEAR_MONTH, INTERVAL_DAY_TIME -> builder.appendLong(((Number) value).longValue());
                case DOUBLE -> builder.appendDouble(((Number) value).doubleValue());
                case VARCHAR, CHAR -> builder.appendString((String) value);
            }
        }
        return builder.build();
    }

    static Page page(ColumnVector... columns)
    {
        return new Page(columns.length == 0 ? 0 : columns[0].positionCount(), columns);
    }

    static List<Object> evaluate(Expression expression, Page page)
    {
        return values(expression.evaluate(page, null, page.positionCount(), PageAllocator.transientPages()));
    }

    static List<Object> evaluate(Expression expression, Page page, int... positions)
    {
        return values(expression.evaluate(page, positions, positions.length, PageAllocator.transientPages()));
    }

    static List<Object> values(ColumnVector vector)
    {
        List<Object> values = new ArrayList<>();
        for (int i = 0; i < vector.positionCount(); i++) {
            values.add(vector.getObject(i));
        }
        return values;
    }

    static List<Object> list(Object... values)
    {
        return Arrays.asList(values);
    }

    static int days(String isoDate)
    {
        return (int) java.time.LocalDate.parse(isoDate).toEpochDay();
    }
}
