package io.signo.sql.ddl;

import io.signo.core.exchange.ExchangeKind;
import io.signo.core.operator.write.RowChecks;
import io.signo.core.operator.write.TableWrite;
import io.signo.sql.QueryControl;
import io.signo.sql.QueryResult;
import io.signo.sql.ResultRows;
import io.signo.sql.ResultStream;
import io.signo.sql.Session;
import io.signo.sql.SignoEngine;
import io.signo.sql.SignoEngine.PlannedQuery;
import io.signo.sql.catalog.SqlTypes;
import io.signo.sql.planner.LogicalPlanner;
import io.signo.sql.rel.ExchangeNode;
import io.signo.sql.rel.PlanNode;
import io.signo.sql.rel.TableWriterNode;
import io.signo.storage.db.Database;
import io.signo.storage.db.Database.TableLock;
import io.signo.storage.db.Manifest;
import io.signo.storage.db.Manifest.FileEntry;
import io.signo.storage.db.Manifest.TableEntry;
import io.signo.storage.db.Manifest.ViewEntry;
import io.signo.storage.db.TableLayout;
import io.signo.storage.db.TableWriters;
import io.signo.storage.error.ErrorCode;
import io.signo.storage.error.SignoException;
import io.signo.storage.page.Page;
import io.signo.storage.table.Catalog;
import io.signo.storage.table.Column;
import io.signo.storage.table.Table;
import io.signo.storage.type.Type;
import io.signo.storage.vector.ColumnVector;
import io.signo.storage.vector.VectorBuilder;
import org.apache.calcite.schema.ColumnStrategy;
import org.apache.calcite.sql.SqlDelete;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlInsert;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.SqlUpdate;
import org.apache.calcite.sql.ddl.SqlColumnDeclaration;
import org.apache.calcite.sql.ddl.SqlCreateTable;
import org.apache.calcite.sql.ddl.SqlCreateView;
import org.apache.calcite.sql.ddl.SqlDropTable;
import org.apache.calcite.sql.ddl.SqlDropView;
import org.apache.calcite.sql.dialect.CalciteSqlDialect;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.function.Function;
import java.util.function.UnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static java.util.Objects.requireNonNull;

/**
 * Runs the statements that change or describe a database: CREATE and DROP of tables and views,
 * ALTER TABLE ... RENAME, INSERT, UPDATE, DELETE, SHOW TABLES and DESCRIBE. Each is one commit:
 * durable when it returns, invisible if it fails. The rows a statement writes come from a query
 * planned and run by the engine like any other (the source of INSERT, the rows UPDATE rewrites),
 * so every SQL feature of queries works in them.
 *
 * <p>DELETE and UPDATE find their rows through the table's row-id column
 * ({@link Table#withRowIdColumn()}): the statement's WHERE clause runs as a query over the table
 * with that column, and the ids it returns become the files' delete vectors. An UPDATE writes the
 * changed rows anew and deletes the old ones in the same commit.
 */
