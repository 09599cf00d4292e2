package io.signo.core.operator.window;

import java.io.Serializable;

import static java.util.Objects.requireNonNull;

/**
 * One end of a window frame: UNBOUNDED PRECEDING, {@code offset} PRECEDING, CURRENT ROW,
 * {@code offset} FOLLOWING or UNBOUNDED FOLLOWING. A RANGE frame over a DOUBLE or REAL key measures
 * its offset in {@code doubleOffset} (and {@code offset} is 0); any other offset is in {@code offset}:
 * rows, or the key's units (unscaled DECIMAL, days of a DATE, microseconds of a TIMESTAMP).
 */
public record FrameBound(Kind kind, long offset, double doubleOffset)
        implements Serializable
{
    public enum Kind
    {
        UNBOUNDED_PRECEDING,
        PRECEDING,
        CURRENT_ROW,
        FOLLOWING,
        UNBOUNDED_FOLLOWING
    }

    public static final FrameBound UNBOUNDED_PRECEDING = new FrameBound(Kind.UNBOUNDED_PRECEDING, 0);
    public static final FrameBound CURRENT_ROW = new FrameBound(Kind.CURRENT_ROW, 0);
    public static final FrameBound UNBOUNDED_FOLLOWING = new FrameBound(Kind.UNBOUNDED_FOLLOWING, 0);

    public FrameBound(Kind kind, long offset)
    {
        this(kind, offset, 0);
    }

    public FrameBound
    {
        requireNonNull(kind, "kind is null");
        if (offset < 0 || !(doubleOffset >= 0) || Double.isInfinite(doubleOffset)) {
            throw new IllegalArgumentException("a frame offset must be finite and not negative: " + offset + ", " + doubleOffset);
        }
    }

    public static FrameBound preceding(long offset)
    {
        return new FrameBound(Kind.PRECEDING, offset);
    }

    public static FrameBound following(long offset)
    {
        return new FrameBound(Kind.FOLLOWING, offset);
    }

    /** {@code offset} PRECEDING over a DOUBLE or REAL key. */
    public static FrameBound preceding(double offset)
    {
        return new FrameBound(Kind.PRECEDING, 0, offset);
    }

    public static FrameBound following(double offset)
    {
        return new FrameBound(Kind.FOLLOWING, 0, offset);
    }

    @Override
    public String toString()
    {
        return switch (kind) {
            case PRECEDING -> offsetText() + " PRECEDING";
            case FOLLOWING -> offsetText() + " FOLLOWING";
            default -> kind.name().replace('_', ' ');
        };
    }

    private String offsetText()
    {
        return doubleOffset != 0 ? Double.toString(doubleOffset) : Long.toString(offset);
    }
}
