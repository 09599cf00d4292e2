package io.signo.core.operator.window;

import java.io.Serializable;

import static java.util.Objects.requireNonNull;

/**
 * One end of a window frame: UNBOUNDED PRECEDING, {@code offset} PRECEDING, CURRENT ROW,
 * {@code offset} FOLLOWING or UNBOUNDED FOLLOWING.
 */
public record FrameBound(Kind kind, long offset)
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

    public FrameBound
    {
        requireNonNull(kind, "kind is null");
        if (offset < 0) {
            throw new IllegalArgumentException("a frame offset must not be negative: " + offset);
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

    @Override
    public String toString()
    {
        return switch (kind) {
            case PRECEDING -> offset + " PRECEDING";
            case FOLLOWING -> offset + " FOLLOWING";
            default -> kind.name().replace('_', ' ');
        };
    }
}
