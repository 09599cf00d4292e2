package io.signo.sql.rel;

import java.io.Serializable;
import java.util.Locale;

/**
 * How a join gets matching rows together, with the planner's cost of each alternative it
 * considered (NaN when not possible), for EXPLAIN.
 */
public record JoinDistribution(Kind kind, double colocatedCost, double broadcastCost, double partitionedCost, String reason)
        implements Serializable
{
    public enum Kind
    {
        /** Both inputs already on the same node for every key (one node, or co-partitioned tables). */
        COLOCATED,
        /** The build side is sent whole to every node of the probe side. */
        BROADCAST,
        /** Both sides are repartitioned by a hash of the join keys. */
        PARTITIONED,
        /** Both sides on the coordinator. */
        SINGLE
    }

    @Override
    public String toString()
    {
        StringBuilder text = new StringBuilder("distribution=").append(kind);
        if (reason != null) {
            text.append(" (").append(reason).append(')');
        }
        appendCost(text, "colocated", colocatedCost);
        appendCost(text, "broadcast", broadcastCost);
        appendCost(text, "partitioned", partitionedCost);
        return text.toString();
    }

    private static void appendCost(StringBuilder text, String name, double cost)
    {
        if (!Double.isNaN(cost)) {
            text.append(", cost ").append(name).append('=').append(String.format(Locale.ROOT, "%.3g", cost));
        }
    }
}
