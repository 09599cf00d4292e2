package io.signo.core.expression;

import io.signo.storage.memory.PageAllocator;
import io.signo.storage.page.Page;
import io.signo.storage.type.Type;
import io.signo.storage.type.TypeKind;
import io.signo.storage.vector.ColumnVector;

import java.io.InvalidObjectException;
import java.io.ObjectInputStream;
import java.io.Serial;
import java.io.Serializable;
import java.lang.foreign.MemorySegment;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import static java.util.Objects.requireNonNull;

/**
 * {@code value IN (constants)}: TRUE when found; NULL when not found and the value or some
 * constant is NULL; FALSE otherwise. Numbers and dates probe a primitive open-addressing set of
 * longs (doubles by their bits), strings a set of byte strings hashed in place.
 */
public final class InExpression
        implements Expression
{
    final Expression value;
    final boolean doubleKeys;
    final boolean stringKeys;
    final boolean ignoreTrailingSpaces;
    final boolean listHasNull;
    final LongHashSet longSet;
    final ByteStringHashSet stringSet;
    /** The list as given (dates as days), to rebuild the sets after serialization. */
    final List<Object> constants;

    InExpression(Expression value, List<Object> constants)
    {
        this.value = requireNonNull(value, "value is null");
        requireNonNull(constants, "constants is null");
        Type type = value.type();
        this.doubleKeys = type.isFloatingPoint();
        this.stringKeys = type.isString();
        this.ignoreTrailingSpaces = type.kind() == TypeKind.CHAR;
        List<Object> serializableConstants = new ArrayList<>(constants.size());
        for (Object constant : constants) {
            serializableConstants.add(ConstantExpression.serializableValue(constant));
        }
        this.constants = Collections.unmodifiableList(serializableConstants);
        boolean hasNull = false;
        List<Long> longs = new ArrayList<>();
        List<MemorySegment> strings = new ArrayList<>();
        for (Object constant : constants) {
            if (constant == null) {
                hasNull = true;
                continue;
            }
            if (type.kind() == TypeKind.DECIMAL && constant instanceof BigDecimal decimal
                    && decimal.stripTrailingZeros().scale() > type.scale()) {
                // more digits than the value's scale: it can never be equal
                continue;
            }
            ConstantExpression parsed = new ConstantExpression(type, constant);
            if (stringKeys) {
                strings.add(parsed.bytes());
            }
            else if (doubleKeys) {
                longs.add(doubleKey(parsed.doubleValue()));
            }
            else {
                longs.add(parsed.longValue());
            }
        }
        this.listHasNull = hasNull;
        this.longSet = stringKeys ? null : new LongHashSet(longs);
        this.stringSet = stringKeys ? new ByteStringHashSet(strings, ignoreTrailingSpaces) : null;
    }

    private static long doubleKey(double value)
    {
        // +0.0 and -0.0 are equal in SQL; all NaNs share one bit pattern
        return Double.doubleToLongBits(value == 0 ? 0.0 : value);
    }

    Expression value()
    {
        return value;
    }

    @Override
    public Type type()
    {
        return Type.BOOLEAN;
    }

    @Override
    public ColumnVector evaluate(Page page, int[] positions, int count, PageAllocator allocator)
    {
        if (stringKeys && DictionaryPredicate.applies(value, page, count)) {
            return DictionaryPredicate.evaluate(this, value, page, positions, count, allocator);
        }
        byte[] result = new byte[count];
        MemorySegment valueNulls;
        if (stringKeys) {
            StringOperand strings = StringOperand.evaluate(value, page, positions, count, allocator);
            MemorySegment bytes = strings.bytes();
            for (int i = 0; i < count; i++) {
                int start = strings.start(i);
                int length = strings.end(i) - start;
                if (ignoreTrailingSpaces) {
                    length = StringBytes.lengthWithoutTrailingSpaces(bytes, start, length);
                }
                result[i] = (byte) (stringSet.contains(bytes, start, length) ? 1 : 0);
            }
            valueNulls = strings.nulls();
        }
        else if (doubleKeys) {
            DoubleValues values = DoubleValues.evaluate(value, page, positions, count, allocator);
            double[] doubles = values.values();
            for (int i = 0; i < count; i++) {
                result[i] = (byte) (longSet.contains(doubleKey(doubles[i])) ? 1 : 0);
            }
            valueNulls = values.nulls();
        }
        else {
            LongValues values = LongValues.evaluate(value, page, positions, count, allocator);
            long[] longs = values.values();
            for (int i = 0; i < count; i++) {
                result[i] = (byte) (longSet.contains(longs[i]) ? 1 : 0);
            }
            valueNulls = values.nulls();
        }
        MemorySegment nulls = valueNulls;
        if (listHasNull) {
            // not found against a list holding NULL is unknown
            byte[] nullFlags = new byte[count];
            for (int i = 0; i < count; i++) {
                nullFlags[i] = (byte) ((result[i] == 0 || (valueNulls != null && NullBitmap.isNull(valueNulls, i))) ? 1 : 0);
            }
            nulls = NullBitmap.fromFlags(nullFlags, count, allocator);
        }
        return FixedWidthVectors.fromBooleans(result, count, nulls, allocator);
    }

    // the sets hold native memory: ship the value and the list, and build the sets again
    @Serial
    private Object writeReplace()
    {
        return new SerializedIn(value, new ArrayList<>(constants));
    }

    @Serial
    private void readObject(ObjectInputStream in)
            throws InvalidObjectException
    {
        throw new InvalidObjectException("InExpression is read through its serialization proxy");
    }

    private record SerializedIn(Expression value, ArrayList<Object> constants)
            implements Serializable
    {
        @Serial
        private Object readResolve()
        {
            return new InExpression(value, constants);
        }
    }

    @Override
    public String toString()
    {
        return "IN(" + value + ")";
    }
}
