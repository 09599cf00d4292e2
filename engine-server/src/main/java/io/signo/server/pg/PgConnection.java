package io.signo.server.pg;

import io.netty.channel.Channel;
import io.signo.server.query.QueryManager;
import io.signo.sql.Session;
import io.signo.storage.error.SignoException;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static java.util.Objects.requireNonNull;

/**
 * One client connection, from its startup to its end, on a virtual thread of its own: the Netty
 * event loop only decodes messages and queues them here, so a statement that plans, runs or waits
 * for rows never blocks an event loop. The startup answers encryption requests with 'N', takes the
 * user (required), checks the password against the server's token when it has one, reports the
 * settings and the key a CancelRequest needs, then hands every message to the {@link PgSession}.
 * A CancelRequest cancels the statement of the connection it names and ends its own connection.
 */
final class PgConnection
{
    /** Messages queued beyond this stop the event loop reading from the socket until the session catches up. */
    private static final int PAUSE_READING_AT = 64;
    private static final int RESUME_READING_AT = 8;
    /** {@code -c name=value} and {@code --name=value} in the startup's {@code options}. */
    private static final Pattern OPTION = Pattern.compile("(?:-c\\s*|--)([A-Za-z_][A-Za-z0-9_.]*)=((?:\\\\.|\\S)*)");

    private final Channel channel;
    private final PgServer server;
    private final QueryManager queryManager;
    private final byte[] tokenDigest;
    private final BlockingQueue<FrontendMessage> inbox = new LinkedBlockingQueue<>();
    private final PgMessageWriter writer;
    private volatile PgSession session;
    private int processId;
    private int secretKey;

    /** @param tokenDigest the SHA-256 of the token clients must give as their password, or null to trust them */
    PgConnection(Channel channel, PgServer server, QueryManager queryManager, byte[] tokenDigest)
    {
        this.channel = requireNonNull(channel, "channel is null");
        this.server = requireNonNull(server, "server is null");
        this.queryManager = requireNonNull(queryManager, "queryManager is null");
        this.tokenDigest = tokenDigest;
        this.writer = new PgMessageWriter(channel);
    }

    /** Called on the event loop with each decoded message. */
    void received(FrontendMessage message)
    {
        inbox.add(message);
        if (inbox.size() >= PAUSE_READING_AT) {
            channel.config().setAutoRead(false);
        }
    }

    /** Called on the event loop when the socket closed. */
    void closed()
    {
        PgSession current = session;
        if (current != null) {
            current.cancel();
        }
        inbox.add(new FrontendMessage.Terminate());
    }

    /** Cancels the running statement if {@code key} is this connection's. */
    boolean cancel(int key)
    {
        PgSession current = session;
        if (current == null || !MessageDigest.isEqual(intBytes(key), intBytes(secretKey))) {
            return false;
        }
        current.cancel();
        return true;
    }

    int processId()
    {
        return processId;
    }

    /** The connection's thread: startup, then the session's messages until Terminate, a fatal error or the socket's end. */
    void run()
    {
        try {
            if (startup()) {
                serve();
            }
        }
        catch (PgSession.SessionEnded e) {
            // the fatal error was sent
        }
        catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        catch (RuntimeException e) {
            try {
                writer.errorResponse("FATAL", SqlStates.of(SignoException.of(e).errorCode()), SignoException.of(e).getMessage());
            }
            catch (RuntimeException ignored) {
                // the connection is going anyway
            }
        }
        finally {
            PgSession current = session;
            if (current != null) {
                current.close();
            }
            server.unregister(this);
            writer.flush();
            channel.close();
            writer.release();
        }
    }

    private FrontendMessage next()
            throws InterruptedException
    {
        FrontendMessage message = inbox.take();
        if (inbox.size() <= RESUME_READING_AT && !channel.config().isAutoRead()) {
            channel.config().setAutoRead(true);
        }
        return message;
    }

