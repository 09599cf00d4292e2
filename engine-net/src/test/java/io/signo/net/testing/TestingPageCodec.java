package io.signo.net.testing;

import io.signo.net.codec.PageCodec;
import io.signo.storage.page.Page;
import io.signo.storage.type.Type;
import io.signo.storage.type.TypeKind;
import io.signo.storage.vector.ColumnVector;
import io.signo.storage.vector.VectorBuilder;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * A slow but simple stand-in for engine-storage's serde (PageSerializer / PageDeserializer) until it
 * lands: writes each value with DataOutputStream. Good enough for testing the exchange.
 */
public final class TestingPageCodec
        implements PageCodec
{
    @Override
    public byte[] encode(Page page)
    {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeInt(page.positionCount());
            out.writeInt(page.columnCount());
            for (int channel = 0; channel < page.columnCount(); channel++) {
                ColumnVector column = page.column(channel);
                Type type = column.type();
                out.writeInt(type.kind().ordinal());
                out.writeInt(type.precision());
                out.writeInt(type.scale());
                out.writeInt(type.length());
                for (int position = 0; position < page.positionCount(); position++) {
                    boolean isNull = column.isNull(position);
                    out.writeBoolean(isNull);
                    if (isNull) {
                        continue;
                    }
                    switch (type.physicalType()) {
                        case BYTE -> out.writeBoolean(column.getBoolean(position));
                        case INT -> out.writeInt(column.getInt(position));
                        case LONG -> out.writeLong(column.getLong(position));
                        case DOUBLE -> out.writeDouble(column.getDouble(position));
                        case BYTES -> out.writeUTF(column.getString(position));
                    }
                }
            }
        }
        catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }

    @Override
    public Page decode(byte[] bytes, int offset, int length)
    {
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes, offset, length))) {
            int positionCount = in.readInt();
            ColumnVector[] columns = new ColumnVector[in.readInt()];
            for (int channel = 0; channel < columns.length; channel++) {
                Type type = new Type(TypeKind.values()[in.readInt()], in.readInt(), in.readInt(), in.readInt());
                VectorBuilder builder = new VectorBuilder(type, positionCount);
                for (int position = 0; position < positionCount; position++) {
                    if (in.readBoolean()) {
                        builder.appendNull();
                        continue;
                    }
                    switch (type.physicalType()) {
                        case BYTE -> builder.appendBoolean(in.readBoolean());
                        case INT -> builder.appendInt(in.readInt());
                        case LONG -> builder.appendLong(in.readLong());
                        case DOUBLE -> builder.appendDouble(in.readDouble());
                        case BYTES -> builder.appendString(in.readUTF());
                    }
                }
                columns[channel] = builder.build();
            }
            return new Page(positionCount, columns);
        }
        catch (IOException e) {
            throw new IllegalArgumentException("corrupt page: " + e.getMessage(), e);
        }
    }
}
