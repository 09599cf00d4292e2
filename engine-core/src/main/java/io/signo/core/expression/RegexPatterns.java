package io.signo.core.expression;

import com.google.re2j.Pattern;
import com.google.re2j.PatternSyntaxException;
import io.signo.storage.error.ErrorCode;
import io.signo.storage.error.SignoException;

import java.io.InvalidObjectException;
import java.io.ObjectInputStream;
import java.io.Serial;
import java.io.Serializable;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ConcurrentHashMap;

import static java.util.Objects.requireNonNull;

/**
 * The pattern operand of a regular-expression function, compiled by RE2/J, whose matching takes time
 * linear in the text whatever the pattern (no backtracking: a hostile pattern cannot hang a driver).
 * A constant pattern is compiled once, when the expression is built, so that a bad one fails the
 * statement before it runs; a pattern that varies by row is compiled once per distinct pattern and
 * kept in a small cache shared by the drivers running the expression.
 */
final class RegexPatterns
        implements Serializable
{
    /** Distinct patterns kept compiled; past it the cache starts over (patterns from a column rarely have many). */
    private static final int CACHED_PATTERNS = 1024;

    final String function;
    final Expression pattern;
    final RegexOptions options;
    /** The compiled constant pattern; null when the pattern varies by row or is NULL. */
    final Pattern constant;
    final boolean constantNull;
    final ConcurrentHashMap<String, Pattern> cache = new ConcurrentHashMap<>();

    RegexPatterns(String function, Expression pattern, RegexOptions options)
    {
        this.function = requireNonNull(function, "function is null");
        this.pattern = requireNonNull(pattern, "pattern is null");
        this.options = requireNonNull(options, "options is null");
        if (!pattern.type().isString()) {
            throw new IllegalArgumentException(function + " needs a string pattern, got " + pattern.type());
        }
        if (pattern instanceof ConstantExpression constantPattern) {
            this.constantNull = constantPattern.isNull();
            this.constant = constantNull ? null : compile(function, (String) constantPattern.value(), options);
        }
        else {
            this.constantNull = false;
            this.constant = null;
        }
    }

    /** Compiles {@code pattern}; a pattern RE2/J rejects is an INVALID_ARGUMENT error naming it and what is wrong. */
    static Pattern compile(String function, String pattern, RegexOptions options)
    {
        try {
            return Pattern.compile(options.literal() ? Pattern.quote(pattern) : pattern, options.flags());
        }
        catch (PatternSyntaxException e) {
            throw new SignoException(ErrorCode.INVALID_ARGUMENT, function + ": invalid regular expression '" + pattern + "': " + e.getDescription(), e);
        }
    }

    String function()
    {
        return function;
    }

    Expression pattern()
    {
        return pattern;
    }

    RegexOptions options()
    {
        return options;
    }

    /** Whether the pattern is a constant: then {@link #constant} is it, compiled, or null for the constant NULL. */
    boolean isConstant()
    {
        return pattern instanceof ConstantExpression;
    }

    Pattern constant()
    {
        return constant;
    }

    boolean isConstantNull()
    {
        return constantNull;
    }

    /** The compiled pattern of UTF-8 bytes [start, end) of {@code bytes}. */
    Pattern compiled(MemorySegment bytes, int start, int end)
    {
        String text = new String(bytes.asSlice(start, end - start).toArray(ValueLayout.JAVA_BYTE), StandardCharsets.UTF_8);
        Pattern compiled = cache.get(text);
        if (compiled == null) {
            compiled = compile(function, text, options);
            if (cache.size() >= CACHED_PATTERNS) {
                cache.clear();
            }
            cache.put(text, compiled);
        }
        return compiled;
    }

    // the cache is no state to ship: send what the patterns are made of and build them again
    @Serial
    private Object writeReplace()
    {
        return new SerializedPatterns(function, pattern, options);
    }

    @Serial
    private void readObject(ObjectInputStream in)
            throws InvalidObjectException
    {
        throw new InvalidObjectException("RegexPatterns is read through its serialization proxy");
    }

    private record SerializedPatterns(String function, Expression pattern, RegexOptions options)
            implements Serializable
    {
        @Serial
        private Object readResolve()
        {
            return new RegexPatterns(function, pattern, options);
        }
    }

    @Override
    public String toString()
    {
        return pattern.toString();
    }
}
