package io.signo.sql.catalog;

import io.signo.sql.planner.LogicalPlanner;
import io.signo.storage.error.ErrorCode;
import io.signo.storage.error.SignoException;
import io.signo.storage.table.Column;
import io.signo.storage.type.Type;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.sql.SqlBasicTypeNameSpec;
import org.apache.calcite.sql.SqlDataTypeSpec;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.ddl.SqlColumnDeclaration;
import org.apache.calcite.sql.ddl.SqlCreateTable;
import org.apache.calcite.sql.type.SqlTypeName;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import static java.util.Objects.requireNonNull;

/** Column types as statements spell them, to Signo's types and back. */
public final class SqlTypes
{
    private SqlTypes() {}

    /** The Signo type of a declared column type, e.g. {@code DECIMAL(12, 2)} or {@code VARCHAR(25)}. */
    public static Type fromDeclaration(SqlDataTypeSpec spec, String columnName)
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
            type = factory.createSqlType(typeName, Type.MAX_SHORT_DECIMAL_PRECISION, 0);
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

    /**
     * The columns of a list written as in CREATE TABLE, {@code 'id INTEGER, name VARCHAR(25)'}: how
     * {@code read_csv}'s {@code columns} option names a file's columns and their types.
     */
    public static List<Column> columnList(String declarations)
    {
        SqlNode parsed;
        try {
            parsed = LogicalPlanner.parseDdl("CREATE TABLE t (" + declarations + ")");
        }
        catch (SignoException e) {
            throw new SignoException(ErrorCode.INVALID_ARGUMENT, "columns => '" + declarations + "' is not a column list such as 'id INTEGER, name VARCHAR'", e);
        }
        List<Column> columns = new ArrayList<>();
        Set<String> names = new HashSet<>();
        for (SqlNode element : requireNonNull(((SqlCreateTable) parsed).columnList, "column list")) {
            if (!(element instanceof SqlColumnDeclaration declaration) || declaration.expression != null) {
                throw new SignoException(ErrorCode.INVALID_ARGUMENT, "columns => '" + declarations + "': " + element + " is not a column name and type");
            }
            String name = declaration.name.getSimple();
            if (!names.add(name.toLowerCase(Locale.ROOT))) {
                throw new SignoException(ErrorCode.INVALID_ARGUMENT, "columns => '" + declarations + "' names " + name + " twice");
            }
            columns.add(new Column(name, fromDeclaration(declaration.dataType, name)));
        }
        return columns;
    }

    /** The type as SQL spells it in a CAST. */
    public static String toSql(Type type)
    {
        return switch (type.kind()) {
            case BOOLEAN -> "BOOLEAN";
            case INTEGER -> "INTEGER";
            case BIGINT -> "BIGINT";
            case DOUBLE -> "DOUBLE";
            case REAL -> "REAL";
            case DECIMAL -> "DECIMAL(" + type.precision() + ", " + type.scale() + ")";
            case DATE -> "DATE";
            case TIMESTAMP -> "TIMESTAMP";
            case VARCHAR -> type.length() > 0 ? "VARCHAR(" + type.length() + ")" : "VARCHAR";
            case CHAR -> "CHAR(" + Math.max(type.length(), 1) + ")";
            case TIME -> "TIME";
            case TIMESTAMP_TZ -> "TIMESTAMP WITH TIME ZONE";
            case INTERVAL_YEAR_MONTH -> "INTERVAL YEAR TO MONTH";
            case INTERVAL_DAY_TIME -> "INTERVAL DAY TO SECOND";
        };
    }
}
