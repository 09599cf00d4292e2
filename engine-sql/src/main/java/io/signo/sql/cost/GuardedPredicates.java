package io.signo.sql.cost;

import org.apache.calcite.plan.RelOptPredicateList;
import org.apache.calcite.rel.core.Filter;
import org.apache.calcite.rel.core.Intersect;
import org.apache.calcite.rel.core.Join;
import org.apache.calcite.rel.metadata.BuiltInMetadata;
import org.apache.calcite.rel.metadata.MetadataDef;
import org.apache.calcite.rel.metadata.MetadataHandler;
import org.apache.calcite.rel.metadata.ReflectiveRelMetadataProvider;
import org.apache.calcite.rel.metadata.RelMdPredicates;
import org.apache.calcite.rel.metadata.RelMetadataProvider;
import org.apache.calcite.rel.metadata.RelMetadataQuery;

/**
 * The predicates the rows of an INTERSECT, a join or a filter satisfy, as Calcite's default finds them, or none
 * where its assertions fail. The predicates only help simplify what is above, so none is a right
 * answer, where the assertion failed the whole statement.
 * <ul>
 * <li>To keep the strictest of an INTERSECT's inputs' predicates Calcite asks which implies which,
 * reading {@code column = CAST(literal AS type)} by the literal under the cast; a cast it cannot fold
 * (of {@code 'NaN'} to DOUBLE, which has no DOUBLE literal, or of {@code 'a'} to DATE, which fails at
 * run time) leaves a CHAR literal there, read as a number or a date ("cannot convert CHAR literal").
 * It also tests whether a predicate can hold by compiling it with Calcite's code generator, which
 * knows none of Signo's own functions ({@code MAKE_DATE(0, 7, 18) IS DISTINCT FROM DATE '2000-01-01'}:
 * "cannot translate call MAKE_DATE").</li>
 * <li>A join whose condition compares with a NULL ({@code NULL IN (SELECT ...)} as a semi join, whose
 * condition Signo does not simplify) gives predicates with that comparison, which Calcite's list of
 * predicates refuses ("Comparison with NULL in pulledUpPredicates"). So does a filter comparing with a
 * scalar sub-query whose predicate is always false ({@code x >= (SELECT MIN(...) ... WHERE 'a' IS NULL)}),
 * which decorrelation leaves as a comparison with a NULL literal.</li>
 * </ul>
 */
public final class GuardedPredicates
        implements MetadataHandler<BuiltInMetadata.Predicates>
{
    public static final RelMetadataProvider SOURCE = ReflectiveRelMetadataProvider.reflectiveSource(
            new GuardedPredicates(), BuiltInMetadata.Predicates.Handler.class);

    private static final RelMdPredicates DEFAULT = new RelMdPredicates();

    private GuardedPredicates() {}

    @Override
    public MetadataDef<BuiltInMetadata.Predicates> getDef()
    {
        return BuiltInMetadata.Predicates.DEF;
    }

    public RelOptPredicateList getPredicates(Intersect intersect, RelMetadataQuery mq)
    {
        try {
            return DEFAULT.getPredicates(intersect, mq);
        }
        catch (RuntimeException | AssertionError e) {
            return RelOptPredicateList.EMPTY;
        }
    }

    public RelOptPredicateList getPredicates(Filter filter, RelMetadataQuery mq)
    {
        try {
            return DEFAULT.getPredicates(filter, mq);
        }
        catch (AssertionError e) {
            return RelOptPredicateList.EMPTY;
        }
    }

    public RelOptPredicateList getPredicates(Join join, RelMetadataQuery mq)
    {
        try {
            return DEFAULT.getPredicates(join, mq);
        }
        catch (AssertionError e) {
            return RelOptPredicateList.EMPTY;
        }
    }
}
