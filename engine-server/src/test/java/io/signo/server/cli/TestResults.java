package io.signo.server.cli;

import io.signo.sql.QueryResult;
import io.signo.storage.page.Page;
import io.signo.storage.type.Type;
import io.signo.storage.vector.ColumnVector;
import io.signo.storage.vector.VectorBuilder;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** Builds small vectors, pages and results from Java values for tests. */
final class TestResults
{
    private TestResults() {}

    /** A vector of {@code type} holding {@code values} in the Java value form (null for NULL). */
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
                case DECIMAL -> {
                    if (value instanceof java.math.BigInteger unscaled) {
                        builder.appendInt128(unscaled.shiftRight(64).longValue(), unscaled.longValue());
                    }
                    else {
                        builder.appendLong((Long) value);
                    }
                }
                case BIGINT -> builder.appendLong((Long) value);
                case TIME, TIMESTAMP_TZ, INTERVAL_YEAR_MONTH, INTERVAL_DAY_TIME -> builder.appendLong((Long) value);
                case DOUBLE -> builder.appendDouble((Double) value);
                case VARCHAR, CHAR -> builder.appendString((String) value);
            }
        }
        return builder.build();
    }

    static Page page(ColumnVector... columns)
    {
        return new Page(columns.length == 0 ? 0 : columns[0].positionCount(), columns);
    }

    static QueryResult result(List<String> names, List<Type> types, Page... pages)
    {
        return new QueryResult(names, types, new ArrayList<>(Arrays.asList(pages)));
    }
}
