package io.signo.core.expression;

import io.signo.storage.type.Type;
import org.junit.jupiter.api.Test;

import java.util.List;

import static io.signo.core.expression.ComparisonOperator.GREATER_THAN;
import static io.signo.core.expression.ComparisonOperator.LESS_THAN;
import static io.signo.core.expression.Expressions.arithmetic;
import static io.signo.core.expression.Expressions.comparison;
import static io.signo.core.expression.Expressions.constant;
import static io.signo.core.expression.Expressions.in;
import static io.signo.core.expression.Expressions.input;
import static io.signo.core.expression.Expressions.like;
import static io.signo.core.expression.Expressions.not;
import static io.signo.core.expression.Expressions.or;
import static org.junit.jupiter.api.Assertions.assertEquals;

class ConjunctOrderTest
{
    private static final Expression DAY = input(0, Type.DATE);
    private static final Expression COMMIT = input(1, Type.DATE);
    private static final Expression MODE = input(2, Type.VARCHAR);
    private static final Expression QUANTITY = input(3, Type.BIGINT);

    @Test
    void cheapTermsThatCannotFailRunFirst()
    {
        // Q12's terms as written: the string IN first, the date range last
        Expression shipMode = in(MODE, List.of("MAIL", "SHIP"));
        Expression commitBeforeReceipt = comparison(LESS_THAN, COMMIT, DAY);
        Expression from = comparison(GREATER_THAN, DAY, constant(Type.DATE, 8766));
        Expression comment = not(like(MODE, "%special%", null));
        List<Expression> ordered = ConjunctOrder.order(List.of(comment, shipMode, commitBeforeReceipt, from));
        assertEquals(List.of(from, commitBeforeReceipt, shipMode, comment), ordered);
    }

    @Test
    void termsThatMayFailComeLastInTheOrderWritten()
    {
        Expression divide = comparison(LESS_THAN, arithmetic(ArithmeticOperator.DIVIDE, constant(Type.BIGINT, 100L), QUANTITY, Type.BIGINT), constant(Type.BIGINT, 8L));
        Expression add = comparison(GREATER_THAN, arithmetic(ArithmeticOperator.ADD, QUANTITY, QUANTITY, Type.BIGINT), constant(Type.BIGINT, 1L));
        Expression positive = comparison(GREATER_THAN, QUANTITY, constant(Type.BIGINT, 0L));
        Expression either = or(List.of(comparison(LESS_THAN, DAY, COMMIT), in(MODE, List.of("AIR"))));
        assertEquals(List.of(positive, either, divide, add), ConjunctOrder.order(List.of(divide, positive, add, either)));
        assertEquals(List.of(positive, either, add, divide), ConjunctOrder.order(List.of(add, divide, either, positive)));
    }
}
