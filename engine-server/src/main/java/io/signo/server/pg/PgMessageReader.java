package io.signo.server.pg;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;

import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Decodes each {@link PgFrame} into a {@link FrontendMessage} on the event loop, so that no buffer
 * leaves it, and releases the frame. A message whose content does not match its type (a string
 * without its terminating zero, a count that runs past the end, bytes left over) becomes a
 * {@link FrontendMessage.ProtocolError}, as does an unknown type.
 */
final class PgMessageReader
        extends ChannelInboundHandlerAdapter
{
    private static final int PROTOCOL_3 = 3;

    @Override
    public void channelRead(ChannelHandlerContext context, Object message)
    {
        if (!(message instanceof PgFrame frame)) {
            context.fireChannelRead(message);
            return;
        }
        FrontendMessage decoded;
        try {
            decoded = frame.type() == PgFrame.STARTUP ? startup(frame.payload()) : typed(frame.type(), frame.payload());
        }
        catch (PgException e) {
            decoded = new FrontendMessage.ProtocolError(e);
        }
        catch (IndexOutOfBoundsException e) {
            decoded = new FrontendMessage.ProtocolError(PgException.protocolViolation("message '" + PgFrameDecoder.printable(frame.type()) + "' is truncated"));
        }
        finally {
            frame.payload().release();
        }
        context.fireChannelRead(decoded);
    }

    static FrontendMessage startup(ByteBuf payload)
    {
        int code = payload.readInt();
        switch (code) {
            case PgFrameDecoder.SSL_REQUEST -> {
                end(payload, "SSLRequest");
                return new FrontendMessage.EncryptionRequest("SSL");
            }
            case PgFrameDecoder.GSS_ENCRYPTION_REQUEST -> {
                end(payload, "GSSENCRequest");
                return new FrontendMessage.EncryptionRequest("GSS");
            }
            case PgFrameDecoder.CANCEL_REQUEST -> {
                int processId = payload.readInt();
                int secretKey = payload.readInt();
                end(payload, "CancelRequest");
                return new FrontendMessage.CancelRequest(processId, secretKey);
            }
            default -> {
                int major = code >>> 16;
                if (major != PROTOCOL_3) {
                    throw new PgException(SqlStates.FEATURE_NOT_SUPPORTED, "unsupported frontend protocol " + major + "." + (code & 0xffff)
                            + ": Signo speaks protocol 3.0", true);
                }
                Map<String, String> parameters = new LinkedHashMap<>();
                while (true) {
                    String name = string(payload, "StartupMessage");
                    if (name.isEmpty()) {
                        break;
                    }
                    parameters.put(name, string(payload, "StartupMessage"));
                }
                end(payload, "StartupMessage");
                return new FrontendMessage.Startup(code & 0xffff, parameters);
            }
        }
    }

    static FrontendMessage typed(byte type, ByteBuf payload)
    {
        FrontendMessage message = switch (type) {
            case 'Q' -> new FrontendMessage.Query(string(payload, "Query"));
            case 'P' -> parse(payload);
            case 'B' -> bind(payload);
            case 'D' -> new FrontendMessage.Describe(kind(payload, "Describe"), string(payload, "Describe"));
            case 'E' -> new FrontendMessage.Execute(string(payload, "Execute"), payload.readInt());
            case 'C' -> new FrontendMessage.Close(kind(payload, "Close"), string(payload, "Close"));
            case 'S' -> new FrontendMessage.Sync();
            case 'H' -> new FrontendMessage.Flush();
            case 'X' -> new FrontendMessage.Terminate();
            case 'p' -> new FrontendMessage.Password(string(payload, "PasswordMessage"));
            case 'd', 'c', 'f' -> {
                payload.skipBytes(payload.readableBytes());
                yield new FrontendMessage.Unsupported((char) type, "COPY data from the client (COPY ... FROM STDIN)");
            }
            case 'F' -> {
                payload.skipBytes(payload.readableBytes());
                yield new FrontendMessage.Unsupported((char) type, "the function call protocol");
            }
            default -> throw PgException.protocolViolation("invalid frontend message type '" + PgFrameDecoder.printable(type) + "'");
        };
        end(payload, PgFrameDecoder.printable(type));
        return message;
    }

    private static FrontendMessage parse(ByteBuf payload)
    {
        String name = string(payload, "Parse");
        String sql = string(payload, "Parse");
        int count = count(payload, 4, "Parse");
        int[] types = new int[count];
        for (int i = 0; i < count; i++) {
            types[i] = payload.readInt();
        }
        return new FrontendMessage.Parse(name, sql, types);
    }

    private static FrontendMessage bind(ByteBuf payload)
    {
        String portal = string(payload, "Bind");
        String statement = string(payload, "Bind");
        short[] parameterFormats = formats(payload);
        int valueCount = count(payload, 4, "Bind");
        byte[][] values = new byte[valueCount][];
        for (int i = 0; i < valueCount; i++) {
            int length = payload.readInt();
            if (length == -1) {
                continue;
            }
            if (length < -1 || length > payload.readableBytes()) {
                throw PgException.protocolViolation("Bind: parameter " + (i + 1) + " has a length of " + length + " bytes but " + payload.readableBytes() + " are left");
            }
            values[i] = new byte[length];
            payload.readBytes(values[i]);
        }
        short[] resultFormats = formats(payload);
        return new FrontendMessage.Bind(portal, statement, parameterFormats, values, resultFormats);
    }

    private static short[] formats(ByteBuf payload)
    {
        int count = count(payload, 2, "Bind");
        short[] formats = new short[count];
        for (int i = 0; i < count; i++) {
            formats[i] = payload.readShort();
            if (formats[i] != 0 && formats[i] != 1) {
                throw PgException.protocolViolation("Bind: unknown format code " + formats[i] + " (0 is text, 1 binary)");
            }
        }
        return formats;
    }

    /** A 16-bit count of items of {@code itemBytes} bytes at least, checked against what is left. */
    private static int count(ByteBuf payload, int itemBytes, String message)
    {
        int count = payload.readUnsignedShort();
        if ((long) count * itemBytes > payload.readableBytes()) {
            throw PgException.protocolViolation(message + ": " + count + " items announced but only " + payload.readableBytes() + " bytes left");
        }
        return count;
    }

    private static byte kind(ByteBuf payload, String message)
    {
        byte kind = payload.readByte();
        if (kind != 'S' && kind != 'P') {
            throw PgException.protocolViolation(message + ": unknown kind '" + PgFrameDecoder.printable(kind) + "' (S is a statement, P a portal)");
        }
        return kind;
    }

    /** A zero-terminated UTF-8 string. */
    private static String string(ByteBuf payload, String message)
    {
        int end = payload.indexOf(payload.readerIndex(), payload.writerIndex(), (byte) 0);
        if (end < 0) {
            throw PgException.protocolViolation(message + ": a string is missing its terminating zero byte");
        }
        String value = payload.toString(payload.readerIndex(), end - payload.readerIndex(), StandardCharsets.UTF_8);
        payload.readerIndex(end + 1);
        return value;
    }

    private static void end(ByteBuf payload, String message)
    {
        if (payload.isReadable()) {
            throw PgException.protocolViolation(message + ": " + payload.readableBytes() + " bytes past the end of the message");
        }
    }
}
