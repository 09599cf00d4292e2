package io.signo.sql.fragment;

import io.signo.sql.rel.ExchangeNode;
import io.signo.sql.rel.PlanNode;

import static java.util.Objects.requireNonNull;

/**
 * The part of a plan between remote exchanges: {@code root} and everything below it down to the
 * next remote exchanges, whose consuming ends it reads.
 *
 * @param output the remote exchange this stage's rows go into, or null for the root stage, whose
 *        rows are the query's result
 */
public record Stage(int id, PlanNode root, ExchangeNode output)
{
    public Stage
    {
        requireNonNull(root, "root is null");
    }

    /** The stage that produces the query's result, on the coordinator. */
    public boolean isRoot()
    {
        return output == null;
    }

    /** Whether the stage runs once, on the coordinator, rather than on every worker. */
    public boolean isSingle()
    {
        return isRoot() || root.distribution().isSingle();
    }
}
