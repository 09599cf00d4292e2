package io.signo.server.pg;

import io.signo.server.query.ManagedQuery;
import io.signo.server.query.QueryManager;
import io.signo.server.query.StatementColumns;
import io.signo.server.shell.StatementSplitter;
import io.signo.sql.QueryResult;
import io.signo.sql.ResultStream;
import io.signo.sql.Session;
import io.signo.sql.ddl.StatementKind;
import io.signo.storage.error.ErrorCode;
import io.signo.storage.error.SignoException;
import io.signo.storage.page.Page;
import io.signo.storage.type.TimeZoneOffsets;
import io.signo.storage.type.Type;
import io.signo.storage.vector.VectorBuilder;

import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static java.util.Objects.requireNonNull;

/**
 * One PostgreSQL session after its startup: the simple and extended query protocols over the
 * server's {@link QueryManager} (so its statements are listed, limited and cancelled like every
 * other client's), its prepared statements and portals, its settings, and the transaction status
 * clients track. Signo has no multi-statement transactions: BEGIN, COMMIT and ROLLBACK are accepted
 * and move the status ('I' idle, 'T' in a block, 'E' in a failed block, where only COMMIT and
 * ROLLBACK are taken), but every statement commits on its own. Messages come from one thread, the
 * connection's; only {@link #cancel} is called from others.
 */
final class PgSession
{
    private static final Pattern CREATE_OBJECT = Pattern.compile("(?is)create\\s+(?:or\\s+replace\\s+)?(?:temp\\w*\\s+)?(table|view|schema)\\b.*");
    private static final Pattern DROP_OBJECT = Pattern.compile("(?is)drop\\s+(table|view|schema)\\b.*");
    private static final Pattern ALTER_OBJECT = Pattern.compile("(?is)alter\\s+(table|view|schema)\\b.*");

    private final QueryManager queryManager;
    private final Session session;
    private final PgSettings settings;
    private final PgMessageWriter writer;
    private final Map<String, Prepared> statements = new HashMap<>();
    private final Map<String, Portal> portals = new HashMap<>();
    private char transactionStatus = 'I';
    private boolean skippingUntilSync;
    private volatile ManagedQuery running;

    /** A parsed statement: its text, parameters with their types (the client's or inferred) and what runs it. */
    private record Prepared(String sql, PgParameters parameters, int[] parameterTypes, Type[] inferredTypes, PgCommand command, StatementKind kind)
    {
        boolean returnsRows()
        {
            if (command != null) {
                return command instanceof PgCommand.Show || (command instanceof PgCommand.Fetch fetch && !fetch.move());
            }
            return !sql.isBlank() && (kind == StatementKind.QUERY || kind == StatementKind.SHOW || kind == StatementKind.DESCRIBE);
        }
    }

    /** A bound statement: its text with the values written in, the formats of its result, and its rows once started. */
    private static final class Portal
            implements AutoCloseable
    {
        private final Prepared statement;
        private final String sql;
        private final short[] resultFormats;
        /** A cursor of DECLARE ... WITH HOLD outlives its transaction. */
        private final boolean holdable;
        private final boolean cursor;
        private PortalRows rows;
        private ManagedQuery query;
        private boolean ran;

        Portal(Prepared statement, String sql, short[] resultFormats, boolean cursor, boolean holdable)
        {
            this.statement = statement;
            this.sql = sql;
            this.resultFormats = resultFormats;
            this.cursor = cursor;
            this.holdable = holdable;
        }

        @Override
        public void close()
        {
            if (rows != null) {
                rows.close();
            }
        }
    }

    PgSession(QueryManager queryManager, Session session, PgSettings settings, PgMessageWriter writer)
    {
        this.queryManager = requireNonNull(queryManager, "queryManager is null");
        this.session = requireNonNull(session, "session is null");
        this.settings = requireNonNull(settings, "settings is null");
        this.writer = requireNonNull(writer, "writer is null");
    }

    /** Cancels the statement running now, if any: a CancelRequest with this session's key. */
    void cancel()
    {
        ManagedQuery query = running;
        if (query != null && !query.state().isDone()) {
            query.cancel("cancelled by the client");
        }
    }

    /** The connection is gone: whatever still runs or waits to be fetched is stopped. */
    void close()
    {
        cancel();
        for (Portal portal : portals.values()) {
            portal.close();
        }
        portals.clear();
        statements.clear();
    }

