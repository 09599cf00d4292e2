package io.signo.core.expression;

import io.signo.storage.error.ErrorCode;
import io.signo.storage.error.SignoException;
import io.signo.storage.page.Page;
import io.signo.storage.type.Type;
import org.junit.jupiter.api.Test;

import static io.signo.core.expression.Expressions.constant;
import static io.signo.core.expression.Expressions.input;
import static io.signo.core.expression.Expressions.substring;
import static io.signo.core.expression.TestVectors.evaluate;
import static io.signo.core.expression.TestVectors.list;
import static io.signo.core.expression.TestVectors.page;
import static io.signo.core.expression.TestVectors.vector;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class SubstringExpressionTest
{
    private static final Page PAGE = page(vector(Type.VARCHAR, "13-123-4567", "héllo", "ab", "", null));
    private static final Expression VALUE = input(0, Type.VARCHAR);

    @Test
    void countsCharactersFromOne()
    {
        // TPC-H Q22: substring(c_phone from 1 for 2)
        assertEquals(list("13", "hé", "ab", "", null), evaluate(substring(VALUE, constant(Type.INTEGER, 1), constant(Type.INTEGER, 2)), PAGE));
        assertEquals(list("123-4567", "lo", "", "", null), evaluate(substring(VALUE, constant(Type.INTEGER, 4), null), PAGE));
        assertEquals(list("é", "é"), evaluate(substring(VALUE, constant(Type.BIGINT, 2L), constant(Type.BIGINT, 1L)), PAGE, 1, 1));
    }

    @Test
    void windowIsClippedToTheString()
    {
        // start 0 for 2 covers positions 0 and 1, so only the first character
        assertEquals(list("1", "h", "a", "", null), evaluate(substring(VALUE, constant(Type.INTEGER, 0), constant(Type.INTEGER, 2)), PAGE));
        assertEquals(list("", "", "", "", null), evaluate(substring(VALUE, constant(Type.INTEGER, -5), constant(Type.INTEGER, 3)), PAGE));
        assertEquals(list("", "", "", "", null), evaluate(substring(VALUE, constant(Type.INTEGER, 100), null), PAGE));
        assertEquals(list(null, null, null, null, null), evaluate(substring(VALUE, constant(Type.INTEGER, null), null), PAGE));
    }

    @Test
    void negativeLengthFails()
    {
        assertEquals(ErrorCode.INVALID_ARGUMENT, assertThrows(SignoException.class, () -> evaluate(substring(VALUE, constant(Type.INTEGER, 1), constant(Type.INTEGER, -1)), PAGE)).errorCode());
    }

    @Test
    void emptyPage()
    {
        assertEquals(list(), evaluate(substring(VALUE, constant(Type.INTEGER, 1), null), page(vector(Type.VARCHAR))));
    }
}
