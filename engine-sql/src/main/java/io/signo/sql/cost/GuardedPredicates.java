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
import org.apache.calcite.rel.type.RelDataTypeField;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.SqlKind;

import java.util.List;
import java.util.function.Predicate;

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
 * <li>A join of a NOT NULL key with a side's constant NULL gives that key {@code IS NULL}, which the
 * expression reduction above reads as a constant NULL of a nullable type in place of a NOT NULL
 * column ("Cannot add expression of different type to set").</li>
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
        JoinPredicateCache cache = JoinPredicateCache.of(join.getCluster());
        return cache == null ? inferredPredicates(join, mq) : cache.predicates(join, mq, GuardedPredicates::inferredPredicates);
    }

    private static RelOptPredicateList inferredPredicates(Join join, RelMetadataQuery mq)
    {
        RelOptPredicateList predicates;
        try {
            predicates = DEFAULT.getPredicates(join, mq);
        }
        catch (AssertionError e) {
            return RelOptPredicateList.EMPTY;
        }
        return withoutNullsOfNotNullColumns(predicates, join);
    }

    /**
     * The predicates without any {@code IS NULL} of a column its type declares NOT NULL. Calcite infers one
     * when a join's key equals a side's constant NULL (a join that can give no row); as a constant it would
     * replace the column by a nullable NULL in the expressions above, changing their row type.
     */
    private static RelOptPredicateList withoutNullsOfNotNullColumns(RelOptPredicateList predicates, Join join)
    {
        List<RelDataTypeField> fields = join.getRowType().getFieldList();
        Predicate<RexNode> nullOfNotNull = predicate -> predicate.isA(SqlKind.IS_NULL)
                && ((RexCall) predicate).getOperands().getFirst() instanceof RexInputRef ref
                && !fields.get(ref.getIndex()).getType().isNullable();
        if (predicates.pulledUpPredicates.stream().noneMatch(nullOfNotNull)) {
            return predicates;
        }
        return RelOptPredicateList.of(
                join.getCluster().getRexBuilder(),
                predicates.pulledUpPredicates.stream().filter(nullOfNotNull.negate()).toList(),
                predicates.leftInferredPredicates,
                predicates.rightInferredPredicates);
    }
}
