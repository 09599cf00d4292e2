package io.signo.core.expression;

import com.google.re2j.Matcher;
import com.google.re2j.Pattern;
import io.signo.storage.memory.PageAllocator;
import io.signo.storage.page.Page;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * One vector's matching for a regular-expression kernel: the text of each row and a matcher of the
 * row's pattern reset to it. RE2/J matches UTF-8 in a {@code byte[]} that is the whole text (match
 * positions are byte offsets into it), so a row's value is copied into a heap array of exactly its
 * length; those arrays are kept per length and reused from row to row, and a matcher is made once per
 * vector, or when the pattern of a row differs from the previous row's. What RE2/J itself allocates
 * for a match (a view of its input, the positions of a match) is beyond reach of its API.
 */
final class RegexRows
{
    /** Values up to this many bytes reuse an array of their length; a longer one gets an array of its own. */
    private static final int REUSED_LENGTHS = 512;
    private static final byte[] EMPTY = new byte[0];

    private final RegexPatterns patterns;
    private final StringOperand values;
    private final StringOperand patternValues;
    private final MemorySegment nulls;
    private final byte[][] byLength = new byte[REUSED_LENGTHS + 1][];
    private Matcher matcher;
    private byte[] text;
    private int patternStart = -1;
    private int patternEnd = -1;

    RegexRows(RegexPatterns patterns, Expression value, Page page, int[] positions, int count, PageAllocator allocator)
    {
        this.patterns = patterns;
        this.values = StringOperand.evaluate(value, page, positions, count, allocator);
        if (patterns.isConstant()) {
            this.patternValues = null;
            this.nulls = values.nulls();
            this.matcher = patterns.constant() == null ? null : patterns.constant().matcher(EMPTY);
        }
        else {
            this.patternValues = StringOperand.evaluate(patterns.pattern(), page, positions, count, allocator);
            this.nulls = NullBitmap.union(values.nulls(), patternValues.nulls(), count, allocator);
        }
    }

    /** The rows whose value or pattern is NULL, or null when none is. */
    MemorySegment nulls()
    {
        return nulls;
    }

    boolean isNull(int i)
    {
        return nulls != null && NullBitmap.isNull(nulls, i);
    }

    /** The matcher of row {@code i}'s pattern, reset to the row's value; the row must not be NULL. */
    Matcher matcher(int i)
    {
        if (patternValues != null) {
            int start = patternValues.start(i);
            int end = patternValues.end(i);
            MemorySegment bytes = patternValues.bytes();
            if (patternStart < 0 || end - start != patternEnd - patternStart || !StringBytes.equal(bytes, start, bytes, patternStart, end - start)) {
                Pattern pattern = patterns.compiled(bytes, start, end);
                matcher = pattern.matcher(EMPTY);
            }
            patternStart = start;
            patternEnd = end;
        }
        text = copy(values.bytes(), values.start(i), values.end(i));
        return matcher.reset(text);
    }

    /** The UTF-8 bytes of the row the last {@link #matcher} call was reset to. */
    byte[] text()
    {
        return text;
    }

    /** The pattern the last {@link #matcher} call matched with. */
    Pattern pattern()
    {
        return matcher.pattern();
    }

    private byte[] copy(MemorySegment bytes, int start, int end)
    {
        int length = end - start;
        byte[] target;
        if (length <= REUSED_LENGTHS) {
            target = byLength[length];
            if (target == null) {
                target = new byte[length];
                byLength[length] = target;
            }
        }
        else {
            target = new byte[length];
        }
        MemorySegment.copy(bytes, ValueLayout.JAVA_BYTE, start, target, 0, length);
        return target;
    }
}
