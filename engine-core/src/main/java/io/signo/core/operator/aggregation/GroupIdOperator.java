package io.signo.core.operator.aggregation;

import io.signo.core.operator.Operator;
import io.signo.core.operator.OperatorContext;
import io.signo.core.operator.OperatorFactory;
import io.signo.storage.page.Page;
import io.signo.storage.type.Type;
import io.signo.storage.vector.ColumnVector;
import io.signo.storage.vector.VectorBuilder;

import java.util.List;

import static java.util.Objects.requireNonNull;

/**
 * The input of a GROUP BY GROUPING SETS (ROLLUP, CUBE): every input row once per grouping set, as
 * its input columns, then a copy of each grouping key (NULL where the set does not group by it),
 * then the set's index as an INTEGER. An aggregation on the copies and the index then computes all
 * sets at once; aggregates read the input columns, which keep their values in every set.
 * Output pages reuse the input's vectors: only the NULL columns and the index are new.
 */
public final class GroupIdOperator
        implements Operator
{
    public static final class GroupIdOperatorFactory
            implements OperatorFactory
    {
        private final List<Type> inputTypes;
        private final List<Integer> keyChannels;
        private final List<List<Integer>> groupingSets;

        /**
         * @param keyChannels the input channels of all grouping keys, in the order of their copies
         * @param groupingSets per set, the indexes into {@code keyChannels} of the keys it groups by
         */
        public GroupIdOperatorFactory(List<Type> inputTypes, List<Integer> keyChannels, List<List<Integer>> groupingSets)
        {
            this.inputTypes = List.copyOf(requireNonNull(inputTypes, "inputTypes is null"));
            this.keyChannels = List.copyOf(requireNonNull(keyChannels, "keyChannels is null"));
            this.groupingSets = groupingSets.stream().map(List::copyOf).toList();
            if (groupingSets.isEmpty()) {
                throw new IllegalArgumentException("no grouping set");
            }
        }

        @Override
        public Operator createOperator(OperatorContext context)
        {
            return new GroupIdOperator(this);
        }

        @Override
        public String name()
        {
            return "GroupId";
        }
    }

    private final GroupIdOperatorFactory factory;
    /** Per grouping set, per key copy: whether the set groups by the key. */
    private final boolean[][] keyInSet;
    private Page input;
    /** The input page's NULL column of each key's type, made once per page for every set that leaves the key out. */
    private ColumnVector[] nullKeys;
    private int nextSet;
    private boolean finishing;

    private GroupIdOperator(GroupIdOperatorFactory factory)
    {
        this.factory = factory;
        int keyCount = factory.keyChannels.size();
        this.keyInSet = new boolean[factory.groupingSets.size()][keyCount];
        for (int set = 0; set < keyInSet.length; set++) {
            for (int key : factory.groupingSets.get(set)) {
                keyInSet[set][key] = true;
            }
        }
    }

    @Override
    public boolean needsInput()
    {
        return !finishing && input == null;
    }

    @Override
    public void addInput(Page page)
    {
        input = page;
        nullKeys = new ColumnVector[factory.keyChannels.size()];
        nextSet = 0;
    }

    @Override
    public Page getOutput()
    {
        if (input == null) {
            return null;
        }
        int count = input.positionCount();
        int inputColumns = input.columnCount();
        int keyCount = factory.keyChannels.size();
        ColumnVector[] columns = new ColumnVector[inputColumns + keyCount + 1];
        for (int channel = 0; channel < inputColumns; channel++) {
            columns[channel] = input.column(channel);
        }
        for (int key = 0; key < keyCount; key++) {
            int channel = factory.keyChannels.get(key);
            if (keyInSet[nextSet][key]) {
                columns[inputColumns + key] = input.column(channel);
            }
            else {
                if (nullKeys[key] == null) {
                    nullKeys[key] = nulls(factory.inputTypes.get(channel), count);
                }
                columns[inputColumns + key] = nullKeys[key];
            }
        }
        VectorBuilder setIndex = new VectorBuilder(Type.INTEGER, count);
        for (int i = 0; i < count; i++) {
            setIndex.appendInt(nextSet);
        }
        columns[inputColumns + keyCount] = setIndex.build();
        Page output = new Page(count, columns);
        nextSet++;
        if (nextSet == keyInSet.length) {
            input = null;
            nullKeys = null;
        }
        return output;
    }

    private static ColumnVector nulls(Type type, int count)
    {
        VectorBuilder builder = new VectorBuilder(type, count);
        for (int i = 0; i < count; i++) {
            builder.appendNull();
        }
        return builder.build();
    }

    @Override
    public void finish()
    {
        finishing = true;
    }

    @Override
    public boolean isFinished()
    {
        return finishing && input == null;
    }
}
