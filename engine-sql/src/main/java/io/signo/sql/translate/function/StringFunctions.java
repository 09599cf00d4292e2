package io.signo.sql.translate.function;

import io.signo.core.expression.Expression;
import io.signo.core.expression.Expressions;
import io.signo.sql.catalog.CalciteTypes;
import io.signo.sql.translate.RexTranslator;
import io.signo.storage.type.Type;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.fun.SqlLibraryOperators;
import org.apache.calcite.sql.fun.SqlTrimFunction;
import org.apache.calcite.sql.type.SqlTypeName;

import java.util.ArrayList;
import java.util.List;

/** SUBSTRING, UPPER, LOWER, LENGTH, ||, TRIM and REPLACE; lengths and positions count characters, not bytes. */
final class StringFunctions
{
    private StringFunctions() {}

    static void register(FunctionRegistry.Builder registry)
    {
        registry.function(StringFunctions::substring, "SUBSTRING")
                .function((call, translator) -> Expressions.upper(translator.translate(call.getOperands().get(0))), "UPPER")
                .function((call, translator) -> Expressions.lower(translator.translate(call.getOperands().get(0))), "LOWER")
                .function(StringFunctions::characterLength, "CHAR_LENGTH", "CHARACTER_LENGTH")
                // LENGTH is not the standard's (CHAR_LENGTH is) but every engine users come from has it
                .operator(SqlLibraryOperators.LENGTH, StringFunctions::characterLength)
                .function((call, translator) -> Expressions.concat(concatParts(call.getOperands(), translator), CalciteTypes.toSigno(call.getType())), "||")
                .function(StringFunctions::trim, "TRIM")
                .function(StringFunctions::replace, "REPLACE");
    }

    private static Expression substring(RexCall call, RexTranslator translator)
    {
        List<RexNode> operands = call.getOperands();
        return Expressions.substring(translator.translate(operands.get(0)), translator.translate(operands.get(1)),
                operands.size() > 2 ? translator.translate(operands.get(2)) : null);
    }

    private static Expression characterLength(RexCall call, RexTranslator translator)
    {
        return Expressions.characterLength(translator.translate(call.getOperands().get(0)), CalciteTypes.toSigno(call.getType()));
    }

    private static Expression replace(RexCall call, RexTranslator translator)
    {
        List<RexNode> operands = call.getOperands();
        return Expressions.replace(translator.translate(operands.get(0)), translator.translate(operands.get(1)), translator.translate(operands.get(2)),
                CalciteTypes.toSigno(call.getType()));
    }

    /** TRIM(BOTH | LEADING | TRAILING characters FROM value), as Calcite passes it: the flag, the characters, the value. */
    private static Expression trim(RexCall call, RexTranslator translator)
    {
        List<RexNode> operands = call.getOperands();
        SqlTrimFunction.Flag flag = ((RexLiteral) operands.get(0)).getValueAs(SqlTrimFunction.Flag.class);
        return trim(call, operands.get(2), operands.get(1), flag != SqlTrimFunction.Flag.TRAILING, flag != SqlTrimFunction.Flag.LEADING, translator);
    }

    private static Expression trim(RexCall call, RexNode value, RexNode characters, boolean leading, boolean trailing, RexTranslator translator)
    {
        if (!(characters instanceof RexLiteral literal) || literal.isNull()) {
            throw RexTranslator.unsupported(call.getOperator().getName() + " of characters that are not a constant: " + call);
        }
        return Expressions.trim(translator.translate(value), literal.getValueAs(String.class), leading, trailing, CalciteTypes.toSigno(call.getType()));
    }

    /**
     * The parts of a {@code ||}: a string literal keeps its trailing spaces, as text written out does
     * in DuckDB and PostgreSQL, though Calcite types it CHAR(n), whose values Signo keeps without them.
     */
    private static List<Expression> concatParts(List<RexNode> operands, RexTranslator translator)
    {
        List<Expression> parts = new ArrayList<>(operands.size());
        for (RexNode operand : operands) {
            if (operand instanceof RexLiteral literal && !literal.isNull() && literal.getType().getSqlTypeName() == SqlTypeName.CHAR) {
                Type text = Type.varchar(literal.getType().getPrecision());
                parts.add(Expressions.constant(text, RexTranslator.literalString(literal, text)));
            }
            else {
                parts.add(translator.translate(operand));
            }
        }
        return parts;
    }
}
