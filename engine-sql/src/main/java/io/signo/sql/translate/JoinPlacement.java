package io.signo.sql.translate;

import io.signo.sql.rel.Distribution;
import io.signo.sql.rel.JoinDistribution;
import io.signo.sql.rel.PlanNode;

/** A join's inputs after the exchanges its distribution needs, the choice made, and the output's distribution. */
record JoinPlacement(PlanNode probe, PlanNode build, JoinDistribution choice, Distribution distribution) {}
