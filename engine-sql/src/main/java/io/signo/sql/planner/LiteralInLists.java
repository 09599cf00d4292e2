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
import org.apache.calcite.sql.validate.SqlValidator;
import org.apache.calcite.sql2rel.SqlRexContext;
import org.apache.calcite.util.Litmus;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * A validated {@code value [NOT] IN (n1, ..., nk)} of a numeric value and at least {@link #MIN_VALUES}
 * number literals, converted straight into one SEARCH of a point set. Calcite converts an IN list
 * into one equality per value (each value and the compared expression converted again) and
 * {@link LongInLists} folds the equalities back into a SEARCH: for the 1,500 keys of a TPC-H refresh
 * function's DELETE that took most of the statement's planning. After validation each such IN call
 * is replaced, in place, by an {@link InListCall} holding the compared value and the literals, which
 * {@link InstantComparisons} converts with {@link #convert}: the value once, each literal as a point
 * of the type the equalities would have compared in (the least restrictive of the value's and the
 * literals' types), which is the SEARCH {@link LongInLists} makes of the equalities. A query with
 * a GROUP BY keeps Calcite's conversion (the converter matches grouping expressions with copies of
 * them that this replacement does not reach).
 */
final class LiteralInLists
{
    /** Shorter lists are left to Calcite, which converts them quickly enough. */
    static final int MIN_VALUES = LongInLists.MIN_VALUES;

    private LiteralInLists() {}

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
        InListCall replacement = new InListCall(value, numbers, List.copyOf(types), call.getKind() == SqlKind.NOT_IN, call.getParserPosition());
        validator.setValidatedNodeType(replacement, callType);
        return replacement;
    }

    /** {@code SEARCH(value, points)}, or its negation for NOT IN: what the equalities of the list become. */
    static RexNode convert(SqlRexContext context, InListCall call)
    {
        RexBuilder rexBuilder = context.getRexBuilder();
        RelDataTypeFactory typeFactory = context.getTypeFactory();
        RexNode value = context.convertExpression(call.operand(0));
        List<RelDataType> types = new ArrayList<>(call.types().size() + 1);
        types.add(value.getType());
        types.addAll(call.types());
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

    /** The operator of an {@link InListCall}; never parsed nor looked up, only made by {@link #replace}. */
    static final class InListOperator
            extends SqlSpecialOperator
    {
        static final InListOperator INSTANCE = new InListOperator();

        private InListOperator()
        {
            super("IN", SqlKind.OTHER, 32, true, org.apache.calcite.sql.type.ReturnTypes.BOOLEAN_NULLABLE, null, null);
        }

        /** The type the validator gave the IN call this replaced (the converter asks again for GROUP BY expressions). */
        @Override
        public RelDataType deriveType(SqlValidator validator, org.apache.calcite.sql.validate.SqlValidatorScope scope, SqlCall call)
        {
            RelDataType known = validator.getValidatedNodeTypeIfKnown(call);
            if (known != null) {
                return known;
            }
            RelDataType valueType = validator.deriveType(scope, call.operand(0));
            RelDataTypeFactory typeFactory = validator.getTypeFactory();
            return typeFactory.createTypeWithNullability(typeFactory.createSqlType(SqlTypeName.BOOLEAN), valueType.isNullable());
        }

        /** As the IN list was written: plans and names that print the expression show it so. */
        @Override
        public void unparse(SqlWriter writer, SqlCall call, int leftPrec, int rightPrec)
        {
            InListCall inList = (InListCall) call;
            SqlWriter.Frame frame = writer.startList("", "");
            inList.operand(0).unparse(writer, getLeftPrec(), getRightPrec());
            writer.keyword(inList.negated() ? "NOT IN" : "IN");
            SqlWriter.Frame values = writer.startList("(", ")");
            for (BigDecimal number : inList.numbers()) {
                writer.sep(",");
                writer.literal(number.toPlainString());
            }
            writer.endList(values);
            writer.endList(frame);
        }
    }

    /** A validated IN list of number literals: the compared value is its one operand, the values are kept aside. */
    static final class InListCall
            extends SqlBasicCall
    {
        private final List<BigDecimal> numbers;
        private final List<RelDataType> types;
        private final boolean negated;

        InListCall(SqlNode value, List<BigDecimal> numbers, List<RelDataType> types, boolean negated, SqlParserPos position)
        {
            super(InListOperator.INSTANCE, List.of(value), position);
            this.numbers = List.copyOf(numbers);
            this.types = types;
            this.negated = negated;
        }

        /** Equal to another IN list of the same value, values and negation only (a GROUP BY expression is matched so). */
        @Override
        public boolean equalsDeep(SqlNode node, Litmus litmus)
        {
            if (!(node instanceof InListCall other) || negated != other.negated || !numbers.equals(other.numbers)) {
                return litmus.fail("{} != {}", this, node);
            }
            return super.equalsDeep(node, litmus);
        }

        /** The list's values, as written. */
        List<BigDecimal> numbers()
        {
            return numbers;
        }

        /** The types the validator gave the list's values (after its coercions), each once. */
        List<RelDataType> types()
        {
            return types;
        }

        boolean negated()
        {
            return negated;
        }
    }
}
