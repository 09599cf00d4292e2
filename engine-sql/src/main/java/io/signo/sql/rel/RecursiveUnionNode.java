package io.signo.sql.rel;

import io.signo.storage.type.Type;

import java.util.ArrayList;
import java.util.List;

import static java.util.Objects.requireNonNull;

/**
 * A recursive CTE ({@code WITH RECURSIVE name AS (seed UNION [ALL] recursive term)}): the seed's rows,
 * then the recursive term run again and again over the rows the run before produced (the working
 * table) until a run produces none. The whole recursion runs on the coordinator, on one driver (see
 * {@link io.signo.core.operator.recursive.RecursiveUnionOperator}).
 *
 * @param seed the non-recursive term, SINGLE
 * @param inputs the parts of the recursive term that do not read the working table, each SINGLE:
 *        computed once, with the full distributed plan, before the first run; the term reads input
 *        {@code i} through a {@link RecursionInputNode} of index {@code i}
 * @param recursiveTerm the term run over each working table, read through a {@link WorkingTableNode}:
 *        SINGLE throughout, without exchanges or table scans (those are in {@code inputs}), as it is
 *        planned into fresh pipelines for every run
 * @param distinct UNION (a row already in the result is not added again) rather than UNION ALL
 * @param maxIterations how many runs of the recursive term may produce rows before the query fails
 */
public record RecursiveUnionNode(String name, PlanNode seed, List<PlanNode> inputs, PlanNode recursiveTerm, boolean distinct, int maxIterations, double estimatedRows)
        implements PlanNode
{
    public RecursiveUnionNode
    {
        requireNonNull(name, "name is null");
        requireNonNull(seed, "seed is null");
        inputs = List.copyOf(inputs);
        requireNonNull(recursiveTerm, "recursiveTerm is null");
        if (!seed.outputTypes().equals(recursiveTerm.outputTypes())) {
            throw new IllegalArgumentException("seed " + seed.outputTypes() + " and recursive term " + recursiveTerm.outputTypes() + " of " + name + " differ");
        }
    }

    @Override
    public List<Type> outputTypes()
    {
        return seed.outputTypes();
    }

    /** The seed, the inputs, then the recursive term. */
    @Override
    public List<PlanNode> sources()
    {
        List<PlanNode> sources = new ArrayList<>();
        sources.add(seed);
        sources.addAll(inputs);
        sources.add(recursiveTerm);
        return sources;
    }

    @Override
    public Distribution distribution()
    {
        return Distribution.SINGLE;
    }

    @Override
    public String describe()
    {
        return "RecursiveUnion[" + name + ", " + (distinct ? "UNION" : "UNION ALL") + ", at most " + maxIterations + " iterations]";
    }
}
