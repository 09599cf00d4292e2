package io.signo.sql.ddl;

import io.signo.sql.catalog.CalciteTypes;
import io.signo.sql.catalog.SignoTypeFactory;
import io.signo.storage.error.ErrorCode;
import io.signo.storage.error.SignoException;
import io.signo.storage.type.Type;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.sql.SqlBasicTypeNameSpec;
import org.apache.calcite.sql.SqlDataTypeSpec;
import org.apache.calcite.sql.type.SqlTypeName;

import java.util.Locale;

/** Column types as statements spell them, to Signo's types and back. */
final class SqlTypes
{
    private SqlTypes() {}

    /** The Signo type of a declared column type, e.g. {@code DECIMAL(12, 2)} or {@code VARCHAR(25)}. */
    static Type fromDeclaration(SqlDataTypeSpec spec, String columnName)
    {
        if (!(spec.getTypeNameSpec() instanceof SqlBasicTypeNameSpec basic)) {
            throw new SignoException(ErrorCode.NOT_SUPPORTED, "column " + columnName + ": type " + spec + " is not supported");
        }
        String name = basic.getTypeName().getSimple().toUpperCase(Locale.ROOT);
        SqlTypeName typeName = SqlTypeName.get(name);
        if (typeName == null) {
            throw new SignoException(ErrorCode.NOT_SUPPORTED, "column " + columnName + ": type " + name + " is not supported");
        }
        SignoTypeFactory factory = new SignoTypeFactory();
        RelDataType type;
        int precision = basic.getPrecision();
        int scale = basic.getScale();
        if (typeName == SqlTypeName.DECIMAL && precision < 0) {
            // SQL's DECIMAL without precision: Signo's widest, with no fraction, as PostgreSQL's NUMERIC is unbounded
            type = factory.createSqlType(typeName, Type.MAX_DECIMAL_PRECISION - 1, 0);
        }
        else if (precision >= 0 && scale >= 0 && typeName.allowsPrecScale(true, true)) {
            type = factory.createSqlType(typeName, precision, scale);
        }
        else if (precision >= 0 && typeName.allowsPrecNoScale()) {
            type = factory.createSqlType(typeName, precision);
        }
        else {
            type = factory.createSqlType(typeName);
        }
        try {
            return CalciteTypes.toSigno(type);
        }
        catch (SignoException e) {
            throw new SignoException(e.errorCode(), "column " + columnName + ": " + e.getMessage(), e);
        }
    }

    /** The type as SQL spells it in a CAST. */
    static String toSql(Type type)
    {
        return switch (type.kind()) {
            case BOOLEAN -> "BOOLEAN";
            case INTEGER -> "INTEGER";
            case BIGINT -> "BIGINT";
            case DOUBLE -> "DOUBLE";
            case DECIMAL -> "DECIMAL(" + type.precision() + ", " + type.scale() + ")";
            case DATE -> "DATE";
            case VARCHAR -> type.length() > 0 ? "VARCHAR(" + type.length() + ")" : "VARCHAR";
            case CHAR -> "CHAR(" + Math.max(type.length(), 1) + ")";
        };
    }
}
