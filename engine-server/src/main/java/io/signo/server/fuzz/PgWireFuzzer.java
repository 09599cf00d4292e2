package io.signo.server.fuzz;

import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;

/**
 * Sessions of the PostgreSQL wire protocol, version 3, as broken clients send them: a startup (after
 * an SSL request, sometimes), then simple and extended-protocol messages whose payloads are cut,
 * flipped and given extreme counts and lengths, unknown message types, copy and function-call
 * messages the server does not take, cancel requests with made-up keys; and sometimes the whole
 * byte stream mutated, framing included. The rules: every message the server sends is well framed;
 * every ErrorResponse has a SQLSTATE and a message without Java text, and none is an internal error
 * (XX000); a session whose framing is intact ends, after a final Sync, in ReadyForQuery or a closed
 * connection; a session whose bytes end (the client half-closes) is closed by the server within the
 * time limit; and a well-behaved client on a new connection keeps getting {@code SELECT 1} answered
 * within a second. Deterministic per seed: session {@code i} of a seed always sends the same bytes.
 */
public final class PgWireFuzzer
{
    private static final int PROTOCOL_3 = 196_608;
    private static final int SSL_REQUEST = 80_877_103;
    private static final int CANCEL_REQUEST = 80_877_102;
    private static final int READ_TIMEOUT_MILLIS = 10_000;
    /** The first statement of a fresh server plans and compiles cold, which takes seconds on a loaded machine. */
    private static final int WARM_UP_TIMEOUT_MILLIS = 120_000;
    private static final int CHECK_EVERY = 20;
    private static final long HEALTHY_MILLIS = 1_000;
    private static final List<String> STATEMENTS = List.of("SELECT 1", "SELECT n_name FROM nation WHERE n_nationkey < $1", "SELECT $1::integer + 1", "", ";",
            "SELECT * FROM nowhere", "SELECT 1 / 0", "SELECT 1; SELECT 2", "BEGIN", "COMMIT", "SHOW search_path", "SET application_name = 'fuzz'",
            "SELECT version()", "SELECT count(*) FROM lineitem", "SELECT CAST($1 AS DATE)", "SELECT '" + "x".repeat(300) + "'", "SELEC 1",
            "SELECT n_nationkey, n_name, n_comment FROM nation ORDER BY 1", "SELECT pg_catalog.current_schema()");
    private static final int[] TYPE_OIDS = {0, 16, 20, 21, 23, 25, 700, 701, 1043, 1082, 1114, 1700, 2950, -1, Integer.MAX_VALUE};

    private final String host;
    private final int port;
    private final String password;
    private final long seed;
    private final Random random;
    private final Map<String, Integer> answers = new LinkedHashMap<>();
    private final FailureTally failures = new FailureTally();

    private PgWireFuzzer(String host, int port, String password, long seed)
    {
        this.host = host;
        this.port = port;
        this.password = password;
        this.seed = seed;
        this.random = new Random(seed);
    }

    /**
     * Runs sessions of the seed against the server at {@code host:port} until {@code duration} passed
     * or {@code maxSessions} ran; {@code password} (or null) answers the server's password request.
     */
    public static ProtocolFuzzResult run(String host, int port, String password, long seed, Duration duration, int maxSessions)
    {
        return new PgWireFuzzer(host, port, password, seed).run(duration, maxSessions);
    }