    /** Runs the startup; false when the connection ends with it (a cancel, a refusal). */
    private boolean startup()
            throws InterruptedException
    {
        while (true) {
            FrontendMessage message = next();
            switch (message) {
                case FrontendMessage.EncryptionRequest ignored -> {
                    writer.encryptionRefused();
                    writer.flush();
                }
                case FrontendMessage.CancelRequest cancel -> {
                    server.cancel(cancel.processId(), cancel.secretKey());
                    return false;
                }
                case FrontendMessage.Startup startup -> {
                    return start(startup);
                }
                case FrontendMessage.ProtocolError error -> {
                    fatal(error.error());
                    return false;
                }
                case FrontendMessage.Terminate ignored -> {
                    return false;
                }
                default -> {
                    fatal(PgException.protocolViolation("expected a startup message, got " + message.getClass().getSimpleName()));
                    return false;
                }
            }
        }
    }

    private boolean start(FrontendMessage.Startup startup)
            throws InterruptedException
    {
        Map<String, String> parameters = startup.parameters();
        String user = parameters.get("user");
        if (user == null || user.isBlank()) {
            fatal(new PgException(SqlStates.PROTOCOL_VIOLATION, "no PostgreSQL user name specified in startup packet", true));
            return false;
        }
        if (startup.minorVersion() > 0) {
            writer.negotiateProtocolVersion(0);
        }
        if (tokenDigest != null && !authenticate(user)) {
            return false;
        }
        Session signoSession = new Session(user.strip());
        PgSettings settings = new PgSettings(signoSession);
        PgSession created = new PgSession(queryManager, signoSession, settings, writer);
        try {
            applyStartupSettings(parameters, settings);
        }
        catch (PgException | SignoException e) {
            created.error(e instanceof PgException pg
                    ? new PgException(pg.sqlState(), pg.getMessage(), true)
                    : new PgException(SqlStates.of(((SignoException) e).errorCode()), e.getMessage(), true));
            return false;
        }
        processId = server.register(this);
        secretKey = server.newSecretKey();
        writer.authenticationOk();
        settings.reported().forEach(writer::parameterStatus);
        writer.backendKeyData(processId, secretKey);
        writer.readyForQuery('I');
        writer.flush();
        session = created;
        return true;
    }

    private static void applyStartupSettings(Map<String, String> parameters, PgSettings settings)
    {
        for (Map.Entry<String, String> parameter : parameters.entrySet()) {
            String name = parameter.getKey();
            switch (name) {
                case "user", "database", "replication" -> {
                    // the user is the session's; every database name reaches Signo's one database
                }
                case "options" -> {
                    Matcher option = OPTION.matcher(parameter.getValue());
                    while (option.find()) {
                        settings.set(option.group(1), option.group(2).replace("\\", ""));
                    }
                }
                default -> {
                    if (!name.startsWith("_pq_.")) {
                        settings.set(name, parameter.getValue());
                    }
                }
            }
        }
    }

    /** Asks for the password and compares it with the token by their digests, in constant time. */
    private boolean authenticate(String user)
            throws InterruptedException
    {
        writer.authenticationCleartextPassword();
        writer.flush();
        FrontendMessage answer = next();
        if (answer instanceof FrontendMessage.Password password && MessageDigest.isEqual(tokenDigest, digest(password.password()))) {
            return true;
        }
        if (answer instanceof FrontendMessage.Password || answer instanceof FrontendMessage.Terminate) {
            fatal(new PgException(SqlStates.INVALID_PASSWORD, "password authentication failed for user \"" + user + "\"", true));
        }
        else {
            fatal(PgException.protocolViolation("expected a password message"));
        }
        return false;
    }

    private void serve()
            throws InterruptedException
    {
        PgSession current = session;
        while (true) {
            FrontendMessage message = next();
            if (message instanceof FrontendMessage.ProtocolError error) {
                current.error(error.error());
                continue;
            }
            if (!current.handle(message)) {
                return;
            }
        }
    }

    private void fatal(PgException error)
    {
        writer.errorResponse("FATAL", error.sqlState(), error.getMessage());
    }

    static byte[] digest(String token)
    {
        try {
            return MessageDigest.getInstance("SHA-256").digest(token.getBytes(StandardCharsets.UTF_8));
        }
        catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JVM has SHA-256", e);
        }
    }

    private static byte[] intBytes(int value)
    {
        return new byte[] {(byte) (value >>> 24), (byte) (value >>> 16), (byte) (value >>> 8), (byte) value};
    }
}
