package io.signo.server.pg;

import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.signo.storage.page.Page;
import io.signo.storage.type.Type;

import java.nio.charset.StandardCharsets;
import java.util.List;

import static java.util.Objects.requireNonNull;

/**
 * Writes the server's messages of one connection into a buffer and sends it: when a reply is
 * complete ({@link #flush}) and whenever result rows fill it past a threshold. Sending waits while
 * the connection is not writable, so a client that reads slowly holds back the query (whose result
 * buffer is bounded) rather than the server's memory. Used by the connection's one session thread.
 */
final class PgMessageWriter
{
    /** Rows are sent once this much is buffered. */
    private static final int SEND_BYTES = 256 * 1024;
    /** Positions encoded a column at a time before they are put together as rows. */
    private static final int ROWS_PER_BATCH = 1024;

    private final Channel channel;
    private ByteBuf out;
    private ByteBuf[] cells = new ByteBuf[0];
    private int[][] cellEnds = new int[0][];

    PgMessageWriter(Channel channel)
    {
        this.channel = requireNonNull(channel, "channel is null");
        this.out = channel.alloc().buffer(4096);
    }

    /** The 'N' that refuses SSL or GSS encryption: a single byte, not a message. */
    void encryptionRefused()
    {
        out.writeByte('N');
    }

    void authenticationOk()
    {
        int start = begin('R');
        out.writeInt(0);
        end(start);
    }

    void authenticationCleartextPassword()
    {
        int start = begin('R');
        out.writeInt(3);
        end(start);
    }

    /** NegotiateProtocolVersion: the newest minor version of protocol 3 this server speaks, and no unknown options. */
    void negotiateProtocolVersion(int minorVersion)
    {
        int start = begin('v');
        out.writeInt(minorVersion);
        out.writeInt(0);
        end(start);
    }

    void parameterStatus(String name, String value)
    {
        int start = begin('S');
        string(name);
        string(value);
        end(start);
    }

    void backendKeyData(int processId, int secretKey)
    {
        int start = begin('K');
        out.writeInt(processId);
        out.writeInt(secretKey);
        end(start);
    }

    void readyForQuery(char transactionStatus)
    {
        int start = begin('Z');
        out.writeByte(transactionStatus);
        end(start);
    }

    void parseComplete()
    {
        end(begin('1'));
    }

    void bindComplete()
    {
        end(begin('2'));
    }

    void closeComplete()
    {
        end(begin('3'));
    }

    void noData()
    {
        end(begin('n'));
    }

    void portalSuspended()
    {
        end(begin('s'));
    }

    void emptyQueryResponse()
    {
        end(begin('I'));
    }

    void commandComplete(String tag)
    {
        int start = begin('C');
        string(tag);
        end(start);
    }

    void parameterDescription(int[] typeOids)
    {
        int start = begin('t');
        out.writeShort(typeOids.length);
        for (int oid : typeOids) {
            out.writeInt(oid);
        }
        end(start);
    }

    /** RowDescription: each column's name, type OID, size, modifier and format (0 text, 1 binary). */
    void rowDescription(List<String> names, List<Type> types, boolean[] binary)
    {
        int start = begin('T');
        out.writeShort(names.size());
        for (int column = 0; column < names.size(); column++) {
            Type type = types.get(column);
            string(names.get(column));
            out.writeInt(0);
            out.writeShort(0);
            out.writeInt(PgTypes.oid(type));
            out.writeShort(PgTypes.length(type));
            out.writeInt(PgTypes.modifier(type));
            out.writeShort(binary[column] ? 1 : 0);
        }
        end(start);
    }

    /** ErrorResponse ('E') or NoticeResponse ('N'): severity, SQLSTATE and message. */
    void errorResponse(String severity, String sqlState, String message)
    {
        notice('E', severity, sqlState, message);
    }

    void noticeResponse(String severity, String sqlState, String message)
    {
        notice('N', severity, sqlState, message);
    }

    private void notice(char type, String severity, String sqlState, String message)
    {
        int start = begin(type);
        out.writeByte('S');
        string(severity);
        out.writeByte('V');
        string(severity);
        out.writeByte('C');
        string(sqlState);
        out.writeByte('M');
        string(message);
        out.writeByte(0);
        end(start);
    }

    /**
     * DataRows for positions [from, to) of a page: each column's values are encoded a vector at a
     * time by its encoder, then the cells are put together row by row.
     */
    void dataRows(Page page, int from, int to, PgValueEncoder[] encoders)
    {
        int columnCount = encoders.length;
        ensureColumnBuffers(columnCount);
        for (int batchStart = from; batchStart < to; batchStart += ROWS_PER_BATCH) {
            int batchEnd = Math.min(to, batchStart + ROWS_PER_BATCH);
            for (int column = 0; column < columnCount; column++) {
                cells[column].clear();
                encoders[column].encode(page.column(column), batchStart, batchEnd, cells[column], cellEnds[column]);
            }
            int rows = batchEnd - batchStart;
            for (int row = 0; row < rows; row++) {
                int length = 4 + 2;
                for (int column = 0; column < columnCount; column++) {
                    length += cellEnds[column][row] - (row == 0 ? 0 : cellEnds[column][row - 1]);
                }
                out.writeByte('D');
                out.writeInt(length);
                out.writeShort(columnCount);
                for (int column = 0; column < columnCount; column++) {
                    int cellStart = row == 0 ? 0 : cellEnds[column][row - 1];
                    out.writeBytes(cells[column], cellStart, cellEnds[column][row] - cellStart);
                }
            }
            if (out.readableBytes() >= SEND_BYTES) {
                send();
            }
        }
    }

    private void ensureColumnBuffers(int columnCount)
    {
        if (cells.length >= columnCount) {
            return;
        }
        ByteBuf[] grown = new ByteBuf[columnCount];
        int[][] grownEnds = new int[columnCount][];
        for (int column = 0; column < columnCount; column++) {
            grown[column] = column < cells.length ? cells[column] : channel.alloc().heapBuffer(ROWS_PER_BATCH * 16);
            grownEnds[column] = column < cellEnds.length ? cellEnds[column] : new int[ROWS_PER_BATCH];
        }
        cells = grown;
        cellEnds = grownEnds;
    }

    /** Sends what is buffered now: the end of a reply, or a Flush. */
    void flush()
    {
        send();
    }

    private void send()
    {
        if (!out.isReadable()) {
            return;
        }
        ByteBuf sending = out;
        out = channel.alloc().buffer(Math.max(4096, Math.min(sending.capacity(), SEND_BYTES * 2)));
        ChannelFuture written = channel.writeAndFlush(sending);
        if (!channel.isWritable()) {
            // the client reads slower than the query produces: wait until this much has gone
            written.awaitUninterruptibly();
        }
    }

    /** Lets go of the buffers; nothing is written after. */
    void release()
    {
        out.release();
        for (ByteBuf buffer : cells) {
            buffer.release();
        }
        cells = new ByteBuf[0];
    }

    private int begin(char type)
    {
        out.writeByte(type);
        int start = out.writerIndex();
        out.writeInt(0);
        return start;
    }

    private void end(int lengthIndex)
    {
        out.setInt(lengthIndex, out.writerIndex() - lengthIndex);
    }

    /** A zero-terminated string; a zero inside (from a user's text in a message) would end it early, so it is dropped. */
    private void string(String value)
    {
        out.writeCharSequence(value.indexOf('\0') < 0 ? value : value.replace("\0", ""), StandardCharsets.UTF_8);
        out.writeByte(0);
    }
}
