package io.signo.sql.planner;

import io.signo.storage.error.ErrorCode;
import io.signo.storage.error.SignoException;
import io.signo.storage.type.Type;
import org.apache.calcite.sql.SqlBasicTypeNameSpec;
import org.apache.calcite.sql.SqlDataTypeSpec;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.util.SqlBasicVisitor;

/**
 * Rejects a DECIMAL of more than 38 digits where a statement spells one ({@code CAST(x AS
 * DECIMAL(40, 2))}, a column declaration), as DuckDB and Trino do: Calcite's type factory would
 * quietly cut it to the most digits the type system allows.
 */
final class DecimalPrecisions
        extends SqlBasicVisitor<Void>
{
    private static final DecimalPrecisions INSTANCE = new DecimalPrecisions();

    private DecimalPrecisions() {}

    static void check(SqlNode statement)
    {
        statement.accept(INSTANCE);
    }

    @Override
    public Void visit(SqlDataTypeSpec type)
    {
        if (type.getTypeNameSpec() instanceof SqlBasicTypeNameSpec basic && SqlTypeName.get(basic.getTypeName().getSimple().toUpperCase(java.util.Locale.ROOT)) == SqlTypeName.DECIMAL
                && basic.getPrecision() > Type.MAX_DECIMAL_PRECISION) {
            SqlParserPos position = type.getParserPosition();
            throw new SignoException(ErrorCode.VALIDATION_ERROR, "line " + position.getLineNum() + ", column " + position.getColumnNum()
                    + ": DECIMAL precision must be 1 to " + Type.MAX_DECIMAL_PRECISION + ", not " + basic.getPrecision());
        }
        return null;
    }
}