    private ProtocolFuzzResult run(Duration duration, int maxSessions)
    {
        long start = System.nanoTime();
        // the first query of a fresh server plans and compiles cold: a warm-up, not a measure
        checkHealthy("before the first session", Long.MAX_VALUE, WARM_UP_TIMEOUT_MILLIS);
        long deadline = System.nanoTime() + duration.toNanos();
        int sessions = 0;
        while (sessions < maxSessions && System.nanoTime() < deadline) {
            String context = "session " + sessions + " of seed " + seed;
            try {
                switch (random.nextInt(10)) {
                    case 0 -> cancelSession(context);
                    case 1, 2 -> mangledStreamSession(context);
                    default -> framedSession(context);
                }
            }
            catch (IOException e) {
                fail("the connection failed: " + e.getClass().getSimpleName(), context, String.valueOf(e));
            }
            sessions++;
            if (sessions % CHECK_EVERY == 0) {
                checkHealthy("after session " + sessions + " of seed " + seed, HEALTHY_MILLIS, READ_TIMEOUT_MILLIS);
            }
        }
        checkHealthy("at the end of the run", HEALTHY_MILLIS, READ_TIMEOUT_MILLIS);
        return new ProtocolFuzzResult("PostgreSQL protocol fuzzer", seed, sessions, "sessions", Duration.ofNanos(System.nanoTime() - start), "server message", answers, failures.failures());
    }

    private void fail(String kind, String context, String detail)
    {
        failures.add(kind, context, detail);
    }

    /** Well-framed messages with mutated payloads, then a Sync: the session must end ready for a query, or closed. */
    private void framedSession(String context)
            throws IOException
    {
        try (Connection connection = new Connection()) {
            if (random.nextInt(4) == 0) {
                connection.untyped(SSL_REQUEST, new byte[0]);
                int answer = connection.in.read();
                if (answer != 'N' && answer != 'S') {
                    fail("an SSL request not answered 'N' or 'S'", context, "answered " + answer);
                    return;
                }
                if (answer == 'S') {
                    return;
                }
            }
            if (!connection.start(context, random.nextInt(8) == 0)) {
                return;
            }
            ByteArrayOutputStream stream = new ByteArrayOutputStream();
            int messages = 1 + random.nextInt(8);
            for (int i = 0; i < messages; i++) {
                byte[] message = message();
                stream.write(message, 0, message.length);
            }
            stream.write(framed('S', new byte[0]), 0, 5);
            connection.send(stream.toByteArray());
            connection.readUntilReadyOrClosed(context, true);
        }
    }

    /** A whole session's bytes, startup and framing included, mutated and then ended: the server must close the connection. */
    private void mangledStreamSession(String context)
            throws IOException
    {
        ByteArrayOutputStream stream = new ByteArrayOutputStream();
        byte[] startup = startupPacket(List.of("user", "fuzz", "database", "signo"));
        stream.write(startup, 0, startup.length);
        if (password != null) {
            byte[] message = framed('p', cString(password));
            stream.write(message, 0, message.length);
        }
        int messages = 1 + random.nextInt(6);
        for (int i = 0; i < messages; i++) {
            byte[] message = message();
            stream.write(message, 0, message.length);
        }
        byte[] bytes = mutate(stream.toByteArray(), 1 + random.nextInt(4));
        try (Connection connection = new Connection()) {
            connection.send(bytes);
            connection.socket.shutdownOutput();
            connection.readUntilReadyOrClosed(context, false);
        }
    }

    /** A cancel request with a made-up or cut key: the server closes that connection, and the one it names (if any) goes on. */
    private void cancelSession(String context)
            throws IOException
    {
        ByteBuffer body = ByteBuffer.allocate(8).putInt(random.nextInt()).putInt(random.nextInt());
        byte[] key = random.nextInt(4) == 0 ? Arrays.copyOf(body.array(), random.nextInt(8)) : body.array();
        try (Connection connection = new Connection()) {
            connection.untyped(CANCEL_REQUEST, key);
            connection.socket.shutdownOutput();
            connection.readUntilReadyOrClosed(context, false);
        }
    }

