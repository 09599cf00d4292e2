package io.signo.core.expression;

import io.signo.storage.type.PhysicalType;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The order in which a filter runs the terms of its conjunction: terms that cannot fail first,
 * cheapest first, then the others in the order written. Each term only sees the rows the earlier
 * ones kept, so a cheap, selective term up front (Q12's {@code l_receiptdate} range) spares the
 * expensive ones (its {@code l_shipmode IN ('MAIL', 'SHIP')} over CHAR(10)) most of the rows.
 *
 * <p>Why only terms that cannot fail move ahead: a term that can raise an error (a division, a
 * cast, an overflowing sum) must not see rows that an earlier term of the query removes
 * ({@code x <> 0 AND 10 / x > 1}). Moving a term that cannot fail forward only removes rows from
 * what the others see, so it never adds an error; the terms that can fail keep their relative order.
 */
final class ConjunctOrder
{
    /** A term that may raise an error, or whose cost is unknown. */
    static final int MAY_FAIL = Integer.MAX_VALUE;

    private ConjunctOrder() {}

    static List<Expression> order(List<Expression> conjuncts)
    {
        List<Expression> ordered = new ArrayList<>(conjuncts);
        // a stable sort: equal costs and the terms that may fail keep the order written
        ordered.sort(Comparator.comparingInt(ConjunctOrder::cost));
        return List.copyOf(ordered);
    }

    /**
     * A rough cost per row of a term that cannot fail (reading fixed-width values 1, strings more,
     * pattern matching most), or {@link #MAY_FAIL}.
     */
    static int cost(Expression term)
    {
        if (term instanceof ComparisonExpression comparison) {
            return operandCost(comparison.left()) + operandCost(comparison.right());
        }
        if (term instanceof InExpression in) {
            int operand = operandCost(in.value());
            return operand == MAY_FAIL ? MAY_FAIL : operand + (isString(in.value()) ? 8 : 2);
        }
        if (term instanceof LikeExpression like) {
            int operand = operandCost(like.value());
            return operand == MAY_FAIL ? MAY_FAIL : operand + 16;
        }
        if (term instanceof IsNullExpression isNull) {
            return operandCost(isNull.value());
        }
        if (term instanceof NotExpression not) {
            return cost(not.value());
        }
        if (term instanceof LogicalExpression logical) {
            long sum = 0;
            for (Expression inner : logical.terms()) {
                int cost = cost(inner);
                if (cost == MAY_FAIL) {
                    return MAY_FAIL;
                }
                sum += cost;
            }
            return (int) Math.min(sum, MAY_FAIL - 1);
        }
        return MAY_FAIL;
    }

    /** A column or a constant: reading it cannot fail. Anything computed might. */
    private static int operandCost(Expression operand)
    {
        if (operand instanceof ConstantExpression) {
            return 0;
        }
        if (operand instanceof InputReference) {
            return isString(operand) ? 4 : 1;
        }
        return MAY_FAIL;
    }

    private static boolean isString(Expression expression)
    {
        return expression.type().physicalType() == PhysicalType.BYTES;
    }
}
