package io.signo.core.expression;

import io.signo.storage.error.ErrorCode;
import io.signo.storage.error.SignoException;
import io.signo.storage.page.Page;
import io.signo.storage.type.Type;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;

import static io.signo.core.expression.Expressions.constant;
import static io.signo.core.expression.Expressions.input;
import static io.signo.core.expression.Expressions.regexExtract;
import static io.signo.core.expression.Expressions.regexMatches;
import static io.signo.core.expression.Expressions.regexReplace;
import static io.signo.core.expression.Expressions.similarTo;
import static io.signo.core.expression.TestVectors.evaluate;
import static io.signo.core.expression.TestVectors.list;
import static io.signo.core.expression.TestVectors.page;
import static io.signo.core.expression.TestVectors.vector;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * REGEXP_MATCHES, REGEXP_FULL_MATCH, REGEXP_REPLACE, REGEXP_EXTRACT and SIMILAR TO over UTF-8 text:
 * the answers DuckDB gives, NULLs, empty strings, selected rows, patterns from a column, options and
 * errors that name the pattern.
 */
class RegexFunctionsTest
{
    private static final Page PAGE = page(
            vector(Type.VARCHAR, "Brass Pot", "héllo ÉTÉ ✓", "", null, "a\nb", "abc"),
            vector(Type.VARCHAR, "[a-z]+", "É(.)", "^$", "x", null, "(b)(c)?"));
    private static final Expression TEXT = input(0, Type.VARCHAR);
    private static final Expression PATTERNS = input(1, Type.VARCHAR);

    private static Expression pattern(String pattern)
    {
        return constant(Type.VARCHAR, pattern);
    }

    @Test
    void matchesSomewhereOrTheWholeValue()
    {
        assertEquals(list(true, true, false, null, false, true), evaluate(regexMatches("REGEXP_MATCHES", TEXT, pattern("[a-z]{2}"), RegexOptions.DEFAULT, false), PAGE));
        assertEquals(list(false, false, false, null, false, true), evaluate(regexMatches("REGEXP_FULL_MATCH", TEXT, pattern("[a-z]+"), RegexOptions.DEFAULT, true), PAGE));
        // the empty pattern matches everything, also the empty string
        assertEquals(list(true, true, true, null, true, true), evaluate(regexMatches("REGEXP_MATCHES", TEXT, pattern(""), RegexOptions.DEFAULT, false), PAGE));
        // characters of several bytes are one character each to '.'
        assertEquals(list(false, true, false, null, false, false), evaluate(regexMatches("REGEXP_MATCHES", TEXT, pattern("^h.llo .T. .$"), RegexOptions.DEFAULT, false), PAGE));
        assertEquals(list(true, false), evaluate(regexMatches("REGEXP_MATCHES", TEXT, pattern("b"), RegexOptions.DEFAULT, false), PAGE, 5, 0));
    }

    @Test
    void optionsAreDuckDbsLetters()
    {
        Expression brass = regexMatches("REGEXP_MATCHES", TEXT, pattern("BRASS|été"), RegexOptions.parse("REGEXP_MATCHES", "i", false), false);
        assertEquals(list(true, true, false, null, false, false), evaluate(brass, PAGE));
        assertEquals(list(false, false, false, null, false, false),
                evaluate(regexMatches("REGEXP_MATCHES", TEXT, pattern("BRASS"), RegexOptions.parse("REGEXP_MATCHES", "ic", false), false), PAGE));
        // a dot matches a newline only with 's'; 'm' is the default, and the last letter wins
        assertEquals(list(false), evaluate(regexMatches("REGEXP_MATCHES", TEXT, pattern("a.b"), RegexOptions.DEFAULT, false), PAGE, 4));
        assertEquals(list(true), evaluate(regexMatches("REGEXP_MATCHES", TEXT, pattern("a.b"), RegexOptions.parse("REGEXP_MATCHES", "ms", false), false), PAGE, 4));
        assertEquals(list(false), evaluate(regexMatches("REGEXP_MATCHES", TEXT, pattern("a.b"), RegexOptions.parse("REGEXP_MATCHES", "sm", false), false), PAGE, 4));
        // 'l': the pattern is a literal string
        assertEquals(list(false, false, false, null, false, false),
                evaluate(regexMatches("REGEXP_MATCHES", TEXT, pattern("a."), RegexOptions.parse("REGEXP_MATCHES", "l", false), false), PAGE));
        SignoException unknown = assertThrows(SignoException.class, () -> RegexOptions.parse("REGEXP_MATCHES", "ix", false));
        assertEquals(ErrorCode.INVALID_ARGUMENT, unknown.errorCode());
        assertTrue(unknown.getMessage().contains("'x'"), unknown.getMessage());
        assertThrows(SignoException.class, () -> RegexOptions.parse("REGEXP_MATCHES", "g", false));
    }

