package io.signo.sql.planner;

import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlCharStringLiteral;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNumericLiteral;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.util.SqlShuttle;
import org.apache.calcite.util.NlsString;

/**
 * Types the string literals of a {@code VALUES} list VARCHAR instead of Calcite's CHAR(n), and the
 * exact numbers of a column that also holds an approximate one (a {@code 1e10}) as approximate.
 *
 * <p>A VALUES column of CHAR literals takes the longest one's CHAR(n) type, so
 * {@code VALUES ('AIR'), ('SHIP  ')} would pad the first and, since CHAR values carry no trailing
 * spaces here, lose the second's: an INSERT of those rows into a VARCHAR column would store
 * {@code 'SHIP'}. DuckDB, PostgreSQL and Trino type such a list VARCHAR and keep every character.
 * Only VALUES rows change: a literal compared with a CHAR column stays CHAR, so comparisons, zone
 * map pruning and the TPC-H plans are as before.
 *
 * <p>A column of {@code VALUES (0.25), (1e10)} is a DOUBLE, as in DuckDB and PostgreSQL, but Calcite
 * keeps each literal's own value (a BigDecimal, a Double) and then fails comparing them while it
 * derives the rows' order; written as approximate numbers, they are all alike.
 */
final class ValuesLiterals
        extends SqlShuttle
{
    private static final ValuesLiterals INSTANCE = new ValuesLiterals();

    private ValuesLiterals() {}

    static SqlNode rewrite(SqlNode statement)
    {
        return statement.accept(INSTANCE);
    }

    @Override
    public SqlNode visit(SqlCall call)
    {
        if (call.getKind() != SqlKind.VALUES) {
            return super.visit(call);
        }
        approximateColumns(call);
        for (SqlNode row : call.getOperandList()) {
            if (row instanceof SqlCall rowCall && rowCall.getKind() == SqlKind.ROW) {
                for (int i = 0; i < rowCall.operandCount(); i++) {
                    SqlNode value = rowCall.operand(i);
                    if (value instanceof SqlCharStringLiteral literal && !(literal instanceof VaryingLiteral)) {
                        rowCall.setOperand(i, new VaryingLiteral(literal.getNlsString(), literal.getParserPosition()));
                    }
                    else if (value != null) {
                        rowCall.setOperand(i, value.accept(this));
                    }
                }
            }
        }
        return call;
    }

    /** Rewrites the exact numeric literals of every column that holds an approximate one. */
    private static void approximateColumns(SqlCall values)
    {
        int columns = 0;
        for (SqlNode row : values.getOperandList()) {
            if (row instanceof SqlCall rowCall && rowCall.getKind() == SqlKind.ROW) {
                columns = Math.max(columns, rowCall.operandCount());
            }
        }
        for (int column = 0; column < columns; column++) {
            boolean approximate = false;
            for (SqlNode row : values.getOperandList()) {
                SqlNumericLiteral number = numberAt(row, column);
                approximate |= number != null && !number.isExact();
            }
            if (!approximate) {
                continue;
            }
            for (SqlNode row : values.getOperandList()) {
                SqlNumericLiteral number = numberAt(row, column);
                if (number != null && number.isExact()) {
                    SqlLiteral rewritten = SqlLiteral.createApproxNumeric(number.bigDecimalValue().toString(), number.getParserPosition());
                    SqlCall rowCall = (SqlCall) row;
                    if (rowCall.operand(column) instanceof SqlCall negated) {
                        negated.setOperand(0, rewritten);
                    }
                    else {
                        rowCall.setOperand(column, rewritten);
                    }
                }
            }
        }
    }

    /** The numeric literal in a row's column, also under a minus sign; null for anything else. */
    private static SqlNumericLiteral numberAt(SqlNode row, int column)
    {
        if (!(row instanceof SqlCall rowCall) || rowCall.getKind() != SqlKind.ROW || column >= rowCall.operandCount()) {
            return null;
        }
        SqlNode value = rowCall.operand(column);
        if (value instanceof SqlCall call && call.getKind() == SqlKind.MINUS_PREFIX) {
            value = call.operand(0);
        }
        return value instanceof SqlNumericLiteral number ? number : null;
    }

    /** A string literal whose type is VARCHAR of its length. */
    private static final class VaryingLiteral
            extends SqlCharStringLiteral
    {
        VaryingLiteral(NlsString value, SqlParserPos position)
        {
            super(value, position);
        }

        @Override
        public RelDataType createSqlType(RelDataTypeFactory typeFactory)
        {
            RelDataType character = super.createSqlType(typeFactory);
            RelDataType varying = typeFactory.createSqlType(SqlTypeName.VARCHAR, character.getPrecision());
            return typeFactory.createTypeWithCharsetAndCollation(varying, character.getCharset(), character.getCollation());
        }

        @Override
        public SqlCharStringLiteral clone(SqlParserPos position)
        {
            return new VaryingLiteral(getNlsString(), position);
        }
    }
}