    /** Handles one message; false when the client terminated the session. */
    boolean handle(FrontendMessage message)
    {
        switch (message) {
            case FrontendMessage.Query query -> simpleQuery(query.sql());
            case FrontendMessage.Sync ignored -> sync();
            case FrontendMessage.Flush ignored -> writer.flush();
            case FrontendMessage.Terminate ignored -> {
                return false;
            }
            default -> {
                if (skippingUntilSync) {
                    return true;
                }
                try {
                    extended(message);
                }
                catch (RuntimeException e) {
                    error(e);
                    skippingUntilSync = true;
                }
            }
        }
        return true;
    }

    private void extended(FrontendMessage message)
    {
        switch (message) {
            case FrontendMessage.Parse parse -> {
                Prepared prepared = prepare(parse.sql(), parse.parameterTypes());
                if (!parse.name().isEmpty() && statements.containsKey(parse.name())) {
                    throw new PgException(SqlStates.DUPLICATE_PREPARED_STATEMENT, "prepared statement \"" + parse.name() + "\" already exists");
                }
                statements.put(parse.name(), prepared);
                writer.parseComplete();
            }
            case FrontendMessage.Bind bind -> {
                bind(bind);
                writer.bindComplete();
            }
            case FrontendMessage.Describe describe -> {
                if (describe.kind() == 'S') {
                    describeStatement(statement(describe.name()));
                }
                else {
                    describePortal(portal(describe.name()));
                }
            }
            case FrontendMessage.Execute execute -> execute(portal(execute.portal()), execute.maxRows());
            case FrontendMessage.Close close -> {
                if (close.kind() == 'S') {
                    statements.remove(close.name());
                }
                else {
                    Portal portal = portals.remove(close.name());
                    if (portal != null) {
                        portal.close();
                    }
                }
                writer.closeComplete();
            }
            case FrontendMessage.Unsupported unsupported ->
                throw new PgException(SqlStates.FEATURE_NOT_SUPPORTED, "Signo does not support " + unsupported.what() + " (message '" + unsupported.type() + "')");
            case FrontendMessage.ProtocolError error -> throw error.error();
            default -> throw PgException.protocolViolation("unexpected message " + message.getClass().getSimpleName() + " after the startup");
        }
    }

    // the simple query protocol

    private void simpleQuery(String sql)
    {
        skippingUntilSync = false;
        statements.remove("");
        closePortal("");
        List<String> texts = StatementSplitter.split(sql);
        if (texts.isEmpty()) {
            writer.emptyQueryResponse();
        }
        for (String text : texts) {
            try {
                Prepared prepared = prepare(text, new int[0]);
                if (prepared.parameters().count() > 0) {
                    throw new PgException("42P02", "there is no parameter $1: the simple query protocol takes no parameters");
                }
                try (Portal portal = new Portal(prepared, prepared.sql(), new short[0], false, false)) {
                    if (prepared.returnsRows()) {
                        describePortal(portal);
                    }
                    execute(portal, 0);
                }
            }
            catch (RuntimeException e) {
                error(e);
                break;
            }
        }
        endOfTransactionUnlessInBlock();
        writer.readyForQuery(transactionStatus);
        writer.flush();
    }

    private void sync()
    {
        skippingUntilSync = false;
        endOfTransactionUnlessInBlock();
        writer.readyForQuery(transactionStatus);
        writer.flush();
    }

    /** Outside a transaction block every message cycle is a transaction of its own: its portals end with it. */
    private void endOfTransactionUnlessInBlock()
    {
        if (transactionStatus == 'I') {
            closePortals(null);
        }
    }

    // preparing and binding

    private Prepared prepare(String text, int[] clientTypes)
    {
        // psql's \d TABLE writes PostgreSQL-only syntax around its catalog queries
        String sql = PgCatalogQueries.rewrite(text);
        PgParameters parameters = PgParameters.of(sql);
        int count = Math.max(parameters.count(), clientTypes.length);
        int[] types = new int[count];
        Type[] inferred = new Type[count];
        boolean unspecified = false;
        for (int parameter = 0; parameter < count; parameter++) {
            int oid = parameter < clientTypes.length ? clientTypes[parameter] : PgTypes.UNSPECIFIED;
            if (!PgTypes.isSupportedParameter(oid)) {
                throw new PgException(SqlStates.FEATURE_NOT_SUPPORTED, "parameter $" + (parameter + 1) + " has type OID " + oid + ", a type Signo has no values of");
            }
            types[parameter] = oid;
            unspecified |= oid == PgTypes.UNSPECIFIED || oid == PgTypes.UNKNOWN;
        }
        String statement = StatementKind.withoutLeadingComments(sql);
        PgCommand command = PgCommand.parse(statement);
        StatementKind kind = StatementKind.of(sql);
        if (unspecified && command == null && kind == StatementKind.QUERY) {
            inferTypes(parameters, inferred);
        }
        for (int parameter = 0; parameter < count; parameter++) {
            if (types[parameter] == PgTypes.UNSPECIFIED || types[parameter] == PgTypes.UNKNOWN) {
                types[parameter] = inferred[parameter] == null ? PgTypes.TEXT : PgTypes.oid(inferred[parameter]);
            }
        }
        return new Prepared(sql, parameters, types, inferred, command, kind);
    }

