package io.signo.sql.planner;

import com.google.common.collect.BoundType;
import com.google.common.collect.ImmutableRangeSet;
import com.google.common.collect.Range;
import com.google.common.collect.RangeSet;
import org.apache.calcite.rel.RelHomogeneousShuttle;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexShuttle;
import org.apache.calcite.rex.RexSubQuery;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.util.NlsString;
import org.apache.calcite.util.Sarg;

import java.util.List;

/**
 * Compares a CHAR column with a string literal as a CHAR: {@code n_name = 'GERMANY'} and
 * {@code l_shipmode IN ('MAIL', 'SHIP')} keep the column as it is and the literal padded to the
 * column's length, as when Calcite typed literals CHAR.
 *
 * <p>A string literal is a VARCHAR ({@link SignoValidator}), so Calcite's conversion casts the CHAR
 * column to VARCHAR to compare them; that cast hides the column from scan pruning and from the
 * statistics that estimate the filter. A comparison with a CHAR side ignores trailing spaces either
 * way, so dropping the cast and padding the literal changes no answer. A literal longer than the
 * column (its trailing spaces aside) keeps Calcite's form.
 */
final class CharColumnComparisons
        extends RexShuttle
{
    private final RexBuilder rexBuilder;

    private CharColumnComparisons(RexBuilder rexBuilder)
    {
        this.rexBuilder = rexBuilder;
    }

    static RelNode apply(RelNode plan)
    {
        CharColumnComparisons expressions = new CharColumnComparisons(plan.getCluster().getRexBuilder());
        return expressions.applyTo(plan);
    }

    private RelNode applyTo(RelNode plan)
    {
        CharColumnComparisons expressions = this;
        return plan.accept(new RelHomogeneousShuttle()
        {
            @Override
            public RelNode visit(RelNode other)
            {
                return super.visit(other).accept(expressions);
            }
        });
    }

    @Override
    public RexNode visitSubQuery(RexSubQuery subQuery)
    {
        RexSubQuery visited = (RexSubQuery) super.visitSubQuery(subQuery);
        return visited.clone(applyTo(visited.rel));
    }

    @Override
    public RexNode visitCall(RexCall call)
    {
        RexNode visited = super.visitCall(call);
        if (!(visited instanceof RexCall comparison) || comparison.getOperands().size() != 2) {
            return visited;
        }
        return switch (comparison.getKind()) {
            case EQUALS, NOT_EQUALS, LESS_THAN, LESS_THAN_OR_EQUAL, GREATER_THAN, GREATER_THAN_OR_EQUAL, IS_DISTINCT_FROM, IS_NOT_DISTINCT_FROM -> {
                RexNode rewritten = binary(comparison, 0);
                yield rewritten != null ? rewritten : orElse(binary(comparison, 1), comparison);
            }
            case SEARCH -> orElse(search(comparison), comparison);
            default -> comparison;
        };
    }

    private static RexNode orElse(RexNode rewritten, RexNode original)
    {
        return rewritten != null ? rewritten : original;
    }

    /** The comparison of the CHAR column cast at operand {@code castOperand} with the other operand, a literal; null when it is not one. */
    private RexNode binary(RexCall comparison, int castOperand)
    {
        RexNode column = uncastCharColumn(comparison.getOperands().get(castOperand));
        RexNode other = comparison.getOperands().get(1 - castOperand);
        if (column == null || !(other instanceof RexLiteral literal) || literal.isNull() || !(literal.getValue() instanceof NlsString text)) {
            return null;
        }
        RelDataType type = rexBuilder.getTypeFactory().createTypeWithNullability(column.getType(), false);
        NlsString padded = padded(text, type.getPrecision());
        if (padded == null) {
            return null;
        }
        RexNode charLiteral = rexBuilder.makeLiteral(padded, type, false);
        List<RexNode> operands = castOperand == 0 ? List.of(column, charLiteral) : List.of(charLiteral, column);
        return rexBuilder.makeCall(comparison.getOperator(), operands);
    }

    /** {@code SEARCH(CAST(column AS VARCHAR), Sarg[strings])} as a search of the CHAR column itself; null when it is not one. */
    private RexNode search(RexCall search)
    {
        RexNode column = uncastCharColumn(search.getOperands().get(0));
        if (column == null || !(search.getOperands().get(1) instanceof RexLiteral literal) || !(literal.getValue() instanceof Sarg<?> sarg)) {
            return null;
        }
        int length = column.getType().getPrecision();
        ImmutableRangeSet.Builder<NlsString> ranges = ImmutableRangeSet.builder();
        for (Range<?> range : sarg.rangeSet.asRanges()) {
            NlsString lower = null;
            NlsString upper = null;
            if (range.hasLowerBound()) {
                if (!(range.lowerEndpoint() instanceof NlsString text) || (lower = padded(text, length)) == null) {
                    return null;
                }
            }
            if (range.hasUpperBound()) {
                if (!(range.upperEndpoint() instanceof NlsString text) || (upper = padded(text, length)) == null) {
                    return null;
                }
            }
            ranges.add(range(lower, range.hasLowerBound() ? range.lowerBoundType() : null, upper, range.hasUpperBound() ? range.upperBoundType() : null));
        }
        RangeSet<NlsString> rangeSet = ranges.build();
        Sarg<NlsString> charSarg = Sarg.of(sarg.nullAs, rangeSet);
        RelDataType type = rexBuilder.getTypeFactory().createTypeWithNullability(column.getType(), false);
        return rexBuilder.makeCall(SqlStdOperatorTable.SEARCH, column, rexBuilder.makeSearchArgumentLiteral(charSarg, type));
    }

    private static Range<NlsString> range(NlsString lower, BoundType lowerType, NlsString upper, BoundType upperType)
    {
        if (lower == null && upper == null) {
            return Range.all();
        }
        if (lower == null) {
            return Range.upTo(upper, upperType);
        }
        if (upper == null) {
            return Range.downTo(lower, lowerType);
        }
        return Range.range(lower, lowerType, upper, upperType);
    }

    /** The CHAR column under a cast to VARCHAR that keeps every character of it; null for anything else. */
    private static RexNode uncastCharColumn(RexNode operand)
    {
        if (!(operand instanceof RexCall cast) || cast.getKind() != org.apache.calcite.sql.SqlKind.CAST || cast.getType().getSqlTypeName() != SqlTypeName.VARCHAR) {
            return null;
        }
        RexNode column = cast.getOperands().getFirst();
        RelDataType columnType = column.getType();
        if (columnType.getSqlTypeName() != SqlTypeName.CHAR || cast.getType().getPrecision() < columnType.getPrecision()) {
            return null;
        }
        return column;
    }

    /** The text without its trailing spaces, padded with spaces to {@code length}; null when it is longer. */
    private static NlsString padded(NlsString text, int length)
    {
        String value = text.getValue().stripTrailing();
        int characters = value.codePointCount(0, value.length());
        if (characters > length) {
            return null;
        }
        return new NlsString(value + " ".repeat(length - characters), text.getCharsetName(), text.getCollation());
    }
}
