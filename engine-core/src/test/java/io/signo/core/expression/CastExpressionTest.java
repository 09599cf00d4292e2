package io.signo.core.expression;

import io.signo.storage.error.ErrorCode;
import io.signo.storage.error.SignoException;
import io.signo.storage.page.Page;
import io.signo.storage.type.CivilDate;
import io.signo.storage.type.CivilTimestamp;
import io.signo.storage.type.Type;
import org.junit.jupiter.api.Test;

import java.util.List;

import static io.signo.core.expression.Expressions.cast;
import static io.signo.core.expression.Expressions.input;
import static io.signo.core.expression.TestVectors.days;
import static io.signo.core.expression.TestVectors.evaluate;
import static io.signo.core.expression.TestVectors.list;
import static io.signo.core.expression.TestVectors.page;
import static io.signo.core.expression.TestVectors.vector;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

class CastExpressionTest
{
    private static final Type DECIMAL_15_2 = Type.decimal(15, 2);

    @Test
    void sameTypeIsNoOp()
    {
        Expression value = input(0, Type.BIGINT);
        assertSame(value, cast(value, Type.BIGINT));
    }

    @Test
    void exactNumerics()
    {
        Page page = page(vector(Type.INTEGER, 7, -3, null), vector(DECIMAL_15_2, 125L, -125L, 124L), vector(Type.BIGINT, 5_000_000_000L, 1L, 2L));
        assertEquals(list(7L, -3L, null), evaluate(cast(input(0, Type.INTEGER), Type.BIGINT), page));
        assertEquals(list(700L, -300L, null), evaluate(cast(input(0, Type.INTEGER), DECIMAL_15_2), page));
        // 1.25 -> 1.3, -1.25 -> -1.3, 1.24 -> 1.2 (HALF_UP)
        assertEquals(list(13L, -13L, 12L), evaluate(cast(input(1, DECIMAL_15_2), Type.decimal(10, 1)), page));
        assertEquals(list(1, -1, 1), evaluate(cast(input(1, DECIMAL_15_2), Type.INTEGER), page));
        assertEquals(list(1.25, -1.25, 1.24), evaluate(cast(input(1, DECIMAL_15_2), Type.DOUBLE), page));
        assertThrows(SignoException.class, () -> evaluate(cast(input(2, Type.BIGINT), Type.INTEGER), page));
        assertEquals("Decimal overflow", assertThrows(SignoException.class, () -> evaluate(cast(input(2, Type.BIGINT), Type.decimal(10, 2)), page)).getMessage());
    }

    @Test
    void doubles()
    {
        Page page = page(vector(Type.DOUBLE, 2.5, -2.5, 0.285, null));
        // to an integer a half goes to the even neighbour, as in PostgreSQL and DuckDB; to a DECIMAL away from zero
        assertEquals(list(2L, -2L, 0L, null), evaluate(cast(input(0, Type.DOUBLE), Type.BIGINT), page));
        assertEquals(list(4L, -4L, 3L), evaluate(cast(input(0, Type.DOUBLE), Type.BIGINT), page(vector(Type.DOUBLE, 3.5, -3.5, 2.7))));
        assertEquals(list(250L, -250L, 29L, null), evaluate(cast(input(0, Type.DOUBLE), DECIMAL_15_2), page));
        assertEquals(ErrorCode.INVALID_CAST, assertThrows(SignoException.class, () -> evaluate(cast(input(0, Type.DOUBLE), Type.BIGINT), page(vector(Type.DOUBLE, Double.NaN)))).errorCode());
    }

    @Test
    void toText()
    {
        Page page = page(vector(DECIMAL_15_2, 12345L, -5L, 0L, null), vector(Type.DATE, days("1998-09-02"), days("1970-01-01"), days("2000-02-29"), null),
                vector(Type.BIGINT, Long.MIN_VALUE, 0L, 42L, null), vector(Type.BOOLEAN, true, false, true, null));
        assertEquals(list("123.45", "-0.05", "0.00", null), evaluate(cast(input(0, DECIMAL_15_2), Type.VARCHAR), page));
        assertEquals(list("1998-09-02", "1970-01-01", "2000-02-29", null), evaluate(cast(input(1, Type.DATE), Type.VARCHAR), page));
        assertEquals(list("-9223372036854775808", "0", "42", null), evaluate(cast(input(2, Type.BIGINT), Type.VARCHAR), page));
        assertEquals(list("true", "false", "true", null), evaluate(cast(input(3, Type.BOOLEAN), Type.VARCHAR), page));
        assertEquals(list("-92", "0", "42", null), evaluate(cast(input(2, Type.BIGINT), Type.varchar(3)), page));
    }

