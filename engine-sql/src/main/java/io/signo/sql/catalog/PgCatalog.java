package io.signo.sql.catalog;

import io.signo.storage.table.Catalog;
import io.signo.storage.table.Column;
import io.signo.storage.table.Table;
import io.signo.storage.type.Type;
import org.apache.calcite.schema.impl.AbstractSchema;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * PostgreSQL's {@code pg_catalog} as psql's {@code \d} commands, JDBC drivers and BI tools read it,
 * with PostgreSQL 16's columns: {@code pg_namespace}, {@code pg_class}, {@code pg_attribute},
 * {@code pg_type}, {@code pg_am}, {@code pg_database}, {@code pg_tables}, {@code pg_views},
 * {@code pg_settings}, and {@code pg_index}, {@code pg_constraint}, {@code pg_proc},
 * {@code pg_description}, {@code pg_attrdef} and {@code pg_collation}, which are empty (Signo has no indexes, constraints
 * other than NOT NULL, stored functions, comments, column defaults or collations but the default). Each is a table of constant rows made from the catalog snapshot the
 * statement plans against, as {@link InformationSchema}'s are.
 *
 * <p>OIDs join up as in PostgreSQL ({@code pg_class.relnamespace = pg_namespace.oid},
 * {@code pg_attribute.attrelid = pg_class.oid}, {@code atttypid = pg_type.oid}). pg_catalog's own
 * objects and the types have PostgreSQL's OIDs (pg_catalog is 11, {@code pg_class} 1259, int4 23, ...);
 * the database's own schema is 2200, PostgreSQL's {@code public}; the other schemas, tables and views
 * get OIDs of 16384 and up derived from their names, so that an object keeps its OID from one statement
 * to the next while it exists. OIDs are BIGINTs (PostgreSQL's are unsigned 4-byte numbers), the
 * {@code name} and {@code "char"} columns VARCHARs, the {@code int2} ones INTEGERs (Signo's smallest
 * integer) and arrays their text or NULL.
 */
public final class PgCatalog
        extends AbstractSchema
{
    public static final String NAME = "pg_catalog";
    /** The one user, owner of everything, and the database: the names information_schema gives them. */
    public static final String OWNER = "signo";
    public static final String DATABASE = "signo";
    /** The version of PostgreSQL whose catalog this is, as {@code server_version} and {@code version()} give it. */
    public static final String POSTGRESQL_VERSION = "16.0";

    private static final long PG_CATALOG_OID = 11;
    private static final long DEFAULT_SCHEMA_OID = 2200;
    private static final long INFORMATION_SCHEMA_OID = 13000;
    private static final long OWNER_OID = 10;
    private static final long DATABASE_OID = 16384;
    private static final long HEAP_ACCESS_METHOD_OID = 2;
    /** PostgreSQL's first OID for objects users create; ours are derived from names into [FIRST_USER_OID, 2^31). */
    private static final long FIRST_USER_OID = 16385;

    private final Catalog catalog;
    private Map<String, org.apache.calcite.schema.Table> tables;
    private CatalogObjects objects;

    public PgCatalog(Catalog catalog)
    {
        this.catalog = catalog;
    }

    @Override
    protected synchronized Map<String, org.apache.calcite.schema.Table> getTableMap()
    {
        if (tables == null) {
            Map<String, org.apache.calcite.schema.Table> map = new LinkedHashMap<>();
            for (SystemTable table : SystemTable.values()) {
                map.put(table.tableName, new ConstantRowsTable(table.columns, () -> table.rows.apply(objects())));
            }
            tables = map;
        }
        return tables;
    }

    /**
     * The OIDs of the relations a statement finds by their bare names: the tables and views of the
     * database's own schema, and pg_catalog's that none of them hides; what
     * {@code pg_table_is_visible(oid)} is true of.
     */
    public List<Long> visibleRelationOids()
    {
        List<Long> visible = new ArrayList<>();
        Set<String> names = new HashSet<>();
        for (Relation relation : objects().relations) {
            if (relation.namespace.oid == DEFAULT_SCHEMA_OID) {
                visible.add(relation.oid);
                names.add(relation.name.toLowerCase(Locale.ROOT));
            }
        }
        for (Relation relation : objects().relations) {
            if (relation.namespace.oid == PG_CATALOG_OID && !names.contains(relation.name.toLowerCase(Locale.ROOT))) {
                visible.add(relation.oid);
            }
        }
        return visible;
    }

    /** The OID of the PostgreSQL type Signo's {@code type} is reported as ({@code int4} 23 for INTEGER, ...), as pg_type lists it and the wire protocol sends it. */
    public static int typeOid(Type type)
    {
        return (int) PgType.of(type).oid;
    }

    /** pg_type's {@code typlen} of the type {@code type} is reported as: its size in bytes, or -1 when it varies. */
    public static int typeLength(Type type)
    {
        return PgType.of(type).length;
    }

    /** PostgreSQL's type modifier of a value of {@code type}: the length plus 4 of a string, (precision << 16 | scale) + 4 of a numeric, else -1. */
    public static int typeModifier(Type type)
    {
        return PgType.modifier(type);
    }

    /**
     * The OID of the relation {@code name} finds ({@code schema.name}, or a bare name as
     * {@link #visibleRelationOids} finds it), or null when there is none: a cast to {@code regclass}.
     */
    public Long relationOid(String name)
    {
        int dot = name.indexOf('.');
        String schema = dot < 0 ? null : name.substring(0, dot);
        String relationName = dot < 0 ? name : name.substring(dot + 1);
        Relation pgCatalogMatch = null;
        for (Relation relation : objects().relations) {
            if (!relation.name.equalsIgnoreCase(relationName)) {
                continue;
            }
            if (schema != null) {
                if (relation.namespace.name.equalsIgnoreCase(schema)) {
                    return relation.oid;
                }
            }
            else if (relation.namespace.oid == DEFAULT_SCHEMA_OID) {
                return relation.oid;
            }
            else if (relation.namespace.oid == PG_CATALOG_OID) {
                pgCatalogMatch = relation;
            }
        }
        return pgCatalogMatch == null ? null : pgCatalogMatch.oid;
    }

    /** The database's own schema, which bare names are looked up in: {@code current_schema()}. */
    public String defaultSchema()
    {
        return catalog.schemaName();
    }

    private record Namespace(long oid, String name) {}

    private record Relation(long oid, Namespace namespace, String name, String kind, List<Column> columns, long rowCount, String definition) {}

    /** The namespaces and relations with their OIDs, made once per statement. */
    private record CatalogObjects(List<Namespace> namespaces, List<Relation> relations) {}

    private synchronized CatalogObjects objects()
    {
        if (objects == null) {
            objects = collect();
        }
        return objects;
    }

    private CatalogObjects collect()
    {
        Set<Long> taken = new HashSet<>();
        List<Namespace> namespaces = new ArrayList<>();
        Namespace pgCatalog = new Namespace(PG_CATALOG_OID, NAME);
        Namespace defaultSchema = new Namespace(DEFAULT_SCHEMA_OID, catalog.schemaName());
        namespaces.add(pgCatalog);
        namespaces.add(defaultSchema);
        namespaces.add(new Namespace(INFORMATION_SCHEMA_OID, InformationSchema.NAME));
        for (Namespace namespace : namespaces) {
            taken.add(namespace.oid);
        }
        Map<String, Namespace> bySchema = new HashMap<>();
        bySchema.put(catalog.schemaName(), defaultSchema);
        for (String schema : catalog.otherSchemas().stream().sorted().toList()) {
            Namespace namespace = new Namespace(userOid("namespace " + schema, taken), schema);
            namespaces.add(namespace);
            bySchema.put(schema, namespace);
        }
        List<Relation> relations = new ArrayList<>();
        for (SystemTable table : SystemTable.values()) {
            relations.add(new Relation(table.oid, pgCatalog, table.tableName, table.kind, table.columns, -1, null));
        }
        List<Relation> user = new ArrayList<>();
        for (Map.Entry<String, Namespace> schema : bySchema.entrySet()) {
            for (Table table : catalog.tables()) {
                if (catalog.inSchema(table.name(), schema.getKey())) {
                    user.add(new Relation(0, schema.getValue(), Catalog.localName(table.name()), "r", table.columns(), table.statistics().rowCount(), null));
                }
            }
            for (Catalog.View view : catalog.views()) {
                if (catalog.inSchema(view.name(), schema.getKey())) {
                    user.add(new Relation(0, schema.getValue(), Catalog.localName(view.name()), "v", view.columns(), -1, view.sql()));
                }
            }
        }
        // in the order of their names, so that two objects whose names hash alike get the same OIDs every time
        user.sort(Comparator.comparing((Relation relation) -> relation.namespace.name).thenComparing(Relation::name));
        for (Relation relation : user) {
            long oid = userOid("relation " + relation.namespace.name + "." + relation.name, taken);
            relations.add(new Relation(oid, relation.namespace, relation.name, relation.kind, relation.columns, relation.rowCount, relation.definition));
        }
        return new CatalogObjects(namespaces, relations);
    }

    /** An OID of 16385 or more derived from the object's kind and name, the next free one when another object took it. */
    private static long userOid(String key, Set<Long> taken)
    {
        long hash = 0xcbf29ce484222325L;
        for (byte value : key.toLowerCase(Locale.ROOT).getBytes(StandardCharsets.UTF_8)) {
            hash = (hash ^ (value & 0xFF)) * 0x100000001b3L;
        }
        long range = Integer.MAX_VALUE - FIRST_USER_OID;
        long oid = FIRST_USER_OID + Math.floorMod(hash ^ (hash >>> 29), range);
        while (!taken.add(oid)) {
            oid = oid + 1 < Integer.MAX_VALUE ? oid + 1 : FIRST_USER_OID;
        }
        return oid;
    }

    /** A type of PostgreSQL's that Signo's values are reported as. */
    private enum PgType
    {
        BOOL(16, "bool", 1, true, "B", true, 1000),
        INT8(20, "int8", 8, true, "N", false, 1016),
        INT2(21, "int2", 2, true, "N", false, 1005),
        INT4(23, "int4", 4, true, "N", false, 1007),
        TEXT(25, "text", -1, false, "S", true, 1009),
        FLOAT4(700, "float4", 4, true, "N", false, 1021),
        FLOAT8(701, "float8", 8, true, "N", true, 1022),
        BPCHAR(1042, "bpchar", -1, false, "S", false, 1014),
        VARCHAR(1043, "varchar", -1, false, "S", false, 1015),
        DATE(1082, "date", 4, true, "D", false, 1182),
        TIME(1083, "time", 8, true, "D", false, 1183),
        TIMESTAMP(1114, "timestamp", 8, true, "D", false, 1115),
        TIMESTAMPTZ(1184, "timestamptz", 8, true, "D", true, 1185),
        INTERVAL(1186, "interval", 16, false, "T", true, 1187),
        NUMERIC(1700, "numeric", -1, false, "N", false, 1231);

        private final long oid;
        private final String typeName;
        private final int length;
        private final boolean byValue;
        private final String category;
        private final boolean preferred;
        private final long arrayOid;

        PgType(long oid, String typeName, int length, boolean byValue, String category, boolean preferred, long arrayOid)
        {
            this.oid = oid;
            this.typeName = typeName;
            this.length = length;
            this.byValue = byValue;
            this.category = category;
            this.preferred = preferred;
            this.arrayOid = arrayOid;
        }

        static PgType of(Type type)
        {
            return switch (type.kind()) {
                case BOOLEAN -> BOOL;
                case INTEGER -> INT4;
                case BIGINT -> INT8;
                case REAL -> FLOAT4;
                case DOUBLE -> FLOAT8;
                case DECIMAL -> NUMERIC;
                case VARCHAR -> VARCHAR;
                case CHAR -> BPCHAR;
                case DATE -> DATE;
                case TIMESTAMP -> TIMESTAMP;
                case TIME -> TIME;
                case TIMESTAMP_TZ -> TIMESTAMPTZ;
                case INTERVAL_YEAR_MONTH, INTERVAL_DAY_TIME -> INTERVAL;
            };
        }

        /** PostgreSQL's type modifier of a column of this type: the length plus 4 of a string, (precision << 16 | scale) + 4 of a numeric, else -1. */
        static int modifier(Type type)
        {
            return switch (type.kind()) {
                case VARCHAR, CHAR -> type.length() > 0 ? type.length() + 4 : -1;
                case DECIMAL -> ((type.precision() << 16) | type.scale()) + 4;
                default -> -1;
            };
        }
    }

    private static Column oid(String name)
    {
        return new Column(name, Type.BIGINT);
    }

    private static Column text(String name)
    {
        return new Column(name, Type.VARCHAR);
    }

    private static Column bool(String name)
    {
        return new Column(name, Type.BOOLEAN);
    }

    private static Column integer(String name)
    {
        return new Column(name, Type.INTEGER);
    }

    private static Column real(String name)
    {
        return new Column(name, Type.REAL);
    }

    /** pg_catalog's tables and views: OID, kind, PostgreSQL 16's columns and how the rows are made. */
    private enum SystemTable
    {
        PG_NAMESPACE("pg_namespace", 2615, "r", List.of(oid("oid"), text("nspname"), oid("nspowner"), text("nspacl")),
                objects -> rows(objects.namespaces, namespace -> List.of(namespace.oid, namespace.name, OWNER_OID), 1)),
        PG_CLASS("pg_class", 1259, "r", List.of(oid("oid"), text("relname"), oid("relnamespace"), oid("reltype"), oid("reloftype"), oid("relowner"), oid("relam"),
                oid("relfilenode"), oid("reltablespace"), integer("relpages"), real("reltuples"), integer("relallvisible"), oid("reltoastrelid"), bool("relhasindex"),
                bool("relisshared"), text("relpersistence"), text("relkind"), integer("relnatts"), integer("relchecks"), bool("relhasrules"), bool("relhastriggers"),
                bool("relhassubclass"), bool("relrowsecurity"), bool("relforcerowsecurity"), bool("relispopulated"), text("relreplident"), bool("relispartition"),
                oid("relrewrite"), oid("relfrozenxid"), oid("relminmxid"), text("relacl"), text("reloptions"), text("relpartbound")),
                objects -> rows(objects.relations, relation -> List.of(relation.oid, relation.name, relation.namespace.oid, 0L, 0L, OWNER_OID,
                        relation.kind.equals("r") ? HEAP_ACCESS_METHOD_OID : 0L, 0L, 0L, 0, (float) relation.rowCount, 0, 0L, false,
                        false, "p", relation.kind, relation.columns.size(), 0, false, false,
                        false, false, false, true, relation.kind.equals("r") ? "d" : "n", false,
                        0L, 0L, 0L), 3)),
        PG_ATTRIBUTE("pg_attribute", 1249, "r", List.of(oid("attrelid"), text("attname"), oid("atttypid"), integer("attlen"), integer("attnum"), integer("atttypmod"),
                integer("attndims"), bool("attbyval"), text("attalign"), text("attstorage"), text("attcompression"), bool("attnotnull"), bool("atthasdef"),
                bool("atthasmissing"), text("attidentity"), text("attgenerated"), bool("attisdropped"), bool("attislocal"), integer("attinhcount"),
                integer("attstattarget"), oid("attcollation"), text("attacl"), text("attoptions"), text("attfdwoptions")),
                PgCatalog::attributeRows),
        PG_TYPE("pg_type", 1247, "r", List.of(oid("oid"), text("typname"), oid("typnamespace"), oid("typowner"), integer("typlen"), bool("typbyval"), text("typtype"),
                text("typcategory"), bool("typispreferred"), bool("typisdefined"), text("typdelim"), oid("typrelid"), oid("typelem"), oid("typarray"),
                text("typinput"), text("typoutput"), text("typalign"), text("typstorage"), bool("typnotnull"), oid("typbasetype"), integer("typtypmod"),
                integer("typndims"), oid("typcollation"), text("typdefault"), text("typacl")),
                objects -> rows(List.of(PgType.values()), type -> List.of(type.oid, type.typeName, PG_CATALOG_OID, OWNER_OID, type.length, type.byValue, "b",
                        type.category, type.preferred, true, ",", 0L, 0L, type.arrayOid,
                        type.typeName + "in", type.typeName + "out", type.length == 8 || type.length == -1 ? "d" : type.length == 4 ? "i" : type.length == 2 ? "s" : "c",
                        type.length == -1 ? "x" : "p", false, 0L, -1,
                        0, type.category.equals("S") ? 100L : 0L), 2)),
        PG_AM("pg_am", 2601, "r", List.of(oid("oid"), text("amname"), text("amhandler"), text("amtype")),
                objects -> List.of(List.of(HEAP_ACCESS_METHOD_OID, "heap", "heap_tableam_handler", "t"))),
        PG_DATABASE("pg_database", 1262, "r", List.of(oid("oid"), text("datname"), oid("datdba"), integer("encoding"), text("datlocprovider"), bool("datistemplate"),
                bool("datallowconn"), integer("datconnlimit"), oid("datfrozenxid"), oid("datminmxid"), oid("dattablespace"), text("datcollate"), text("datctype"),
                text("daticulocale"), text("daticurules"), text("datcollversion"), text("datacl")),
                objects -> List.of(withNulls(List.of(DATABASE_OID, DATABASE, OWNER_OID, 6, "c", false, true, -1, 0L, 0L, 1663L, "C", "C"), 4))),
        PG_INDEX("pg_index", 2610, "r", List.of(oid("indexrelid"), oid("indrelid"), integer("indnatts"), integer("indnkeyatts"), bool("indisunique"),
                bool("indnullsnotdistinct"), bool("indisprimary"), bool("indisexclusion"), bool("indimmediate"), bool("indisclustered"), bool("indisvalid"),
                bool("indcheckxmin"), bool("indisready"), bool("indislive"), bool("indisreplident"), text("indkey"), text("indcollation"), text("indclass"),
                text("indoption"), text("indexprs"), text("indpred")),
                objects -> List.of()),
        PG_CONSTRAINT("pg_constraint", 2606, "r", List.of(oid("oid"), text("conname"), oid("connamespace"), text("contype"), bool("condeferrable"),
                bool("condeferred"), bool("convalidated"), oid("conrelid"), oid("contypid"), oid("conindid"), oid("conparentid"), oid("confrelid"),
                text("confupdtype"), text("confdeltype"), text("confmatchtype"), bool("conislocal"), integer("coninhcount"), bool("connoinherit"), text("conkey"),
                text("confkey"), text("conpfeqop"), text("conppeqop"), text("conffeqop"), text("confdelsetcols"), text("conexclop"), text("conbin")),
                objects -> List.of()),
        PG_PROC("pg_proc", 1255, "r", List.of(oid("oid"), text("proname"), oid("pronamespace"), oid("proowner"), oid("prolang"), real("procost"), real("prorows"),
                oid("provariadic"), text("prosupport"), text("prokind"), bool("prosecdef"), bool("proleakproof"), bool("proisstrict"), bool("proretset"),
                text("provolatile"), text("proparallel"), integer("pronargs"), integer("pronargdefaults"), oid("prorettype"), text("proargtypes"),
                text("proallargtypes"), text("proargmodes"), text("proargnames"), text("proargdefaults"), text("protrftypes"), text("prosrc"), text("probin"),
                text("prosqlbody"), text("proconfig"), text("proacl")),
                objects -> List.of()),
        PG_DESCRIPTION("pg_description", 2609, "r", List.of(oid("objoid"), oid("classoid"), integer("objsubid"), text("description")),
                objects -> List.of()),
        PG_ATTRDEF("pg_attrdef", 2604, "r", List.of(oid("oid"), oid("adrelid"), integer("adnum"), text("adbin")),
                objects -> List.of()),
        // empty: columns compare with the database's one collation (attcollation 0 or 100, as typcollation), which psql's \d then leaves out
        PG_COLLATION("pg_collation", 3456, "r", List.of(oid("oid"), text("collname"), oid("collnamespace"), oid("collowner"), text("collprovider"),
                bool("collisdeterministic"), integer("collencoding"), text("collcollate"), text("collctype"), text("colliculocale"), text("collicurules"),
                text("collversion")),
                objects -> List.of()),
        PG_TABLES("pg_tables", 12100, "v", List.of(text("schemaname"), text("tablename"), text("tableowner"), text("tablespace"), bool("hasindexes"),
                bool("hasrules"), bool("hastriggers"), bool("rowsecurity")),
                objects -> rows(objects.relations.stream().filter(relation -> relation.kind.equals("r")).toList(),
                        relation -> java.util.Arrays.asList(relation.namespace.name, relation.name, OWNER, null, false, false, false, false), 0)),
        PG_VIEWS("pg_views", 12104, "v", List.of(text("schemaname"), text("viewname"), text("viewowner"), text("definition")),
                objects -> rows(objects.relations.stream().filter(relation -> relation.kind.equals("v")).toList(),
                        relation -> java.util.Arrays.asList(relation.namespace.name, relation.name, OWNER, relation.definition), 0)),
        PG_SETTINGS("pg_settings", 12200, "v", List.of(text("name"), text("setting"), text("unit"), text("category"), text("short_desc"), text("extra_desc"),
                text("context"), text("vartype"), text("source"), text("min_val"), text("max_val"), text("enumvals"), text("boot_val"), text("reset_val"),
                text("sourcefile"), integer("sourceline"), bool("pending_restart")),
                PgCatalog::settingRows);

        private final String tableName;
        private final long oid;
        private final String kind;
        private final List<Column> columns;
        private final Function<CatalogObjects, List<List<Object>>> rows;

        SystemTable(String tableName, long oid, String kind, List<Column> columns, Function<CatalogObjects, List<List<Object>>> rows)
        {
            this.tableName = tableName;
            this.oid = oid;
            this.kind = kind;
            this.columns = columns;
            this.rows = rows;
        }
    }

    /** A row per item, its values followed by {@code trailingNulls} NULLs. */
    private static <T> List<List<Object>> rows(List<T> items, Function<T, List<Object>> values, int trailingNulls)
    {
        List<List<Object>> rows = new ArrayList<>(items.size());
        for (T item : items) {
            rows.add(withNulls(values.apply(item), trailingNulls));
        }
        return rows;
    }

    private static List<Object> withNulls(List<Object> values, int trailingNulls)
    {
        List<Object> row = new ArrayList<>(values);
        for (int i = 0; i < trailingNulls; i++) {
            row.add(null);
        }
        return row;
    }

    private static List<List<Object>> attributeRows(CatalogObjects objects)
    {
        List<List<Object>> rows = new ArrayList<>();
        for (Relation relation : objects.relations) {
            for (int i = 0; i < relation.columns.size(); i++) {
                Column column = relation.columns.get(i);
                PgType type = PgType.of(column.type());
                rows.add(withNulls(List.of(relation.oid, column.name(), type.oid, type.length, i + 1, PgType.modifier(column.type()),
                        0, type.byValue, type.length == 8 || type.length == -1 ? "d" : type.length == 4 ? "i" : "c", type.length == -1 ? "x" : "p", "", column.notNull(), false,
                        false, "", "", false, true, 0,
                        -1, type.category.equals("S") ? 100L : 0L), 3));
            }
        }
        return rows;
    }

    private static List<List<Object>> settingRows(CatalogObjects objects)
    {
        ConstantRowsTable.Rows rows = new ConstantRowsTable.Rows();
        String searchPath = objects.namespaces.stream().filter(namespace -> namespace.oid == DEFAULT_SCHEMA_OID).findFirst().orElseThrow().name;
        String[][] settings = {
                {"server_version", POSTGRESQL_VERSION, "Preset Options", "Shows the server version.", "internal", "string"},
                {"server_version_num", "160000", "Preset Options", "Shows the server version as an integer.", "internal", "integer"},
                {"server_encoding", "UTF8", "Preset Options", "Shows the server (database) character set encoding.", "internal", "string"},
                {"client_encoding", "UTF8", "Client Connection Defaults / Locale and Formatting", "Sets the client's character set encoding.", "user", "string"},
                {"DateStyle", "ISO, MDY", "Client Connection Defaults / Locale and Formatting", "Sets the display format for date and time values.", "user", "string"},
                {"TimeZone", "UTC", "Client Connection Defaults / Locale and Formatting", "Sets the time zone for displaying and interpreting time stamps.", "user", "string"},
                {"integer_datetimes", "on", "Preset Options", "Shows whether datetimes are integer based.", "internal", "bool"},
                {"standard_conforming_strings", "on", "Version and Platform Compatibility", "Causes '...' strings to treat backslashes literally.", "user", "bool"},
                {"search_path", searchPath, "Client Connection Defaults / Statement Behavior", "Sets the schema search order for names that are not schema-qualified.",
                        "user", "string"},
                {"max_identifier_length", "63", "Preset Options", "Shows the maximum identifier length.", "internal", "integer"},
                {"default_transaction_read_only", "off", "Client Connection Defaults / Statement Behavior", "Sets the default read-only status of new transactions.",
                        "user", "bool"},
        };
        for (String[] setting : settings) {
            rows.add(setting[0], setting[1], null, setting[2], setting[3], null, setting[4], setting[5], "default", null, null, null, setting[1], setting[1], null,
                    null, false);
        }
        return rows.list();
    }
}
