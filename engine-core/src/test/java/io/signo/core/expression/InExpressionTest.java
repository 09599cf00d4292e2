package io.signo.core.expression;

import io.signo.storage.page.Page;
import io.signo.storage.type.Type;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.util.Arrays;
import java.util.List;

import static io.signo.core.expression.Expressions.in;
import static io.signo.core.expression.Expressions.input;
import static io.signo.core.expression.TestVectors.days;
import static io.signo.core.expression.TestVectors.evaluate;
import static io.signo.core.expression.TestVectors.list;
import static io.signo.core.expression.TestVectors.page;
import static io.signo.core.expression.TestVectors.vector;
import static org.junit.jupiter.api.Assertions.assertEquals;

class InExpressionTest
{
    @Test
    void integers()
    {
        Page page = page(vector(Type.INTEGER, 49, 14, 23, 45, 19, 3, 36, 9, 1, null));
        Expression sizes = in(input(0, Type.INTEGER), List.of(49, 14, 23, 45, 19, 3, 36, 9));
        assertEquals(list(true, true, true, true, true, true, true, true, false, null), evaluate(sizes, page));
        assertEquals(list(false, true), evaluate(sizes, page, 8, 0));
        assertEquals(list(), evaluate(sizes, page(vector(Type.INTEGER))));
    }

    @Test
    void nullInListMakesMissesUnknown()
    {
        Page page = page(vector(Type.BIGINT, 1L, 2L, null));
        assertEquals(list(true, null, null), evaluate(in(input(0, Type.BIGINT), Arrays.asList(1L, null)), page));
    }

    @Test
    void decimalsDatesAndDoubles()
    {
        Type decimal = Type.decimal(15, 2);
        Page page = page(vector(decimal, 5L, 6L, 7L), vector(Type.DATE, days("1995-01-01"), days("1996-01-01"), days("1997-01-01")), vector(Type.DOUBLE, 0.5, -0.0, 2.0));
        // 0.061 can never equal a scale-2 value
        assertEquals(list(true, false, true), evaluate(in(input(0, decimal), List.of(new BigDecimal("0.05"), new BigDecimal("0.070"), new BigDecimal("0.061"))), page));
        assertEquals(list(false, true, false), evaluate(in(input(1, Type.DATE), List.of(days("1996-01-01"))), page));
        assertEquals(list(true, true, false), evaluate(in(input(2, Type.DOUBLE), List.of(0.5, 0.0)), page));
    }

    @Test
    void strings()
    {
        Page page = page(vector(Type.VARCHAR, "MAIL", "SHIP", "AIR", "", null));
        Expression modes = in(input(0, Type.VARCHAR), List.of("MAIL", "SHIP", ""));
        assertEquals(list(true, true, false, true, null), evaluate(modes, page));
        Type char10 = Type.character(10);
        Page chars = page(vector(char10, "SM CASE", "LG BOX"));
        assertEquals(list(true, false), evaluate(in(input(0, char10), List.of("SM CASE  ", "SM BOX")), chars));
        // more than four values are hashed; the answers are the same, long values and duplicates included
        Page long_ = page(vector(Type.VARCHAR, "MAIL", "TRUCK", "AIR", "a string longer than sixteen bytes", "REG AIR", "", null));
        Expression many = in(input(0, Type.VARCHAR), List.of("MAIL", "SHIP", "AIR", "AIR", "FOB", "a string longer than sixteen bytes", "RAIL"));
        assertEquals(list(true, false, true, true, false, false, null), evaluate(many, long_));
    }

    @Test
    void manyConstants()
    {
        Object[] values = new Object[2000];
        List<Object> constants = new java.util.ArrayList<>();
        for (int i = 0; i < values.length; i++) {
            values[i] = (long) i;
            if (i % 3 == 0) {
                constants.add((long) i);
            }
        }
        var result = evaluate(in(input(0, Type.BIGINT), constants), page(vector(Type.BIGINT, values)));
        for (int i = 0; i < values.length; i++) {
            assertEquals(i % 3 == 0, result.get(i));
        }
    }
}
