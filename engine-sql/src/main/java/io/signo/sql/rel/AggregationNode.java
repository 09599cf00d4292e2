package io.signo.sql.rel;

import io.signo.core.operator.aggregation.AggregateCall;
import io.signo.core.operator.aggregation.AggregationStep;
import io.signo.storage.type.Type;

import java.util.List;
import java.util.Locale;

/** Hash aggregation; split into a PARTIAL and a FINAL step around an exchange when parallel. */
public record AggregationNode(PlanNode source, List<Integer> groupChannels, List<Type> groupTypes, List<AggregateCall> calls, AggregationStep step, List<Type> outputTypes, Distribution distribution, double estimatedRows)
        implements PlanNode
{
    // plain immutable JDK lists: the planner passes Calcite lists, which neither serialize nor stay put
    public AggregationNode
    {
        groupChannels = List.copyOf(groupChannels);
        groupTypes = List.copyOf(groupTypes);
        calls = List.copyOf(calls);
        outputTypes = List.copyOf(outputTypes);
    }

    @Override
    public List<PlanNode> sources()
    {
        return List.of(source);
    }

    @Override
    public String describe()
    {
        StringBuilder calls = new StringBuilder();
        for (AggregateCall call : this.calls) {
            if (!calls.isEmpty()) {
                calls.append(", ");
            }
            calls.append(call.kind().name().toLowerCase(Locale.ROOT)).append('(')
                    .append(call.inputChannel() < 0 ? "*" : "#" + call.inputChannel()).append(')');
        }
        return "Aggregate[" + step + ", keys=" + groupChannels + ", " + calls + "]";
    }
}
