package io.signo.core.expression;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Reuses a projection's result inside the projections after it. TPC-H Q1 projects
 * {@code price * (1 - discount)} and then {@code price * (1 - discount) * (1 + tax)}: the second
 * can read the first's column instead of gathering both operands and computing it again.
 *
 * <p>{@link #rewrite} replaces, in each later projection, every exact arithmetic subtree equal to an
 * earlier computed projection by a reference to an extra input channel that holds that projection's
 * result ({@code firstExtraChannel + index}); the caller evaluates the rewritten projections over
 * the input page with the computed columns appended, in order. Only arithmetic over input columns
 * and constants is compared, structurally (operators, channels, constants and types), so a rewrite
 * never changes a value, a NULL or an overflow error.
 */
final class EarlierProjections
{
    private EarlierProjections() {}

    /**
     * The projections with earlier results reused, or null when no projection repeats an earlier
     * one (then there is nothing to gain).
     */
    static List<Expression> rewrite(List<Expression> projections, int firstExtraChannel)
    {
        Map<String, Integer> earlier = new HashMap<>();
        List<Expression> rewritten = new ArrayList<>(projections.size());
        boolean changed = false;
        for (int index = 0; index < projections.size(); index++) {
            Expression projection = projections.get(index);
            Expression reused = earlier.isEmpty() ? projection : replace(projection, earlier, firstExtraChannel, projections);
            changed |= reused != projection;
            rewritten.add(reused);
            String digest = digest(projection);
            if (projection instanceof ArithmeticExpression && digest != null) {
                earlier.putIfAbsent(digest, index);
            }
        }
        return changed ? List.copyOf(rewritten) : null;
    }

    private static Expression replace(Expression expression, Map<String, Integer> earlier, int firstExtraChannel, List<Expression> projections)
    {
        if (!(expression instanceof ArithmeticExpression arithmetic) || arithmetic.isDoubleDomain()) {
            return expression;
        }
        String digest = digest(expression);
        Integer index = digest == null ? null : earlier.get(digest);
        if (index != null) {
            return new InputReference(firstExtraChannel + index, projections.get(index).type());
        }
        Expression left = replace(arithmetic.left(), earlier, firstExtraChannel, projections);
        Expression right = replace(arithmetic.right(), earlier, firstExtraChannel, projections);
        if (left == arithmetic.left() && right == arithmetic.right()) {
            return expression;
        }
        return new ArithmeticExpression(arithmetic.operator(), left, right, arithmetic.type());
    }

    /** A structural key of exact arithmetic over input columns and constants, or null for anything else. */
    private static String digest(Expression expression)
    {
        if (expression instanceof InputReference input) {
            return "#" + input.channel() + ":" + input.type();
        }
        if (expression instanceof ConstantExpression constant) {
            return "c" + constant;
        }
        if (expression instanceof ArithmeticExpression arithmetic && !arithmetic.isDoubleDomain()) {
            String left = digest(arithmetic.left());
            String right = digest(arithmetic.right());
            return left == null || right == null ? null : arithmetic.operator() + "(" + left + ", " + right + "):" + arithmetic.type();
        }
        return null;
    }
}
