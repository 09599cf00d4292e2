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
 */
public record WindowFunction(WindowFunctionKind kind, List<Integer> arguments, long constant, AggregateCall aggregate, Type outputType,
        WindowFrame frame)
        implements Serializable
{
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
                ? aggregate.kind() + (aggregate.inputChannel() < 0 ? "(*)" : "(#" + aggregate.inputChannel() + ")")
                : kind + arguments.stream().map(channel -> "#" + channel).toList().toString().replace('[', '(').replace(']', ')');
        return name + (constant != 0 && kind != WindowFunctionKind.AGGREGATE ? "[" + constant + "]" : "") + (kind.usesFrame() ? " " + frame : "");
    }
}