    /** The types validation gives parameters the client left unspecified; a syntax error is the statement's own and fails it now. */
    private void inferTypes(PgParameters parameters, Type[] inferred)
    {
        List<Type> types;
        try {
            types = StatementColumns.parameterTypes(queryManager.runner().catalog(), session, parameters.replace(number -> "?"));
        }
        catch (SignoException e) {
            if (e.errorCode() == ErrorCode.SYNTAX_ERROR) {
                throw e;
            }
            // nothing decides the type of some parameter (SELECT $1): the values are read as text
            return;
        }
        List<PgParameters.Placeholder> placeholders = parameters.placeholders();
        for (int i = 0; i < placeholders.size() && i < types.size(); i++) {
            int parameter = placeholders.get(i).number() - 1;
            if (inferred[parameter] == null) {
                inferred[parameter] = types.get(i);
            }
        }
    }

    private void bind(FrontendMessage.Bind bind)
    {
        Prepared prepared = statement(bind.statement());
        int count = prepared.parameterTypes().length;
        if (bind.values().length != count) {
            throw PgException.protocolViolation("bind message supplies " + bind.values().length + " parameters, but prepared statement \"" + bind.statement()
                    + "\" requires " + count);
        }
        short[] formats = bind.parameterFormats();
        if (formats.length > 1 && formats.length != count) {
            throw PgException.protocolViolation("bind message has " + formats.length + " parameter formats but " + count + " parameters");
        }
        if (!bind.portal().isEmpty() && portals.containsKey(bind.portal())) {
            throw new PgException(SqlStates.DUPLICATE_CURSOR, "portal \"" + bind.portal() + "\" already exists");
        }
        TimeZoneOffsets timeZone = TimeZoneOffsets.of(session.timeZone());
        String[] literals = new String[count];
        for (int parameter = 0; parameter < count; parameter++) {
            boolean binary = formats.length == 1 ? formats[0] == 1 : formats.length > 1 && formats[parameter] == 1;
            literals[parameter] = PgParameterValues.literal(parameter + 1, prepared.parameterTypes()[parameter], prepared.inferredTypes()[parameter], binary,
                    bind.values()[parameter], timeZone);
        }
        String sql = prepared.parameters().replace(number -> literals[number - 1]);
        Prepared bound = prepared.parameters().count() == 0
                ? prepared
                : new Prepared(sql, PgParameters.of(""), new int[0], new Type[0], PgCommand.parse(StatementKind.withoutLeadingComments(sql)), prepared.kind());
        closePortal(bind.portal());
        portals.put(bind.portal(), new Portal(bound, sql, bind.resultFormats(), false, false));
    }

    private Prepared statement(String name)
    {
        Prepared prepared = statements.get(name);
        if (prepared == null) {
            throw new PgException(SqlStates.INVALID_STATEMENT_NAME, name.isEmpty() ? "unnamed prepared statement does not exist" : "prepared statement \"" + name + "\" does not exist");
        }
        return prepared;
    }

    private Portal portal(String name)
    {
        Portal portal = portals.get(name);
        if (portal == null) {
            throw new PgException(SqlStates.INVALID_CURSOR_NAME, name.isEmpty() ? "unnamed portal does not exist" : "portal \"" + name + "\" does not exist");
        }
        return portal;
    }

    private void closePortal(String name)
    {
        Portal portal = portals.remove(name);
        if (portal != null) {
            portal.close();
        }
    }

    /** Closes the portals a transaction's end ends: all but WITH HOLD cursors and {@code keep}. */
    private void closePortals(Portal keep)
    {
        Iterator<Portal> open = portals.values().iterator();
        while (open.hasNext()) {
            Portal portal = open.next();
            if (portal != keep && !portal.holdable) {
                portal.close();
                open.remove();
            }
        }
    }

