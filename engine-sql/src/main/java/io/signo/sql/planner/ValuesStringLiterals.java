package io.signo.sql.planner;

import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlCharStringLiteral;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.util.SqlShuttle;
import org.apache.calcite.util.NlsString;

/**
 * Types the string literals of a {@code VALUES} list VARCHAR instead of Calcite's CHAR(n).
 *
 * <p>A VALUES column of CHAR literals takes the longest one's CHAR(n) type, so
 * {@code VALUES ('AIR'), ('SHIP  ')} would pad the first and, since CHAR values carry no trailing
 * spaces here, lose the second's: an INSERT of those rows into a VARCHAR column would store
 * {@code 'SHIP'}. DuckDB, PostgreSQL and Trino type such a list VARCHAR and keep every character.
 * Only VALUES rows change: a literal compared with a CHAR column stays CHAR, so comparisons, zone
 * map pruning and the TPC-H plans are as before.
 */
final class ValuesStringLiterals
        extends SqlShuttle
{
    private static final ValuesStringLiterals INSTANCE = new ValuesStringLiterals();

    private ValuesStringLiterals() {}

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
