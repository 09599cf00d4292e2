package io.signo.core.expression;

import com.google.re2j.Matcher;
import io.signo.storage.memory.PageAllocator;
import io.signo.storage.page.Page;
import io.signo.storage.type.Type;
import io.signo.storage.vector.ColumnVector;

import static java.util.Objects.requireNonNull;

/**
 * Whether a regular expression matches a string: somewhere in it (REGEXP_MATCHES, REGEXP_LIKE and
 * {@code ~}) or the whole of it (REGEXP_FULL_MATCH and SIMILAR TO). NULL when the string or the
 * pattern is.
 */
public final class RegexMatchExpression
        implements Expression
{
    final Expression value;
    final RegexPatterns patterns;
    final boolean wholeValue;

    RegexMatchExpression(String function, Expression value, Expression pattern, RegexOptions options, boolean wholeValue)
    {
        this.value = requireNonNull(value, "value is null");
        if (!value.type().isString()) {
            throw new IllegalArgumentException(function + " needs a string, got " + value.type());
        }
        this.patterns = new RegexPatterns(function, pattern, options);
        this.wholeValue = wholeValue;
    }

    RegexPatterns patterns()
    {
        return patterns;
    }

    @Override
    public Type type()
    {
        return Type.BOOLEAN;
    }

    @Override
    public ColumnVector evaluate(Page page, int[] positions, int count, PageAllocator allocator)
    {
        RegexRows rows = new RegexRows(patterns, value, page, positions, count, allocator);
        byte[] result = new byte[count];
        if (wholeValue) {
            for (int i = 0; i < count; i++) {
                if (!rows.isNull(i)) {
                    result[i] = (byte) (rows.matcher(i).matches() ? 1 : 0);
                }
            }
        }
        else {
            for (int i = 0; i < count; i++) {
                if (!rows.isNull(i)) {
                    Matcher matcher = rows.matcher(i);
                    result[i] = (byte) (matcher.find() ? 1 : 0);
                }
            }
        }
        return FixedWidthVectors.fromBooleans(result, count, rows.nulls(), allocator);
    }

    @Override
    public String toString()
    {
        return patterns.function() + "(" + value + ", " + patterns + (wholeValue ? ", whole value" : "") + ")";
    }
}
