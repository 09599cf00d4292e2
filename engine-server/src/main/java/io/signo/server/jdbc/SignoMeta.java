package io.signo.server.jdbc;

import io.signo.server.query.ManagedQuery;
import io.signo.server.query.QueryManager;
import io.signo.sql.QueryResult;
import io.signo.sql.ResultStream;
import io.signo.sql.Session;
import io.signo.sql.ddl.StatementKind;
import io.signo.storage.error.ErrorCode;
import io.signo.storage.error.SignoException;
import io.signo.storage.page.Page;
import io.signo.storage.table.Catalog;
import io.signo.storage.type.Type;
import io.signo.storage.vector.VectorBuilder;
import org.apache.calcite.avatica.AvaticaParameter;
import org.apache.calcite.avatica.ColumnMetaData;
import org.apache.calcite.avatica.Meta;
import org.apache.calcite.avatica.MissingResultsException;
import org.apache.calcite.avatica.NoSuchStatementException;
import org.apache.calcite.avatica.QueryState;
import org.apache.calcite.avatica.remote.TypedValue;

import java.sql.Types;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static java.util.Objects.requireNonNull;

/**
 * Avatica's server-side view of Signo: connections with their sessions, statements that run
 * through the {@link QueryManager}, results served in frames, and the catalog's metadata. Many
 * request threads call it at once.
 *
 * <p>Prepared statements: Signo's planner has no dynamic parameters, so {@code ?} are counted at
 * prepare time (the statement is planned with NULL in their place to report its columns, when that
 * plans) and the bound values are written into the SQL as literals at each execution
 * ({@link ParameterLiterals}).
 */
