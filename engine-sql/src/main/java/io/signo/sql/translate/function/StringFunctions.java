package io.signo.sql.translate.function;

import io.signo.core.expression.Expression;
import io.signo.core.expression.Expressions;
import io.signo.sql.catalog.CalciteTypes;
import io.signo.sql.translate.RexTranslator;
import io.signo.storage.type.Type;
import io.signo.storage.type.TypeKind;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.SqlBasicFunction;
import org.apache.calcite.sql.SqlFunction;
import org.apache.calcite.sql.SqlFunctionCategory;
import org.apache.calcite.sql.fun.SqlLibraryOperators;
import org.apache.calcite.sql.fun.SqlTrimFunction;
import org.apache.calcite.sql.type.OperandTypes;
import org.apache.calcite.sql.type.ReturnTypes;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.type.SqlTypeTransforms;

import java.util.ArrayList;
import java.util.List;

/**
 * SUBSTRING, UPPER, LOWER, LENGTH, ||, CONCAT, TRIM, LTRIM, RTRIM, REPLACE, POSITION and STRPOS,
 * STARTS_WITH, LPAD, RPAD, LEFT, RIGHT, SPLIT_PART, REVERSE and ILIKE; lengths and positions count
 * characters, not bytes. Most are PostgreSQL's (Calcite's library operators), with DuckDB's results.
 */
final class StringFunctions
{
    /** LTRIM(value [, characters]): Calcite's LTRIM takes no characters. */
    static final SqlFunction LTRIM = trimFunction("LTRIM");
    /** RTRIM(value [, characters]). */
    static final SqlFunction RTRIM = trimFunction("RTRIM");

    /**
     * LPAD(value, length [, fill]): Calcite's is typed NOT NULL whatever its arguments, so that a NULL
     * value passed as never NULL (a NOT IN sub-query then answered TRUE for it).
     */
    static final SqlFunction LPAD = padFunction("LPAD");
    /** RPAD(value, length [, fill]), NULL when any argument is. */
    static final SqlFunction RPAD = padFunction("RPAD");

    private StringFunctions() {}

    private static SqlFunction padFunction(String name)
    {
        return SqlBasicFunction.create(name, ReturnTypes.explicit(SqlTypeName.VARCHAR).andThen(SqlTypeTransforms.TO_NULLABLE), OperandTypes.STRING_NUMERIC_OPTIONAL_STRING,
                SqlFunctionCategory.STRING);
    }

    static void register(FunctionRegistry.Builder registry)
    {
        registry.function(StringFunctions::substring, "SUBSTRING")
                .function((call, translator) -> Expressions.upper(translator.translate(call.getOperands().get(0))), "UPPER")
                .function((call, translator) -> Expressions.lower(translator.translate(call.getOperands().get(0))), "LOWER")
                .function(StringFunctions::characterLength, "CHAR_LENGTH", "CHARACTER_LENGTH")
                // LENGTH is not the standard's (CHAR_LENGTH is) but every engine users come from has it
                .operator(SqlLibraryOperators.LENGTH, StringFunctions::characterLength)
                .function((call, translator) -> Expressions.concat(concatParts(call.getOperands(), translator), CalciteTypes.toSigno(call.getType())), "||")
                .operator(SqlLibraryOperators.CONCAT_FUNCTION_WITH_NULL, StringFunctions::concat)
                .function(StringFunctions::trim, "TRIM")
                .operator(LTRIM, (call, translator) -> oneSidedTrim(call, true, translator))
                .operator(RTRIM, (call, translator) -> oneSidedTrim(call, false, translator))
                .function(StringFunctions::replace, "REPLACE")
                // STRPOS(value, substring) arrives as POSITION(substring IN value), Calcite's rewrite
                .function(StringFunctions::position, "POSITION")
                .operator(SqlLibraryOperators.STRPOS, StringFunctions::position)
                .operator(SqlLibraryOperators.STARTS_WITH, (call, translator) -> Expressions.startsWith(translator.translate(call.getOperands().get(0)),
                        translator.translate(call.getOperands().get(1))))
                .operator(LPAD, (call, translator) -> pad(true, call, translator))
                .operator(RPAD, (call, translator) -> pad(false, call, translator))
                .operator(SqlLibraryOperators.LEFT, (call, translator) -> leftOrRight(true, call, translator))
                .operator(SqlLibraryOperators.RIGHT, (call, translator) -> leftOrRight(false, call, translator))
                .operator(SqlLibraryOperators.SPLIT_PART, (call, translator) -> Expressions.splitPart(translator.translate(call.getOperands().get(0)),
                        translator.translate(call.getOperands().get(1)), integer(translator.translate(call.getOperands().get(2))), CalciteTypes.toSigno(call.getType())))
                .operator(SqlLibraryOperators.REVERSE, (call, translator) -> Expressions.reverse(translator.translate(call.getOperands().get(0)), CalciteTypes.toSigno(call.getType())))
                .operator(SqlLibraryOperators.ILIKE, (call, translator) -> translator.like(call, true))
                // NOT ILIKE arrives as NOT (ILIKE), Calcite's rewrite
                .operator(SqlLibraryOperators.NOT_ILIKE, (call, translator) -> translator.like(call, true))
                .skippingNulls("CONCAT");
    }