    @Test
    void patternsFromAColumnAreCompiledPerDistinctPattern()
    {
        Expression matches = regexMatches("REGEXP_MATCHES", TEXT, PATTERNS, RegexOptions.DEFAULT, false);
        assertEquals(list(true, true, true, null, null, true), evaluate(matches, PAGE));
        assertEquals(list("B<rass> Pot", "héllo <ÉT>É ✓", "<>", null, null, "a<bc>"), evaluate(regexReplace(TEXT, PATTERNS, pattern("<\\0>"), RegexOptions.DEFAULT, Type.VARCHAR), PAGE));
        assertEquals(list("rass", "ÉT", "", null, null, "bc"), evaluate(regexExtract(TEXT, PATTERNS, 0, RegexOptions.DEFAULT, Type.VARCHAR), PAGE));
        Page repeated = page(vector(Type.VARCHAR, "a1", "b2", "c3", "d4"), vector(Type.VARCHAR, "\\d", "\\d", "[a-b]", "[a-b]"));
        assertEquals(list(true, true, false, false), evaluate(regexMatches("REGEXP_MATCHES", TEXT, PATTERNS, RegexOptions.DEFAULT, false), repeated));
        Page bad = page(vector(Type.VARCHAR, "a"), vector(Type.VARCHAR, "(a"));
        SignoException error = assertThrows(SignoException.class, () -> evaluate(regexMatches("REGEXP_MATCHES", TEXT, PATTERNS, RegexOptions.DEFAULT, false), bad));
        assertEquals(ErrorCode.INVALID_ARGUMENT, error.errorCode());
        assertTrue(error.getMessage().contains("'(a'"), error.getMessage());
    }

    @Test
    void replacesTheFirstMatchOrEveryOneWithGroups()
    {
        RegexOptions global = RegexOptions.parse("REGEXP_REPLACE", "g", true);
        assertEquals(list("Br-ss Pot", "h-llo ÉTÉ ✓", "", null, "-\nb", "-bc"), evaluate(regexReplace(TEXT, pattern("[aé]"), pattern("-"), RegexOptions.DEFAULT, Type.VARCHAR), PAGE));
        assertEquals(list("Br-ss Pot", "h-llo ÉTÉ ✓", "", null, "-\nb", "-bc"), evaluate(regexReplace(TEXT, pattern("[aé]"), pattern("-"), global, Type.VARCHAR), PAGE));
        assertEquals(list("-B-r-a-s-s- -P-o-t-"), evaluate(regexReplace(TEXT, pattern(""), pattern("-"), global, Type.VARCHAR), PAGE, 0));
        assertEquals(list("-h-é-l-l-o- -É-T-É- -✓-", "-"), evaluate(regexReplace(TEXT, pattern(""), pattern("-"), global, Type.VARCHAR), PAGE, 1, 2));
        // an empty match right after a match is skipped, as RE2 does it
        assertEquals(list("-a-b-c-"), evaluate(regexReplace(TEXT, pattern("x*"), pattern("-"), global, Type.VARCHAR), PAGE, 5));
        assertEquals(list("-abc"), evaluate(regexReplace(TEXT, pattern("x*"), pattern("-"), RegexOptions.DEFAULT, Type.VARCHAR), PAGE, 5));
        assertEquals(list("-"), evaluate(regexReplace(TEXT, pattern("x*"), pattern("-"), global, Type.VARCHAR), PAGE, 2));
        assertEquals(list("-é-"), evaluate(regexReplace(constant(Type.VARCHAR, "é"), pattern(""), pattern("-"), global, Type.VARCHAR), PAGE, 0));
        // \0 is the match, \1 to \9 its groups (a group that took no part is empty), \\ a backslash; $1 is text
        assertEquals(list("a[b|b||\\$1]c"), evaluate(regexReplace(TEXT, pattern("(b)(x)?"), pattern("[\\0|\\1|\\2|\\\\$1]"), RegexOptions.DEFAULT, Type.VARCHAR), PAGE, 5));
        assertEquals(list("héllo [ÉT|T]É ✓"), evaluate(regexReplace(TEXT, pattern("É(.)"), pattern("[\\0|\\1]"), RegexOptions.DEFAULT, Type.VARCHAR), PAGE, 1));
        assertEquals(list((Object) null), evaluate(regexReplace(TEXT, pattern("a"), constant(Type.VARCHAR, null), RegexOptions.DEFAULT, Type.VARCHAR), PAGE, 0));
        assertEquals(list((Object) null), evaluate(regexReplace(TEXT, constant(Type.VARCHAR, null), pattern("x"), RegexOptions.DEFAULT, Type.VARCHAR), PAGE, 0));
    }

