package io.signo.server.pg;

import io.signo.sql.catalog.PgCatalog;
import io.signo.sql.catalog.SqlTypes;
import io.signo.storage.type.Type;

/**
 * PostgreSQL's types as the protocol names them: the OIDs of Signo's types in RowDescription (the
 * ones pg_catalog's {@code pg_type} lists), and the types parameters of each OID are bound as.
 */
final class PgTypes
{
    static final int UNSPECIFIED = 0;
    static final int BOOL = 16;
    static final int BYTEA = 17;
    static final int CHAR = 18;
    static final int NAME = 19;
    static final int INT8 = 20;
    static final int INT2 = 21;
    static final int INT4 = 23;
    static final int TEXT = 25;
    static final int OID = 26;
    static final int FLOAT4 = 700;
    static final int FLOAT8 = 701;
    static final int UNKNOWN = 705;
    static final int BPCHAR = 1042;
    static final int VARCHAR = 1043;
    static final int DATE = 1082;
    static final int TIME = 1083;
    static final int TIMESTAMP = 1114;
    static final int TIMESTAMPTZ = 1184;
    static final int INTERVAL = 1186;
    static final int NUMERIC = 1700;

    private PgTypes() {}

    static int oid(Type type)
    {
        return PgCatalog.typeOid(type);
    }

    static int length(Type type)
    {
        return PgCatalog.typeLength(type);
    }

    static int modifier(Type type)
    {
        return PgCatalog.typeModifier(type);
    }

    /**
     * Signo's type for a parameter of this OID, or null for one whose type the statement decides
     * (unspecified, unknown) or that Signo has no type for.
     */
    static Type parameterType(int oid)
    {
        return switch (oid) {
            case BOOL -> Type.BOOLEAN;
            case INT2, INT4 -> Type.INTEGER;
            case INT8, OID -> Type.BIGINT;
            case FLOAT4 -> Type.REAL;
            case FLOAT8 -> Type.DOUBLE;
            case NUMERIC -> Type.decimal(Type.MAX_DECIMAL_PRECISION, 0);
            case TEXT, VARCHAR, BPCHAR, NAME, CHAR -> Type.VARCHAR;
            case DATE -> Type.DATE;
            case TIME -> Type.TIME;
            case TIMESTAMP -> Type.TIMESTAMP;
            case TIMESTAMPTZ -> Type.TIMESTAMP_TZ;
            case INTERVAL -> Type.INTERVAL_DAY_TIME;
            default -> null;
        };
    }

    /** Whether the protocol knows parameters of this OID (0 and unknown included). */
    static boolean isSupportedParameter(int oid)
    {
        return oid == UNSPECIFIED || oid == UNKNOWN || parameterType(oid) != null;
    }

    /** The SQL name of a type, for a cast. */
    static String sqlName(Type type)
    {
        return SqlTypes.toSql(type);
    }
}