    // describing

    private void describeStatement(Prepared prepared)
    {
        writer.parameterDescription(prepared.parameterTypes());
        if (!prepared.returnsRows()) {
            writer.noData();
            return;
        }
        if (prepared.command() instanceof PgCommand.Show show) {
            QueryResult answer = show(show);
            writer.rowDescription(answer.columnNames(), answer.columnTypes(), new boolean[answer.columnTypes().size()]);
            return;
        }
        if (prepared.command() instanceof PgCommand.Fetch fetch) {
            describeRows(cursor(fetch.cursor()));
            return;
        }
        String planned = prepared.parameters().replace(number -> {
            Type type = prepared.inferredTypes()[number - 1];
            Type given = PgTypes.parameterType(prepared.parameterTypes()[number - 1]);
            Type known = given != null ? given : type;
            return known == null ? "NULL" : "CAST(NULL AS " + PgTypes.sqlName(known) + ")";
        });
        StatementColumns.Columns columns = StatementColumns.describe(queryManager.runner().catalog(), session, planned);
        writer.rowDescription(columns.names(), columns.types(), new boolean[columns.types().size()]);
    }

    private void describePortal(Portal portal)
    {
        if (!portal.statement.returnsRows()) {
            writer.noData();
            return;
        }
        if (portal.statement.command() instanceof PgCommand.Fetch fetch) {
            describeRows(cursor(fetch.cursor()));
            return;
        }
        describeRows(portal);
    }

    private void describeRows(Portal portal)
    {
        try {
            start(portal);
            portal.rows.describe(writer);
        }
        finally {
            running = null;
        }
    }

    /**
     * Starts a portal's statement, if it has not started, so that its rows can be described and
     * fetched; the caller clears {@link #running} when it is done with the rows.
     */
    private void start(Portal portal)
    {
        if (portal.rows != null) {
            return;
        }
        checkNotAborted(portal.statement.command());
        // a query's stream names its columns as clients see them (SignoEngine.plan)
        ResultStream stream = portal.statement.command() instanceof PgCommand.Show show ? ResultStream.of(show(show)) : run(portal);
        portal.rows = new PortalRows(stream, stream.columnNames(), portal.resultFormats);
    }

    private ResultStream run(Portal portal)
    {
        ManagedQuery query = queryManager.create(session, portal.sql);
        portal.query = query;
        // stays the running statement until the caller is done with its rows: a cancel arriving
        // after the start and before the first fetch must still reach it
        running = query;
        try {
            return queryManager.start(query, settings.statementTimeout());
        }
        catch (RuntimeException | Error e) {
            running = null;
            throw e;
        }
    }

    // executing

    /**
     * Runs a portal: sends up to {@code maxRows} rows (0: all) and PortalSuspended when more may
     * follow, or its CommandComplete; a command runs once.
     */
    private void execute(Portal portal, int maxRows)
    {
        Prepared statement = portal.statement;
        if (statement.sql().isBlank()) {
            writer.emptyQueryResponse();
            return;
        }
        checkNotAborted(statement.command());
        if (statement.command() != null) {
            runCommand(portal, statement.command(), maxRows);
            return;
        }
        if (statement.returnsRows()) {
            sendRows(portal, portal, maxRows, "SELECT ");
            return;
        }
        if (portal.ran) {
            writer.commandComplete(writeTag(statement, 0));
            return;
        }
        portal.ran = true;
        long count = 0;
        try (ResultStream result = run(portal)) {
            running = portal.query;
            Page page = result.nextPage();
            if (page != null && statement.kind().countsRows() && page.positionCount() > 0) {
                count = page.column(0).getLong(0);
            }
            while (page != null) {
                page = result.nextPage();
            }
        }
        finally {
            running = null;
        }
        writer.commandComplete(writeTag(statement, count));
    }

    /** Sends rows of {@code source} (a portal, or the cursor a FETCH reads) and the end of the Execute. */
    private void sendRows(Portal executed, Portal source, long maxRows, String tagPrefix)
    {
        long sent;
        try {
            start(source);
            running = source.query;
            sent = source.rows.fetch(maxRows <= 0 ? -1 : maxRows, writer, true);
        }
        finally {
            running = null;
        }
        if (maxRows > 0 && sent == maxRows && !source.rows.done()) {
            writer.portalSuspended();
            return;
        }
        if (executed == source) {
            source.rows.close();
        }
        writer.commandComplete(tagPrefix + sent);
    }

