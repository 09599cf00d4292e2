package io.signo.core.operator.join;

import io.signo.core.expression.Expression;
import io.signo.core.operator.Operator;
import io.signo.core.operator.OperatorContext;
import io.signo.core.operator.OperatorFactory;
import io.signo.storage.type.Type;

import java.util.List;

import static java.util.Objects.requireNonNull;

/**
 * A join without equi keys (typically against the one row of a scalar subquery): every probe row
 * pairs with every build row, and the residual filter, if any, decides. It is a lookup join whose
 * key is empty, so it shares its bridge and build side: build it with a
 * {@code HashBuilderOperatorFactory} that has no key channels.
 */
public final class NestedLoopJoinOperator
{
    private NestedLoopJoinOperator() {}

    public static final class NestedLoopJoinOperatorFactory
            implements OperatorFactory
    {
        private final LookupJoinOperator.LookupJoinOperatorFactory lookupJoin;

        /**
         * @param probeTypes the types of all probe input columns
         * @param residualFilterOrNull a BOOLEAN expression over all probe columns followed by all build columns
         * @param buildRowMarksOrNull for RIGHT and FULL joins, shared by the operators of every probe driver of the join on this node
         */
        public NestedLoopJoinOperatorFactory(
                JoinBridge bridge,
                JoinType type,
                List<Type> probeTypes,
                List<Integer> probeOutputChannels,
                List<Integer> buildOutputChannels,
                Expression residualFilterOrNull,
                BuildRowMarks buildRowMarksOrNull)
        {
            requireNonNull(bridge, "bridge is null");
            this.lookupJoin = new LookupJoinOperator.LookupJoinOperatorFactory(bridge, type, List.of(), probeTypes, probeOutputChannels, buildOutputChannels, residualFilterOrNull,
                    buildRowMarksOrNull);
        }

        @Override
        public Operator createOperator(OperatorContext context)
        {
            return lookupJoin.createOperator(context);
        }

        @Override
        public String name()
        {
            return "NestedLoopJoin";
        }
    }
}
