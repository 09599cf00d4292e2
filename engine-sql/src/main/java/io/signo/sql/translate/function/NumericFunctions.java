package io.signo.sql.translate.function;

import io.signo.core.expression.Expression;
import io.signo.core.expression.Expressions;
import io.signo.core.expression.MathFunction;
import io.signo.sql.catalog.CalciteTypes;
import io.signo.sql.translate.RexTranslator;
import io.signo.storage.type.Type;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.SqlBasicFunction;
import org.apache.calcite.sql.SqlFunction;
import org.apache.calcite.sql.SqlFunctionCategory;
import org.apache.calcite.sql.SqlOperatorBinding;
import org.apache.calcite.sql.fun.SqlLibraryOperators;
import org.apache.calcite.sql.type.OperandTypes;
import org.apache.calcite.sql.type.ReturnTypes;
import org.apache.calcite.sql.type.SqlTypeName;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.List;

/**
 * ABS, SIGN, ROUND, TRUNC, FLOOR, CEIL, POWER, SQRT, CBRT, LN, LOG10, LOG, EXP, PI, RANDOM,
 * GREATEST and LEAST. ROUND, TRUNC and SIGN are Signo's own operators, typed as DuckDB types them;
 * GREATEST and LEAST skip NULLs as in PostgreSQL and DuckDB.
 */
final class NumericFunctions
{
    /** ROUND(x [, digits]): a DECIMAL(p, s) becomes a DECIMAL(p, min(max(digits, 0), s)); other types stay. */
    static final SqlFunction ROUND = roundingFunction("ROUND");
    /** TRUNC(x [, digits]), typed as ROUND. */
    static final SqlFunction TRUNC = roundingFunction("TRUNC");
    /** TRUNCATE, the SQL standard's name of TRUNC. */
    static final SqlFunction TRUNCATE = roundingFunction("TRUNCATE");
    /** SIGN(x) as an INTEGER, as DuckDB (a TINYINT there), not of x's type, which may not hold 1. */
    static final SqlFunction SIGN = SqlBasicFunction.create("SIGN", ReturnTypes.INTEGER_NULLABLE, OperandTypes.NUMERIC, SqlFunctionCategory.NUMERIC);

    private NumericFunctions() {}

    static void register(FunctionRegistry.Builder registry)
    {
        registry.function((call, translator) -> Expressions.abs(translator.translate(call.getOperands().get(0))), "ABS")
                .operator(SIGN, (call, translator) -> Expressions.sign(translator.translate(call.getOperands().get(0))))
                .operator(ROUND, (call, translator) -> rounding(RoundingMode.HALF_UP, call, translator))
                .operator(TRUNC, (call, translator) -> rounding(RoundingMode.DOWN, call, translator))
                .operator(TRUNCATE, (call, translator) -> rounding(RoundingMode.DOWN, call, translator))
                .function((call, translator) -> rounding(RoundingMode.FLOOR, call, translator), "FLOOR")
                .function((call, translator) -> rounding(RoundingMode.CEILING, call, translator), "CEIL")
                .function(NumericFunctions::power, "POWER")
                .operator(SqlLibraryOperators.POW, NumericFunctions::power)
                .function(math(MathFunction.CBRT), "CBRT")
                .function(math(MathFunction.LN), "LN")
                .function(math(MathFunction.LOG10), "LOG10")
                .function(math(MathFunction.EXP), "EXP")
                .operator(SqlLibraryOperators.LOG_POSTGRES, NumericFunctions::log)
                .function((call, translator) -> Expressions.constant(Type.DOUBLE, Math.PI), "PI")
                .function(NumericFunctions::random, "RAND")
                .operator(SqlLibraryOperators.RANDOM, NumericFunctions::random)
                .operator(SqlLibraryOperators.GREATEST_PG, (call, translator) -> extremum(true, call, translator))
                .operator(SqlLibraryOperators.LEAST_PG, (call, translator) -> extremum(false, call, translator))
                .skippingNulls("GREATEST", "LEAST");
    }

