package io.signo.core.expression;

import io.signo.storage.memory.PageAllocator;
import io.signo.storage.page.Page;
import io.signo.storage.type.CivilTimestamp;
import io.signo.storage.type.TimeZoneOffsets;
import io.signo.storage.type.Type;
import io.signo.storage.type.TypeKind;
import io.signo.storage.vector.ColumnVector;
import io.signo.storage.vector.VectorBuilder;

import java.nio.charset.StandardCharsets;

import static java.util.Objects.requireNonNull;

/**
 * STRFTIME(value, format): a DATE, TIMESTAMP or TIMESTAMP WITH TIME ZONE written as its
 * {@link DateTimeFormat} says. A TIMESTAMP WITH TIME ZONE is written as its wall-clock time in the
 * session's zone, {@code %z} its offset there and {@code %Z} the zone's name; the others have
 * offset {@code +00} and no zone name, as in DuckDB.
 */
final class StrftimeExpression
        implements Expression
{
    final Expression value;
    final DateTimeFormat format;
    final TimeZoneOffsets zone;

    StrftimeExpression(Expression value, DateTimeFormat format, TimeZoneOffsets zone)
    {
        this.value = requireNonNull(value, "value is null");
        this.format = requireNonNull(format, "format is null");
        TypeKind kind = value.type().kind();
        if (kind != TypeKind.DATE && kind != TypeKind.TIMESTAMP && kind != TypeKind.TIMESTAMP_TZ) {
            throw new IllegalArgumentException("STRFTIME needs a DATE or a timestamp, got " + value.type());
        }
        if (kind == TypeKind.TIMESTAMP_TZ && zone == null) {
            throw new IllegalArgumentException("STRFTIME of a TIMESTAMP WITH TIME ZONE needs a zone");
        }
        this.zone = kind == TypeKind.TIMESTAMP_TZ ? zone : null;
    }

    @Override
    public Type type()
    {
        return Type.VARCHAR;
    }

    @Override
    public ColumnVector evaluate(Page page, int[] positions, int count, PageAllocator allocator)
    {
        LongValues input = LongValues.evaluate(value, page, positions, count, allocator);
        long[] values = input.values();
        TypeKind kind = value.type().kind();
        byte[] zoneName = zone == null ? new byte[0] : zone.name().getBytes(StandardCharsets.UTF_8);
        byte[] text = new byte[format.maxLength()];
        VectorBuilder builder = new VectorBuilder(Type.VARCHAR, count, allocator);
        for (int i = 0; i < count; i++) {
            if (input.nulls() != null && NullBitmap.isNull(input.nulls(), i)) {
                builder.appendNull();
                continue;
            }
            long local;
            int offset = 0;
            switch (kind) {
                case DATE -> local = CivilTimestamp.ofDays((int) values[i]);
                case TIMESTAMP_TZ -> {
                    offset = zone.offsetSeconds(values[i]);
                    local = values[i] + offset * CivilTimestamp.MICROS_PER_SECOND;
                }
                default -> local = values[i];
            }
            builder.appendBytes(text, 0, format.format(local, offset, zoneName, text));
        }
        LongScratch.giveBack(values);
        return builder.build();
    }

    @Override
    public String toString()
    {
        return "STRFTIME(" + value + ", " + format + (zone == null ? "" : ", " + zone) + ")";
    }
}
