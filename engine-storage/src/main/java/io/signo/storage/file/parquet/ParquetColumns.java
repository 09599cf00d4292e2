package io.signo.storage.file.parquet;

import dev.hardwood.metadata.LogicalType;
import dev.hardwood.metadata.RepetitionType;
import dev.hardwood.schema.ColumnSchema;
import dev.hardwood.schema.FileSchema;
import io.signo.storage.error.ErrorCode;
import io.signo.storage.error.SignoException;
import io.signo.storage.table.Column;
import io.signo.storage.type.Type;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The Signo column of each Parquet column: BOOLEAN; INT32 and INT64 as INTEGER and BIGINT (INT8,
 * INT16 and unsigned INT32 widened); FLOAT as REAL, DOUBLE as DOUBLE; DECIMAL of up to 18 digits in
 * INT32 or INT64 and of up to 38 in fixed-length bytes; DATE; timestamps of any unit, and INT96, as TIMESTAMP
 * ({@link ParquetTimestamps}); strings, enums, JSON and plain binary as VARCHAR. The rest (times,
 * wider decimals, nested columns) is refused with the column named.
 */
final class ParquetColumns
{
    private ParquetColumns() {}

    static List<Column> of(Path file, FileSchema schema)
    {
        List<Column> columns = new ArrayList<>();
        for (ColumnSchema column : schema.getColumns()) {
            columns.add(new Column(column.name(), type(file, column)));
        }
        return columns;
    }

    private static Type type(Path file, ColumnSchema column)
    {
        if (column.maxRepetitionLevel() > 0 || column.repetitionType() == RepetitionType.REPEATED || column.fieldPath().elements().size() > 1) {
            throw new SignoException(ErrorCode.NOT_SUPPORTED, "cannot read column " + column.fieldPath().topLevelName() + " of " + file + ": nested columns (lists, structs, maps) are not supported yet");
        }
        LogicalType logical = column.logicalType();
        return switch (column.type()) {
            case BOOLEAN -> Type.BOOLEAN;
            case INT32 -> switch (logical) {
                case null -> Type.INTEGER;
                case LogicalType.IntType integer -> integer.isSigned() || integer.bitWidth() < 32 ? Type.INTEGER : Type.BIGINT;
                case LogicalType.DateType _ -> Type.DATE;
                case LogicalType.DecimalType decimal -> decimal(file, column, decimal, Type.MAX_SHORT_DECIMAL_PRECISION);
                default -> throw unsupported(file, column, "INT32 " + logical);
            };
            case INT64 -> switch (logical) {
                case null -> Type.BIGINT;
                case LogicalType.IntType integer when integer.isSigned() -> Type.BIGINT;
                case LogicalType.DecimalType decimal -> decimal(file, column, decimal, Type.MAX_SHORT_DECIMAL_PRECISION);
                case LogicalType.TimestampType _ -> Type.TIMESTAMP;
                default -> throw unsupported(file, column, "INT64 " + logical);
            };
            case FLOAT -> Type.REAL;
            case DOUBLE -> Type.DOUBLE;
            case BYTE_ARRAY -> switch (logical) {
                case null -> Type.VARCHAR;
                case LogicalType.StringType _,LogicalType.EnumType _,LogicalType.JsonType _ -> Type.VARCHAR;
                case LogicalType.DecimalType decimal -> throw unsupported(file, column, "DECIMAL(" + decimal.precision() + ", " + decimal.scale() + ") in variable-length bytes");
                default -> throw unsupported(file, column, "BYTE_ARRAY " + logical);
            };
            case FIXED_LEN_BYTE_ARRAY -> switch (logical) {
                case LogicalType.DecimalType decimal when column.typeLength() <= 16 -> decimal(file, column, decimal, Type.MAX_DECIMAL_PRECISION);
                case LogicalType.DecimalType decimal -> throw unsupported(file, column, "DECIMAL(" + decimal.precision() + ", " + decimal.scale() + ") in " + column.typeLength() + " bytes");
                case null -> Type.VARCHAR;
                default -> throw unsupported(file, column, "FIXED_LEN_BYTE_ARRAY " + logical);
            };
            case INT96 -> Type.TIMESTAMP;
        };
    }

    /** A DECIMAL of at most {@code maxPrecision} digits: what a long (INT32, INT64) or 16 bytes (fixed-length) can hold. */
    private static Type decimal(Path file, ColumnSchema column, LogicalType.DecimalType decimal, int maxPrecision)
    {
        if (decimal.precision() > maxPrecision) {
            throw unsupported(file, column, "DECIMAL(" + decimal.precision() + ", " + decimal.scale() + ") in " + column.type() + " (Signo keeps at most " + maxPrecision + " digits there)");
        }
        return Type.decimal(decimal.precision(), decimal.scale());
    }

    private static SignoException unsupported(Path file, ColumnSchema column, String what)
    {
        return new SignoException(ErrorCode.NOT_SUPPORTED, "cannot read column " + column.name() + " of " + file + ": the Parquet type " + what + " is not supported yet");
    }
}
