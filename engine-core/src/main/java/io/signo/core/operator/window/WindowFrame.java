package io.signo.core.operator.window;

import java.io.Serializable;

import static java.util.Objects.requireNonNull;

/**
 * The rows of its partition a window function reads for each row: counted in rows (ROWS), or by the
 * value of the ORDER BY key (RANGE): CURRENT ROW is the row's peers, the rows equal on the ORDER BY
 * keys, and {@code n PRECEDING} or {@code n FOLLOWING} the rows whose one ORDER BY key (a number,
 * DATE or TIMESTAMP) is within n of the row's (see {@link FrameBound} for the units).
 */
public record WindowFrame(boolean rows, FrameBound start, FrameBound end)
        implements Serializable
{
    /** The default with an ORDER BY: the partition's rows up to the current row's last peer. */
    public static final WindowFrame RANGE_UP_TO_CURRENT_ROW = new WindowFrame(false, FrameBound.UNBOUNDED_PRECEDING, FrameBound.CURRENT_ROW);
    public static final WindowFrame WHOLE_PARTITION = new WindowFrame(true, FrameBound.UNBOUNDED_PRECEDING, FrameBound.UNBOUNDED_FOLLOWING);

    public WindowFrame
    {
        requireNonNull(start, "start is null");
        requireNonNull(end, "end is null");
        if (start.kind() == FrameBound.Kind.UNBOUNDED_FOLLOWING || end.kind() == FrameBound.Kind.UNBOUNDED_PRECEDING) {
            throw new IllegalArgumentException("a frame cannot start at UNBOUNDED FOLLOWING nor end at UNBOUNDED PRECEDING");
        }
    }

    /** Whether a RANGE frame has an offset bound, which needs the ORDER BY key's values. */
    public boolean rangeWithOffset()
    {
        return !rows && (isOffset(start) || isOffset(end));
    }

    private static boolean isOffset(FrameBound bound)
    {
        return bound.kind() == FrameBound.Kind.PRECEDING || bound.kind() == FrameBound.Kind.FOLLOWING;
    }

    @Override
    public String toString()
    {
        return (rows ? "ROWS" : "RANGE") + " BETWEEN " + start + " AND " + end;
    }
}