    private static SqlFunction roundingFunction(String name)
    {
        return SqlBasicFunction.create(name, NumericFunctions::roundingType, OperandTypes.NUMERIC_OPTIONAL_INTEGER, SqlFunctionCategory.NUMERIC);
    }

    private static RelDataType roundingType(SqlOperatorBinding binding)
    {
        RelDataType value = binding.getOperandType(0);
        RelDataTypeFactory typeFactory = binding.getTypeFactory();
        boolean nullable = false;
        for (int i = 0; i < binding.getOperandCount(); i++) {
            nullable |= binding.getOperandType(i).isNullable();
        }
        RelDataType type = value;
        if (value.getSqlTypeName() == SqlTypeName.DECIMAL) {
            int digits = binding.getOperandCount() > 1 ? constantDigits(binding) : 0;
            int scale = Math.min(Math.max(digits, 0), value.getScale());
            type = typeFactory.createSqlType(SqlTypeName.DECIMAL, value.getPrecision(), scale);
        }
        return typeFactory.createTypeWithNullability(type, nullable);
    }

    /** The digits of ROUND(x, digits) when they are a constant; else x's scale, kept (the translation then fails). */
    private static int constantDigits(SqlOperatorBinding binding)
    {
        try {
            Integer digits = binding.getOperandLiteralValue(1, Integer.class);
            return digits == null ? binding.getOperandType(0).getScale() : digits;
        }
        catch (RuntimeException e) {
            return binding.getOperandType(0).getScale();
        }
    }

    private static Expression rounding(RoundingMode mode, RexCall call, RexTranslator translator)
    {
        List<RexNode> operands = call.getOperands();
        Type type = CalciteTypes.toSigno(call.getType());
        if (operands.size() > 1 && !SqlTypeName.NUMERIC_TYPES.contains(operands.get(1).getType().getSqlTypeName())) {
            // FLOOR(date TO unit) and CEIL(date TO unit)
            throw RexTranslator.unsupported(call.getOperator().getName() + " of a date or timestamp: " + call);
        }
        int digits = 0;
        if (operands.size() > 1) {
            if (!(operands.get(1) instanceof RexLiteral literal)) {
                throw RexTranslator.unsupported(call.getOperator().getName() + " to a number of digits that is not a constant: " + call);
            }
            if (literal.isNull()) {
                return Expressions.constant(type, null);
            }
            digits = literal.getValueAs(BigDecimal.class).intValueExact();
        }
        return Expressions.round(mode, translator.translate(operands.get(0)), digits, type);
    }

    /** POWER(x, y); SQRT(x) arrives as POWER(x, 0.5) (Calcite's rewrite) and is computed as a square root. */
    private static Expression power(RexCall call, RexTranslator translator)
    {
        List<RexNode> operands = call.getOperands();
        Expression base = translator.translate(operands.get(0));
        if (operands.get(1) instanceof RexLiteral literal && !literal.isNull()
                && literal.getValueAs(BigDecimal.class).compareTo(new BigDecimal("0.5")) == 0) {
            return Expressions.math(MathFunction.SQRT, List.of(base));
        }
        return Expressions.math(MathFunction.POWER, List.of(base, translator.translate(operands.get(1))));
    }

    /** LOG(x) is the base-10 logarithm, LOG(b, x) the logarithm of x to base b, as in PostgreSQL and DuckDB. */
    private static Expression log(RexCall call, RexTranslator translator)
    {
        List<Expression> arguments = translator.translateAll(call.getOperands());
        return Expressions.math(arguments.size() == 1 ? MathFunction.LOG10 : MathFunction.LOG, arguments);
    }

    private static FunctionTranslator math(MathFunction function)
    {
        return (call, translator) -> Expressions.math(function, translator.translateAll(call.getOperands()));
    }

    private static Expression random(RexCall call, RexTranslator translator)
    {
        if (!call.getOperands().isEmpty()) {
            throw RexTranslator.unsupported("RAND with a seed");
        }
        return Expressions.random();
    }

    private static Expression extremum(boolean greatest, RexCall call, RexTranslator translator)
    {
        return Expressions.extremum(greatest, translator.translateAll(call.getOperands()), CalciteTypes.toSigno(call.getType()));
    }
}
