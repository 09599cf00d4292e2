package io.signo.core.expression;

import io.signo.storage.error.ErrorCode;
import io.signo.storage.error.SignoException;
import io.signo.storage.page.Page;
import io.signo.storage.type.Type;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

import static io.signo.core.expression.Expressions.input;
import static io.signo.core.expression.Expressions.like;
import static io.signo.core.expression.TestVectors.evaluate;
import static io.signo.core.expression.TestVectors.list;
import static io.signo.core.expression.TestVectors.page;
import static io.signo.core.expression.TestVectors.vector;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class LikeExpressionTest
{
    private static final String[] VALUES = {
            "", "a", "ab", "abc", "abcabc", "xabcx", "PROMO BURNISHED COPPER", "forest green", "special requests",
            "Customer#000000001 Complaints", "aaa", "ba", "héllo", "h€llo", "日本語", "%", "_", "a%b", "a_b", "abab",
    };
    private static final String[] PATTERNS = {
            "", "%", "%%", "a", "abc", "a%", "%a", "%abc%", "PROMO%", "%green%", "%special%requests%",
            "%Customer%Complaints%", "a%c", "a%b%c", "ab%ab", "%a%b%", "_", "__", "___", "a_c", "_b%", "%_", "h_llo",
            "日_語", "%本%", "a%%b", "%b_", "_%_", "%a_b%",
    };

    @Test
    void matchesLikeARegularExpressionWould()
    {
        Page page = page(vector(Type.VARCHAR, (Object[]) VALUES));
        for (String pattern : PATTERNS) {
            List<Object> expected = new ArrayList<>();
            Pattern regex = toRegex(pattern, null);
            for (String value : VALUES) {
                expected.add(regex.matcher(value).matches());
            }
            assertEquals(expected, evaluate(like(input(0, Type.VARCHAR), pattern, null), page), "pattern '" + pattern + "'");
        }
    }

    @Test
    void escapeMakesWildcardsLiteral()
    {
        Page page = page(vector(Type.VARCHAR, (Object[]) VALUES));
        for (String pattern : new String[] {"a\\%b", "a\\_b", "\\%", "%\\_%", "a\\\\"}) {
            List<Object> expected = new ArrayList<>();
            Pattern regex = toRegex(pattern, '\\');
            for (String value : VALUES) {
                expected.add(regex.matcher(value).matches());
            }
            assertEquals(expected, evaluate(like(input(0, Type.VARCHAR), pattern, '\\'), page), "pattern '" + pattern + "'");
        }
        assertEquals(ErrorCode.INVALID_ARGUMENT, assertThrows(SignoException.class, () -> like(input(0, Type.VARCHAR), "abc\\", '\\')).errorCode());
    }

    @Test
    void nullsAndSelectionAndEmpty()
    {
        Page page = page(vector(Type.VARCHAR, "abc", null, "xyz"));
        assertEquals(list(true, null, false), evaluate(like(input(0, Type.VARCHAR), "a%", null), page));
        assertEquals(list(false, true), evaluate(like(input(0, Type.VARCHAR), "%y%", null), page, 0, 2));
        assertEquals(list(), evaluate(like(input(0, Type.VARCHAR), "%y%", null), page(vector(Type.VARCHAR))));
    }

    @Test
    void patternKinds()
    {
        assertEquals(LikePattern.Kind.EXACT, new LikePattern("abc", null).kind());
        assertEquals(LikePattern.Kind.PREFIX, new LikePattern("abc%", null).kind());
        assertEquals(LikePattern.Kind.SUFFIX, new LikePattern("%abc", null).kind());
        assertEquals(LikePattern.Kind.CONTAINS, new LikePattern("%abc%", null).kind());
        assertEquals(LikePattern.Kind.ORDERED, new LikePattern("%a%b%", null).kind());
        assertEquals(LikePattern.Kind.GENERAL, new LikePattern("a_c", null).kind());
    }

    private static Pattern toRegex(String pattern, Character escape)
    {
        StringBuilder regex = new StringBuilder();
        for (int i = 0; i < pattern.length(); i++) {
            char c = pattern.charAt(i);
            if (escape != null && c == escape) {
                regex.append(Pattern.quote(String.valueOf(pattern.charAt(++i))));
            }
            else if (c == '%') {
                regex.append(".*");
            }
            else if (c == '_') {
                regex.append('.');
            }
            else {
                regex.append(Pattern.quote(String.valueOf(c)));
            }
        }
        return Pattern.compile(regex.toString(), Pattern.DOTALL);
    }
}