    /** A new, well-behaved connection runs SELECT 1 and gets its row within {@code limitMillis}. */
    private void checkHealthy(String when, long limitMillis, int readTimeoutMillis)
    {
        long start = System.nanoTime();
        try (Connection connection = new Connection(readTimeoutMillis)) {
            if (!connection.start(when, false)) {
                fail("a well-behaved client could not start a session", when, "no ReadyForQuery after the startup");
                return;
            }
            connection.send(framed('Q', cString("SELECT 1")));
            List<Message> messages = connection.readUntilReadyOrClosed(when, true);
            boolean answered = messages.stream().anyMatch(message -> message.type() == 'D' && new String(message.payload(), StandardCharsets.UTF_8).endsWith("1"));
            if (!answered) {
                fail("SELECT 1 was not answered", when, messages.stream().map(message -> String.valueOf(message.type())).toList().toString());
            }
        }
        catch (IOException e) {
            fail("a well-behaved client's connection failed", when, String.valueOf(e));
        }
        long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
        if (millis > limitMillis) {
            fail("SELECT 1 on a new connection took over " + limitMillis + " ms", when, millis + " ms");
        }
    }

    /** One message of the extended or simple protocol, or one the server does not take, its payload mutated at times. */
    private byte[] message()
    {
        MessageBody body = new MessageBody();
        char type;
        switch (random.nextInt(14)) {
            case 0, 1 -> {
                type = 'Q';
                body.cString(pick(STATEMENTS));
            }
            case 2, 3 -> {
                type = 'P';
                body.cString(random.nextBoolean() ? "" : "s" + random.nextInt(3));
                body.cString(pick(STATEMENTS));
                int parameters = random.nextInt(3);
                body.int16(parameters);
                for (int i = 0; i < parameters; i++) {
                    body.int32(TYPE_OIDS[random.nextInt(TYPE_OIDS.length)]);
                }
            }
            case 4, 5 -> {
                type = 'B';
                body.cString(random.nextBoolean() ? "" : "p" + random.nextInt(3));
                body.cString(random.nextBoolean() ? "" : "s" + random.nextInt(3));
                int formats = random.nextInt(3);
                body.int16(formats);
                for (int i = 0; i < formats; i++) {
                    body.int16(random.nextInt(3));
                }
                int parameters = random.nextInt(3);
                body.int16(parameters);
                for (int i = 0; i < parameters; i++) {
                    if (random.nextInt(5) == 0) {
                        body.int32(-1);
                        continue;
                    }
                    byte[] value = pick(List.of("1", "42", "-7", "2024-02-29", "abc", "", "1e400", "\u00e9")).getBytes(StandardCharsets.UTF_8);
                    if (random.nextInt(4) == 0) {
                        value = new byte[random.nextInt(9)];
                        random.nextBytes(value);
                    }
                    body.int32(value.length);
                    body.bytes(value);
                }
                int resultFormats = random.nextInt(3);
                body.int16(resultFormats);
                for (int i = 0; i < resultFormats; i++) {
                    body.int16(random.nextInt(3));
                }
            }
            case 6, 7 -> {
                type = 'E';
                body.cString(random.nextBoolean() ? "" : "p" + random.nextInt(3));
                body.int32(random.nextInt(3) == 0 ? -1 : random.nextInt(3));
            }
            case 8 -> {
                type = 'D';
                body.bytes(new byte[] {(byte) (random.nextBoolean() ? 'S' : 'P')});
                body.cString(random.nextBoolean() ? "" : "s" + random.nextInt(3));
            }
            case 9 -> {
                type = 'C';
                body.bytes(new byte[] {(byte) (char) pick(List.of('S', 'P', 'X'))});
                body.cString(random.nextBoolean() ? "" : "s" + random.nextInt(3));
            }
            case 10 -> type = pick(List.of('S', 'H'));
            case 11 -> {
                type = pick(List.of('d', 'c', 'f', 'F', 'p'));
                byte[] noise = new byte[random.nextInt(32)];
                random.nextBytes(noise);
                body.bytes(noise);
            }
            case 12 -> {
                type = (char) random.nextInt(128);
                byte[] noise = new byte[random.nextInt(32)];
                random.nextBytes(noise);
                body.bytes(noise);
            }
            default -> {
                // a session that says goodbye in the middle
                type = random.nextInt(3) == 0 ? 'X' : 'S';
            }
        }
        byte[] payload = body.toByteArray();
        return framed(type, random.nextInt(3) == 0 ? mutate(payload, 1 + random.nextInt(3)) : payload);
    }

