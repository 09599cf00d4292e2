package io.signo.core.expression;

import com.google.re2j.Matcher;
import io.signo.storage.error.ErrorCode;
import io.signo.storage.error.SignoException;
import io.signo.storage.memory.PageAllocator;
import io.signo.storage.page.Page;
import io.signo.storage.type.Type;
import io.signo.storage.vector.ColumnVector;
import io.signo.storage.vector.VectorBuilder;

import static java.util.Objects.requireNonNull;

/**
 * REGEXP_EXTRACT(value, pattern [, group]): the text of a capture group (0, the whole match, by
 * default) of the first match, as DuckDB gives it: an empty string when the pattern does not match,
 * the group took no part in the match, or the pattern has fewer groups; NULL when the value or the
 * pattern is.
 */
public final class RegexExtractExpression
        implements Expression
{
    final Expression value;
    final RegexPatterns patterns;
    final int group;
    final Type type;

    RegexExtractExpression(Expression value, Expression pattern, int group, RegexOptions options, Type type)
    {
        this.value = requireNonNull(value, "value is null");
        if (!value.type().isString()) {
            throw new IllegalArgumentException("REGEXP_EXTRACT needs a string, got " + value.type());
        }
        if (group < 0) {
            throw new SignoException(ErrorCode.INVALID_ARGUMENT, "REGEXP_EXTRACT: group must be 0 (the whole match) or more, not " + group);
        }
        this.patterns = new RegexPatterns("REGEXP_EXTRACT", pattern, options);
        this.group = group;
        this.type = requireNonNull(type, "type is null");
        if (!type.isString()) {
            throw new IllegalArgumentException("REGEXP_EXTRACT makes a string, not " + type);
        }
    }

    RegexPatterns patterns()
    {
        return patterns;
    }

    @Override
    public Type type()
    {
        return type;
    }

    @Override
    public ColumnVector evaluate(Page page, int[] positions, int count, PageAllocator allocator)
    {
        RegexRows rows = new RegexRows(patterns, value, page, positions, count, allocator);
        VectorBuilder builder = new VectorBuilder(type, count, allocator);
        for (int i = 0; i < count; i++) {
            if (rows.isNull(i)) {
                builder.appendNull();
                continue;
            }
            Matcher matcher = rows.matcher(i);
            if (!matcher.find() || group > matcher.groupCount()) {
                builder.appendBytes(rows.text(), 0, 0);
                continue;
            }
            int start = matcher.start(group);
            // a group that took no part in the match has no position
            builder.appendBytes(rows.text(), Math.max(start, 0), start < 0 ? 0 : matcher.end(group) - start);
        }
        return builder.build();
    }

    @Override
    public String toString()
    {
        return "REGEXP_EXTRACT(" + value + ", " + patterns + ", " + group + ")";
    }
}
