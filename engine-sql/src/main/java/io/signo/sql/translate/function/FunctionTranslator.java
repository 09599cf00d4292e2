package io.signo.sql.translate.function;

import io.signo.core.expression.Expression;
import io.signo.sql.translate.RexTranslator;
import org.apache.calcite.rex.RexCall;

/** Turns one validated call of a function into Signo's expression, its operands through {@code translator}. */
@FunctionalInterface
public interface FunctionTranslator
{
    Expression translate(RexCall call, RexTranslator translator);
}
