package io.signo.sql.catalog;

import org.apache.calcite.jdbc.JavaTypeFactoryImpl;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.sql.type.SqlTypeMappingRule;
import org.apache.calcite.sql.type.SqlTypeName;
import org.checkerframework.checker.nullness.qual.Nullable;

import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * Calcite's type factory with Signo's rules for the common type of several values (CASE and
 * COALESCE results, UNION columns, IN lists, the two sides of a comparison): a mix of exact numbers
 * keeps the largest fraction, and a mix without a long DECIMAL stays within 18 digits (see
 * {@link SignoTypeSystem}). Calcite gives the whole digits priority, so that with a cap a BIGINT
 * with a DECIMAL(15, 2) would be DECIMAL(18, 0) and 2.5 silently become 2 or 3. Signo types it
 * DECIMAL(18, 2) instead: a BIGINT beyond 10^16 then fails its cast with NUMERIC_OVERFLOW, an error
 * rather than a wrong answer. A mix of TIMESTAMP WITH TIME ZONE with TIMESTAMP or DATE is a
 * TIMESTAMP WITH TIME ZONE, as in DuckDB and PostgreSQL.
 */
public final class SignoTypeFactory
        extends JavaTypeFactoryImpl
{
    public SignoTypeFactory()
    {
        super(SignoTypeSystem.INSTANCE);
    }

    @Override
    public Charset getDefaultCharset()
    {
        // string constants outside Latin-1 must survive; Signo's strings are UTF-8
        return StandardCharsets.UTF_8;
    }

    /** TIMESTAMP WITH TIME ZONE when the types mix it with TIMESTAMP or DATE (or NULL); else null. */
    private @Nullable RelDataType instantOfMix(List<RelDataType> types)
    {
        boolean instant = false;
        boolean local = false;
        boolean nullable = false;
        for (RelDataType type : types) {
            switch (type.getSqlTypeName()) {
                case TIMESTAMP_TZ -> instant = true;
                case TIMESTAMP, DATE -> local = true;
                case NULL -> {
                }
                default -> {
                    return null;
                }
            }
            nullable |= type.isNullable();
        }
        return instant && local ? createTypeWithNullability(createSqlType(SqlTypeName.TIMESTAMP_TZ, CalciteTypes.TIMESTAMP_PRECISION), nullable) : null;
    }

    @Override
    public @Nullable RelDataType leastRestrictive(List<RelDataType> types, SqlTypeMappingRule mappingRule)
    {
        RelDataType instant = instantOfMix(types);
        if (instant != null) {
            return instant;
        }
        RelDataType common = super.leastRestrictive(types, mappingRule);
        if (common == null || common.getSqlTypeName() != SqlTypeName.DECIMAL) {
            return common;
        }
        int scale = 0;
        for (RelDataType type : types) {
            if (type.getSqlTypeName() == SqlTypeName.DECIMAL) {
                scale = Math.max(scale, type.getScale());
            }
        }
        int maxPrecision = SignoTypeSystem.maxPrecision(types.toArray(new RelDataType[0]));
        if (scale <= common.getScale() && common.getPrecision() <= maxPrecision) {
            return common;
        }
        RelDataType decimal = createSqlType(SqlTypeName.DECIMAL, Math.min(Math.max(common.getPrecision(), scale), maxPrecision), Math.max(scale, common.getScale()));
        return createTypeWithNullability(decimal, common.isNullable());
    }
}
