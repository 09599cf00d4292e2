package io.signo.server.pg;

import io.signo.server.query.LocalQueryRunner;
import io.signo.server.query.QueryEventListener;
import io.signo.server.query.QueryManager;
import io.signo.sql.SignoEngine;
import io.signo.storage.memory.MemoryPool;
import io.signo.storage.tpch.TpchData;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The protocol against clients that break it, over raw sockets: truncated and malformed messages,
 * wrong lengths, unknown types, a startup without a user, a length over the limit. Each gets an
 * ErrorResponse or a closed connection, never a hang or a crash, and a well-behaved client on
 * another connection keeps working. Also the protocol's own answers a driver does not show: SSL
 * refused with 'N', an empty query, a text parameter that does not read as its type, and the
 * extended protocol skipping to Sync after an error.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class PgProtocolRobustnessTest
{
    /** Small, so that the test of the limit sends little. */
    private static final int MAX_MESSAGE_BYTES = 1 << 20;

    private QueryManager queryManager;
    private PgServer server;

    @BeforeAll
    void start()
    {
        queryManager = new QueryManager(new LocalQueryRunner(new SignoEngine(TpchData.generate(0.001, 1, MemoryPool.unbounded("tpch")), 1), "127.0.0.1"),
                QueryEventListener.NONE, 10);
        server = PgServer.start("127.0.0.1", 0, queryManager, null, MAX_MESSAGE_BYTES);
    }

    @AfterAll
    void stop()
    {
        server.close();
        queryManager.close();
    }

    /** A message from the server: its type and payload. */
    private record Message(char type, byte[] payload)
    {
        String text()
        {
            return new String(payload, StandardCharsets.UTF_8);
        }

        /** An ErrorResponse's SQLSTATE. */
        String sqlState()
        {
            String text = text();
            int code = text.indexOf("\0C");
            return text.substring(code + 2, text.indexOf('\0', code + 2));
        }
    }

    private final class Client
            implements AutoCloseable
    {
        private final Socket socket;
        private final DataOutputStream out;
        private final DataInputStream in;

        Client()
                throws IOException
        {
            socket = new Socket("127.0.0.1", server.port());
            socket.setSoTimeout(10_000);
            out = new DataOutputStream(socket.getOutputStream());
            in = new DataInputStream(socket.getInputStream());
        }

        void raw(byte[] bytes)
                throws IOException
        {
            out.write(bytes);
            out.flush();
        }

        void startup(String... parameters)
                throws IOException
        {
            ByteArrayOutputStream body = new ByteArrayOutputStream();
            DataOutputStream data = new DataOutputStream(body);
            data.writeInt(196608);
            for (String parameter : parameters) {
                data.write(parameter.getBytes(StandardCharsets.UTF_8));
                data.write(0);
            }
            data.write(0);
            out.writeInt(body.size() + 4);
            out.write(body.toByteArray());
            out.flush();
        }

        void send(char type, byte[] payload)
                throws IOException
        {
            out.writeByte(type);
            out.writeInt(payload.length + 4);
            out.write(payload);
            out.flush();
        }

        Message read()
                throws IOException
        {
            char type = (char) in.readUnsignedByte();
            int length = in.readInt();
            byte[] payload = new byte[length - 4];
            in.readFully(payload);
            return new Message(type, payload);
        }

        /** Messages up to and including the next ReadyForQuery (or the end of the connection). */
        List<Message> untilReady()
                throws IOException
        {
            List<Message> messages = new ArrayList<>();
            while (true) {
                Message message;
                try {
                    message = read();
                }
                catch (EOFException e) {
                    return messages;
                }
                messages.add(message);
                if (message.type() == 'Z') {
                    return messages;
                }
            }
        }

        /** Whether the server closed the connection (after any messages still on their way). */
        boolean closedByServer()
                throws IOException
        {
            try {
                while (true) {
                    read();
                }
            }
            catch (EOFException e) {
                return true;
            }
            catch (SocketTimeoutException e) {
                return false;
            }
            catch (IOException e) {
                // a reset is a close too
                return true;
            }
        }

        @Override
        public void close()
                throws IOException
        {
            socket.close();
        }
    }

    private static byte[] cString(String... values)
    {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        for (String value : values) {
            bytes.writeBytes(value.getBytes(StandardCharsets.UTF_8));
            bytes.write(0);
        }
        return bytes.toByteArray();
    }

    private Client connected()
            throws IOException
    {
        Client client = new Client();
        client.startup("user", "robust");
        List<Message> messages = client.untilReady();
        assertEquals('R', messages.getFirst().type());
        assertEquals('Z', messages.getLast().type());
        return client;
    }

    /** A well-behaved client still gets answers. */
    private void assertServerStillAnswers()
            throws IOException
    {
        try (Client client = connected()) {
            client.send('Q', cString("select count(*) from region"));
            List<Message> messages = client.untilReady();
            assertEquals(List.of('T', 'D', 'C', 'Z'), messages.stream().map(Message::type).toList());
            assertTrue(messages.get(1).text().endsWith("5"), messages.get(1).text());
        }
    }

    private static Message error(List<Message> messages)
    {
        return messages.stream().filter(message -> message.type() == 'E').findFirst().orElseThrow(() -> new AssertionError("no ErrorResponse in " + messages));
    }

    @Test
    void sslIsRefusedAndTheStartupGoesOn()
            throws IOException
    {
        try (Client client = new Client()) {
            client.raw(new byte[] {0, 0, 0, 8, 0x04, (byte) 0xd2, 0x16, 0x2f});
            assertEquals('N', (char) client.in.readUnsignedByte());
            client.startup("user", "after_ssl", "application_name", "robustness");
            List<Message> messages = client.untilReady();
            assertTrue(messages.stream().anyMatch(message -> message.type() == 'S' && message.text().startsWith("server_version\0")), messages.toString());
            assertTrue(messages.stream().anyMatch(message -> message.type() == 'K'), messages.toString());
            assertEquals("I", new String(messages.getLast().payload(), StandardCharsets.US_ASCII));
        }
    }

    @Test
    void startupWithoutUserIsRefused()
            throws IOException
    {
        try (Client client = new Client()) {
            client.startup("database", "signo");
            Message error = error(client.untilReady());
            assertEquals("08P01", error.sqlState());
            assertTrue(error.text().contains("no PostgreSQL user name"), error.text());
            assertTrue(client.closedByServer());
        }
        assertServerStillAnswers();
    }

    @Test
    void badStartupLengthsCloseTheConnection()
            throws IOException
    {
        for (int length : new int[] {2, 100_000, -5}) {
            try (Client client = new Client()) {
                client.raw(new byte[] {(byte) (length >>> 24), (byte) (length >>> 16), (byte) (length >>> 8), (byte) length, 0, 3, 0, 0});
                Message error = error(client.untilReady());
                assertEquals("08P01", error.sqlState());
                assertTrue(client.closedByServer());
            }
        }
        try (Client client = new Client()) {
            // an old protocol version
            client.raw(new byte[] {0, 0, 0, 8, 0, 2, 0, 0});
            assertEquals("0A000", error(client.untilReady()).sqlState());
        }
        assertServerStillAnswers();
    }

    @Test
    void truncatedConnectionDoesNotHurtOthers()
            throws IOException
    {
        try (Client client = new Client()) {
            // a startup that announces 40 bytes and sends 10, then goes away
            client.raw(new byte[] {0, 0, 0, 40, 0, 3, 0, 0, 'u', 's'});
        }
        try (Client client = connected()) {
            // a Query that announces more than it sends, then the socket closes
            client.raw(new byte[] {'Q', 0, 0, 1, 0, 's', 'e', 'l'});
        }
        assertServerStillAnswers();
    }

    @Test
    void malformedMessagesGetAnError()
            throws IOException
    {
        // a Query whose string has no terminating zero
        try (Client client = connected()) {
            client.send('Q', "select 1".getBytes(StandardCharsets.UTF_8));
            Message error = error(client.untilReady());
            assertEquals("08P01", error.sqlState());
            assertTrue(client.closedByServer());
        }
        // an unknown message type
        try (Client client = connected()) {
            client.send('!', new byte[0]);
            Message error = error(client.untilReady());
            assertEquals("08P01", error.sqlState());
            assertTrue(error.text().contains("invalid frontend message type"), error.text());
            assertTrue(client.closedByServer());
        }
        // a length that does not even count itself
        try (Client client = connected()) {
            client.raw(new byte[] {'Q', 0, 0, 0, 2});
            assertEquals("08P01", error(client.untilReady()).sqlState());
            assertTrue(client.closedByServer());
        }
        // a Bind that announces more values than it holds
        try (Client client = connected()) {
            client.send('B', new byte[] {0, 0, 0, 0, 0, 5, 0, 0, 0, 1});
            assertEquals("08P01", error(client.untilReady()).sqlState());
            assertTrue(client.closedByServer());
        }
        assertServerStillAnswers();
    }

    @Test
    void messageOverTheLimitIsRefusedBeforeItIsRead()
            throws IOException
    {
        try (Client client = connected()) {
            int length = MAX_MESSAGE_BYTES + 1;
            client.raw(new byte[] {'Q', (byte) (length >>> 24), (byte) (length >>> 16), (byte) (length >>> 8), (byte) length});
            Message error = error(client.untilReady());
            assertEquals("08P01", error.sqlState());
            assertTrue(error.text().contains("longer than the limit"), error.text());
            assertTrue(client.closedByServer());
        }
        try (Client client = connected()) {
            // 2 GB announced: refused at once, nothing is buffered
            client.raw(new byte[] {'Q', 0x7f, (byte) 0xff, (byte) 0xff, (byte) 0xff, 's'});
            assertEquals("08P01", error(client.untilReady()).sqlState());
        }
        assertServerStillAnswers();
    }

    @Test
    void emptyQueryAndStatementErrorsKeepTheConnection()
            throws IOException
    {
        try (Client client = connected()) {
            client.send('Q', cString("  ;  "));
            assertEquals(List.of('I', 'Z'), client.untilReady().stream().map(Message::type).toList());
            client.send('Q', cString("select * from no_such_table"));
            assertEquals("42P01", error(client.untilReady()).sqlState());
            client.send('Q', cString("select count(*) from nation"));
            List<Message> messages = client.untilReady();
            assertTrue(messages.get(1).text().endsWith("25"), messages.toString());
        }
    }

    @Test
    void extendedProtocolSkipsToSyncAfterAnError()
            throws IOException
    {
        try (Client client = connected()) {
            // Parse with an int4 parameter, Bind a value that is not a number, Execute (skipped), Sync
            client.send('P', concat(cString("", "select count(*) from nation where n_nationkey < $1"), new byte[] {0, 1, 0, 0, 0, 23}));
            client.send('B', concat(cString("", ""), new byte[] {0, 0, 0, 1, 0, 0, 0, 3, 'a', 'b', 'c', 0, 0}));
            client.send('E', concat(cString(""), new byte[] {0, 0, 0, 0}));
            client.send('S', new byte[0]);
            List<Message> messages = client.untilReady();
            assertEquals(List.of('1', 'E', 'Z'), messages.stream().map(Message::type).toList());
            assertEquals("22P02", messages.get(1).sqlState());
            assertTrue(messages.get(1).text().contains("\"abc\""), messages.get(1).text());
            // the statement is still prepared: a good value runs it
            client.send('B', concat(cString("", ""), new byte[] {0, 0, 0, 1, 0, 0, 0, 1, '5', 0, 0}));
            client.send('E', concat(cString(""), new byte[] {0, 0, 0, 0}));
            client.send('S', new byte[0]);
            messages = client.untilReady();
            assertEquals(List.of('2', 'D', 'C', 'Z'), messages.stream().map(Message::type).toList());
            assertTrue(messages.get(1).text().endsWith("5"), messages.get(1).text());
            assertEquals("SELECT 1\0", messages.get(2).text());
            // an unknown portal and statement are errors of their own
            client.send('E', concat(cString("nowhere"), new byte[] {0, 0, 0, 0}));
            client.send('S', new byte[0]);
            assertEquals("34000", error(client.untilReady()).sqlState());
            client.send('D', concat(new byte[] {'S'}, cString("nothing")));
            client.send('S', new byte[0]);
            assertEquals("26000", error(client.untilReady()).sqlState());
        }
    }

    @Test
    void cancelRequestWithAWrongKeyDoesNothing()
            throws IOException
    {
        try (Client client = new Client()) {
            client.raw(new byte[] {0, 0, 0, 16, 0x04, (byte) 0xd2, 0x16, 0x2e, 0, 0, 0, 1, 1, 2, 3, 4});
            assertTrue(client.closedByServer());
        }
        assertServerStillAnswers();
    }

    private static byte[] concat(byte[] first, byte[] second)
    {
        byte[] joined = new byte[first.length + second.length];
        System.arraycopy(first, 0, joined, 0, first.length);
        System.arraycopy(second, 0, joined, first.length, second.length);
        return joined;
    }
}
