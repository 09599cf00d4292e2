package io.signo.server.fuzz;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * HTTP/1.1 spoken over a plain socket, byte for byte as a fuzzer or a test writes it: malformed request lines,
 * lying Content-Lengths, bodies that never come. {@link #exchange} sends a request and reads one
 * answer (or what arrived before the server closed the connection or the timeout passed).
 */
public final class RawHttp
{
    private RawHttp() {}

    /** One answer: the status (0 when none came), the headers (lower-case names) and the body. */
    public record Answer(int status, Map<String, String> headers, byte[] body)
    {
        public String text()
        {
            return new String(body, StandardCharsets.UTF_8);
        }
    }

    public static Answer exchange(URI server, byte[] request, int timeoutMillis)
    {
        return exchange(server, request, timeoutMillis, false);
    }

    /** @param endOfInput after the request, tell the server nothing more comes (a half close), as a client that sent a truncated request and gave up */
    public static Answer exchange(URI server, byte[] request, int timeoutMillis, boolean endOfInput)
    {
        try (Socket socket = open(server, timeoutMillis)) {
            try {
                socket.getOutputStream().write(request);
                socket.getOutputStream().flush();
                if (endOfInput) {
                    socket.shutdownOutput();
                }
            }
            catch (IOException e) {
                // the server closed the connection early (a refusal it sent before the whole request): read what it said
            }
            return read(socket.getInputStream());
        }
        catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static Socket open(URI server, int timeoutMillis)
            throws IOException
    {
        Socket socket = new Socket();
        socket.connect(new InetSocketAddress(server.getHost(), server.getPort()), timeoutMillis);
        socket.setSoTimeout(timeoutMillis);
        return socket;
    }

    public static byte[] request(String head, byte[] body)
    {
        byte[] start = (head + "\r\n\r\n").getBytes(StandardCharsets.ISO_8859_1);
        byte[] all = new byte[start.length + body.length];
        System.arraycopy(start, 0, all, 0, start.length);
        System.arraycopy(body, 0, all, start.length, body.length);
        return all;
    }

    /** Reads one answer: up to the end of its Content-Length body, the end of the stream, or the socket's timeout. */
    public static Answer read(InputStream input)
            throws IOException
    {
        ByteArrayOutputStream received = new ByteArrayOutputStream();
        byte[] chunk = new byte[8192];
        int headEnd = -1;
        long bodyLength = -1;
        try {
            while (true) {
                int read = input.read(chunk);
                if (read < 0) {
                    break;
                }
                received.write(chunk, 0, read);
                byte[] bytes = received.toByteArray();
                if (headEnd < 0) {
                    headEnd = indexOf(bytes, "\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1));
                    if (headEnd >= 0) {
                        String length = headers(new String(bytes, 0, headEnd, StandardCharsets.ISO_8859_1)).get("content-length");
                        bodyLength = length == null ? -1 : Long.parseLong(length.strip());
                    }
                }
                if (headEnd >= 0 && bodyLength >= 0 && bytes.length >= headEnd + 4 + bodyLength) {
                    break;
                }
            }
        }
        catch (SocketTimeoutException | java.net.SocketException e) {
            // what came is the answer
        }
        byte[] bytes = received.toByteArray();
        if (headEnd < 0) {
            return new Answer(0, Map.of(), bytes);
        }
        String head = new String(bytes, 0, headEnd, StandardCharsets.ISO_8859_1);
        String statusLine = head.lines().findFirst().orElse("");
        String[] parts = statusLine.split(" ", 3);
        int status = parts.length >= 2 && parts[1].chars().allMatch(Character::isDigit) ? Integer.parseInt(parts[1]) : 0;
        int bodyStart = headEnd + 4;
        int end = bodyLength >= 0 ? (int) Math.min(bytes.length, bodyStart + bodyLength) : bytes.length;
        byte[] body = java.util.Arrays.copyOfRange(bytes, bodyStart, Math.max(bodyStart, end));
        return new Answer(status, headers(head), body);
    }

    private static Map<String, String> headers(String head)
    {
        Map<String, String> headers = new LinkedHashMap<>();
        head.lines().skip(1).forEach(line -> {
            int colon = line.indexOf(':');
            if (colon > 0) {
                headers.put(line.substring(0, colon).strip().toLowerCase(Locale.ROOT), line.substring(colon + 1).strip());
            }
        });
        return headers;
    }

    static int indexOf(byte[] bytes, byte[] pattern)
    {
        outer : for (int i = 0; i + pattern.length <= bytes.length; i++) {
            for (int j = 0; j < pattern.length; j++) {
                if (bytes[i + j] != pattern[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }
}