    private final class Connection
            implements AutoCloseable
    {
        private final Socket socket = new Socket();
        private final DataOutputStream out;
        private final DataInputStream in;

        Connection()
                throws IOException
        {
            this(READ_TIMEOUT_MILLIS);
        }

        Connection(int readTimeoutMillis)
                throws IOException
        {
            socket.connect(new InetSocketAddress(host, port), READ_TIMEOUT_MILLIS);
            socket.setSoTimeout(readTimeoutMillis);
            socket.setTcpNoDelay(true);
            out = new DataOutputStream(socket.getOutputStream());
            in = new DataInputStream(socket.getInputStream());
        }

        void untyped(int code, byte[] body)
                throws IOException
        {
            out.writeInt(body.length + 8);
            out.writeInt(code);
            out.write(body);
            out.flush();
        }

        void send(byte[] bytes)
                throws IOException
        {
            try {
                out.write(bytes);
                out.flush();
            }
            catch (SocketException e) {
                // the server closed the connection before reading all of it: what it said is read next
            }
        }

        /** The startup (with a user, or without one when {@code withoutUser}) and the password: true when the server is ready for a query. */
        boolean start(String context, boolean withoutUser)
                throws IOException
        {
            send(startupPacket(withoutUser ? List.of("database", "signo") : List.of("user", "fuzz", "database", "signo", "application_name", "fuzz")));
            while (true) {
                Message message = read(context);
                if (message == null) {
                    return false;
                }
                if (message.type() == 'R' && message.payload().length >= 4 && ByteBuffer.wrap(message.payload()).getInt() == 3) {
                    send(framed('p', cString(password == null ? "" : password)));
                }
                if (message.type() == 'Z') {
                    return true;
                }
            }
        }

        /** The server's messages until ReadyForQuery (when {@code untilReady}) or the end of the connection; a read that times out is a hang. */
        List<Message> readUntilReadyOrClosed(String context, boolean untilReady)
        {
            List<Message> messages = new ArrayList<>();
            while (true) {
                Message message;
                try {
                    message = read(context);
                }
                catch (SocketTimeoutException e) {
                    fail(untilReady ? "no ReadyForQuery after a Sync within " + READ_TIMEOUT_MILLIS + " ms" : "the connection was not closed within " + READ_TIMEOUT_MILLIS + " ms after the client's last byte",
                            context, messages.stream().map(m -> String.valueOf(m.type())).toList().toString());
                    return messages;
                }
                catch (IOException e) {
                    // a reset connection is a closed one
                    return messages;
                }
                if (message == null) {
                    return messages;
                }
                messages.add(message);
                if (untilReady && message.type() == 'Z') {
                    return messages;
                }
            }
        }

        /** The next message, counted and checked, or null at the end of the connection (or after one it cannot frame). */
        Message read(String context)
                throws IOException
        {
            int type;
            try {
                type = in.read();
                if (type < 0) {
                    return null;
                }
                int length = in.readInt();
                if (length < 4 || length > (64 << 20)) {
                    fail("a server message with an invalid length", context, "type " + (char) type + ", length " + length);
                    return null;
                }
                byte[] payload = new byte[length - 4];
                in.readFully(payload);
                Message message = new Message((char) type, payload);
                answers.merge(String.valueOf((char) type), 1, Integer::sum);
                if (message.type() == 'E') {
                    checkError(message, context);
                }
                return message;
            }
            catch (EOFException e) {
                return null;
            }
        }

        @Override
        public void close()
                throws IOException
        {
            socket.close();
        }
    }