public final class DatabaseStatements
        implements AutoCloseable
{
    private static final Pattern RENAME = Pattern.compile("\\s*alter\\s+table\\s+(\\S+)\\s+rename\\s+to\\s+(\\S+?)\\s*;?\\s*", Pattern.CASE_INSENSITIVE);
    private static final Pattern SHOW_TABLES = Pattern.compile("\\s*show\\s+tables\\s*;?\\s*", Pattern.CASE_INSENSITIVE);
    private static final Pattern DESCRIBE = Pattern.compile("\\s*desc(?:ribe)?\\s+(?:table\\s+)?(\\S+?)\\s*;?\\s*", Pattern.CASE_INSENSITIVE);
    private static final Pattern VACUUM = Pattern.compile("\\s*vacuum(?:\\s+(\\S+?))?\\s*;?\\s*", Pattern.CASE_INSENSITIVE);
    private static final Pattern CREATE_SCHEMA = Pattern.compile("\\s*create\\s+schema\\b\\s*(if\\s+not\\s+exists\\s+)?(.*?)\\s*;?\\s*", Pattern.CASE_INSENSITIVE | Pattern.DOTALL);
    private static final Pattern DROP_SCHEMA = Pattern.compile("\\s*drop\\s+schema\\b\\s*(if\\s+exists\\s+)?(.*?)(\\s+(?:cascade|restrict))?\\s*;?\\s*",
            Pattern.CASE_INSENSITIVE | Pattern.DOTALL);
    /** Schema names the catalog already gives a meaning. */
    private static final List<String> RESERVED_SCHEMAS = List.of("tpch", "information_schema", "pg_catalog");

    private final Database database;
    private final SignoEngine engine;

    private final TableCompactor compactor;
    /** The workers that hold the tables not replicated, when this process is a cluster's coordinator; else null. */
    private final ClusterWrites cluster;

    public DatabaseStatements(Database database, SignoEngine engine)
    {
        this(database, engine, null);
    }

    /** @param cluster the workers of the cluster this process coordinates, or null for one process */
    public DatabaseStatements(Database database, SignoEngine engine, ClusterWrites cluster)
    {
        this.database = database;
        this.engine = requireNonNull(engine, "engine is null");
        this.cluster = cluster;
        // compaction rewrites files where they are: on a cluster that is the workers, which do not compact yet
        this.compactor = database == null || cluster != null ? null : new TableCompactor(database);
    }

    /** Lets a background compaction under way finish, before the database closes. */
    @Override
    public void close()
    {
        if (compactor != null) {
            compactor.close();
        }
    }

    /** The columns of the answer a statement of {@code kind} (not a query) gives, before it runs. */
    public static QueryResult emptyAnswer(StatementKind kind)
    {
        return switch (kind) {
            case INSERT, UPDATE, DELETE, COPY -> new QueryResult(List.of("count"), List.of(Type.BIGINT), List.of());
            case SHOW -> new QueryResult(List.of("name"), List.of(Type.VARCHAR), List.of());
            case DESCRIBE -> new QueryResult(List.of("column_name", "column_type", "null"), List.of(Type.VARCHAR, Type.VARCHAR, Type.VARCHAR), List.of());
            case CREATE, DROP, ALTER, VACUUM, TRANSACTION -> new QueryResult(List.of("status"), List.of(Type.VARCHAR), List.of());
            case QUERY -> throw new IllegalArgumentException("a query's columns come from planning it");
        };
    }

    /**
     * Runs a statement of {@code kind} (anything but a query). Without a database, only SHOW TABLES
     * and DESCRIBE answer; writes fail naming the read-only catalog.
     */
    public QueryResult execute(StatementKind kind, Session session, String text, QueryControl control)
    {
        control.checkNotCancelled();
        String sql = StatementKind.withoutLeadingComments(text);
        return switch (kind) {
            case SHOW -> showTables(sql);
            case DESCRIBE -> describe(sql);
            case TRANSACTION -> throw new SignoException(ErrorCode.NOT_SUPPORTED,
                    "explicit transactions are not supported yet: every statement commits on its own when it returns (autocommit)");
            case CREATE, DROP, ALTER, INSERT, UPDATE, DELETE, VACUUM -> write(kind, session, sql, control);
            case COPY -> count(CopyStatement.execute(sql, engine, session, control,
                    insert -> ((Number) ResultRows.toRows(write(StatementKind.INSERT, session, insert, control)).getFirst().getFirst()).longValue(), this::copyTarget));
            case QUERY -> throw new IllegalArgumentException("a query is not a database statement");
        };
    }

    /**
     * Runs INSERT, UPDATE and DELETE statements as one atomic unit: one commit names the changes of
     * all of them, so a query sees either none or all (the TPC-H refresh functions, each of which
     * changes orders and lineitem). Every statement reads the version committed before the batch,
     * never another's changes; the batch holds all its tables from its first read to its commit. On
     * a cluster every worker makes the files of every statement durable before the one commit, so
     * the batch commits on every worker or on none. Returns each statement's row count.
     */
    public List<Long> executeAtomically(Session session, List<String> statements, QueryControl control)
    {
        if (database == null) {
            throw readOnly();
        }
        List<SqlNode> parsed = new ArrayList<>(statements.size());
        List<String> texts = new ArrayList<>(statements.size());
        java.util.TreeSet<String> tables = new java.util.TreeSet<>();
        for (String text : statements) {
            String sql = StatementKind.withoutLeadingComments(text);
            texts.add(sql);
            StatementKind kind = StatementKind.of(sql);
            if (kind != StatementKind.INSERT && kind != StatementKind.UPDATE && kind != StatementKind.DELETE) {
                throw new SignoException(ErrorCode.NOT_SUPPORTED, "an atomic batch takes INSERT, UPDATE and DELETE statements only, not " + kind + ": " + sql);
            }
            SqlNode node = LogicalPlanner.parse(sql);
            parsed.add(node);
            tables.add(switch (node) {
                case SqlInsert insert -> tableName(insert.getTargetTable());
                case SqlDelete delete -> tableName(delete.getTargetTable());
                case SqlUpdate update -> tableName(update.getTargetTable());
                default -> throw new SignoException(ErrorCode.NOT_SUPPORTED, "statement not supported in an atomic batch: " + node.getKind());
            });
        }
        AtomicBatch batch = new AtomicBatch();
        List<Long> counts = new ArrayList<>(parsed.size());
        List<TableLock> locks = new ArrayList<>(tables.size());
        try {
            // in name order, so that two batches never wait for each other
            for (String table : tables) {
                locks.add(database.lockTable(table));
            }
            try {
                for (int i = 0; i < parsed.size(); i++) {
                    SqlNode node = parsed.get(i);
                    control.checkNotCancelled();
                    QueryResult result = switch (node) {
                        case SqlInsert insert -> insert(insert, session, control, batch);
                        case SqlDelete delete -> delete(delete, texts.get(i), session, control, batch);
                        case SqlUpdate update -> update(update, session, control, batch);
                        default -> throw new IllegalStateException("checked above");
                    };
                    counts.add(((Number) ResultRows.toRows(result).getFirst().getFirst()).longValue());
                }
            }
            catch (RuntimeException e) {
                batch.discard();
                throw e;
            }
            batch.commit();
        }
        finally {
            for (TableLock lock : locks.reversed()) {
                lock.close();
            }
        }
        if (compactor != null) {
            for (String table : tables) {
                compactor.afterWrite(table);
            }
        }
        return counts;
    }

    /** The writes and changes of the statements of one {@link #executeAtomically} call, committed at once. */
    private final class AtomicBatch
    {
        private final List<StatementWrite> writes = new ArrayList<>();
        private final List<Function<List<FileEntry>, UnaryOperator<Manifest>>> writeChanges = new ArrayList<>();
        private final List<UnaryOperator<Manifest>> changes = new ArrayList<>();

        /** Makes every write durable on every node, then commits one version naming all of them, or discards them all. */
        void commit()
        {
            List<UnaryOperator<Manifest>> all = new ArrayList<>(changes);
            int prepared = 0;
            try {
                for (; prepared < writes.size(); prepared++) {
                    all.add(writeChanges.get(prepared).apply(writes.get(prepared).prepare()));
                }
            }
            catch (RuntimeException e) {
                discard();
                throw e;
            }
            if (all.isEmpty()) {
                return;
            }
            try {
                database.commit(manifest -> {
                    Manifest changed = manifest;
                    for (UnaryOperator<Manifest> change : all) {
                        changed = change.apply(changed);
                    }
                    return changed;
                });
            }
            finally {
                for (StatementWrite write : writes) {
                    write.committed();
                }
            }
        }

        void discard()
        {
            for (StatementWrite write : writes) {
                write.discard();
            }
        }
    }

    private static SignoException readOnly()
    {
        return new SignoException(ErrorCode.READ_ONLY_TABLE, "the tables generated by --tpch are read-only; to create and change tables, "
                + "open a database with --db DIR, or start without --tpch for one in memory");
    }

    private QueryResult write(StatementKind kind, Session session, String sql, QueryControl control)
    {
        if (database == null) {
            throw readOnly();
        }
        if (kind == StatementKind.ALTER) {
            return rename(sql);
        }
        if (kind == StatementKind.VACUUM) {
            return vacuum(sql);
        }
        Matcher createSchema = CREATE_SCHEMA.matcher(sql);
        if (kind == StatementKind.CREATE && createSchema.matches()) {
            return createSchema(createSchema.group(2), createSchema.group(1) != null);
        }
        Matcher dropSchema = DROP_SCHEMA.matcher(sql);
        if (kind == StatementKind.DROP && dropSchema.matches()) {
            return dropSchema(dropSchema.group(2), dropSchema.group(1) != null, dropSchema.group(3) != null && dropSchema.group(3).strip().equalsIgnoreCase("cascade"));
        }
        TableOptions options = kind == StatementKind.CREATE ? TableOptions.split(sql) : new TableOptions(sql, Map.of());
        SqlNode parsed = kind == StatementKind.CREATE || kind == StatementKind.DROP ? LogicalPlanner.parseDdl(options.statement()) : LogicalPlanner.parse(sql);
        if (!options.options().isEmpty() && !(parsed instanceof SqlCreateTable)) {
            throw new SignoException(ErrorCode.VALIDATION_ERROR, "only CREATE TABLE takes a WITH (...) clause of table options");
        }
        QueryResult result = switch (parsed) {
            case SqlCreateTable create -> create.query == null ? createTable(create, options) : createTableAs(create, options, session, control);
            case SqlCreateView create -> createView(create, session, control);
            case SqlDropTable drop -> dropTable(drop);
            case SqlDropView drop -> dropView(drop);
            case SqlInsert insert -> insert(insert, session, control, null);
            case SqlDelete delete -> delete(delete, sql, session, control, null);
            case SqlUpdate update -> update(update, session, control, null);
            default -> throw new SignoException(ErrorCode.NOT_SUPPORTED, "statement not supported: " + parsed.getKind());
        };
        // the statement has let go of its table, which a compaction then takes
        if (compactor == null) {
            return result;
        }
        switch (parsed) {
            case SqlInsert insert -> compactor.afterWrite(tableName(insert.getTargetTable()));
            case SqlDelete delete -> compactor.afterWrite(tableName(delete.getTargetTable()));
            case SqlUpdate update -> compactor.afterWrite(tableName(update.getTargetTable()));
            default -> {
            }
        }
        return result;
    }

    /** VACUUM [table]: rewrites the files of the table (or of every table) that hold deleted rows, and merges small ones. */
    private QueryResult vacuum(String sql)
    {
        if (cluster != null) {
            throw new SignoException(ErrorCode.NOT_SUPPORTED, "VACUUM is not supported on a cluster yet: its workers do not compact their files");
        }
        Matcher matcher = VACUUM.matcher(sql);
        if (!matcher.matches()) {
            throw new SignoException(ErrorCode.NOT_SUPPORTED, "VACUUM takes one table name or none");
        }
        List<String> tables = new ArrayList<>();
        if (matcher.group(1) != null) {
            String name = plainName(matcher.group(1));
            tables.add(writableTable(name).name());
        }
        else {
            database.manifest().tables().forEach(table -> tables.add(table.name()));
        }
        for (String table : tables) {
            try (TableLock _ = database.lockTable(table)) {
                compactor.compact(table, true);
            }
        }
        return status("VACUUM");
    }

    // ---- CREATE, DROP, ALTER

    private QueryResult createSchema(String text, boolean ifNotExists)
    {
        String name = simpleName(text, "schema");
        if (name.equalsIgnoreCase(Database.SCHEMA_NAME) || RESERVED_SCHEMAS.contains(name.toLowerCase(Locale.ROOT))) {
            if (ifNotExists && name.equalsIgnoreCase(Database.SCHEMA_NAME)) {
                return status("CREATE SCHEMA");
            }
            throw new SignoException(ErrorCode.ALREADY_EXISTS, "schema " + name + " already exists");
        }
        database.commit(manifest -> {
            if (manifest.schema(name) == null) {
                return manifest.withSchema(name);
            }
            if (ifNotExists) {
                return manifest;
            }
            throw new SignoException(ErrorCode.ALREADY_EXISTS, "schema " + name + " already exists");
        });
        return status("CREATE SCHEMA");
    }

    private QueryResult dropSchema(String text, boolean ifExists, boolean cascade)
    {
        String name = simpleName(text, "schema");
        if (name.equalsIgnoreCase(Database.SCHEMA_NAME)) {
            throw new SignoException(ErrorCode.VALIDATION_ERROR, "schema " + name + " is the database's own and cannot be dropped");
        }
        List<String> tables = database.manifest().tables().stream().map(TableEntry::name).filter(table -> Catalog.inOtherSchema(table, name)).toList();
        // the writers of the schema's tables finish first, and none starts until it is gone
        List<TableLock> locks = new ArrayList<>();
        try {
            for (String table : tables) {
                locks.add(database.lockTable(table));
            }
            database.commit(manifest -> {
                String schema = manifest.schema(name);
                if (schema == null) {
                    if (ifExists) {
                        return manifest;
                    }
                    throw new SignoException(ErrorCode.TABLE_NOT_FOUND, "schema " + name + " does not exist");
                }
                boolean empty = manifest.tables().stream().noneMatch(table -> Catalog.inOtherSchema(table.name(), name))
                        && manifest.views().stream().noneMatch(view -> Catalog.inOtherSchema(view.name(), name));
                if (!empty && !cascade) {
                    throw new SignoException(ErrorCode.VALIDATION_ERROR, "schema " + name + " holds tables or views: drop them first, or use DROP SCHEMA " + name + " CASCADE");
                }
                return manifest.withoutSchema(schema);
            });
        }
        finally {
            locks.forEach(TableLock::close);
        }
        return status("DROP SCHEMA");
    }

    /** One name, unquoted (folded to lower case) or quoted; a name with a dot in it would read as schema.name. */
    private static String simpleName(String text, String what)
    {
        String name = text.strip();
        if (!isQuoted(name) && !name.matches("[A-Za-z_][A-Za-z0-9_$]*")) {
            throw new SignoException(ErrorCode.VALIDATION_ERROR, "not a " + what + " name: " + text);
        }
        name = identifier(name);
        checkNoDot(name, what);
        return name;
    }

    private static void checkNoDot(String name, String what)
    {
        if (name.isEmpty() || name.contains(".")) {
            throw new SignoException(ErrorCode.VALIDATION_ERROR, "a " + what + " name cannot " + (name.isEmpty() ? "be empty" : "contain a dot: " + name));
        }
    }

    private QueryResult createTable(SqlCreateTable create, TableOptions options)
    {
        String name = tableName(create.name);
        List<Column> columns = new ArrayList<>();
        Set<String> names = new HashSet<>();
        for (SqlNode element : requireNonNull(create.columnList, "column list")) {
            if (!(element instanceof SqlColumnDeclaration declaration)) {
                throw new SignoException(ErrorCode.NOT_SUPPORTED, "table constraints are not supported yet: " + element);
            }
            String columnName = declaration.name.getSimple();
            if (!names.add(columnName.toLowerCase(Locale.ROOT))) {
                throw new SignoException(ErrorCode.VALIDATION_ERROR, "column " + columnName + " is declared twice");
            }
            if (declaration.expression != null) {
                throw new SignoException(ErrorCode.NOT_SUPPORTED, "column " + columnName + ": DEFAULT values and generated columns are not supported yet");
            }
            boolean notNull = declaration.strategy == ColumnStrategy.NOT_NULLABLE || Boolean.FALSE.equals(declaration.dataType.getNullable());
            columns.add(new Column(columnName, SqlTypes.fromDeclaration(declaration.dataType, columnName), notNull));
        }
        TableLayout layout = layoutOf(options, name, columns);
        try (TableLock _ = database.lockTable(name)) {
            if (exists(name, create.ifNotExists)) {
                return status("CREATE TABLE");
            }
            database.commit(manifest -> manifest.withTable(new TableEntry(name, columns, layout, List.of())));
        }
        return status("CREATE TABLE");
    }

    private QueryResult createTableAs(SqlCreateTable create, TableOptions options, Session session, QueryControl control)
    {
        String name = tableName(create.name);
        if (create.columnList != null) {
            throw new SignoException(ErrorCode.NOT_SUPPORTED, "CREATE TABLE " + name + " (...) AS SELECT: name the columns in the query instead");
        }
        try (TableLock _ = database.lockTable(name)) {
            if (exists(name, create.ifNotExists)) {
                return count(0);
            }
            PlannedQuery query = engine.plan(session, unparse(create.query), control, database.catalog().snapshot());
            List<Column> columns = new ArrayList<>();
            Set<String> names = new HashSet<>();
            for (int i = 0; i < query.columnNames().size(); i++) {
                String columnName = query.columnNames().get(i);
                if (!names.add(columnName.toLowerCase(Locale.ROOT))) {
                    throw new SignoException(ErrorCode.VALIDATION_ERROR, "CREATE TABLE " + name + " AS: the query has two columns named " + columnName + "; give them distinct names");
                }
                columns.add(new Column(columnName, query.root().outputTypes().get(i)));
            }
            TableLayout layout = layoutOf(options, name, columns);
            StatementWrite write = newWrite(layout, new RowChecks(name, columns, List.of()));
            long rows = writeRows(query, write, session, control);
            commitWrite(write, files -> manifest -> {
                if (manifest.table(name) != null || manifest.view(name) != null) {
                    throw new SignoException(ErrorCode.ALREADY_EXISTS, "table " + name + " already exists");
                }
                return manifest.withTable(new TableEntry(name, columns, layout, files));
            });
            return count(rows);
        }
    }

    /** True when a table or view of that name exists and {@code ifNotExists} says to leave it; an error when it exists otherwise. */
    private boolean exists(String name, boolean ifNotExists)
    {
        Manifest manifest = database.manifest();
        if (manifest.table(name) == null && manifest.view(name) == null) {
            return false;
        }
        if (ifNotExists) {
            return true;
        }
        throw new SignoException(ErrorCode.ALREADY_EXISTS, (manifest.view(name) != null ? "a view named " : "table ") + name + " already exists");
    }

    private QueryResult createView(SqlCreateView create, Session session, QueryControl control)
    {
        String name = tableName(create.name);
        String text = unparse(create.query);
        PlannedQuery query = engine.plan(session, text, control, database.catalog().snapshot());
        List<String> names = query.columnNames();
        if (create.columnList != null) {
            if (create.columnList.size() != names.size()) {
                throw new SignoException(ErrorCode.VALIDATION_ERROR, "view " + name + " names " + create.columnList.size() + " columns, its query gives " + names.size());
            }
            names = new ArrayList<>();
            for (SqlNode column : create.columnList) {
                names.add(((SqlIdentifier) column).getSimple());
            }
        }
        List<Column> columns = new ArrayList<>();
        for (int i = 0; i < names.size(); i++) {
            columns.add(new Column(names.get(i), query.root().outputTypes().get(i)));
        }
        boolean replace = create.getReplace();
        database.commit(manifest -> {
            if (manifest.table(name) != null) {
                throw new SignoException(ErrorCode.ALREADY_EXISTS, "a table named " + name + " already exists");
            }
            if (manifest.view(name) != null && !replace) {
                throw new SignoException(ErrorCode.ALREADY_EXISTS, "view " + name + " already exists (CREATE OR REPLACE VIEW replaces it)");
            }
            return manifest.withView(new ViewEntry(name, text, columns));
        });
        return status("CREATE VIEW");
    }

    private QueryResult dropTable(SqlDropTable drop)
    {
        String name = tableName(drop.name);
        try (TableLock _ = database.lockTable(name)) {
            Manifest manifest = database.manifest();
            if (manifest.table(name) == null) {
                if (manifest.view(name) != null) {
                    throw new SignoException(ErrorCode.VALIDATION_ERROR, name + " is a view: use DROP VIEW");
                }
                if (drop.ifExists) {
                    return status("DROP TABLE");
                }
                throw new SignoException(ErrorCode.TABLE_NOT_FOUND, "table " + name + " does not exist");
            }
            database.commit(current -> current.withoutTable(name));
        }
        return status("DROP TABLE");
    }

    private QueryResult dropView(SqlDropView drop)
    {
        String name = tableName(drop.name);
        database.commit(manifest -> {
            if (manifest.view(name) == null) {
                if (manifest.table(name) != null) {
                    throw new SignoException(ErrorCode.VALIDATION_ERROR, name + " is a table: use DROP TABLE");
                }
                if (!drop.ifExists) {
                    throw new SignoException(ErrorCode.TABLE_NOT_FOUND, "view " + name + " does not exist");
                }
            }
            return manifest.withoutView(name);
        });
        return status("DROP VIEW");
    }

    private QueryResult rename(String sql)
    {
        Matcher matcher = RENAME.matcher(sql);
        if (!matcher.matches()) {
            throw new SignoException(ErrorCode.NOT_SUPPORTED, "ALTER supports ALTER TABLE name RENAME TO new_name only");
        }
        String from = plainName(matcher.group(1));
        String named = plainName(matcher.group(2));
        int schemaEnd = from.indexOf('.');
        // RENAME TO names the table in its own schema
        String to = named.indexOf('.') < 0 && schemaEnd >= 0 ? from.substring(0, schemaEnd + 1) + named : named;
        if (!from.substring(0, schemaEnd + 1).equalsIgnoreCase(to.substring(0, to.indexOf('.') + 1))) {
            throw new SignoException(ErrorCode.NOT_SUPPORTED, "ALTER TABLE ... RENAME TO keeps a table in its schema; " + from + " cannot become " + to);
        }
        try (TableLock _ = database.lockTable(from); TableLock _ = database.lockTable(to)) {
            database.commit(manifest -> {
                TableEntry table = manifest.table(from);
                if (table == null) {
                    throw new SignoException(ErrorCode.TABLE_NOT_FOUND, "table " + from + " does not exist");
                }
                if (!from.equalsIgnoreCase(to) && (manifest.table(to) != null || manifest.view(to) != null)) {
                    throw new SignoException(ErrorCode.ALREADY_EXISTS, "a table or view named " + to + " already exists");
                }
                return manifest.withoutTable(from).withTable(table.withName(to));
            });
        }
        return status("ALTER TABLE");
    }

    // ---- INSERT, DELETE, UPDATE

    private QueryResult insert(SqlInsert insert, Session session, QueryControl control, AtomicBatch batch)
    {
        String name = tableName(insert.getTargetTable());
        try (TableLock _ = database.lockTable(name)) {
            TableEntry table = writableTable(name);
            List<Column> columns = table.columns();
            int[] sourceOf = targetColumns(insert.getTargetColumnList(), table);
            String source = unparse(insert.getSource());
            Catalog snapshot = database.catalog().snapshot();
            int targets = insert.getTargetColumnList() == null ? columns.size() : insert.getTargetColumnList().size();
            StringBuilder query = new StringBuilder("SELECT ");
            List<RowChecks.LengthCheck> lengthChecks = new ArrayList<>();
            for (int c = 0; c < columns.size(); c++) {
                query.append(c > 0 ? ", " : "").append("CAST(").append(sourceOf[c] < 0 ? "NULL" : "\"s\".\"c" + sourceOf[c] + "\"")
                        .append(" AS ").append(SqlTypes.toSql(columns.get(c).type())).append(")");
            }
            for (int c = 0; c < columns.size(); c++) {
                if (sourceOf[c] >= 0 && RowChecks.isBoundedString(columns.get(c))) {
                    lengthChecks.add(new RowChecks.LengthCheck(c, columns.size() + lengthChecks.size()));
                    query.append(", CAST(\"s\".\"c").append(sourceOf[c]).append("\" AS VARCHAR)");
                }
            }
            // the source is planned once, inside the query that casts its columns to the table's types, which names as many as the table is given
            query.append(" FROM (").append(source).append(") AS \"s\"(");
            for (int i = 0; i < targets; i++) {
                query.append(i > 0 ? ", " : "").append("\"c").append(i).append("\"");
            }
            query.append(")");
            PlannedQuery rows;
            try {
                rows = planWrite(session, query.toString(), control, snapshot, name);
            }
            catch (SignoException e) {
                throw sourceError(e, session, source, control, snapshot, name, targets);
            }
            StatementWrite write = newWrite(table.layout(), new RowChecks(name, columns, lengthChecks));
            long written = writeRows(rows, write, session, control);
            commitWrite(write, files -> manifest -> manifest.withTable(manifest.table(name).withFiles(files)), batch);
            return count(written);
        }
    }

    /**
     * The error to report when the query that casts an INSERT's source failed: the source's own error
     * when planning the source alone fails, the count of values when it gives another number of
     * columns than the table is given, else {@code failure}.
     */
    private SignoException sourceError(SignoException failure, Session session, String source, QueryControl control, Catalog snapshot, String table, int targets)
    {
        if (failure.errorCode() == ErrorCode.PLANNING_TIMEOUT || failure.errorCode() == ErrorCode.QUERY_CANCELLED) {
            return failure;
        }
        int sourceColumns = engine.plan(session, source, control, snapshot).columnNames().size();
        if (sourceColumns != targets) {
            return new SignoException(ErrorCode.VALIDATION_ERROR, "INSERT INTO " + table + " gives " + sourceColumns + " values for " + targets + " columns");
        }
        return failure;
    }

    /** For each table column, the position of the source column written to it, or -1 for NULL. */
    private static int[] targetColumns(SqlNodeList targetList, TableEntry table)
    {
        int[] sourceOf = new int[table.columns().size()];
        if (targetList == null) {
            for (int c = 0; c < sourceOf.length; c++) {
                sourceOf[c] = c;
            }
            return sourceOf;
        }
        java.util.Arrays.fill(sourceOf, -1);
        for (int i = 0; i < targetList.size(); i++) {
            String columnName = ((SqlIdentifier) targetList.get(i)).getSimple();
            int column = columnIndex(table, columnName);
            if (sourceOf[column] >= 0) {
                throw new SignoException(ErrorCode.VALIDATION_ERROR, "column " + columnName + " is named twice in INSERT INTO " + table.name());
            }
            sourceOf[column] = i;
        }
        for (int c = 0; c < sourceOf.length; c++) {
            Column column = table.columns().get(c);
            if (sourceOf[c] < 0 && column.notNull()) {
                throw new SignoException(ErrorCode.NOT_NULL_VIOLATION, "NOT NULL constraint failed: " + table.name() + "." + column.name() + " (the INSERT gives it no value)");
            }
        }
        return sourceOf;
    }

    /** @param text the statement, parsed as {@code delete} */
    private QueryResult delete(SqlDelete delete, String text, Session session, QueryControl control, AtomicBatch batch)
    {
        String name = tableName(delete.getTargetTable());
        try (TableLock _ = database.lockTable(name)) {
            writableTable(name);
            // the statement's own parsed condition, so that its literals (RF2's 1,500 order keys) are parsed once
            PlannedQuery rows = planWrite(session, rowIdQuery(delete, name), () -> rowIdQuery((SqlDelete) LogicalPlanner.parse(text), name), control, withRowIds(name), name);
            RowIds deleted = new RowIds();
            long count = 0;
            try (ResultStream stream = engine.start(rows, session, control)) {
                for (Page page = stream.nextPage(); page != null; page = stream.nextPage()) {
                    count += deleted.addAll(dense(page));
                }
            }
            if (count > 0) {
                UnaryOperator<Manifest> change = manifest -> manifest.withTable(deleted.deleteFrom(manifest.table(name)));
                if (batch != null) {
                    batch.changes.add(change);
                }
                else {
                    database.commit(change);
                }
            }
            return count(count);
        }
    }

    private QueryResult update(SqlUpdate update, Session session, QueryControl control, AtomicBatch batch)
    {
        String name = tableName(update.getTargetTable());
        try (TableLock _ = database.lockTable(name)) {
            TableEntry table = writableTable(name);
            List<Column> columns = table.columns();
            String[] expressions = new String[columns.size()];
            SqlNodeList targets = update.getTargetColumnList();
            for (int i = 0; i < targets.size(); i++) {
                String columnName = ((SqlIdentifier) targets.get(i)).names.getLast();
                int column = columnIndex(table, columnName);
                if (expressions[column] != null) {
                    throw new SignoException(ErrorCode.VALIDATION_ERROR, "column " + columnName + " is set twice in UPDATE " + name);
                }
                expressions[column] = unparse(update.getSourceExpressionList().get(i));
            }
            // the changed rows are written anew like an INSERT's, and their old versions deleted by id: two queries over one snapshot
            StringBuilder values = new StringBuilder("SELECT ");
            for (int c = 0; c < columns.size(); c++) {
                Column column = columns.get(c);
                values.append(c > 0 ? ", " : "").append(expressions[c] == null ? quote(column.name()) : "CAST((" + expressions[c] + ") AS " + SqlTypes.toSql(column.type()) + ")");
            }
            List<RowChecks.LengthCheck> lengthChecks = new ArrayList<>();
            for (int c = 0; c < columns.size(); c++) {
                if (expressions[c] != null && RowChecks.isBoundedString(columns.get(c))) {
                    lengthChecks.add(new RowChecks.LengthCheck(c, columns.size() + lengthChecks.size()));
                    values.append(", CAST((").append(expressions[c]).append(") AS VARCHAR)");
                }
            }
            String from = " FROM " + quoteTable(name) + alias(update.getAlias()) + where(update.getCondition());
            Catalog snapshot = withRowIds(name);
            PlannedQuery rows = planWrite(session, values + from, control, snapshot, name);
            PlannedQuery ids = planWrite(session, "SELECT " + quote(Table.ROW_ID_COLUMN) + from, control, snapshot, name);
            StatementWrite write = newWrite(table.layout(), new RowChecks(name, columns, lengthChecks));
            long written = writeRows(rows, write, session, control);
            RowIds deleted = new RowIds();
            long count = 0;
            try (ResultStream stream = engine.start(ids, session, control)) {
                for (Page page = stream.nextPage(); page != null; page = stream.nextPage()) {
                    count += deleted.addAll(dense(page));
                }
            }
            catch (RuntimeException e) {
                write.discard();
                throw e;
            }
            if (count != written) {
                write.discard();
                throw new SignoException(ErrorCode.INTERNAL_ERROR, "UPDATE " + name + " found " + count + " rows to change but wrote " + written
                        + ": its WHERE clause did not give the same rows twice; nothing was changed");
            }
            if (count == 0) {
                write.discard();
                return count(0);
            }
            commitWrite(write, files -> manifest -> manifest.withTable(deleted.deleteFrom(manifest.table(name)).withFiles(files)), batch);
            return count(count);
        }
    }

    /**
     * Commits the change a write makes once every node's files are durable (see {@link ClusterWrites}):
     * the files then belong to the version the commit writes, or, when it fails, to none, and are
     * removed when their node next opens its files.
     */
    private void commitWrite(StatementWrite write, Function<List<FileEntry>, UnaryOperator<Manifest>> change)
    {
        commitWrite(write, change, null);
    }

    /** As {@link #commitWrite(StatementWrite, Function)}, or, within {@code batch}, left for the batch's one commit. */
    private void commitWrite(StatementWrite write, Function<List<FileEntry>, UnaryOperator<Manifest>> change, AtomicBatch batch)
    {
        if (batch != null) {
            batch.writes.add(write);
            batch.writeChanges.add(change);
            return;
        }
        List<FileEntry> files;
        try {
            files = write.prepare();
        }
        catch (RuntimeException e) {
            write.discard();
            throw e;
        }
        try {
            database.commit(change.apply(files));
        }
        finally {
            write.committed();
        }
    }

    /** A statement's write into a table of {@code layout}: on a cluster, the workers write the tables that are not replicated. */
    private StatementWrite newWrite(TableLayout layout, RowChecks checks)
    {
        TableWriterNode.Target target = new TableWriterNode.Target(UUID.randomUUID().toString(), checks, layout);
        TableWriters here = cluster == null || layout.replicated()
                ? database
                : (_, _) -> {
                    throw new SignoException(ErrorCode.INTERNAL_ERROR, "the rows of table " + checks.table() + " are written on the workers, not on the coordinator");
                };
        return new StatementWrite(target, new TableWrite(here, layout, checks), cluster);
    }

    /** The layout a new table's options give it; on a cluster, a table without keys or copies is spread over the workers, a partition each. */
    private TableLayout layoutOf(TableOptions options, String name, List<Column> columns)
    {
        TableLayout layout = options.layout(name, columns);
        if (cluster != null && !layout.replicated() && !layout.isPartitioned()) {
            return new TableLayout(List.of(), cluster.workerCount(), false, layout.sortedBy());
        }
        return layout;
    }

    /** The query whose answer is the ids of the rows a DELETE removes, around the statement's own condition. */
    private static SqlNode rowIdQuery(SqlDelete delete, String table)
    {
        SqlSelect query = (SqlSelect) LogicalPlanner.parse("SELECT " + quote(Table.ROW_ID_COLUMN) + " FROM " + quoteTable(table) + alias(delete.getAlias()));
        query.setWhere(delete.getCondition());
        return query;
    }

    /** Plans the query that makes a write's rows; its errors name the statement's table. */
    private PlannedQuery planWrite(Session session, String query, QueryControl control, Catalog catalog, String table)
    {
        return planWrite(() -> engine.plan(session, query, control, catalog), table);
    }

    /** As {@link #planWrite(Session, String, QueryControl, Catalog, String)}, for a query already parsed. */
    private PlannedQuery planWrite(Session session, SqlNode query, java.util.function.Supplier<SqlNode> parseAgain, QueryControl control, Catalog catalog, String table)
    {
        return planWrite(() -> engine.plan(session, query, parseAgain, control, catalog), table);
    }

    private static PlannedQuery planWrite(java.util.function.Supplier<PlannedQuery> planning, String table)
    {
        try {
            return planning.get();
        }
        catch (SignoException e) {
            ErrorCode code = e.errorCode();
            if (code == ErrorCode.VALIDATION_ERROR || code == ErrorCode.TABLE_NOT_FOUND || code == ErrorCode.COLUMN_NOT_FOUND || code == ErrorCode.FUNCTION_NOT_FOUND) {
                throw new SignoException(code, "writing table " + table + ": " + e.getMessage().replaceFirst("^line \\d+, column \\d+: ", ""), e);
            }
            throw e;
        }
    }

    /** The catalog now, with {@code table} showing its row-id column. */
    private Catalog withRowIds(String table)
    {
        Catalog snapshot = database.catalog().snapshot();
        snapshot.putTable(snapshot.table(table).withRowIdColumn());
        return snapshot;
    }

    /** The columns of the table a COPY FROM appends to, named as a statement names it. */
    private List<Column> copyTarget(String tableText)
    {
        if (database == null) {
            throw readOnly();
        }
        SqlNode from = ((SqlSelect) LogicalPlanner.parse("SELECT * FROM " + tableText)).getFrom();
        return writableTable(tableName(from)).columns();
    }

    private TableEntry writableTable(String name)
    {
        Manifest manifest = database.manifest();
        TableEntry table = manifest.table(name);
        if (table == null) {
            if (manifest.view(name) != null) {
                throw new SignoException(ErrorCode.VALIDATION_ERROR, name + " is a view; views cannot be written");
            }
            throw new SignoException(ErrorCode.TABLE_NOT_FOUND, "table " + name + " does not exist");
        }
        return table;
    }

    private static int columnIndex(TableEntry table, String columnName)
    {
        for (int c = 0; c < table.columns().size(); c++) {
            if (table.columns().get(c).name().equalsIgnoreCase(columnName)) {
                return c;
            }
        }
        throw new SignoException(ErrorCode.VALIDATION_ERROR, "table " + table.name() + " has no column " + columnName);
    }

    /**
     * Runs the query that makes a write's rows with a table writer where the rows are produced
     * (below the gathering exchange, so every driver writes its own files) and returns how many
     * rows were written; their files wait in {@code write} for the commit, and are removed when the
     * query fails.
     */
    private long writeRows(PlannedQuery query, StatementWrite write, Session session, QueryControl control)
    {
        PlanNode written = writerPlan(query.root(), write);
        long rows = 0;
        try (ResultStream stream = engine.start(new PlannedQuery(written, List.of("rows"), false), session, control)) {
            for (Page page = stream.nextPage(); page != null; page = stream.nextPage()) {
                Page counts = dense(page);
                for (int p = 0; p < counts.positionCount(); p++) {
                    rows += counts.column(0).getLong(p);
                }
            }
        }
        catch (RuntimeException e) {
            write.discard();
            throw e;
        }
        return rows;
    }

    /**
     * The query with the write's table writer where its rows are made: below the gathering exchange,
     * so that every driver writes. On a cluster, rows of a partitioned table first go to the worker
     * holding their partition, rows of a table spread over the workers stay on (or are spread to) the
     * workers, and rows of a replicated one are written on the coordinator, which holds its copy.
     */
    private PlanNode writerPlan(PlanNode root, StatementWrite write)
    {
        TableWriterNode.Target target = write.target();
        boolean gathered = root instanceof ExchangeNode exchange && exchange.scope() == ExchangeNode.Scope.REMOTE && exchange.kind() == ExchangeKind.GATHER
                && exchange.sources().size() == 1;
        PlanNode source = gathered ? root.sources().getFirst() : root;
        if (cluster == null) {
            return gathered ? ExchangeNode.gather(new TableWriterNode(source, target, write.local())) : new TableWriterNode(root, target, write.local());
        }
        TableLayout layout = target.layout();
        if (layout.replicated()) {
            return new TableWriterNode(root, target, write.local());
        }
        if (layout.isPartitioned()) {
            List<Integer> keys = new ArrayList<>();
            for (int key : layout.keyColumns(target.checks().columns())) {
                keys.add(key);
            }
            return ExchangeNode.gather(new TableWriterNode(ExchangeNode.toTablePartitions(source, keys, layout.partitionCount()), target, write.local()));
        }
        PlanNode spread = source.distribution().isSingle() ? ExchangeNode.remote(source, ExchangeKind.ROUND_ROBIN, List.of()) : source;
        return ExchangeNode.gather(new TableWriterNode(spread, target, write.local()));
    }

    /** Row ids gathered from a query's pages, for {@link TableEntry#withRowsDeleted}. */
    private static final class RowIds
    {
        private long[] ids = new long[64];
        private int count;

        /** Adds the ids in the first column of a dense page; returns how many. */
        long addAll(Page page)
        {
            ColumnVector column = page.column(0);
            int positionCount = page.positionCount();
            if (count + positionCount > ids.length) {
                ids = java.util.Arrays.copyOf(ids, Math.max(ids.length * 2, count + positionCount));
            }
            for (int p = 0; p < positionCount; p++) {
                ids[count++] = column.getLong(p);
            }
            return positionCount;
        }

        TableEntry deleteFrom(TableEntry table)
        {
            return table.withRowsDeleted(ids, count);
        }
    }

    /** The page with its selected rows only, so that position p is row p. */
    private static Page dense(Page page)
    {
        return page.isSelected() ? page.compact(io.signo.storage.memory.PageAllocator.transientPages()) : page;
    }

    // ---- SHOW TABLES, DESCRIBE

    private QueryResult showTables(String sql)
    {
        if (!SHOW_TABLES.matcher(sql).matches()) {
            throw new SignoException(ErrorCode.NOT_SUPPORTED, "SHOW supports SHOW TABLES only");
        }
        Catalog catalog = engine.catalog().snapshot();
        List<String> names = new ArrayList<>();
        // the database's own schema, as DuckDB shows it
        catalog.tables().stream().filter(table -> catalog.inSchema(table.name(), catalog.schemaName())).forEach(table -> names.add(table.name()));
        catalog.views().stream().filter(view -> catalog.inSchema(view.name(), catalog.schemaName())).forEach(view -> names.add(view.name()));
        names.sort(String.CASE_INSENSITIVE_ORDER);
        VectorBuilder column = new VectorBuilder(Type.VARCHAR, names.size());
        names.forEach(column::appendString);
        return new QueryResult(List.of("name"), List.of(Type.VARCHAR), names.isEmpty() ? List.of() : List.of(new Page(names.size(), column.build())));
    }

    private QueryResult describe(String sql)
    {
        Matcher matcher = DESCRIBE.matcher(sql);
        if (!matcher.matches()) {
            throw new SignoException(ErrorCode.NOT_SUPPORTED, "DESCRIBE takes a table or view name");
        }
        String name = plainName(matcher.group(1));
        Catalog catalog = engine.catalog().snapshot();
        List<Column> columns;
        Table table = catalog.table(name);
        if (table != null) {
            columns = table.columns();
        }
        else if (catalog.view(name) != null) {
            columns = catalog.view(name).columns();
        }
        else {
            throw new SignoException(ErrorCode.TABLE_NOT_FOUND, "table " + name + " does not exist");
        }
        VectorBuilder names = new VectorBuilder(Type.VARCHAR, columns.size());
        VectorBuilder types = new VectorBuilder(Type.VARCHAR, columns.size());
        VectorBuilder nullable = new VectorBuilder(Type.VARCHAR, columns.size());
        for (Column column : columns) {
            names.appendString(column.name());
            types.appendString(SqlTypes.toSql(column.type()));
            nullable.appendString(column.notNull() ? "NO" : "YES");
        }
        return new QueryResult(List.of("column_name", "column_type", "null"), List.of(Type.VARCHAR, Type.VARCHAR, Type.VARCHAR),
                List.of(new Page(columns.size(), names.build(), types.build(), nullable.build())));
    }

    // ---- names and text

    /** A table name of the database's one schema; a name qualified with another schema is an error. */
    private String tableName(SqlNode node)
    {
        if (!(node instanceof SqlIdentifier identifier)) {
            throw new SignoException(ErrorCode.NOT_SUPPORTED, "a table name is expected, not " + node);
        }
        return qualifiedName(identifier.names);
    }

    /**
     * The catalog's name of a table or view named {@code name} or {@code schema.name}: the name alone
     * in the database's own schema, {@code schema.name} in another, which must exist.
     */
    private String qualifiedName(List<String> names)
    {
        if (names.size() > 2) {
            throw new SignoException(ErrorCode.TABLE_NOT_FOUND, "schema " + String.join(".", names.subList(0, names.size() - 1)) + " does not exist");
        }
        String name = names.getLast();
        checkNoDot(name, "table");
        if (names.size() == 1 || names.getFirst().equalsIgnoreCase(engine.catalog().schemaName())) {
            return name;
        }
        String schema = database == null ? null : database.manifest().schema(names.getFirst());
        if (schema == null) {
            throw new SignoException(ErrorCode.TABLE_NOT_FOUND, "schema " + names.getFirst() + " does not exist");
        }
        return schema + "." + name;
    }

    /** A name as ALTER, DESCRIBE and VACUUM take it, {@code name} or {@code schema.name}: unquoted parts are lower-cased as the parser does. */
    private String plainName(String text)
    {
        List<String> parts = new ArrayList<>();
        int start = 0;
        boolean quoted = false;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '"') {
                quoted = !quoted;
            }
            else if (c == '.' && !quoted) {
                parts.add(text.substring(start, i));
                start = i + 1;
            }
        }
        parts.add(text.substring(start));
        List<String> names = new ArrayList<>();
        for (String part : parts) {
            names.add(identifier(part.strip()));
        }
        return qualifiedName(names);
    }

    private static boolean isQuoted(String name)
    {
        return name.length() >= 2 && name.startsWith("\"") && name.endsWith("\"");
    }

    /** An identifier as the parser reads it: a quoted one as written, an unquoted one in lower case. */
    private static String identifier(String text)
    {
        return isQuoted(text) ? text.substring(1, text.length() - 1).replace("\"\"", "\"") : text.toLowerCase(Locale.ROOT);
    }

    private static String unparse(SqlNode node)
    {
        return node.toSqlString(config -> config.withDialect(CalciteSqlDialect.DEFAULT).withAlwaysUseParentheses(false)).getSql();
    }

    private static String quote(String name)
    {
        return "\"" + name.replace("\"", "\"\"") + "\"";
    }

    /** A catalog's table name as SQL: {@code "t"}, or {@code "schema"."t"} for a table of another schema. */
    private static String quoteTable(String name)
    {
        int dot = name.indexOf('.');
        return dot < 0 ? quote(name) : quote(name.substring(0, dot)) + "." + quote(name.substring(dot + 1));
    }

    private static String alias(SqlIdentifier alias)
    {
        return alias == null ? "" : " AS " + quote(alias.getSimple());
    }

    private static String where(SqlNode condition)
    {
        return condition == null ? "" : " WHERE " + unparse(condition);
    }

    private static QueryResult count(long rows)
    {
        VectorBuilder count = new VectorBuilder(Type.BIGINT, 1);
        count.appendLong(rows);
        return new QueryResult(List.of("count"), List.of(Type.BIGINT), List.of(new Page(1, count.build())));
    }

    private static QueryResult status(String tag)
    {
        VectorBuilder status = new VectorBuilder(Type.VARCHAR, 1);
        status.appendString(tag);
        return new QueryResult(List.of("status"), List.of(Type.VARCHAR), List.of(new Page(1, status.build())));
    }
}
