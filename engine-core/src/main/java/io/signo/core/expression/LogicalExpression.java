package io.signo.core.expression;

import io.signo.storage.memory.PageAllocator;
import io.signo.storage.page.Page;
import io.signo.storage.type.Type;
import io.signo.storage.vector.ColumnVector;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Arrays;
import java.util.List;

import static java.util.Objects.requireNonNull;

/**
 * AND or OR of BOOLEAN terms with SQL three-valued logic. Terms are evaluated in order, each only
 * at the positions not yet decided (FALSE decides an AND, TRUE an OR), so a later term never runs
 * where an earlier one already settled the result: {@code x <> 0 AND y / x > 1} does not divide by zero.
 */
public final class LogicalExpression
        implements Expression
{
    public enum Form
    {
        AND, OR
    }

    final Form form;
    final List<Expression> terms;

    LogicalExpression(Form form, List<Expression> terms)
    {
        this.form = requireNonNull(form, "form is null");
        this.terms = List.copyOf(requireNonNull(terms, "terms is null"));
        if (this.terms.isEmpty()) {
            throw new IllegalArgumentException(form + " needs at least one term");
        }
        for (Expression term : this.terms) {
            if (!term.type().equals(Type.BOOLEAN)) {
                throw new IllegalArgumentException(form + " term is not BOOLEAN: " + term.type());
            }
        }
    }

    public Form form()
    {
        return form;
    }

    public List<Expression> terms()
    {
        return terms;
    }

    @Override
    public Type type()
    {
        return Type.BOOLEAN;
    }

    @Override
    public ColumnVector evaluate(Page page, int[] positions, int count, PageAllocator allocator)
    {
        // a position is undecided until a term yields the deciding value; NULL keeps it undecided
        byte decidingValue = (byte) (form == Form.AND ? 0 : 1);
        byte[] result = new byte[count];
        Arrays.fill(result, (byte) (1 - decidingValue));
        byte[] nullFlags = new byte[count];
        int[] undecided = new int[count];
        int[] termPositions = new int[count];
        int undecidedCount = count;
        for (int i = 0; i < count; i++) {
            undecided[i] = i;
        }
        for (Expression term : terms) {
            if (undecidedCount == 0) {
                break;
            }
            int[] evaluatePositions;
            if (undecidedCount == count) {
                evaluatePositions = positions;
            }
            else {
                for (int j = 0; j < undecidedCount; j++) {
                    termPositions[j] = positions == null ? undecided[j] : positions[undecided[j]];
                }
                evaluatePositions = termPositions;
            }
            ColumnVector vector = term.evaluate(page, evaluatePositions, undecidedCount, allocator);
            MemorySegment values = vector.values();
            MemorySegment nulls = vector.nulls();
            int stillUndecided = 0;
            for (int j = 0; j < undecidedCount; j++) {
                int index = undecided[j];
                if (nulls != null && NullBitmap.isNull(nulls, j)) {
                    nullFlags[index] = 1;
                    undecided[stillUndecided++] = index;
                }
                else if ((values.get(ValueLayout.JAVA_BYTE, j) != 0 ? 1 : 0) == decidingValue) {
                    result[index] = decidingValue;
                    nullFlags[index] = 0;
                }
                else {
                    undecided[stillUndecided++] = index;
                }
            }
            undecidedCount = stillUndecided;
        }
        return FixedWidthVectors.fromBooleans(result, count, NullBitmap.fromFlags(nullFlags, count, allocator), allocator);
    }

    @Override
    public String toString()
    {
        return form.name() + terms;
    }
}