final class SignoMeta
        implements Meta
{
    /** Rows per frame when the client asks for fewer: one HTTP round trip per 100 rows would dominate big results. */
    private static final int MIN_FRAME_ROWS = 4096;
    private static final String DEFAULT_USER = "signo";

    private final QueryManager queryManager;
    private final JdbcConnections connections;

    SignoMeta(QueryManager queryManager, JdbcConnections connections)
    {
        this.queryManager = requireNonNull(queryManager, "queryManager is null");
        this.connections = requireNonNull(connections, "connections is null");
    }

    private Catalog catalog()
    {
        return queryManager.runner().catalog();
    }

    // connections and statements

    @Override
    public void openConnection(ConnectionHandle ch, Map<String, String> info)
    {
        String user = info == null ? null : info.get("user");
        Session session = new Session(user == null || user.isBlank() ? DEFAULT_USER : user.strip());
        connections.open(ch.id, session);
    }

    @Override
    public void closeConnection(ConnectionHandle ch)
    {
        JdbcConnection connection = connections.close(ch.id);
        if (connection != null) {
            connection.closeStatements("the client closed its connection");
        }
    }

    @Override
    public ConnectionProperties connectionSync(ConnectionHandle ch, ConnectionProperties connProps)
    {
        return connection(ch.id).sync(connProps);
    }

    @Override
    public StatementHandle createStatement(ConnectionHandle ch)
    {
        JdbcStatement statement = connection(ch.id).createStatement();
        return new StatementHandle(ch.id, statement.id(), null);
    }

    @Override
    public void closeStatement(StatementHandle h)
    {
        JdbcConnection connection = connections.useIfOpen(h.connectionId);
        if (connection == null) {
            // closed or expired with its statements: nothing is left to close
            return;
        }
        JdbcStatement statement = connection.removeStatement(h.id);
        if (statement != null) {
            statement.close("the client closed the statement");
        }
    }

    /** The connection of a short request, which counts as a use of it. */
    private JdbcConnection connection(String connectionId)
    {
        return connections.use(connectionId);
    }

    private static JdbcStatement statement(JdbcConnection connection, StatementHandle h)
            throws NoSuchStatementException
    {
        JdbcStatement statement = connection.statement(h.id);
        if (statement == null) {
            throw new NoSuchStatementException(h);
        }
        return statement;
    }

    // running statements

    @Override
    public StatementHandle prepare(ConnectionHandle ch, String sql, long maxRowCount)
    {
        JdbcConnection connection = connections.beginRequest(ch.id);
        try {
            return prepare(connection, sql);
        }
        finally {
            connection.endRequest(System.nanoTime());
        }
    }

    private StatementHandle prepare(JdbcConnection connection, String sql)
    {
        int parameterCount = ParameterLiterals.count(sql);
        List<ColumnMetaData> columns;
        try {
            columns = StatementDescriber.describe(catalog(), connection.session(), parameterCount == 0 ? sql : ParameterLiterals.withNulls(sql));
        }
        catch (SignoException e) {
            // with parameters, only a syntax error is sure to be the statement's own: NULL may not fit where a value does
            if (parameterCount == 0 || e.errorCode() == ErrorCode.SYNTAX_ERROR) {
                throw JdbcErrors.toClient(e);
            }
            // the columns are learned when it runs; the result of each execution carries them
            columns = List.of();
        }
        JdbcStatement statement = connection.createStatement();
        statement.prepared(sql);
        return new StatementHandle(connection.id(), statement.id(), signature(sql, columns, parameterCount));
    }

    @SuppressWarnings("deprecation")
    @Override
    public ExecuteResult prepareAndExecute(StatementHandle h, String sql, long maxRowCount, PrepareCallback callback)
            throws NoSuchStatementException
    {
        return prepareAndExecute(h, sql, maxRowCount, MIN_FRAME_ROWS, callback);
    }

    @Override
    public ExecuteResult prepareAndExecute(StatementHandle h, String sql, long maxRowCount, int maxRowsInFirstFrame, PrepareCallback callback)
            throws NoSuchStatementException
    {
        JdbcConnection connection = connections.beginRequest(h.connectionId);
        try {
            JdbcStatement statement = statement(connection, h);
            Integer cancelled = CancelCommand.parse(sql);
            if (cancelled != null) {
                JdbcStatement target = connection.statement(cancelled);
                boolean done = target != null && target.cancel("cancelled by the client");
                return run(connection, statement, sql, booleanResult(done), maxRowCount, maxRowsInFirstFrame);
            }
            return run(connection, statement, sql, null, maxRowCount, maxRowsInFirstFrame);
        }
        finally {
            connection.endRequest(System.nanoTime());
        }
    }

    @SuppressWarnings("deprecation")
    @Override
    public ExecuteResult execute(StatementHandle h, List<TypedValue> parameterValues, long maxRowCount)
            throws NoSuchStatementException
    {
        return execute(h, parameterValues, MIN_FRAME_ROWS);
    }

    @Override
    public ExecuteResult execute(StatementHandle h, List<TypedValue> parameterValues, int maxRowsInFirstFrame)
            throws NoSuchStatementException
    {
        JdbcConnection connection = connections.beginRequest(h.connectionId);
        try {
            JdbcStatement statement = statement(connection, h);
            String prepared = statement.preparedSql();
            if (prepared == null) {
                throw JdbcErrors.toClient(new SignoException(ErrorCode.INVALID_ARGUMENT, "statement " + h.id + " was not prepared"));
            }
            String sql;
            try {
                sql = ParameterLiterals.bind(prepared, parameterValues == null ? List.of() : parameterValues);
            }
            catch (SignoException e) {
                throw JdbcErrors.toClient(e);
            }
            return run(connection, statement, sql, null, -1, maxRowsInFirstFrame);
        }
        finally {
            connection.endRequest(System.nanoTime());
        }
    }

    /**
     * Runs {@code sql} (or answers with {@code answer}) and returns the first frame of its result;
     * the statement serves the later frames as the query produces them.
     */
    private ExecuteResult run(JdbcConnection connection, JdbcStatement statement, String sql, QueryResult answer, long maxRowCount, int maxRowsInFirstFrame)
    {
        ResultStream result;
        if (answer == null) {
            ManagedQuery query = queryManager.create(connection.session(), sql);
            statement.started(query);
            try {
                result = queryManager.start(query, Duration.ZERO);
            }
            catch (RuntimeException e) {
                statement.failed();
                throw JdbcErrors.toClient(e);
            }
        }
        else {
            statement.started(null);
            result = ResultStream.of(answer);
        }
        StatementKind kind = StatementKind.of(sql);
        if (kind.writes()) {
            // JDBC reports what a write did as its update count (0 for CREATE, DROP and ALTER), not as rows
            long count;
            try (result) {
                Page page = result.nextPage();
                count = page != null && kind.countsRows() ? page.column(0).getLong(0) : 0;
            }
            catch (RuntimeException e) {
                throw JdbcErrors.toClient(e);
            }
            statement.serving(null);
            return new ExecuteResult(List.of(MetaResultSet.count(connection.id(), statement.id(), count)));
        }
        ResultFrames frames = new ResultFrames(result, maxRowCount);
        statement.serving(frames);
        Frame firstFrame;
        try {
            firstFrame = frames.frame(0, frameRows(maxRowsInFirstFrame));
        }
        catch (RuntimeException e) {
            throw JdbcErrors.toClient(e);
        }
        Signature signature = signature(sql, JdbcTypes.columns(result.columnNames(), result.columnTypes()), 0);
        return new ExecuteResult(List.of(MetaResultSet.create(connection.id(), statement.id(), false, signature, firstFrame)));
    }

    @Override
    public Frame fetch(StatementHandle h, long offset, int fetchMaxRowCount)
            throws NoSuchStatementException, MissingResultsException
    {
        JdbcConnection connection = connections.beginRequest(h.connectionId);
        try {
            ResultFrames frames = statement(connection, h).result();
            if (frames == null) {
                throw new MissingResultsException(h);
            }
            return frames.frame(offset, frameRows(fetchMaxRowCount));
        }
        catch (RuntimeException e) {
            throw JdbcErrors.toClient(e);
        }
        finally {
            connection.endRequest(System.nanoTime());
        }
    }

    private static int frameRows(int requested)
    {
        return Math.max(requested, MIN_FRAME_ROWS);
    }

    private static Signature signature(String sql, List<ColumnMetaData> columns, int parameterCount)
    {
        List<AvaticaParameter> parameters = new ArrayList<>(parameterCount);
        for (int parameter = 0; parameter < parameterCount; parameter++) {
            parameters.add(new AvaticaParameter(false, 0, 0, Types.OTHER, "ANY", Object.class.getName(), "?" + (parameter + 1)));
        }
        return Signature.create(columns, sql, parameters, CursorFactory.LIST, StatementType.SELECT);
    }

    private static QueryResult booleanResult(boolean value)
    {
        VectorBuilder builder = new VectorBuilder(Type.BOOLEAN, 1);
        builder.appendBoolean(value);
        return new QueryResult(List.of("cancelled"), List.of(Type.BOOLEAN), List.of(new Page(1, builder.build())));
    }

    @Override
    public ExecuteBatchResult prepareAndExecuteBatch(StatementHandle h, List<String> sqlCommands)
    {
        throw JdbcErrors.toClient(new SignoException(ErrorCode.NOT_SUPPORTED, "Signo runs queries only: batches of updates are not supported"));
    }

    @Override
    public ExecuteBatchResult executeBatch(StatementHandle h, List<List<TypedValue>> parameterValues)
    {
        throw JdbcErrors.toClient(new SignoException(ErrorCode.NOT_SUPPORTED, "Signo runs queries only: batches of updates are not supported"));
    }

    @Override
    public Iterable<Object> createIterable(StatementHandle stmt, QueryState state, Signature signature, List<TypedValue> parameters, Frame firstFrame)
    {
        // only the client side of Avatica iterates results
        throw new UnsupportedOperationException("createIterable is a client-side call");
    }

    @Override
    public boolean syncResults(StatementHandle sh, QueryState state, long offset)
    {
        // results are never re-created on the server: a failed-over client reads a fresh statement
        return false;
    }

    @Override
    public void commit(ConnectionHandle ch)
    {
        // read only: there is nothing to commit
    }

    @Override
    public void rollback(ConnectionHandle ch)
    {
        // read only: there is nothing to roll back
    }

    // metadata

    @Override
    public Map<DatabaseProperty, Object> getDatabaseProperties(ConnectionHandle ch)
    {
        return Map.of();
    }

    @Override
    public MetaResultSet getSchemas(ConnectionHandle ch, String catalog, Pat schemaPattern)
    {
        return listing(ch, CatalogMetadata.schemas(catalog(), schemaPattern));
    }

    @Override
    public MetaResultSet getCatalogs(ConnectionHandle ch)
    {
        return listing(ch, CatalogMetadata.catalogs());
    }

    @Override
    public MetaResultSet getTableTypes(ConnectionHandle ch)
    {
        return listing(ch, CatalogMetadata.tableTypes());
    }

    @Override
    public MetaResultSet getTables(ConnectionHandle ch, String catalog, Pat schemaPattern, Pat tableNamePattern, List<String> typeList)
    {
        return listing(ch, CatalogMetadata.tables(catalog(), schemaPattern, tableNamePattern, typeList));
    }

    @Override
    public MetaResultSet getColumns(ConnectionHandle ch, String catalog, Pat schemaPattern, Pat tableNamePattern, Pat columnNamePattern)
    {
        return listing(ch, CatalogMetadata.columns(catalog(), schemaPattern, tableNamePattern, columnNamePattern));
    }

    /** A listing as a result set of a statement of its own, all in its first frame. */
    private MetaResultSet listing(ConnectionHandle ch, CatalogMetadata.Listing listing)
    {
        JdbcStatement statement = connection(ch.id).createStatement();
        Signature signature = Signature.create(listing.columns(), "", List.of(), CursorFactory.LIST, StatementType.SELECT);
        return MetaResultSet.create(ch.id, statement.id(), true, signature, Frame.create(0, true, listing.rows()));
    }

    private MetaResultSet emptyListing(ConnectionHandle ch, String... columns)
    {
        return listing(ch, CatalogMetadata.empty(columns));
    }

    @Override
    public MetaResultSet getProcedures(ConnectionHandle ch, String catalog, Pat schemaPattern, Pat procedureNamePattern)
    {
        return emptyListing(ch, "PROCEDURE_CAT", "PROCEDURE_SCHEM", "PROCEDURE_NAME", "REMARKS", "PROCEDURE_TYPE", "SPECIFIC_NAME");
    }

    @Override
    public MetaResultSet getProcedureColumns(ConnectionHandle ch, String catalog, Pat schemaPattern, Pat procedureNamePattern, Pat columnNamePattern)
    {
        return emptyListing(ch, "PROCEDURE_CAT", "PROCEDURE_SCHEM", "PROCEDURE_NAME", "COLUMN_NAME", "COLUMN_TYPE", "DATA_TYPE", "TYPE_NAME");
    }

    @Override
    public MetaResultSet getColumnPrivileges(ConnectionHandle ch, String catalog, String schema, String table, Pat columnNamePattern)
    {
        return emptyListing(ch, "TABLE_CAT", "TABLE_SCHEM", "TABLE_NAME", "COLUMN_NAME", "GRANTOR", "GRANTEE", "PRIVILEGE", "IS_GRANTABLE");
    }

    @Override
    public MetaResultSet getTablePrivileges(ConnectionHandle ch, String catalog, Pat schemaPattern, Pat tableNamePattern)
    {
        return emptyListing(ch, "TABLE_CAT", "TABLE_SCHEM", "TABLE_NAME", "GRANTOR", "GRANTEE", "PRIVILEGE", "IS_GRANTABLE");
    }

    @Override
    public MetaResultSet getBestRowIdentifier(ConnectionHandle ch, String catalog, String schema, String table, int scope, boolean nullable)
    {
        return emptyListing(ch, "SCOPE", "COLUMN_NAME", "DATA_TYPE", "TYPE_NAME", "COLUMN_SIZE", "BUFFER_LENGTH", "DECIMAL_DIGITS", "PSEUDO_COLUMN");
    }

    @Override
    public MetaResultSet getVersionColumns(ConnectionHandle ch, String catalog, String schema, String table)
    {
        return emptyListing(ch, "SCOPE", "COLUMN_NAME", "DATA_TYPE", "TYPE_NAME", "COLUMN_SIZE", "BUFFER_LENGTH", "DECIMAL_DIGITS", "PSEUDO_COLUMN");
    }

    @Override
    public MetaResultSet getPrimaryKeys(ConnectionHandle ch, String catalog, String schema, String table)
    {
        return emptyListing(ch, "TABLE_CAT", "TABLE_SCHEM", "TABLE_NAME", "COLUMN_NAME", "KEY_SEQ", "PK_NAME");
    }

    @Override
    public MetaResultSet getImportedKeys(ConnectionHandle ch, String catalog, String schema, String table)
    {
        return emptyKeys(ch);
    }

    @Override
    public MetaResultSet getExportedKeys(ConnectionHandle ch, String catalog, String schema, String table)
    {
        return emptyKeys(ch);
    }

    @Override
    public MetaResultSet getCrossReference(ConnectionHandle ch, String parentCatalog, String parentSchema, String parentTable,
            String foreignCatalog, String foreignSchema, String foreignTable)
    {
        return emptyKeys(ch);
    }

    private MetaResultSet emptyKeys(ConnectionHandle ch)
    {
        return emptyListing(ch, "PKTABLE_CAT", "PKTABLE_SCHEM", "PKTABLE_NAME", "PKCOLUMN_NAME", "FKTABLE_CAT", "FKTABLE_SCHEM", "FKTABLE_NAME",
                "FKCOLUMN_NAME", "KEY_SEQ", "UPDATE_RULE", "DELETE_RULE", "FK_NAME", "PK_NAME", "DEFERRABILITY");
    }

    @Override
    public MetaResultSet getTypeInfo(ConnectionHandle ch)
    {
        return emptyListing(ch, "TYPE_NAME", "DATA_TYPE", "PRECISION", "LITERAL_PREFIX", "LITERAL_SUFFIX", "CREATE_PARAMS", "NULLABLE", "CASE_SENSITIVE");
    }

    @Override
    public MetaResultSet getIndexInfo(ConnectionHandle ch, String catalog, String schema, String table, boolean unique, boolean approximate)
    {
        return emptyListing(ch, "TABLE_CAT", "TABLE_SCHEM", "TABLE_NAME", "NON_UNIQUE", "INDEX_QUALIFIER", "INDEX_NAME", "TYPE", "ORDINAL_POSITION", "COLUMN_NAME");
    }

    @Override
    public MetaResultSet getUDTs(ConnectionHandle ch, String catalog, Pat schemaPattern, Pat typeNamePattern, int[] types)
    {
        return emptyListing(ch, "TYPE_CAT", "TYPE_SCHEM", "TYPE_NAME", "CLASS_NAME", "DATA_TYPE", "REMARKS", "BASE_TYPE");
    }

    @Override
    public MetaResultSet getSuperTypes(ConnectionHandle ch, String catalog, Pat schemaPattern, Pat typeNamePattern)
    {
        return emptyListing(ch, "TYPE_CAT", "TYPE_SCHEM", "TYPE_NAME", "SUPERTYPE_CAT", "SUPERTYPE_SCHEM", "SUPERTYPE_NAME");
    }

    @Override
    public MetaResultSet getSuperTables(ConnectionHandle ch, String catalog, Pat schemaPattern, Pat tableNamePattern)
    {
        return emptyListing(ch, "TABLE_CAT", "TABLE_SCHEM", "TABLE_NAME", "SUPERTABLE_NAME");
    }

    @Override
    public MetaResultSet getAttributes(ConnectionHandle ch, String catalog, Pat schemaPattern, Pat typeNamePattern, Pat attributeNamePattern)
    {
        return emptyListing(ch, "TYPE_CAT", "TYPE_SCHEM", "TYPE_NAME", "ATTR_NAME", "DATA_TYPE", "ATTR_TYPE_NAME");
    }

    @Override
    public MetaResultSet getClientInfoProperties(ConnectionHandle ch)
    {
        return emptyListing(ch, "NAME", "MAX_LEN", "DEFAULT_VALUE", "DESCRIPTION");
    }

    @Override
    public MetaResultSet getFunctions(ConnectionHandle ch, String catalog, Pat schemaPattern, Pat functionNamePattern)
    {
        return emptyListing(ch, "FUNCTION_CAT", "FUNCTION_SCHEM", "FUNCTION_NAME", "REMARKS", "FUNCTION_TYPE", "SPECIFIC_NAME");
    }

    @Override
    public MetaResultSet getFunctionColumns(ConnectionHandle ch, String catalog, Pat schemaPattern, Pat functionNamePattern, Pat columnNamePattern)
    {
        return emptyListing(ch, "FUNCTION_CAT", "FUNCTION_SCHEM", "FUNCTION_NAME", "COLUMN_NAME", "COLUMN_TYPE", "DATA_TYPE", "TYPE_NAME");
    }

    @Override
    public MetaResultSet getPseudoColumns(ConnectionHandle ch, String catalog, Pat schemaPattern, Pat tableNamePattern, Pat columnNamePattern)
    {
        return emptyListing(ch, "TABLE_CAT", "TABLE_SCHEM", "TABLE_NAME", "COLUMN_NAME", "DATA_TYPE", "COLUMN_SIZE");
    }
}