    private static SqlFunction trimFunction(String name)
    {
        return SqlBasicFunction.create(name, ReturnTypes.ARG0_NULLABLE_VARYING, OperandTypes.or(OperandTypes.STRING, OperandTypes.STRING_STRING), SqlFunctionCategory.STRING);
    }

    /** LTRIM or RTRIM of spaces, or of the characters of a constant. */
    private static Expression oneSidedTrim(RexCall call, boolean leading, RexTranslator translator)
    {
        List<RexNode> operands = call.getOperands();
        if (operands.size() == 1) {
            return Expressions.trim(translator.translate(operands.get(0)), " ", leading, !leading, CalciteTypes.toSigno(call.getType()));
        }
        return trim(call, operands.get(0), operands.get(1), leading, !leading, translator);
    }

    private static Expression position(RexCall call, RexTranslator translator)
    {
        List<RexNode> operands = call.getOperands();
        if (operands.size() > 2) {
            throw RexTranslator.unsupported("POSITION ... FROM a start: " + call);
        }
        return Expressions.position(translator.translate(operands.get(0)), translator.translate(operands.get(1)), CalciteTypes.toSigno(call.getType()));
    }

    /** LPAD and RPAD(value, length [, fill]); the fill is a space when left out. */
    private static Expression pad(boolean left, RexCall call, RexTranslator translator)
    {
        List<RexNode> operands = call.getOperands();
        Expression fill = operands.size() > 2 ? translator.translate(operands.get(2)) : Expressions.constant(Type.VARCHAR, " ");
        return Expressions.pad(left, translator.translate(operands.get(0)), integer(translator.translate(operands.get(1))), fill, CalciteTypes.toSigno(call.getType()));
    }

    private static Expression leftOrRight(boolean left, RexCall call, RexTranslator translator)
    {
        List<RexNode> operands = call.getOperands();
        return Expressions.leftOrRight(left, translator.translate(operands.get(0)), integer(translator.translate(operands.get(1))), CalciteTypes.toSigno(call.getType()));
    }

    /** A count or an index as an INTEGER or BIGINT: another number is cast to BIGINT (rounded, as a cast rounds). */
    private static Expression integer(Expression value)
    {
        TypeKind kind = value.type().kind();
        return kind == TypeKind.INTEGER || kind == TypeKind.BIGINT ? value : Expressions.cast(value, Type.BIGINT);
    }

    /** CONCAT(parts...), which skips NULLs: '' when every part is NULL. */
    private static Expression concat(RexCall call, RexTranslator translator)
    {
        Type type = CalciteTypes.toSigno(call.getType());
        List<Expression> parts = concatParts(call.getOperands(), translator);
        return parts.isEmpty() ? Expressions.constant(type, "") : Expressions.concatSkippingNulls(parts, type);
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
            if (operand.getType().getSqlTypeName() == SqlTypeName.NULL) {
                // the keyword NULL: || is NULL before it gets here, CONCAT skips it
                continue;
            }
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
