package io.signo.sql.translate.function;

import io.signo.core.expression.Expression;
import io.signo.core.expression.Expressions;
import io.signo.core.expression.RegexOptions;
import io.signo.sql.catalog.CalciteTypes;
import io.signo.sql.translate.RexTranslator;
import io.signo.storage.error.ErrorCode;
import io.signo.storage.error.SignoException;
import io.signo.storage.type.Type;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.SqlBasicFunction;
import org.apache.calcite.sql.SqlFunction;
import org.apache.calcite.sql.SqlFunctionCategory;
import org.apache.calcite.sql.fun.SqlLikeOperator;
import org.apache.calcite.sql.type.OperandTypes;
import org.apache.calcite.sql.type.ReturnTypes;
import org.apache.calcite.sql.type.SqlOperandTypeChecker;
import org.apache.calcite.sql.type.SqlTypeFamily;
import org.apache.calcite.sql.type.SqlTypeName;

import java.math.BigDecimal;
import java.util.List;
import java.util.Locale;

/**
 * Regular expressions with DuckDB's functions and results: REGEXP_MATCHES (and REGEXP_LIKE, its
 * name in PostgreSQL, Oracle and Trino), REGEXP_FULL_MATCH, REGEXP_REPLACE and REGEXP_EXTRACT, with
 * DuckDB's option letters; PostgreSQL's operators {@code ~}, {@code ~*}, {@code !~} and {@code !~*};
 * and the standard's SIMILAR TO. RE2 syntax, matched by RE2/J in time linear in the text.
 */
final class RegexFunctions
{
    private static final SqlOperandTypeChecker MATCH_OPERANDS = OperandTypes.or(OperandTypes.STRING_STRING, OperandTypes.STRING_STRING_STRING);

    /** REGEXP_MATCHES(value, pattern [, options]): whether the pattern matches somewhere in the value. */
    static final SqlFunction REGEXP_MATCHES = matchFunction("REGEXP_MATCHES");
    /** REGEXP_LIKE(value, pattern [, options]), REGEXP_MATCHES under PostgreSQL's (and Oracle's, Trino's) name. */
    static final SqlFunction REGEXP_LIKE = matchFunction("REGEXP_LIKE");
    /** REGEXP_FULL_MATCH(value, pattern [, options]): whether the pattern matches the whole value. */
    static final SqlFunction REGEXP_FULL_MATCH = matchFunction("REGEXP_FULL_MATCH");
    /** REGEXP_REPLACE(value, pattern, replacement [, options]). */
    static final SqlFunction REGEXP_REPLACE = SqlBasicFunction.create("REGEXP_REPLACE", ReturnTypes.VARCHAR_NULLABLE,
            OperandTypes.or(OperandTypes.STRING_STRING_STRING, OperandTypes.family(SqlTypeFamily.STRING, SqlTypeFamily.STRING, SqlTypeFamily.STRING, SqlTypeFamily.STRING)),
            SqlFunctionCategory.STRING);
    /** REGEXP_EXTRACT(value, pattern [, group] [, options]). */
    static final SqlFunction REGEXP_EXTRACT = SqlBasicFunction.create("REGEXP_EXTRACT", ReturnTypes.VARCHAR_NULLABLE,
            OperandTypes.or(OperandTypes.STRING_STRING, OperandTypes.family(SqlTypeFamily.STRING, SqlTypeFamily.STRING, SqlTypeFamily.INTEGER), OperandTypes.STRING_STRING_STRING,
                    OperandTypes.family(SqlTypeFamily.STRING, SqlTypeFamily.STRING, SqlTypeFamily.INTEGER, SqlTypeFamily.STRING)),
            SqlFunctionCategory.STRING);

    private RegexFunctions() {}

    static void register(FunctionRegistry.Builder registry)
    {
        registry.operator(REGEXP_MATCHES, (call, translator) -> matches(call, false, translator))
                .operator(REGEXP_LIKE, (call, translator) -> matches(call, false, translator))
                .operator(REGEXP_FULL_MATCH, (call, translator) -> matches(call, true, translator))
                .operator(REGEXP_REPLACE, RegexFunctions::replace)
                .operator(REGEXP_EXTRACT, RegexFunctions::extract)
                // PostgreSQL's value ~ pattern, ~* (case insensitive) and their negations !~ and !~*, Calcite's POSIX operators
                .function((call, translator) -> posix(call, false, false, translator), "POSIX REGEX CASE SENSITIVE")
                .function((call, translator) -> posix(call, true, false, translator), "POSIX REGEX CASE INSENSITIVE")
                .function((call, translator) -> posix(call, false, true, translator), "NEGATED POSIX REGEX CASE SENSITIVE")
                .function((call, translator) -> posix(call, true, true, translator), "NEGATED POSIX REGEX CASE INSENSITIVE")
                .function(RegexFunctions::similarTo, "SIMILAR TO", "NOT SIMILAR TO");
    }

    private static SqlFunction matchFunction(String name)
    {
        return SqlBasicFunction.create(name, ReturnTypes.BOOLEAN_NULLABLE, MATCH_OPERANDS, SqlFunctionCategory.STRING);
    }

    private static String name(RexCall call)
    {
        return call.getOperator().getName().toUpperCase(Locale.ROOT);
    }