    /** An ErrorResponse speaks SQL: a SQLSTATE that is not an internal error, a message without Java text. */
    private void checkError(Message message, String context)
    {
        Map<Character, String> fields = new LinkedHashMap<>();
        byte[] payload = message.payload();
        int at = 0;
        while (at < payload.length && payload[at] != 0) {
            char field = (char) payload[at];
            int end = at + 1;
            while (end < payload.length && payload[end] != 0) {
                end++;
            }
            fields.put(field, new String(payload, at + 1, end - at - 1, StandardCharsets.UTF_8));
            at = end + 1;
        }
        String state = fields.get('C');
        String text = fields.get('M');
        if (state == null || state.length() != 5 || text == null || text.isBlank()) {
            fail("an ErrorResponse without a SQLSTATE and a message", context, fields.toString());
            return;
        }
        answers.merge("E " + state, 1, Integer::sum);
        if (state.equals("XX000")) {
            fail("an internal error (XX000)", context, text);
        }
        String leak = HttpFuzzer.javaTextIn(String.join("\n", fields.values()));
        if (leak != null) {
            fail("Java text ('" + leak + "') in an ErrorResponse", context, fields.toString());
        }
    }

    private record Message(char type, byte[] payload) {}

    private static byte[] startupPacket(List<String> parameters)
    {
        MessageBody body = new MessageBody();
        body.int32(PROTOCOL_3);
        for (String parameter : parameters) {
            body.cString(parameter);
        }
        body.bytes(new byte[] {0});
        byte[] bytes = body.toByteArray();
        return ByteBuffer.allocate(bytes.length + 4).putInt(bytes.length + 4).put(bytes).array();
    }

    private static byte[] framed(char type, byte[] payload)
    {
        return ByteBuffer.allocate(payload.length + 5).put((byte) type).putInt(payload.length + 4).put(payload).array();
    }

    private static byte[] cString(String text)
    {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        return Arrays.copyOf(bytes, bytes.length + 1);
    }

    /** A message's fields written in order, in the protocol's big-endian encoding. */
    private static final class MessageBody
    {
        private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        private final DataOutputStream data = new DataOutputStream(bytes);

        void cString(String text)
        {
            bytes(PgWireFuzzer.cString(text));
        }

        void int16(int value)
        {
            try {
                data.writeShort(value);
            }
            catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        void int32(int value)
        {
            try {
                data.writeInt(value);
            }
            catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        void bytes(byte[] value)
        {
            bytes.write(value, 0, value.length);
        }

        byte[] toByteArray()
        {
            return bytes.toByteArray();
        }
    }

    /** A few edits: a byte replaced or flipped, a cut, inserted noise, or a 2- or 4-byte field overwritten with an extreme value. */
    private byte[] mutate(byte[] original, int edits)
    {
        byte[] bytes = original.clone();
        for (int i = 0; i < edits && bytes.length > 0; i++) {
            int at = random.nextInt(bytes.length);
            switch (random.nextInt(6)) {
                case 0 -> bytes[at] = (byte) random.nextInt(256);
                case 1 -> bytes[at] ^= (byte) (1 << random.nextInt(8));
                case 2 -> bytes = Arrays.copyOf(bytes, at);
                case 3 -> {
                    byte[] noise = new byte[1 + random.nextInt(8)];
                    random.nextBytes(noise);
                    byte[] longer = new byte[bytes.length + noise.length];
                    System.arraycopy(bytes, 0, longer, 0, at);
                    System.arraycopy(noise, 0, longer, at, noise.length);
                    System.arraycopy(bytes, at, longer, at + noise.length, bytes.length - at);
                    bytes = longer;
                }
                case 4 -> {
                    if (at + Short.BYTES <= bytes.length) {
                        short[] extremes = {-1, Short.MIN_VALUE, Short.MAX_VALUE, 0};
                        ByteBuffer.wrap(bytes, at, Short.BYTES).putShort(extremes[random.nextInt(extremes.length)]);
                    }
                }
                default -> {
                    if (at + Integer.BYTES <= bytes.length) {
                        int[] extremes = {-1, Integer.MIN_VALUE, Integer.MAX_VALUE, 0, bytes.length * 2};
                        ByteBuffer.wrap(bytes, at, Integer.BYTES).putInt(extremes[random.nextInt(extremes.length)]);
                    }
                }
            }
        }
        return bytes;
    }

    private <T> T pick(List<T> values)
    {
        return values.get(random.nextInt(values.size()));
    }
}
