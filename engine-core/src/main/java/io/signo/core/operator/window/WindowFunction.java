package io.signo.core.operator.window;

import io.signo.core.operator.aggregation.AggregateCall;
import io.signo.storage.type.Type;

import java.io.Serializable;
import java.util.List;

import static java.util.Objects.requireNonNull;

/**
 * One window function of a {@link WindowOperator}: what it computes, from which input channels, over
 * which frame.
 *
 * @param arguments input channels: the value of LAG, LEAD and the value functions (then, for LAG and
 *        LEAD, the default's channel, if any), none for the ranking functions; aggregates read {@code aggregate}'s
 * @param constant LAG's and LEAD's offset, NTILE's bucket count, NTH_VALUE's n; 0 otherwise
 * @param aggregate the aggregate of an {@link WindowFunctionKind#AGGREGATE}, else null
 * @param ignoreNulls LAG, LEAD and the value functions skip the rows whose value is NULL (IGNORE NULLS)
 * @param distinct an aggregate of the distinct values of its frame; its frame starts at the partition's start or ends at its end
 */
public record WindowFunction(WindowFunctionKind kind, List<Integer> arguments, long constant, AggregateCall aggregate, Type outputType,
        WindowFrame frame, boolean ignoreNulls, boolean distinct)
        implements Serializable
{
    public WindowFunction(WindowFunctionKind kind, List<Integer> arguments, long constant, AggregateCall aggregate, Type outputType, WindowFrame frame)
    {
        this(kind, arguments, constant, aggregate, outputType, frame, false, false);
    }

    public WindowFunction
    {
        requireNonNull(kind, "kind is null");
        arguments = List.copyOf(arguments);
        requireNonNull(outputType, "outputType is null");
        requireNonNull(frame, "frame is null");
        if ((kind == WindowFunctionKind.AGGREGATE) != (aggregate != null)) {
            throw new IllegalArgumentException("an aggregate is given exactly for AGGREGATE: " + kind);
        }
        int expectedArguments = switch (kind) {
            case ROW_NUMBER, RANK, DENSE_RANK, PERCENT_RANK, CUME_DIST, NTILE, AGGREGATE -> 0;
            case FIRST_VALUE, LAST_VALUE, NTH_VALUE -> 1;
            case LAG, LEAD -> arguments.size() == 2 ? 2 : 1;
        };
        if (arguments.size() != expectedArguments) {
            throw new IllegalArgumentException(kind + " takes " + expectedArguments + " argument channels, not " + arguments.size());
        }
        if ((kind == WindowFunctionKind.NTILE || kind == WindowFunctionKind.NTH_VALUE) && constant <= 0) {
            throw new IllegalArgumentException(kind + " needs a positive constant: " + constant);
        }
        if (ignoreNulls && !kind.takesValue()) {
            throw new IllegalArgumentException("only LAG, LEAD and the value functions ignore NULLs, not " + kind);
        }
        if (distinct && !(kind == WindowFunctionKind.AGGREGATE && (frame.start().kind() == FrameBound.Kind.UNBOUNDED_PRECEDING
                || frame.end().kind() == FrameBound.Kind.UNBOUNDED_FOLLOWING))) {
            throw new IllegalArgumentException("DISTINCT is for an aggregate whose frame starts at the partition's start or ends at its end, not " + kind + " " + frame);
        }
    }

    /** This function with IGNORE NULLS. */
    public WindowFunction withIgnoreNulls()
    {
        return new WindowFunction(kind, arguments, constant, aggregate, outputType, frame, true, distinct);
    }

    /** This aggregate of distinct values. */
    public WindowFunction withDistinct()
    {
        return new WindowFunction(kind, arguments, constant, aggregate, outputType, frame, ignoreNulls, true);
    }

    public static WindowFunction ranking(WindowFunctionKind kind, long constant, Type outputType)
    {
        return new WindowFunction(kind, List.of(), constant, null, outputType, WindowFrame.WHOLE_PARTITION);
    }

    public static WindowFunction aggregate(AggregateCall aggregate, WindowFrame frame)
    {
        return new WindowFunction(WindowFunctionKind.AGGREGATE, List.of(), 0, aggregate, aggregate.outputType(), frame);
    }

    @Override
    public String toString()
    {
        String name = kind == WindowFunctionKind.AGGREGATE
                ? aggregate.kind() + (aggregate.inputChannel() < 0 ? "(*)" : "(" + (distinct ? "DISTINCT " : "") + "#" + aggregate.inputChannel() + ")")
                : kind + arguments.stream().map(channel -> "#" + channel).toList().toString().replace('[', '(').replace(']', ')');
        return name + (constant != 0 && kind != WindowFunctionKind.AGGREGATE ? "[" + constant + "]" : "") + (ignoreNulls ? " IGNORE NULLS" : "")
                + (kind.usesFrame() ? " " + frame : "");
    }
}