    private static String writeTag(Prepared statement, long count)
    {
        String sql = StatementKind.withoutLeadingComments(statement.sql());
        return switch (statement.kind()) {
            case INSERT -> "INSERT 0 " + count;
            case UPDATE -> "UPDATE " + count;
            case DELETE -> "DELETE " + count;
            case COPY -> "COPY " + count;
            case CREATE -> objectTag("CREATE", CREATE_OBJECT.matcher(sql));
            case DROP -> objectTag("DROP", DROP_OBJECT.matcher(sql));
            case ALTER -> objectTag("ALTER", ALTER_OBJECT.matcher(sql));
            case VACUUM -> "VACUUM";
            default -> statement.kind().name();
        };
    }

    private static String objectTag(String verb, Matcher matcher)
    {
        return matcher.matches() ? verb + " " + matcher.group(1).toUpperCase(Locale.ROOT) : verb;
    }

    private void runCommand(Portal portal, PgCommand command, int maxRows)
    {
        switch (command) {
            case PgCommand.Transaction transaction -> transaction(transaction.action(), portal);
            case PgCommand.Set set -> {
                if (set.name() != null) {
                    settings.set(set.name(), set.value()).forEach(writer::parameterStatus);
                }
                writer.commandComplete("SET");
            }
            case PgCommand.Reset reset -> {
                settings.reset(reset.name()).forEach(writer::parameterStatus);
                writer.commandComplete("RESET");
            }
            case PgCommand.Show ignored -> sendRows(portal, portal, maxRows, "SHOW ");
            case PgCommand.Declare declare -> {
                if (transactionStatus == 'I' && !declare.hold()) {
                    throw new PgException(SqlStates.NO_ACTIVE_TRANSACTION, "DECLARE CURSOR can only be used in transaction blocks");
                }
                if (portals.containsKey(declare.cursor())) {
                    throw new PgException(SqlStates.DUPLICATE_CURSOR, "cursor \"" + declare.cursor() + "\" already exists");
                }
                Prepared query = prepare(declare.query(), new int[0]);
                if (query.command() != null || !query.returnsRows()) {
                    throw new SignoException(ErrorCode.SYNTAX_ERROR, "a cursor is declared for a query (SELECT, WITH, VALUES, SHOW TABLES, DESCRIBE)");
                }
                Portal cursor = new Portal(query, declare.query(), new short[] {(short) (declare.binary() ? 1 : 0)}, true, declare.hold());
                try {
                    start(cursor);
                }
                finally {
                    running = null;
                }
                portals.put(declare.cursor(), cursor);
                writer.commandComplete("DECLARE CURSOR");
            }
            case PgCommand.Fetch fetch -> {
                Portal cursor = cursor(fetch.cursor());
                if (fetch.move()) {
                    long moved;
                    try {
                        start(cursor);
                        moved = cursor.rows.fetch(fetch.count(), writer, false);
                    }
                    finally {
                        running = null;
                    }
                    writer.commandComplete("MOVE " + moved);
                    return;
                }
                long limit = fetch.count() < 0 ? -1 : fetch.count();
                if (limit == 0) {
                    writer.commandComplete("FETCH 0");
                    return;
                }
                long sent;
                try {
                    start(cursor);
                    running = cursor.query;
                    sent = cursor.rows.fetch(maxRows > 0 && (limit < 0 || maxRows < limit) ? maxRows : limit, writer, true);
                }
                finally {
                    running = null;
                }
                writer.commandComplete("FETCH " + sent);
            }
            case PgCommand.CloseCursor close -> {
                if (close.cursor() == null) {
                    portals.values().removeIf(open -> {
                        if (open.cursor) {
                            open.close();
                            return true;
                        }
                        return false;
                    });
                }
                else {
                    Portal cursor = cursor(close.cursor());
                    portals.remove(close.cursor());
                    cursor.close();
                }
                writer.commandComplete("CLOSE CURSOR");
            }
            case PgCommand.Deallocate deallocate -> {
                if (deallocate.name() == null) {
                    statements.keySet().removeIf(name -> !name.isEmpty());
                    writer.commandComplete("DEALLOCATE ALL");
                    return;
                }
                if (statements.remove(deallocate.name()) == null) {
                    throw new PgException(SqlStates.INVALID_STATEMENT_NAME, "prepared statement \"" + deallocate.name() + "\" does not exist");
                }
                writer.commandComplete("DEALLOCATE");
            }
            case PgCommand.Discard discard -> {
                if (transactionStatus != 'I') {
                    throw new PgException("25001", "DISCARD " + discard.what() + " cannot run inside a transaction block");
                }
                if (discard.what().equals("ALL")) {
                    settings.reset(null).forEach(writer::parameterStatus);
                    closePortals(portal);
                    for (Portal open : portals.values()) {
                        if (open != portal) {
                            open.close();
                        }
                    }
                    portals.values().removeIf(open -> open != portal);
                    statements.keySet().removeIf(name -> !name.isEmpty());
                }
                writer.commandComplete("DISCARD " + discard.what());
            }
        }
    }

