package io.signo.sql.translate;

import io.signo.core.expression.Expression;
import io.signo.core.operator.join.JoinType;
import io.signo.sql.rel.PlanNode;
import io.signo.storage.type.Type;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexNode;

import java.util.ArrayList;
import java.util.List;

/**
 * A join's two planned inputs before their placement: the probe side that streams and the build
 * side that is hashed, their key channels, where each of Calcite's join fields is in the operator's
 * row {@code [probe, build]}, and the residual condition (null when there is none).
 */
record JoinSides(JoinType type, PlanNode probe, PlanNode build, List<Integer> probeKeys, List<Integer> buildKeys, FieldChannels channels,
        RexNode residualCondition, String residualText, int leftCount, double estimatedRows)
{
    int probeCount()
    {
        return probe.outputTypes().size();
    }

    /** The residual condition over the operator's row, null when there is none. */
    Expression residual(RexBuilder rexBuilder)
    {
        if (residualCondition == null) {
            return null;
        }
        List<Type> types = new ArrayList<>(probe.outputTypes());
        types.addAll(build.outputTypes());
        return new RexTranslator(rexBuilder, channels.toArray(), types).translate(residualCondition);
    }

    /** The same join with the build side streaming and the probe side hashed: the operator's row becomes {@code [build, probe]}. */
    JoinSides swapped()
    {
        FieldChannels swappedChannels = channels.swapSides(probeCount(), build.outputTypes().size());
        return new JoinSides(type, build, probe, buildKeys, probeKeys, swappedChannels, residualCondition, residualText, leftCount, estimatedRows);
    }
}
