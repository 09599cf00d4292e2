package io.signo.sql.planner;

import io.signo.sql.catalog.PgCatalog;
import io.signo.storage.error.ErrorCode;
import io.signo.storage.error.SignoException;
import org.apache.calcite.sql.SqlBasicTypeNameSpec;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlDataTypeSpec;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.SqlUnresolvedFunction;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.util.SqlShuttle;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The functions of PostgreSQL's catalog that clients call next to {@code pg_catalog}'s tables,
 * written out at planning as the expressions they stand for, from the catalog the statement plans
 * against: {@code version()}, {@code current_database()} (and {@code current_catalog}), {@code current_schema()} (also without
 * parentheses, as PostgreSQL allows), {@code pg_table_is_visible(oid)} (the OID is that of a table or
 * view a bare name finds), {@code format_type(type_oid, typmod)} (PostgreSQL's name of a type),
 * {@code pg_get_userbyid(oid)} (Signo's one user), {@code obj_description},
 * {@code col_description} and {@code shobj_description} (NULL: Signo keeps no comments),
 * {@code pg_get_expr(expression, relation)} (NULL: Signo keeps no column defaults) and casts of a
 * relation's name to {@code regclass} ({@code 'pg_class'::regclass}, its OID). A function
 * named with its schema, {@code pg_catalog.lower(x)}, is the function of that name, as every
 * built-in function lives in pg_catalog in PostgreSQL.
 */
final class PgCatalogFunctions
        extends SqlShuttle
{
    /** What {@code version()} says: PostgreSQL's form, which clients parse for the version they talk to, with Signo's own. */
    static final String VERSION = "PostgreSQL " + PgCatalog.POSTGRESQL_VERSION + " (Signo " + signoVersion() + ")";

    private static final String TYPE_ARGUMENT = "signo_format_type_oid";
    private static final String MODIFIER_ARGUMENT = "signo_format_type_typmod";
    /** format_type's answers for the types pg_type lists, written out as SQL over its two arguments. */
    private static final String FORMAT_TYPE = """
            SELECT CASE signo_format_type_oid
              WHEN 16 THEN 'boolean' WHEN 20 THEN 'bigint' WHEN 21 THEN 'smallint' WHEN 23 THEN 'integer' WHEN 25 THEN 'text'
              WHEN 700 THEN 'real' WHEN 701 THEN 'double precision' WHEN 1082 THEN 'date' WHEN 1186 THEN 'interval'
              WHEN 1700 THEN CASE WHEN signo_format_type_typmod >= 4
                THEN 'numeric(' || CAST((signo_format_type_typmod - 4) / 65536 AS VARCHAR) || ',' || CAST(MOD(signo_format_type_typmod - 4, 65536) AS VARCHAR) || ')'
                ELSE 'numeric' END
              WHEN 1043 THEN CASE WHEN signo_format_type_typmod >= 4
                THEN 'character varying(' || CAST(signo_format_type_typmod - 4 AS VARCHAR) || ')' ELSE 'character varying' END
              WHEN 1042 THEN CASE WHEN signo_format_type_typmod >= 4 THEN 'character(' || CAST(signo_format_type_typmod - 4 AS VARCHAR) || ')'
                WHEN signo_format_type_typmod IS NULL THEN 'character' ELSE 'bpchar' END
              WHEN 1083 THEN CASE WHEN signo_format_type_typmod >= 0
                THEN 'time(' || CAST(signo_format_type_typmod AS VARCHAR) || ') without time zone' ELSE 'time without time zone' END
              WHEN 1114 THEN CASE WHEN signo_format_type_typmod >= 0
                THEN 'timestamp(' || CAST(signo_format_type_typmod AS VARCHAR) || ') without time zone' ELSE 'timestamp without time zone' END
              WHEN 1184 THEN CASE WHEN signo_format_type_typmod >= 0
                THEN 'timestamp(' || CAST(signo_format_type_typmod AS VARCHAR) || ') with time zone' ELSE 'timestamp with time zone' END
              ELSE CASE WHEN signo_format_type_oid IS NULL THEN NULL ELSE '???' END
            END""";

    private final PgCatalog pgCatalog;

    private PgCatalogFunctions(PgCatalog pgCatalog)
    {
        this.pgCatalog = pgCatalog;
    }

    static SqlNode rewrite(SqlNode statement, PgCatalog pgCatalog)
    {
        return statement.accept(new PgCatalogFunctions(pgCatalog));
    }

    private static String signoVersion()
    {
        String version = PgCatalogFunctions.class.getPackage().getImplementationVersion();
        return version == null ? "development" : version;
    }

    @Override
    public SqlNode visit(SqlIdentifier identifier)
    {
        if (identifier.isSimple() && !identifier.isComponentQuoted(0) && identifier.getSimple().equalsIgnoreCase("current_schema")) {
            return SqlLiteral.createCharString(pgCatalog.defaultSchema(), identifier.getParserPosition());
        }
        if (identifier.isSimple() && !identifier.isComponentQuoted(0) && identifier.getSimple().equalsIgnoreCase("current_catalog")) {
            return SqlLiteral.createCharString(PgCatalog.DATABASE, identifier.getParserPosition());
        }
        return identifier;
    }

    @Override
    public SqlNode visit(SqlCall call)
    {
        SqlNode visited = super.visit(call);
        if (visited instanceof SqlCall catalogName && catalogName.getOperator() == SqlStdOperatorTable.CURRENT_CATALOG) {
            // PostgreSQL's current_catalog is current_database()
            return SqlLiteral.createCharString(PgCatalog.DATABASE, catalogName.getParserPosition());
        }
        if (visited instanceof SqlCall cast && cast.getKind() == SqlKind.CAST && isRegclass(cast.operand(1))) {
            return relationOid(cast.operand(0), cast.getParserPosition());
        }
        if (!(visited instanceof SqlCall rewritten) || !(rewritten.getOperator() instanceof SqlUnresolvedFunction function)) {
            return visited;
        }
        List<String> names = function.getSqlIdentifier().names;
        boolean qualified = names.size() == 2 && names.getFirst().equalsIgnoreCase(PgCatalog.NAME);
        if (names.size() != 1 && !qualified) {
            return visited;
        }
        SqlParserPos position = rewritten.getParserPosition();
        List<SqlNode> operands = rewritten.getOperandList();
        String name = names.getLast().toLowerCase(Locale.ROOT);
        SqlNode replaced = switch (name) {
            case "version" -> operands.isEmpty() ? SqlLiteral.createCharString(VERSION, position) : null;
            case "current_database" -> operands.isEmpty() ? SqlLiteral.createCharString(PgCatalog.DATABASE, position) : null;
            case "current_schema" -> operands.isEmpty() ? SqlLiteral.createCharString(pgCatalog.defaultSchema(), position) : null;
            case "pg_table_is_visible" -> operands.size() == 1 ? visible(operands.getFirst(), position) : null;
            case "pg_get_userbyid" -> operands.size() == 1 ? userName(operands.getFirst(), position) : null;
            case "format_type" -> operands.size() == 2 ? formatType(operands.get(0), operands.get(1)) : null;
            case "obj_description", "col_description", "shobj_description" -> operands.size() == 1 || operands.size() == 2 ? nullText(position) : null;
            case "pg_get_expr" -> operands.size() == 2 || operands.size() == 3 ? nullText(position) : null;
            default -> null;
        };
        if (replaced != null) {
            return replaced;
        }
        if (qualified) {
            SqlIdentifier bare = new SqlIdentifier(names.getLast(), function.getSqlIdentifier().getComponentParserPosition(1));
            return new SqlUnresolvedFunction(bare, null, null, null, null, function.getFunctionType()).createCall(rewritten.getFunctionQuantifier(), position, operands);
        }
        return visited;
    }

    /** Whether a cast's target is PostgreSQL's {@code regclass} (or {@code pg_catalog.regclass}). */
    private static boolean isRegclass(SqlNode type)
    {
        return type instanceof SqlDataTypeSpec spec && spec.getTypeNameSpec().getTypeName().names.getLast().equalsIgnoreCase("regclass");
    }

    /**
     * {@code 'name'::regclass}: the OID of the relation a name finds, as PostgreSQL's cast looks it up
     * ({@code ::} takes only the literal before it: {@link CastSyntax}).
     */
    private SqlNode relationOid(SqlNode name, SqlParserPos position)
    {
        if (!(name instanceof SqlLiteral literal) || !SqlTypeName.CHAR_TYPES.contains(literal.getTypeName())) {
            throw new SignoException(ErrorCode.NOT_SUPPORTED, "a cast to regclass of anything but a relation's name in quotes is not supported: " + name);
        }
        String relation = literal.getValueAs(String.class);
        Long oid = pgCatalog.relationOid(relation);
        if (oid == null) {
            throw new SignoException(ErrorCode.TABLE_NOT_FOUND, "relation \"" + relation + "\" does not exist");
        }
        // a BIGINT, as pg_catalog's OID columns are
        return SqlStdOperatorTable.CAST.createCall(position, SqlLiteral.createExactNumeric(Long.toString(oid), position),
                new SqlDataTypeSpec(new SqlBasicTypeNameSpec(SqlTypeName.BIGINT, position), position));
    }

    private SqlNode visible(SqlNode oid, SqlParserPos position)
    {
        List<SqlNode> oids = new ArrayList<>();
        for (long visible : pgCatalog.visibleRelationOids()) {
            oids.add(SqlLiteral.createExactNumeric(Long.toString(visible), position));
        }
        return SqlStdOperatorTable.IN.createCall(position, oid, new SqlNodeList(oids, position));
    }

    private static SqlNode userName(SqlNode oid, SqlParserPos position)
    {
        SqlNode isNull = SqlStdOperatorTable.IS_NULL.createCall(position, oid);
        return SqlStdOperatorTable.CASE.createCall(null, position, null, SqlNodeList.of(isNull), SqlNodeList.of(nullText(position)),
                SqlLiteral.createCharString(PgCatalog.OWNER, position));
    }

    private static SqlNode nullText(SqlParserPos position)
    {
        return SqlStdOperatorTable.CAST.createCall(position, SqlLiteral.createNull(position),
                new SqlDataTypeSpec(new SqlBasicTypeNameSpec(SqlTypeName.VARCHAR, position), position));
    }

    private static SqlNode formatType(SqlNode oid, SqlNode modifier)
    {
        SqlSelect select = (SqlSelect) LogicalPlanner.parse(FORMAT_TYPE);
        return select.getSelectList().get(0).accept(new SqlShuttle()
        {
            @Override
            public SqlNode visit(SqlIdentifier identifier)
            {
                if (identifier.isSimple() && identifier.getSimple().equalsIgnoreCase(TYPE_ARGUMENT)) {
                    return oid.clone(oid.getParserPosition());
                }
                if (identifier.isSimple() && identifier.getSimple().equalsIgnoreCase(MODIFIER_ARGUMENT)) {
                    return modifier.clone(modifier.getParserPosition());
                }
                return identifier;
            }
        });
    }
}
