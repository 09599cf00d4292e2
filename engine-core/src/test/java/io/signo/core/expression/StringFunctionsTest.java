package io.signo.core.expression;

import io.signo.storage.page.Page;
import io.signo.storage.type.Type;
import org.junit.jupiter.api.Test;

import java.util.List;

import static io.signo.core.expression.Expressions.characterLength;
import static io.signo.core.expression.Expressions.concat;
import static io.signo.core.expression.Expressions.constant;
import static io.signo.core.expression.Expressions.input;
import static io.signo.core.expression.Expressions.lower;
import static io.signo.core.expression.Expressions.upper;
import static io.signo.core.expression.TestVectors.evaluate;
import static io.signo.core.expression.TestVectors.list;
import static io.signo.core.expression.TestVectors.page;
import static io.signo.core.expression.TestVectors.vector;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** UPPER, LOWER, LENGTH and ||: ASCII and other text, empty strings, NULLs, selected rows and empty pages. */
class StringFunctionsTest
{
    private static final Page PAGE = page(
            vector(Type.VARCHAR, "Brass Pot", "héllo ÉTÉ ✓", "", null, "σΣ"),
            vector(Type.VARCHAR, "-x", "", "y ", "z", null));
    private static final Expression FIRST = input(0, Type.VARCHAR);
    private static final Expression SECOND = input(1, Type.VARCHAR);

    @Test
    void changesTheCaseOfEveryCharacter()
    {
        assertEquals(list("BRASS POT", "HÉLLO ÉTÉ ✓", "", null, "ΣΣ"), evaluate(upper(FIRST), PAGE));
        assertEquals(list("brass pot", "héllo été ✓", "", null, "σσ"), evaluate(lower(FIRST), PAGE));
        assertEquals(list("HÉLLO ÉTÉ ✓", "ΣΣ"), evaluate(upper(FIRST), PAGE, 1, 4));
    }

    @Test
    void countsCharactersNotBytes()
    {
        assertEquals(list(9L, 11L, 0L, null, 2L), evaluate(characterLength(FIRST, Type.BIGINT), PAGE));
        assertEquals(list(11, 2), evaluate(characterLength(FIRST, Type.INTEGER), PAGE, 1, 4));
    }

    @Test
    void concatenatesAndIsNullWhenAnyPartIs()
    {
        Expression joined = concat(List.of(FIRST, constant(Type.VARCHAR, " | "), SECOND), Type.VARCHAR);
        assertEquals(list("Brass Pot | -x", "héllo ÉTÉ ✓ | ", " | y ", null, null), evaluate(joined, PAGE));
        assertEquals(list(" | y ", "Brass Pot | -x"), evaluate(joined, PAGE, 2, 0));
    }

    @Test
    void trimsTheCharactersOfTheSetFromEitherEnd()
    {
        Page padded = page(vector(Type.VARCHAR, "  a b ", "xéax", "", null, "ééé"));
        Expression value = input(0, Type.VARCHAR);
        assertEquals(list("a b", "xéax", "", null, "ééé"), evaluate(Expressions.trim(value, " ", true, true, Type.VARCHAR), padded));
        assertEquals(list("  a b ", "ax", "", null, ""), evaluate(Expressions.trim(value, "xé", true, false, Type.VARCHAR), padded));
        assertEquals(list("  a b ", "xéa", "", null, ""), evaluate(Expressions.trim(value, "xé", false, true, Type.VARCHAR), padded));
        assertEquals(list("a b ", "xéax"), evaluate(Expressions.trim(value, " ", true, false, Type.VARCHAR), padded, 0, 1));
    }

    @Test
    void replacesEveryOccurrence()
    {
        Expression replaced = Expressions.replace(FIRST, constant(Type.VARCHAR, "s"), SECOND, Type.VARCHAR);
        assertEquals(list("Bra-x-x Pot", "héllo ÉTÉ ✓", "", null, null), evaluate(replaced, PAGE));
        assertEquals(list("Brass Pot"), evaluate(Expressions.replace(FIRST, constant(Type.VARCHAR, ""), SECOND, Type.VARCHAR), PAGE, 0));
    }

    @Test
    void emptyPage()
    {
        Page empty = page(vector(Type.VARCHAR), vector(Type.VARCHAR));
        assertEquals(list(), evaluate(upper(FIRST), empty));
        assertEquals(list(), evaluate(characterLength(FIRST, Type.BIGINT), empty));
        assertEquals(list(), evaluate(concat(List.of(FIRST, SECOND), Type.VARCHAR), empty));
    }
}
