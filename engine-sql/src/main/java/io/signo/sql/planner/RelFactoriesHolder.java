package io.signo.sql.planner;

import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.rel.core.RelFactories;
import org.apache.calcite.tools.RelBuilder;

final class RelFactoriesHolder
{
    private RelFactoriesHolder() {}

    static RelBuilder relBuilder(RelOptCluster cluster)
    {
        return RelFactories.LOGICAL_BUILDER.create(cluster, null);
    }
}
