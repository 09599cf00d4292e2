package io.signo.server.pg;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.ByteToMessageDecoder;

import java.util.List;

/**
 * Cuts the bytes of a connection into {@link PgFrame}s. A connection starts with untyped packets (a
 * 4-byte length that counts itself, then a 4-byte code): SSL and GSS encryption requests, which may
 * repeat, then a StartupMessage or a CancelRequest. After the startup every message is typed: a type
 * byte, then the length. A length shorter than itself, a startup packet over 10,000 bytes (as
 * PostgreSQL's limit) or a message over {@code maxMessageBytes} is a protocol violation: it is
 * reported once, before its bytes are buffered, and every later byte is dropped, since the stream
 * can no longer be cut into messages.
 */
final class PgFrameDecoder
        extends ByteToMessageDecoder
{
    static final int MAX_STARTUP_BYTES = 10_000;
    static final int SSL_REQUEST = 80877103;
    static final int GSS_ENCRYPTION_REQUEST = 80877104;
    static final int CANCEL_REQUEST = 80877102;

    private final int maxMessageBytes;
    private boolean startup = true;
    private boolean failed;

    PgFrameDecoder(int maxMessageBytes)
    {
        this.maxMessageBytes = maxMessageBytes;
    }

    @Override
    protected void decode(ChannelHandlerContext context, ByteBuf in, List<Object> out)
    {
        if (failed) {
            in.skipBytes(in.readableBytes());
            return;
        }
        if (startup) {
            decodeStartup(in, out);
        }
        else {
            decodeTyped(in, out);
        }
    }

    private void decodeStartup(ByteBuf in, List<Object> out)
    {
        if (in.readableBytes() < 4) {
            return;
        }
        int length = in.getInt(in.readerIndex());
        if (length < 8 || length > MAX_STARTUP_BYTES) {
            fail(in, out, "invalid length of startup packet: " + length + " bytes (a startup packet has 8 to " + MAX_STARTUP_BYTES + ")");
            return;
        }
        if (in.readableBytes() < length) {
            return;
        }
        int code = in.getInt(in.readerIndex() + 4);
        in.skipBytes(4);
        out.add(new PgFrame(PgFrame.STARTUP, in.readRetainedSlice(length - 4)));
        // only the encryption requests are followed by another untyped packet
        startup = code == SSL_REQUEST || code == GSS_ENCRYPTION_REQUEST;
    }

    private void decodeTyped(ByteBuf in, List<Object> out)
    {
        if (in.readableBytes() < 5) {
            return;
        }
        byte type = in.getByte(in.readerIndex());
        int length = in.getInt(in.readerIndex() + 1);
        if (length < 4) {
            fail(in, out, "invalid length of message '" + printable(type) + "': " + length + " (a length counts its own 4 bytes)");
            return;
        }
        if (length > maxMessageBytes) {
            fail(in, out, "message '" + printable(type) + "' of " + length + " bytes is longer than the limit of " + maxMessageBytes + " bytes");
            return;
        }
        if (in.readableBytes() < length + 1) {
            return;
        }
        in.skipBytes(5);
        out.add(new PgFrame(type, in.readRetainedSlice(length - 4)));
    }

    private void fail(ByteBuf in, List<Object> out, String message)
    {
        failed = true;
        in.skipBytes(in.readableBytes());
        out.add(new FrontendMessage.ProtocolError(PgException.protocolViolation(message)));
    }

    static String printable(byte type)
    {
        return type >= 0x20 && type < 0x7f ? String.valueOf((char) type) : String.format("0x%02x", type & 0xff);
    }
}