    @Test
    void fromText()
    {
        Page page = page(vector(Type.VARCHAR, "1998-09-02", " 2000-2-29 ", null));
        assertEquals(list(days("1998-09-02"), days("2000-02-29"), null), evaluate(cast(input(0, Type.VARCHAR), Type.DATE), page));
        assertEquals(ErrorCode.INVALID_CAST, assertThrows(SignoException.class, () -> evaluate(cast(input(0, Type.VARCHAR), Type.DATE), page(vector(Type.VARCHAR, "1999-02-29")))).errorCode());
        assertEquals(ErrorCode.INVALID_CAST, assertThrows(SignoException.class, () -> evaluate(cast(input(0, Type.VARCHAR), Type.DATE), page(vector(Type.VARCHAR, "yesterday")))).errorCode());
        Page numbers = page(vector(Type.VARCHAR, "12.345", "-7", null));
        assertEquals(list(1235L, -700L, null), evaluate(cast(input(0, Type.VARCHAR), DECIMAL_15_2), numbers));
        assertEquals(ErrorCode.INVALID_CAST, assertThrows(SignoException.class, () -> evaluate(cast(input(0, Type.VARCHAR), Type.BIGINT), numbers)).errorCode());
    }

    @Test
    void datesBeforeChrist()
    {
        // PostgreSQL's and DuckDB's text of a year before Christ: 1 BC is ISO's year 0, a leap year
        Page page = page(vector(Type.VARCHAR, "0001-12-31 (BC)", " 0044-03-15 (bc) ", "0001-02-29 (BC)", "0001-01-01", null));
        assertEquals(list(days("0001-01-01") - 1, (int) CivilDate.toDays(-43, 3, 15), (int) CivilDate.toDays(0, 2, 29), days("0001-01-01"), null),
                evaluate(cast(input(0, Type.VARCHAR), Type.DATE), page));
        assertEquals(list("0001-12-31 (BC)", "0044-03-15 (BC)", "0001-02-29 (BC)", "0001-01-01", null),
                evaluate(cast(cast(input(0, Type.VARCHAR), Type.DATE), Type.VARCHAR), page));
        for (String invalid : List.of("0000-01-01 (BC)", "0002-02-29 (BC)", "0001-12-31 BC", "0001-12-31(BC)", "0001-12-31 (AD)", "(BC)", " (BC)")) {
            SignoException error = assertThrows(SignoException.class, () -> evaluate(cast(input(0, Type.VARCHAR), Type.DATE), page(vector(Type.VARCHAR, invalid))), invalid);
            assertEquals(ErrorCode.INVALID_CAST, error.errorCode(), invalid);
            assertEquals("Invalid DATE '" + invalid.strip() + "'", error.getMessage());
        }
        // an INTEGER counts days to 5881580-07-11 and 5877642-06-23 (BC) (DuckDB's DATE stops a day short of each, kept for its infinities)
        assertEquals(list(Integer.MAX_VALUE, Integer.MIN_VALUE), evaluate(cast(input(0, Type.VARCHAR), Type.DATE), page(vector(Type.VARCHAR, "5881580-07-11", "5877642-06-23 (BC)"))));
        for (String outOfRange : List.of("5881580-07-12", "5877642-06-22 (BC)", "999999999-01-01")) {
            SignoException error = assertThrows(SignoException.class, () -> evaluate(cast(input(0, Type.VARCHAR), Type.DATE), page(vector(Type.VARCHAR, outOfRange))), outOfRange);
            assertEquals(ErrorCode.DATETIME_OUT_OF_RANGE, error.errorCode(), outOfRange);
            assertEquals("DATE out of range: '" + outOfRange + "'", error.getMessage());
        }
        // and a timestamp's date, with or without a time of day
        assertEquals(List.of(CivilTimestamp.parse("0000-12-31 10:00:00"), CivilDate.toDays(-43, 3, 15) * CivilTimestamp.MICROS_PER_DAY),
                evaluate(cast(input(0, Type.VARCHAR), Type.TIMESTAMP), page(vector(Type.VARCHAR, "0001-12-31 (BC) 10:00:00", "0044-03-15 (BC)"))));
        assertEquals(CivilTimestamp.INVALID, CivilTimestamp.parse("0000-03-15 (BC) 10:00:00"));
    }

    @Test
    void stringLengths()
    {
        Page page = page(vector(Type.VARCHAR, "héllo world", "ab  ", "", null));
        assertEquals(list("hél", "ab ", "", null), evaluate(cast(input(0, Type.VARCHAR), Type.varchar(3)), page));
        assertEquals(list("héllo", "ab", "", null), evaluate(cast(input(0, Type.VARCHAR), Type.character(5)), page));
        assertEquals(list("héllo world", "ab  ", "", null), evaluate(cast(input(0, Type.VARCHAR), Type.varchar(20)), page));
    }

    @Test
    void selectionAndEmpty()
    {
        Page page = page(vector(Type.INTEGER, 1, 2, 3));
        assertEquals(list("3", "1"), evaluate(cast(input(0, Type.INTEGER), Type.VARCHAR), page, 2, 0));
        assertEquals(list(), evaluate(cast(input(0, Type.INTEGER), Type.VARCHAR), page(vector(Type.INTEGER))));
    }
}
