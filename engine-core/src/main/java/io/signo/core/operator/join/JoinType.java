package io.signo.core.operator.join;

/**
 * INNER emits matching pairs; LEFT also emits unmatched probe rows with NULL build columns; SEMI
 * emits each probe row that has a match, once; ANTI emits each probe row without one (NULL keys
 * never match, so ANTI keeps them: NOT IN's NULL semantics are the planner's business).
 */
public enum JoinType
{
    INNER,
    LEFT,
    SEMI,
    ANTI;

    public boolean outputsBuildColumns()
    {
        return this == INNER || this == LEFT;
    }
}