    @Test
    void badReplacementsFailNamingThem()
    {
        SignoException group = assertThrows(SignoException.class, () -> regexReplace(TEXT, pattern("(b)"), pattern("\\2"), RegexOptions.DEFAULT, Type.VARCHAR));
        assertEquals(ErrorCode.INVALID_ARGUMENT, group.errorCode());
        assertTrue(group.getMessage().contains("group 2") && group.getMessage().contains("'(b)'"), group.getMessage());
        SignoException escape = assertThrows(SignoException.class, () -> regexReplace(TEXT, pattern("b"), pattern("\\x"), RegexOptions.DEFAULT, Type.VARCHAR));
        assertTrue(escape.getMessage().contains("'\\x'"), escape.getMessage());
        // a replacement from a column is checked row by row
        Page rows = page(vector(Type.VARCHAR, "ab"), vector(Type.VARCHAR, "\\3"));
        assertThrows(SignoException.class, () -> evaluate(regexReplace(TEXT, pattern("(a)"), PATTERNS, RegexOptions.DEFAULT, Type.VARCHAR), rows));
    }

    @Test
    void extractsAGroupOrTheEmptyString()
    {
        assertEquals(list("rass", "héllo", "", null, "", "abc"), evaluate(regexExtract(TEXT, pattern("[a-zé]{3,}"), 0, RegexOptions.DEFAULT, Type.VARCHAR), PAGE));
        // no match, or a group that took no part in the match: the empty string
        assertEquals(list("", "", "", null, "", ""), evaluate(regexExtract(TEXT, pattern("(x)?b"), 1, RegexOptions.DEFAULT, Type.VARCHAR), PAGE));
        assertEquals(list("c"), evaluate(regexExtract(TEXT, pattern("b(c)"), 1, RegexOptions.DEFAULT, Type.VARCHAR), PAGE, 5));
        // a group past the pattern's groups is empty, as in DuckDB
        assertEquals(list(""), evaluate(regexExtract(TEXT, pattern("b(c)"), 2, RegexOptions.DEFAULT, Type.VARCHAR), PAGE, 5));
        assertEquals(list("É"), evaluate(regexExtract(TEXT, pattern("ét(.)"), 1, RegexOptions.CASE_INSENSITIVE, Type.VARCHAR), PAGE, 1));
        assertEquals(ErrorCode.INVALID_ARGUMENT, assertThrows(SignoException.class, () -> regexExtract(TEXT, pattern("b"), -1, RegexOptions.DEFAULT, Type.VARCHAR)).errorCode());
    }

