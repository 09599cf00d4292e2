package io.signo.core.expression;

import io.signo.storage.error.ErrorCode;
import io.signo.storage.error.SignoException;
import io.signo.storage.memory.PageAllocator;
import io.signo.storage.page.Page;
import io.signo.storage.type.TimeZoneOffsets;
import io.signo.storage.type.Type;
import io.signo.storage.type.TypeKind;
import io.signo.storage.type.ZonedTimestamp;
import io.signo.storage.vector.ColumnVector;
import io.signo.storage.vector.VectorBuilder;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;

import static java.util.Objects.requireNonNull;

/**
 * Converts between a TIMESTAMP WITH TIME ZONE (an instant) and what needs a time zone to read it:
 * the wall-clock time there (a TIMESTAMP), and text. The planner puts the session's zone here for
 * casts, EXTRACT and the other functions of a wall-clock time, and the zone a statement names for
 * {@code TIMEZONE(zone, value)} (PostgreSQL's {@code value AT TIME ZONE zone}).
 */
public final class TimeZoneConversionExpression
        implements Expression
{
    public enum Conversion
    {
        /** A TIMESTAMP, a wall-clock time in the zone, to the instant it is there. */
        TO_INSTANT(TypeKind.TIMESTAMP, Type.TIMESTAMP_TZ),
        /** A TIMESTAMP WITH TIME ZONE to the wall-clock time in the zone at that instant. */
        TO_LOCAL(TypeKind.TIMESTAMP_TZ, Type.TIMESTAMP),
        /** A TIMESTAMP WITH TIME ZONE to its text: the wall-clock time in the zone and the offset there ({@code 2024-01-02 10:00:00+01}). */
        FORMAT(TypeKind.TIMESTAMP_TZ, Type.VARCHAR),
        /** Text to a TIMESTAMP WITH TIME ZONE; text without an offset or a zone's name is a wall-clock time in the zone. */
        PARSE(TypeKind.VARCHAR, Type.TIMESTAMP_TZ);

        private final TypeKind source;
        private final Type result;

        Conversion(TypeKind source, Type result)
        {
            this.source = source;
            this.result = result;
        }
    }

    final Conversion conversion;
    final Expression value;
    final TimeZoneOffsets zone;

    TimeZoneConversionExpression(Conversion conversion, Expression value, TimeZoneOffsets zone)
    {
        this.conversion = requireNonNull(conversion, "conversion is null");
        this.value = requireNonNull(value, "value is null");
        this.zone = requireNonNull(zone, "zone is null");
        boolean text = conversion.source == TypeKind.VARCHAR && value.type().isString();
        if (value.type().kind() != conversion.source && !text) {
            throw new IllegalArgumentException(conversion + " needs a " + conversion.source + ", got " + value.type());
        }
    }

    @Override
    public Type type()
    {
        return conversion.result;
    }

    @Override
    public ColumnVector evaluate(Page page, int[] positions, int count, PageAllocator allocator)
    {
        return switch (conversion) {
            case TO_INSTANT, TO_LOCAL -> {
                LongValues input = LongValues.evaluate(value, page, positions, count, allocator);
                long[] values = input.values();
                MemorySegment nulls = input.nulls();
                if (conversion == Conversion.TO_LOCAL) {
                    for (int i = 0; i < count; i++) {
                        values[i] = zone.toLocal(values[i]);
                    }
                }
                else {
                    for (int i = 0; i < count; i++) {
                        values[i] = zone.toInstant(values[i]);
                    }
                }
                ColumnVector result = FixedWidthVectors.fromLongs(conversion.result, values, count, nulls, allocator);
                LongScratch.giveBack(values);
                yield result;
            }
            case FORMAT -> format(value.evaluate(page, positions, count, allocator), count, allocator);
            case PARSE -> parse(value.evaluate(page, positions, count, allocator), count, allocator);
        };
    }

    private ColumnVector format(ColumnVector instants, int count, PageAllocator allocator)
    {
        VectorBuilder builder = new VectorBuilder(Type.VARCHAR, count, allocator);
        byte[] text = new byte[ZonedTimestamp.MAX_FORMATTED_LENGTH];
        for (int i = 0; i < count; i++) {
            if (instants.isNull(i)) {
                builder.appendNull();
                continue;
            }
            builder.appendBytes(text, 0, ZonedTimestamp.format(instants.getLong(i), zone, text, 0));
        }
        return builder.build();
    }

    private ColumnVector parse(ColumnVector strings, int count, PageAllocator allocator)
    {
        VectorBuilder builder = new VectorBuilder(Type.TIMESTAMP_TZ, count, allocator);
        MemorySegment bytes = strings.values();
        byte[] text = new byte[64];
        int[] scratch = new int[1];
        for (int i = 0; i < count; i++) {
            if (strings.isNull(i)) {
                builder.appendNull();
                continue;
            }
            int length = strings.stringLength(i);
            if (length > text.length) {
                text = new byte[length];
            }
            MemorySegment.copy(bytes, ValueLayout.JAVA_BYTE, strings.stringStart(i), text, 0, length);
            int from = 0;
            int to = length;
            while (from < to && text[from] == ' ') {
                from++;
            }
            while (to > from && text[to - 1] == ' ') {
                to--;
            }
            long instant = ZonedTimestamp.parse(text, from, to, zone, scratch);
            if (instant == ZonedTimestamp.INVALID) {
                throw new SignoException(ErrorCode.INVALID_CAST, "Invalid TIMESTAMP WITH TIME ZONE '" + new String(text, from, to - from, StandardCharsets.UTF_8) + "'");
            }
            builder.appendLong(instant);
        }
        return builder.build();
    }

    @Override
    public String toString()
    {
        return conversion + "(" + value + ", " + zone + ")";
    }
}