    private static Expression matches(RexCall call, boolean wholeValue, RexTranslator translator)
    {
        List<RexNode> operands = call.getOperands();
        RegexOptions options = operands.size() > 2 ? options(call, operands.get(2), false) : RegexOptions.DEFAULT;
        return Expressions.regexMatches(name(call), text(operands.get(0), translator), text(operands.get(1), translator), options, wholeValue);
    }

    private static Expression posix(RexCall call, boolean caseInsensitive, boolean negated, RexTranslator translator)
    {
        List<RexNode> operands = call.getOperands();
        String operator = (negated ? "!~" : "~") + (caseInsensitive ? "*" : "");
        Expression matches = Expressions.regexMatches(operator, text(operands.get(0), translator), text(operands.get(1), translator),
                caseInsensitive ? RegexOptions.CASE_INSENSITIVE : RegexOptions.DEFAULT, false);
        return negated ? Expressions.not(matches) : matches;
    }

    private static Expression replace(RexCall call, RexTranslator translator)
    {
        List<RexNode> operands = call.getOperands();
        RegexOptions options = operands.size() > 3 ? options(call, operands.get(3), true) : RegexOptions.DEFAULT;
        return Expressions.regexReplace(text(operands.get(0), translator), text(operands.get(1), translator), text(operands.get(2), translator), options,
                CalciteTypes.toSigno(call.getType()));
    }

    /** REGEXP_EXTRACT(value, pattern), (value, pattern, group), (value, pattern, options) or (value, pattern, group, options). */
    private static Expression extract(RexCall call, RexTranslator translator)
    {
        List<RexNode> operands = call.getOperands();
        int group = 0;
        RegexOptions options = RegexOptions.DEFAULT;
        if (operands.size() > 2) {
            RexNode third = operands.get(2);
            if (third.getType().getSqlTypeName().getFamily() == SqlTypeFamily.CHARACTER) {
                options = options(call, third, false);
            }
            else {
                group = group(call, third);
            }
        }
        if (operands.size() > 3) {
            options = options(call, operands.get(3), false);
        }
        return Expressions.regexExtract(text(operands.get(0), translator), text(operands.get(1), translator), group, options, CalciteTypes.toSigno(call.getType()));
    }

    /** {@code value [NOT] SIMILAR TO pattern [ESCAPE escape]} with a constant pattern; the escape is a backslash unless named. */
    private static Expression similarTo(RexCall call, RexTranslator translator)
    {
        List<RexNode> operands = call.getOperands();
        if (!(operands.get(1) instanceof RexLiteral pattern) || pattern.isNull()) {
            throw RexTranslator.unsupported("SIMILAR TO with a pattern that is not a constant");
        }
        String escape = "\\";
        if (operands.size() > 2) {
            if (!(operands.get(2) instanceof RexLiteral escapeLiteral) || escapeLiteral.isNull()) {
                throw RexTranslator.unsupported("SIMILAR TO with an escape that is not a constant");
            }
            escape = RexTranslator.literalString(escapeLiteral, Type.VARCHAR);
        }
        Expression similar = Expressions.similarTo(text(operands.get(0), translator), RexTranslator.literalString(pattern, Type.VARCHAR), escape);
        boolean negated = call.getOperator() instanceof SqlLikeOperator likeOperator && likeOperator.isNegated();
        return negated ? Expressions.not(similar) : similar;
    }

    /**
     * A string operand; a literal keeps its trailing spaces, which matter in a pattern or a
     * replacement, though Calcite types it CHAR(n), whose values Signo keeps without them.
     */
    private static Expression text(RexNode operand, RexTranslator translator)
    {
        if (operand instanceof RexLiteral literal && !literal.isNull() && literal.getType().getSqlTypeName() == SqlTypeName.CHAR) {
            Type text = Type.varchar(literal.getType().getPrecision());
            return Expressions.constant(text, RexTranslator.literalString(literal, text));
        }
        return translator.translate(operand);
    }

    /** The options of a call, which must be a constant string, as in DuckDB. */
    private static RegexOptions options(RexCall call, RexNode operand, boolean allowsGlobal)
    {
        if (!(operand instanceof RexLiteral literal)) {
            throw new SignoException(ErrorCode.INVALID_ARGUMENT, name(call) + ": the options must be a constant string, not " + operand);
        }
        if (literal.isNull()) {
            throw new SignoException(ErrorCode.INVALID_ARGUMENT, name(call) + ": the options must not be NULL");
        }
        return RegexOptions.parse(name(call), RexTranslator.literalString(literal, Type.VARCHAR), allowsGlobal);
    }

    private static int group(RexCall call, RexNode operand)
    {
        if (!(operand instanceof RexLiteral literal) || literal.isNull()) {
            throw new SignoException(ErrorCode.INVALID_ARGUMENT, name(call) + ": the group must be a constant integer, not " + operand);
        }
        BigDecimal group = literal.getValueAs(BigDecimal.class);
        if (group.signum() < 0 || group.compareTo(BigDecimal.valueOf(Integer.MAX_VALUE)) > 0) {
            throw new SignoException(ErrorCode.INVALID_ARGUMENT, name(call) + ": group must be 0 (the whole match) or more, not " + group);
        }
        return group.intValueExact();
    }
}