    @Test
    void invalidPatternsFailWhenBuiltNamingThePattern()
    {
        SignoException error = assertThrows(SignoException.class, () -> regexMatches("REGEXP_MATCHES", TEXT, pattern("a(b"), RegexOptions.DEFAULT, false));
        assertEquals(ErrorCode.INVALID_ARGUMENT, error.errorCode());
        assertTrue(error.getMessage().contains("REGEXP_MATCHES") && error.getMessage().contains("'a(b'") && error.getMessage().contains("missing closing )"), error.getMessage());
        assertThrows(SignoException.class, () -> regexReplace(TEXT, pattern("a**"), pattern(""), RegexOptions.DEFAULT, Type.VARCHAR));
        assertThrows(SignoException.class, () -> regexExtract(TEXT, pattern("[z-a]"), 0, RegexOptions.DEFAULT, Type.VARCHAR));
        // RE2 has no back-references and no look-around: it promises time linear in the text
        assertThrows(SignoException.class, () -> regexMatches("REGEXP_MATCHES", TEXT, pattern("(a)\\1"), RegexOptions.DEFAULT, false));
        assertThrows(SignoException.class, () -> regexMatches("REGEXP_MATCHES", TEXT, pattern("a(?=b)"), RegexOptions.DEFAULT, false));
    }

    @Test
    void patternsThatBacktrackingEnginesTakeForeverOnAreFast()
    {
        String text = "a".repeat(5_000) + "!";
        Page page = page(vector(Type.VARCHAR, text, text, text));
        long start = System.nanoTime();
        assertEquals(list(false, false, false), evaluate(regexMatches("REGEXP_FULL_MATCH", TEXT, pattern("(a+)+$b|(a|aa)+b"), RegexOptions.DEFAULT, true), page));
        assertTrue(System.nanoTime() - start < 10_000_000_000L, "matching took " + (System.nanoTime() - start) / 1_000_000 + " ms");
    }

    @Test
    void similarToIsTheStandardsPattern()
    {
        Page words = page(vector(Type.VARCHAR, "abc", "a.c", "aXc", "", null, "a\nc", "ab", "a%c", "ABC"));
        Expression value = input(0, Type.VARCHAR);
        assertEquals(list(true, true, true, false, null, true, false, true, false), evaluate(similarTo(value, "a%c", "\\"), words));
        assertEquals(list(true, true, true, false, null, true, false, true, false), evaluate(similarTo(value, "a_c", "\\"), words));
        // '.' is a dot, not any character; '|', '(', '+' and '[...]' are those of regular expressions
        assertEquals(list(false, true, false, false, null, false, false, false, false), evaluate(similarTo(value, "a.c", "\\"), words));
        assertEquals(list(true, false, true, false, null, false, true, false, false), evaluate(similarTo(value, "a(b|X)+c?", "\\"), words));
        assertEquals(list(false, false, false, false, null, false, false, true, false), evaluate(similarTo(value, "a\\%c", "\\"), words));
        assertEquals(list(false, false, false, false, null, false, false, true, false), evaluate(similarTo(value, "a#%c", "#"), words));
        assertEquals(list(true, false, true, false, null, false, false, false, true), evaluate(similarTo(value, "[aA][^.%\n][cC]", ""), words));
        assertEquals(list(false, false, false, true, null, false, false, false, false), evaluate(similarTo(value, "", "\\"), words));
        assertThrows(SignoException.class, () -> similarTo(value, "a\\", "\\"));
        SignoException error = assertThrows(SignoException.class, () -> similarTo(value, "(a", "\\"));
        assertTrue(error.getMessage().contains("'(a'"), error.getMessage());
    }

    @Test
    void emptyPagesAndSerialization()
            throws Exception
    {
        Page empty = page(vector(Type.VARCHAR), vector(Type.VARCHAR));
        assertEquals(list(), evaluate(regexMatches("REGEXP_MATCHES", TEXT, PATTERNS, RegexOptions.DEFAULT, false), empty));
        assertEquals(list(), evaluate(regexReplace(TEXT, pattern("a"), pattern("b"), RegexOptions.DEFAULT, Type.VARCHAR), empty));
        Expression replace = regexReplace(TEXT, pattern("(é)"), pattern("<\\1>"), RegexOptions.parse("REGEXP_REPLACE", "gi", true), Type.VARCHAR);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream output = new ObjectOutputStream(bytes)) {
            output.writeObject(replace);
        }
        Expression read;
        try (ObjectInputStream input = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
            read = (Expression) input.readObject();
        }
        assertEquals(list("h<é>llo <É>T<É> ✓"), evaluate(read, PAGE, 1));
        assertEquals(list(true), evaluate(Expressions.regexMatches("REGEXP_MATCHES", TEXT, PATTERNS, RegexOptions.DEFAULT, false), PAGE, 0));
    }
}
