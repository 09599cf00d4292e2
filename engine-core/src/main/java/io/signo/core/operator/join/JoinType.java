package io.signo.core.operator.join;

/**
 * INNER emits matching pairs; LEFT also emits unmatched probe rows with NULL build columns; RIGHT
 * also emits, once all probe rows are through, the build rows nothing matched with NULL probe
 * columns (a left join that hashes its preserved side, when that side is the smaller one); FULL
 * emits the unmatched rows of both sides, the probe's as LEFT does and the build's as RIGHT does; SEMI
 * emits each probe row that has a match, once; ANTI emits each probe row without one (NULL keys
 * never match, so ANTI keeps them: NOT IN's NULL semantics are the planner's business).
 */
public enum JoinType
{
    INNER,
    LEFT,
    RIGHT,
    FULL,
    SEMI,
    ANTI;

    public boolean outputsBuildColumns()
    {
        return this == INNER || this == LEFT || this == RIGHT || this == FULL;
    }

    /** Whether the build rows nothing matched are emitted at the end (RIGHT and FULL). */
    public boolean emitsUnmatchedBuildRows()
    {
        return this == RIGHT || this == FULL;
    }
}
