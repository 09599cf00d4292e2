package io.signo.sql.catalog;

import io.signo.storage.error.ErrorCode;
import io.signo.storage.error.SignoException;
import io.signo.storage.type.Type;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.sql.type.SqlTypeName;

/** Converts between Signo's types and Calcite's SQL types. */
public final class CalciteTypes
{
    private CalciteTypes() {}

    public static RelDataType toCalcite(Type type, RelDataTypeFactory factory, boolean nullable)
    {
        RelDataType sqlType = switch (type.kind()) {
            case BOOLEAN -> factory.createSqlType(SqlTypeName.BOOLEAN);
            case INTEGER -> factory.createSqlType(SqlTypeName.INTEGER);
            case BIGINT -> factory.createSqlType(SqlTypeName.BIGINT);
            case DOUBLE -> factory.createSqlType(SqlTypeName.DOUBLE);
            case DECIMAL -> factory.createSqlType(SqlTypeName.DECIMAL, type.precision(), type.scale());
            case DATE -> factory.createSqlType(SqlTypeName.DATE);
            case VARCHAR -> type.length() > 0 ? factory.createSqlType(SqlTypeName.VARCHAR, type.length()) : factory.createSqlType(SqlTypeName.VARCHAR);
            case CHAR -> factory.createSqlType(SqlTypeName.CHAR, type.length());
        };
        return factory.createTypeWithNullability(sqlType, nullable);
    }

    public static Type toSigno(RelDataType type)
    {
        return switch (type.getSqlTypeName()) {
            case BOOLEAN -> Type.BOOLEAN;
            case TINYINT, SMALLINT, INTEGER -> Type.INTEGER;
            case BIGINT -> Type.BIGINT;
            case FLOAT, REAL, DOUBLE -> Type.DOUBLE;
            case DECIMAL -> {
                if (type.getPrecision() > Type.MAX_DECIMAL_PRECISION) {
                    throw new SignoException(ErrorCode.NOT_SUPPORTED,
                            "DECIMAL precision above " + Type.MAX_DECIMAL_PRECISION + " is not supported: " + type.getFullTypeString());
                }
                yield Type.decimal(type.getPrecision(), type.getScale());
            }
            case DATE -> Type.DATE;
            case VARCHAR -> type.getPrecision() > 0 && type.getPrecision() != RelDataType.PRECISION_NOT_SPECIFIED ? Type.varchar(type.getPrecision()) : Type.VARCHAR;
            case CHAR -> Type.character(Math.max(type.getPrecision(), 1));
            case NULL -> Type.BOOLEAN;
            default -> throw new SignoException(ErrorCode.NOT_SUPPORTED, "type not supported: " + type.getFullTypeString());
        };
    }
}
