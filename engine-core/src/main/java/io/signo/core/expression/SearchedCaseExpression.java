package io.signo.core.expression;

import io.signo.storage.memory.PageAllocator;
import io.signo.storage.page.Page;
import io.signo.storage.type.Type;
import io.signo.storage.vector.ColumnVector;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.List;

import static java.util.Objects.requireNonNull;

/**
 * CASE WHEN c1 THEN r1 ... ELSE e END. Each condition runs only on the positions no earlier branch
 * took, and each result only on the positions its branch took, so a branch that would fail (a
 * division by zero guarded by its condition) never runs where it is not selected.
 */
public final class SearchedCaseExpression
        implements Expression
{
    final List<Expression> conditions;
    final List<Expression> results;
    final Expression elseResult;
    final Type type;

    /** Results (and the else result, which may be null for NULL) must already have {@code type}. */
    SearchedCaseExpression(List<Expression> conditions, List<Expression> results, Expression elseResult, Type type)
    {
        this.conditions = List.copyOf(requireNonNull(conditions, "conditions is null"));
        this.results = List.copyOf(requireNonNull(results, "results is null"));
        this.elseResult = elseResult;
        this.type = requireNonNull(type, "type is null");
        if (this.conditions.size() != this.results.size() || this.conditions.isEmpty()) {
            throw new IllegalArgumentException("CASE needs as many results as conditions, and at least one: " + this.conditions.size() + " vs " + this.results.size());
        }
        for (Expression condition : this.conditions) {
            if (!condition.type().equals(Type.BOOLEAN)) {
                throw new IllegalArgumentException("CASE condition is not BOOLEAN: " + condition.type());
            }
        }
    }

    @Override
    public Type type()
    {
        return type;
    }

    @Override
    public ColumnVector evaluate(Page page, int[] positions, int count, PageAllocator allocator)
    {
        PiecewiseVectorBuilder builder = new PiecewiseVectorBuilder(type, count);
        int[] undecided = new int[count];
        int[] undecidedPositions = new int[count];
        int[] matched = new int[count];
        int[] matchedPositions = new int[count];
        for (int i = 0; i < count; i++) {
            undecided[i] = i;
            undecidedPositions[i] = positions == null ? i : positions[i];
        }
        int undecidedCount = count;
        for (int branch = 0; branch < conditions.size() && undecidedCount > 0; branch++) {
            ColumnVector condition = conditions.get(branch).evaluate(page, undecidedPositions, undecidedCount, allocator);
            MemorySegment values = condition.values();
            MemorySegment nulls = condition.nulls();
            int matchedCount = 0;
            int remaining = 0;
            for (int j = 0; j < undecidedCount; j++) {
                boolean isTrue = values.get(ValueLayout.JAVA_BYTE, j) != 0 && (nulls == null || !NullBitmap.isNull(nulls, j));
                if (isTrue) {
                    matched[matchedCount] = undecided[j];
                    matchedPositions[matchedCount++] = undecidedPositions[j];
                }
                else {
                    undecided[remaining] = undecided[j];
                    undecidedPositions[remaining++] = undecidedPositions[j];
                }
            }
            undecidedCount = remaining;
            if (matchedCount > 0) {
                ColumnVector result = results.get(branch).evaluate(page, matchedPositions, matchedCount, allocator);
                builder.add(result, null, matched, matchedCount);
            }
        }
        if (elseResult != null && undecidedCount > 0) {
            ColumnVector result = elseResult.evaluate(page, undecidedPositions, undecidedCount, allocator);
            builder.add(result, null, undecided, undecidedCount);
        }
        return builder.build(allocator);
    }

    @Override
    public String toString()
    {
        return "CASE(" + conditions + " -> " + results + ", else " + elseResult + ")";
    }
}
