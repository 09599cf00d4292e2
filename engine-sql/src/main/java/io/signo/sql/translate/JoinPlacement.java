package io.signo.sql.translate;

import io.signo.sql.rel.Distribution;
import io.signo.sql.rel.JoinDistribution;
import io.signo.sql.rel.PlanNode;

/**
 * A join's inputs after the exchanges its distribution needs, the choice made, and the output's
 * distribution; {@code distributedAsBuild} when the output lies where the build side's rows are (a
 * replicated probe read on every worker), not where the probe's are.
 */
record JoinPlacement(PlanNode probe, PlanNode build, JoinDistribution choice, Distribution distribution, boolean distributedAsBuild)
{
    JoinPlacement(PlanNode probe, PlanNode build, JoinDistribution choice, Distribution distribution)
    {
        this(probe, build, choice, distribution, false);
    }
}
