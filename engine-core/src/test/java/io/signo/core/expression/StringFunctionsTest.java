package io.signo.core.expression;

import io.signo.storage.error.ErrorCode;
import io.signo.storage.error.SignoException;
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
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * UPPER, LOWER, LENGTH, ||, CONCAT, TRIM, REPLACE, POSITION, STARTS_WITH, LPAD, RPAD, LEFT, RIGHT,
 * SPLIT_PART and REVERSE: ASCII and other text, empty strings, NULLs, selected rows and empty pages.
 */
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
    void concatFunctionSkipsNulls()
    {
        Expression joined = Expressions.concatSkippingNulls(List.of(FIRST, constant(Type.VARCHAR, "|"), SECOND), Type.VARCHAR);
        assertEquals(list("Brass Pot|-x", "héllo ÉTÉ ✓|", "|y ", "|z", "σΣ|"), evaluate(joined, PAGE));
        assertEquals(list("", "σΣ"), evaluate(Expressions.concatSkippingNulls(List.of(FIRST), Type.VARCHAR), PAGE, 3, 4));
    }

    @Test
    void findsPositionsInCharacters()
    {
        Page texts = page(vector(Type.VARCHAR, "héllo", "abc", "", null, "xéé"), vector(Type.VARCHAR, "l", "", "a", "a", "é"));
        Expression position = Expressions.position(input(1, Type.VARCHAR), input(0, Type.VARCHAR), Type.BIGINT);
        assertEquals(list(3L, 1L, 0L, null, 2L), evaluate(position, texts));
        assertEquals(list(2L, 3L), evaluate(position, texts, 4, 0));
        Expression startsWith = Expressions.startsWith(input(0, Type.VARCHAR), input(1, Type.VARCHAR));
        assertEquals(list(false, true, false, null, false), evaluate(startsWith, texts));
        assertEquals(list(true), evaluate(Expressions.startsWith(input(0, Type.VARCHAR), constant(Type.VARCHAR, "hé")), texts, 0));
    }

    @Test
    void padsWithTheFillRepeatedAndCutsLongerValues()
    {
        Page texts = page(vector(Type.VARCHAR, "abc", "abcdef", "ab", "héllo", null, ""), vector(Type.BIGINT, 5L, 3L, -1L, 2L, 4L, 3L));
        Expression value = input(0, Type.VARCHAR);
        Expression length = input(1, Type.BIGINT);
        assertEquals(list("xyabc", "abc", "", "hé", null, "xyx"), evaluate(Expressions.pad(true, value, length, constant(Type.VARCHAR, "xy"), Type.VARCHAR), texts));
        assertEquals(list("abcéé", "abc"), evaluate(Expressions.pad(false, value, length, constant(Type.VARCHAR, "é"), Type.VARCHAR), texts, 0, 1));
        SignoException error = assertThrows(SignoException.class, () -> evaluate(Expressions.pad(true, value, length, constant(Type.VARCHAR, ""), Type.VARCHAR), texts));
        assertEquals(ErrorCode.INVALID_ARGUMENT, error.errorCode());
    }

    @Test
    void leftRightSplitPartAndReverseCountCharacters()
    {
        Page texts = page(vector(Type.VARCHAR, "héllo", "a,b,c", "", null), vector(Type.INTEGER, 2, -1, 1, 1));
        Expression value = input(0, Type.VARCHAR);
        Expression count = input(1, Type.INTEGER);
        assertEquals(list("hé", "a,b,", "", null), evaluate(Expressions.leftOrRight(true, value, count, Type.VARCHAR), texts));
        assertEquals(list("lo", ",b,c", "", null), evaluate(Expressions.leftOrRight(false, value, count, Type.VARCHAR), texts));
        assertEquals(list("éllo"), evaluate(Expressions.leftOrRight(false, value, constant(Type.INTEGER, -1), Type.VARCHAR), texts, 0));
        Expression comma = constant(Type.VARCHAR, ",");
        assertEquals(list("", "c", "", null), evaluate(Expressions.splitPart(value, comma, count, Type.VARCHAR), texts));
        assertEquals(list("é", ","), evaluate(Expressions.splitPart(value, constant(Type.VARCHAR, ""), constant(Type.INTEGER, 2), Type.VARCHAR), texts, 0, 1));
        assertEquals(list("olléh", "c,b,a", "", null), evaluate(Expressions.reverse(value, Type.VARCHAR), texts));
        assertEquals(list("c,b,a"), evaluate(Expressions.reverse(value, Type.VARCHAR), texts, 1));
    }

    @Test
    void emptyPage()
    {
        Page empty = page(vector(Type.VARCHAR), vector(Type.VARCHAR));
        assertEquals(list(), evaluate(upper(FIRST), empty));
        assertEquals(list(), evaluate(characterLength(FIRST, Type.BIGINT), empty));
        assertEquals(list(), evaluate(concat(List.of(FIRST, SECOND), Type.VARCHAR), empty));
        assertEquals(list(), evaluate(Expressions.position(FIRST, SECOND, Type.BIGINT), empty));
        assertEquals(list(), evaluate(Expressions.pad(true, FIRST, constant(Type.INTEGER, 3), SECOND, Type.VARCHAR), empty));
        assertEquals(list(), evaluate(Expressions.splitPart(FIRST, SECOND, constant(Type.INTEGER, 1), Type.VARCHAR), empty));
        assertEquals(list(), evaluate(Expressions.reverse(FIRST, Type.VARCHAR), empty));
    }
}
