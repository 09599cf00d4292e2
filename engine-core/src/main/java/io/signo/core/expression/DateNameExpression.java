package io.signo.core.expression;

import io.signo.storage.memory.PageAllocator;
import io.signo.storage.page.Page;
import io.signo.storage.type.CivilDate;
import io.signo.storage.type.CivilTimestamp;
import io.signo.storage.type.Type;
import io.signo.storage.type.TypeKind;
import io.signo.storage.vector.ColumnVector;
import io.signo.storage.vector.VectorBuilder;

import java.nio.charset.StandardCharsets;

import static java.util.Objects.requireNonNull;

/** DAYNAME and MONTHNAME of a DATE or a TIMESTAMP: the English name of its day of the week ('Monday') or month ('February'), a VARCHAR. */
public final class DateNameExpression
        implements Expression
{
    private static final byte[][] DAY_NAMES = names("Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday");
    private static final byte[][] MONTH_NAMES = names("January", "February", "March", "April", "May", "June", "July", "August", "September",
            "October", "November", "December");

    final boolean month;
    final Expression value;

    /** @param month the month's name, else the day of the week's */
    DateNameExpression(boolean month, Expression value)
    {
        this.month = month;
        this.value = requireNonNull(value, "value is null");
        if (value.type().kind() != TypeKind.DATE && value.type().kind() != TypeKind.TIMESTAMP) {
            throw new IllegalArgumentException((month ? "MONTHNAME" : "DAYNAME") + " needs a DATE or a TIMESTAMP, got " + value.type());
        }
    }

    private static byte[][] names(String... names)
    {
        byte[][] bytes = new byte[names.length][];
        for (int i = 0; i < names.length; i++) {
            bytes[i] = names[i].getBytes(StandardCharsets.US_ASCII);
        }
        return bytes;
    }

    @Override
    public Type type()
    {
        return Type.VARCHAR;
    }

    @Override
    public ColumnVector evaluate(Page page, int[] positions, int count, PageAllocator allocator)
    {
        ColumnVector input = value.evaluate(page, positions, count, allocator);
        boolean timestamp = value.type().kind() == TypeKind.TIMESTAMP;
        VectorBuilder builder = new VectorBuilder(Type.VARCHAR, count, allocator);
        for (int i = 0; i < count; i++) {
            if (input.isNull(i)) {
                builder.appendNull();
                continue;
            }
            int days = timestamp ? CivilTimestamp.days(input.getLong(i)) : input.getInt(i);
            byte[] name = month ? MONTH_NAMES[CivilDate.month(CivilDate.pack(days)) - 1] : DAY_NAMES[Math.floorMod(days + 4, 7)];
            builder.appendBytes(name, 0, name.length);
        }
        return builder.build();
    }

    @Override
    public String toString()
    {
        return (month ? "MONTHNAME(" : "DAYNAME(") + value + ")";
    }
}