    private Portal cursor(String name)
    {
        Portal cursor = portals.get(name);
        if (cursor == null || !cursor.cursor) {
            throw new PgException(SqlStates.INVALID_CURSOR_NAME, "cursor \"" + name + "\" does not exist");
        }
        return cursor;
    }

    private void transaction(PgCommand.TransactionAction action, Portal current)
    {
        switch (action) {
            case BEGIN -> {
                if (transactionStatus != 'I') {
                    writer.noticeResponse("WARNING", "25001", "there is already a transaction in progress");
                }
                transactionStatus = 'T';
                writer.commandComplete(action.tag);
            }
            case COMMIT, ROLLBACK -> {
                if (transactionStatus == 'I') {
                    writer.noticeResponse("WARNING", "25P01", "there is no transaction in progress");
                }
                String tag = transactionStatus == 'E' ? "ROLLBACK" : action.tag;
                transactionStatus = 'I';
                closePortals(current);
                writer.commandComplete(tag);
            }
            case SAVEPOINT, RELEASE, ROLLBACK_TO_SAVEPOINT -> {
                if (transactionStatus == 'I') {
                    throw new PgException(SqlStates.NO_ACTIVE_TRANSACTION, action.tag + " can only be used in transaction blocks");
                }
                if (action == PgCommand.TransactionAction.ROLLBACK_TO_SAVEPOINT) {
                    transactionStatus = 'T';
                }
                writer.commandComplete(action.tag);
            }
        }
    }

    /** In a failed transaction block only COMMIT and ROLLBACK (to a savepoint too) run. */
    private void checkNotAborted(PgCommand command)
    {
        if (transactionStatus != 'E') {
            return;
        }
        if (command instanceof PgCommand.Transaction transaction && transaction.action() != PgCommand.TransactionAction.BEGIN
                && transaction.action() != PgCommand.TransactionAction.SAVEPOINT && transaction.action() != PgCommand.TransactionAction.RELEASE) {
            return;
        }
        throw new PgException(SqlStates.IN_FAILED_TRANSACTION, "current transaction is aborted, commands ignored until end of transaction block");
    }

    /** SHOW name or SHOW ALL as a result of text columns. */
    private QueryResult show(PgCommand.Show show)
    {
        if (show.name() == null) {
            List<String[]> all = settings.all();
            VectorBuilder names = new VectorBuilder(Type.VARCHAR, all.size());
            VectorBuilder values = new VectorBuilder(Type.VARCHAR, all.size());
            for (String[] setting : all) {
                names.appendString(setting[0]);
                values.appendString(setting[1]);
            }
            return new QueryResult(List.of("name", "setting"), List.of(Type.VARCHAR, Type.VARCHAR), List.of(new Page(all.size(), names.build(), values.build())));
        }
        VectorBuilder value = new VectorBuilder(Type.VARCHAR, 1);
        value.appendString(settings.show(show.name()));
        return new QueryResult(List.of(PgSettings.displayName(show.name())), List.of(Type.VARCHAR), List.of(new Page(1, value.build())));
    }

    /** Sends the error of a failed message; inside a transaction block the block has failed. */
    void error(RuntimeException failure)
    {
        String sqlState;
        String message;
        boolean fatal = false;
        if (failure instanceof PgException protocol) {
            sqlState = protocol.sqlState();
            message = protocol.getMessage();
            fatal = protocol.fatal();
        }
        else {
            SignoException signo = SignoException.of(failure);
            sqlState = SqlStates.of(signo.errorCode());
            message = signo.getMessage();
        }
        writer.errorResponse(fatal ? "FATAL" : "ERROR", sqlState, message);
        if (transactionStatus == 'T') {
            transactionStatus = 'E';
        }
        if (fatal) {
            throw new SessionEnded(failure);
        }
    }

    /** A fatal error was sent: the connection ends. */
    static final class SessionEnded
            extends RuntimeException
    {
        SessionEnded(Throwable cause)
        {
            super(cause);
        }
    }
}
