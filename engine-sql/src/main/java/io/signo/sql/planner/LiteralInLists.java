package io.signo.sql.planner;

import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.SqlBasicCall;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlNumericLiteral;
import org.apache.calcite.sql.SqlSpecialOperator;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.type.SqlTypeUtil;
import org.apache.calcite.sql.util.SqlBasicVisitor;
import org.apache.calcite.sql.util.SqlShuttle;
import org.apache.calcite.sql.validate.SqlValidator;
import org.apache.calcite.sql2rel.SqlRexContext;
import org.apache.calcite.util.Litmus;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * A {@code value [NOT] IN (n1, ..., nk)} of a numeric value and at least {@link #MIN_VALUES} number
 * literals, converted straight into one SEARCH of a point set. Calcite validates an IN list value by
 * value (each literal typed, and wrapped in a cast where its type is not the compared one), then
 * converts it into one equality per value (each value and the compared expression converted again)
 * that {@link LongInLists} folds back into a SEARCH: for the 1,500 keys of a TPC-H refresh function's
 * DELETE that was nearly all of the statement's planning.
 *
 * <p>So before validation ({@link #replaceBeforeValidation}) each IN list of whole-number literals is
 * replaced by an {@link InListCall} whose one operand is the compared value: the validator types that
 * value alone, and the call is BOOLEAN. Lists with other literals are replaced after validation
 * ({@link #replace}), their types then known from the validator's coercions. {@link InstantComparisons}
 * converts either with {@link #convert}: the value once, each literal as a point of the type the
 * equalities would have compared in (the least restrictive of the value's and the literals' types),
 * which is the SEARCH {@link LongInLists} makes of the equalities. A query with a GROUP BY keeps
 * Calcite's conversion (the converter matches grouping expressions with copies of them that this
 * replacement does not reach).
 */
final class LiteralInLists
{
    /** Shorter lists are left to Calcite, which converts them quickly enough. */
    static final int MIN_VALUES = LongInLists.MIN_VALUES;

    private LiteralInLists() {}

    /**
     * {@code parsed} with each IN list of at least {@link #MIN_VALUES} whole-number literals replaced
     * by an {@link InListCall}, which the validator types without looking at the literals. A list with
     * another element (a fraction, a NULL, a string, an expression) is left for {@link #replace}.
     */
    static SqlNode replaceBeforeValidation(SqlNode parsed)
    {
        return parsed.accept(new SqlShuttle()
        {
            @Override
            public SqlNode visit(SqlCall call)
            {
                if (call instanceof org.apache.calcite.sql.SqlSelect select && select.getGroup() != null) {
                    // the converter matches GROUP BY expressions with its own copies of them: a grouping query keeps Calcite's conversion
                    return call;
                }
                List<BigDecimal> numbers = wholeNumbers(call);
                if (numbers != null) {
                    SqlNode value = call.operand(0).accept(this);
                    return new InListOperator(numbers, null, call.getKind() == SqlKind.NOT_IN).createCall(null, call.getParserPosition(), value);
                }
                return super.visit(call);
            }
        });
    }

    /** The values of an IN list of whole-number literals long enough to replace; else null. */
    private static List<BigDecimal> wholeNumbers(SqlCall call)
    {
        if ((call.getKind() != SqlKind.IN && call.getKind() != SqlKind.NOT_IN) || call.operandCount() != 2 || !(call.operand(1) instanceof SqlNodeList values)
                || values.size() < MIN_VALUES || call.operand(0) instanceof SqlNodeList) {
            return null;
        }
        List<BigDecimal> numbers = new ArrayList<>(values.size());
        for (SqlNode element : values) {
            if (!(element instanceof SqlNumericLiteral literal) || !literal.isExact() || literal.getValue() == null) {
                return null;
            }
            BigDecimal number = literal.getValueAs(BigDecimal.class);
            if (number.signum() != 0 && number.stripTrailingZeros().scale() > 0) {
                return null;
            }
            numbers.add(number.setScale(0, RoundingMode.UNNECESSARY));
        }
        return numbers;
    }

    /** The types the validator gives whole-number literals: INTEGER, BIGINT, or a DECIMAL of scale 0 past a BIGINT's range; each once. */
    private static List<RelDataType> wholeNumberTypes(List<BigDecimal> numbers, RelDataTypeFactory typeFactory)
    {
        Set<RelDataType> types = new LinkedHashSet<>();
        int widestDecimal = 0;
        for (BigDecimal number : numbers) {
            if (number.compareTo(INT_MIN) >= 0 && number.compareTo(INT_MAX) <= 0) {
                types.add(typeFactory.createSqlType(SqlTypeName.INTEGER));
            }
            else if (number.compareTo(LONG_MIN) >= 0 && number.compareTo(LONG_MAX) <= 0) {
                types.add(typeFactory.createSqlType(SqlTypeName.BIGINT));
            }
            else {
                widestDecimal = Math.max(widestDecimal, number.precision());
            }
        }
        if (widestDecimal > 0) {
            types.add(typeFactory.createSqlType(SqlTypeName.DECIMAL, Math.min(widestDecimal, typeFactory.getTypeSystem().getMaxNumericPrecision()), 0));
        }
        return List.copyOf(types);
    }

    private static final BigDecimal INT_MIN = BigDecimal.valueOf(Integer.MIN_VALUE);
    private static final BigDecimal INT_MAX = BigDecimal.valueOf(Integer.MAX_VALUE);
    private static final BigDecimal LONG_MIN = BigDecimal.valueOf(Long.MIN_VALUE);
    private static final BigDecimal LONG_MAX = BigDecimal.valueOf(Long.MAX_VALUE);

    /** Replaces, in {@code validated}, each IN list of number literals this class converts. */
    static void replace(SqlNode validated, SqlValidator validator)
    {
        validated.accept(new SqlBasicVisitor<Void>()
        {
            @Override
            public Void visit(SqlCall call)
            {
                if (call instanceof org.apache.calcite.sql.SqlSelect select && select.getGroup() != null) {
                    // the converter matches GROUP BY expressions with its own copies of them: a grouping query keeps Calcite's conversion
                    return null;
                }
                List<SqlNode> operands = call.getOperandList();
                for (int i = 0; i < operands.size(); i++) {
                    SqlNode operand = operands.get(i);
                    InListCall replacement = operand instanceof SqlCall in ? inList(in, validator) : null;
                    if (replacement != null) {
                        try {
                            call.setOperand(i, replacement);
                        }
                        catch (UnsupportedOperationException e) {
                            // a call whose operands are fixed: its IN list goes through Calcite's conversion
                        }
                    }
                }
                return super.visit(call);
            }

            @Override
            public Void visit(SqlNodeList list)
            {
                for (int i = 0; i < list.size(); i++) {
                    InListCall replacement = list.get(i) instanceof SqlCall in ? inList(in, validator) : null;
                    if (replacement != null) {
                        list.set(i, replacement);
                    }
                }
                return super.visit(list);
            }
        });
    }

    /** The replacement of {@code call} when it is an IN list this class converts; else null. */
    private static InListCall inList(SqlCall call, SqlValidator validator)
    {
        if ((call.getKind() != SqlKind.IN && call.getKind() != SqlKind.NOT_IN) || call.operandCount() != 2 || !(call.operand(1) instanceof SqlNodeList values)
                || values.size() < MIN_VALUES) {
            return null;
        }
        SqlNode value = call.operand(0);
        RelDataType valueType = validator.getValidatedNodeTypeIfKnown(value);
        if (valueType == null || !SqlTypeUtil.isNumeric(valueType)) {
            return null;
        }
        List<BigDecimal> numbers = new ArrayList<>(values.size());
        Set<RelDataType> types = new LinkedHashSet<>();
        for (SqlNode element : values) {
            // a number literal, or one the validator's coercion cast to a numeric type; anything else goes through Calcite's own conversion
            SqlNode literal = element.getKind() == SqlKind.CAST && element instanceof SqlCall cast ? cast.operand(0) : element;
            RelDataType type = validator.getValidatedNodeTypeIfKnown(element);
            if (!(literal instanceof SqlNumericLiteral number) || number.getValue() == null || type == null || !SqlTypeUtil.isNumeric(type)) {
                return null;
            }
            BigDecimal written = number.getValueAs(BigDecimal.class);
            if (literal != element && SqlTypeUtil.isExactNumeric(type) && written.stripTrailingZeros().scale() > Math.max(type.getScale(), 0)) {
                // a cast that rounds the literal
                return null;
            }
            numbers.add(written);
            types.add(type);
        }
        RelDataType callType = validator.getValidatedNodeTypeIfKnown(call);
        if (callType == null) {
            return null;
        }
        InListCall replacement = new InListCall(new InListOperator(numbers, List.copyOf(types), call.getKind() == SqlKind.NOT_IN), value, call.getParserPosition());
        validator.setValidatedNodeType(replacement, callType);
        return replacement;
    }

    /** {@code SEARCH(value, points)}, or its negation for NOT IN: what the equalities of the list become. */
    static RexNode convert(SqlRexContext context, InListCall call)
    {
        RexBuilder rexBuilder = context.getRexBuilder();
        RelDataTypeFactory typeFactory = context.getTypeFactory();
        RexNode value = context.convertExpression(call.operand(0));
        List<RelDataType> types = new ArrayList<>();
        if (SqlTypeUtil.isNumeric(value.getType())) {
            types.add(value.getType());
        }
        // a string (or NULL) value is cast to the literals' type, as DuckDB compares it: a string that is no number fails
        types.addAll(call.types() != null ? call.types() : wholeNumberTypes(call.numbers(), typeFactory));
        RelDataType compared = typeFactory.leastRestrictive(types);
        if (compared == null) {
            throw new IllegalStateException("no common type of " + types + " for an IN list");
        }
        RelDataType pointType = typeFactory.createTypeWithNullability(compared, false);
        RelDataType valueType = typeFactory.createTypeWithNullability(compared, value.getType().isNullable());
        RexNode searched = SqlTypeUtil.equalSansNullability(typeFactory, value.getType(), valueType) ? value : rexBuilder.makeCast(valueType, value);
        boolean approximate = SqlTypeName.APPROX_TYPES.contains(pointType.getSqlTypeName());
        List<RexNode> points = new ArrayList<>(call.numbers().size());
        for (BigDecimal written : call.numbers()) {
            BigDecimal number = written;
            if (pointType.getSqlTypeName() == SqlTypeName.DECIMAL && number.scale() < pointType.getScale()) {
                number = number.setScale(pointType.getScale());
            }
            points.add(approximate ? rexBuilder.makeApproxLiteral(number, pointType) : rexBuilder.makeExactLiteral(number, pointType));
        }
        RexNode search = rexBuilder.makeIn(searched, points);
        return call.negated() ? rexBuilder.makeCall(SqlStdOperatorTable.NOT, search) : search;
    }

    /**
     * The operator of one {@link InListCall}: it holds the list's values, so that the validator's
     * copies of the call (it rebuilds a call whose operand it expands) keep them.
     */
    static final class InListOperator
            extends SqlSpecialOperator
    {
        private final List<BigDecimal> numbers;
        /** Null when the validator did not see the values: they are whole numbers, typed as it would type them. */
        private final List<RelDataType> types;
        private final boolean negated;

        InListOperator(List<BigDecimal> numbers, List<RelDataType> types, boolean negated)
        {
            super("IN", SqlKind.OTHER, 32, true, org.apache.calcite.sql.type.ReturnTypes.BOOLEAN_NULLABLE, null, null);
            this.numbers = List.copyOf(numbers);
            this.types = types;
            this.negated = negated;
        }

        @Override
        public SqlCall createCall(org.apache.calcite.sql.SqlLiteral functionQualifier, SqlParserPos position, SqlNode... operands)
        {
            if (operands.length != 1) {
                throw new IllegalArgumentException("an IN list call has one operand, the compared value; got " + operands.length);
            }
            return new InListCall(this, operands[0], position);
        }

        /**
         * BOOLEAN, nullable as the compared value is, which must be a number or a string (cast to a
         * number when compared): the validator types the value alone (for a list replaced after
         * validation, the type it gave the IN call).
         */
        @Override
        public RelDataType deriveType(SqlValidator validator, org.apache.calcite.sql.validate.SqlValidatorScope scope, SqlCall call)
        {
            RelDataType known = validator.getValidatedNodeTypeIfKnown(call);
            if (known != null) {
                return known;
            }
            RelDataType valueType = validator.deriveType(scope, call.operand(0));
            if (!SqlTypeUtil.isNumeric(valueType) && !SqlTypeUtil.isCharacter(valueType) && valueType.getSqlTypeName() != SqlTypeName.NULL) {
                // Calcite's own error for an IN list whose values the compared one cannot be compared with
                throw validator.newValidationError(call, org.apache.calcite.util.Static.RESOURCE.incompatibleValueType(SqlStdOperatorTable.IN.getName()));
            }
            RelDataTypeFactory typeFactory = validator.getTypeFactory();
            RelDataType type = typeFactory.createTypeWithNullability(typeFactory.createSqlType(SqlTypeName.BOOLEAN), valueType.isNullable());
            validator.setValidatedNodeType(call, type);
            return type;
        }

        /** As the IN list was written: plans and names that print the expression show it so. */
        @Override
        public void unparse(SqlWriter writer, SqlCall call, int leftPrec, int rightPrec)
        {
            SqlWriter.Frame frame = writer.startList("", "");
            call.operand(0).unparse(writer, getLeftPrec(), getRightPrec());
            writer.keyword(negated ? "NOT IN" : "IN");
            SqlWriter.Frame values = writer.startList("(", ")");
            for (BigDecimal number : numbers) {
                writer.sep(",");
                writer.literal(number.toPlainString());
            }
            writer.endList(values);
            writer.endList(frame);
        }
    }

    /** An IN list of number literals: the compared value is its one operand, the values are its operator's. */
    static final class InListCall
            extends SqlBasicCall
    {
        InListCall(InListOperator operator, SqlNode value, SqlParserPos position)
        {
            super(operator, List.of(value), position);
        }

        private InListOperator inList()
        {
            return (InListOperator) getOperator();
        }

        /** Equal to another IN list of the same value, values and negation only (a GROUP BY expression is matched so). */
        @Override
        public boolean equalsDeep(SqlNode node, Litmus litmus)
        {
            if (!(node instanceof InListCall other) || inList().negated != other.inList().negated || !inList().numbers.equals(other.inList().numbers)) {
                return litmus.fail("{} != {}", this, node);
            }
            return super.equalsDeep(node, litmus);
        }

        /** The list's values, as written. */
        List<BigDecimal> numbers()
        {
            return inList().numbers;
        }

        /** The types the validator gave the list's values (after its coercions), each once; null when it did not see them. */
        List<RelDataType> types()
        {
            return inList().types;
        }

        boolean negated()
        {
            return inList().negated;
        }
    }
}
