package io.signo.sql.rel;

/** Which rows a hash join streams past its hash table and which rows it outputs. */
public enum HashJoinStrategy
{
    /**
     * Each probe row looks up its matches in the build side's hash table and comes out joined with
     * them (INNER, LEFT; a RIGHT join also outputs the build rows nothing matched, at the end), or
     * alone when it has a match (SEMI) or none (ANTI).
     */
    LOOKUP,
    /**
     * A SEMI or ANTI join that hashes the rows it keeps: the query's left side is the build, the
     * probe rows only mark the build rows they match, and at the end the build rows marked (SEMI)
     * or never marked (ANTI) come out with all their columns. Worth it when the other side is
     * much larger, since only the smaller side is held in memory.
     */
    FILTER_BUILD_ROWS
}
