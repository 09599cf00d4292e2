package io.signo.server.pg;

import io.netty.buffer.ByteBuf;

/**
 * One message as it came off the wire: its type byte ({@link #STARTUP} for the untyped packets a
 * connection starts with) and its payload after the length. The payload is a retained slice that
 * the message reader releases.
 */
record PgFrame(byte type, ByteBuf payload)
{
    static final byte STARTUP = 0;
}
