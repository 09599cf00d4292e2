package io.signo.sql.translate;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Where each field of a Calcite row is in the row of channels an operator outputs: the channel
 * holding the field, or {@link #ABSENT} when the operator does not output it. Physical joins output
 * fewer columns than Calcite's row and may put their sides in the other order; this is the one
 * place that follows the fields through those changes. Immutable.
 */
final class FieldChannels
{
    static final int ABSENT = -1;

    private final int[] channels;

    private FieldChannels(int[] channels)
    {
        this.channels = channels;
    }

    /** Field {@code f} in channel {@code f}. */
    static FieldChannels identity(int fieldCount)
    {
        int[] channels = new int[fieldCount];
        for (int field = 0; field < fieldCount; field++) {
            channels[field] = field;
        }
        return new FieldChannels(channels);
    }

    /** A scan of some of a table's columns: column {@code columns[i]} in channel {@code i}, the others absent. */
    static FieldChannels ofColumns(int fieldCount, int[] columns)
    {
        int[] channels = new int[fieldCount];
        Arrays.fill(channels, ABSENT);
        for (int i = 0; i < columns.length; i++) {
            channels[columns[i]] = i;
        }
        return new FieldChannels(channels);
    }

    /**
     * A join's row, Calcite's fields of the left side followed by the right side's, where each side's
     * channels start at the given offset of the operator's row.
     */
    static FieldChannels concat(FieldChannels left, int leftOffset, FieldChannels right, int rightOffset)
    {
        int leftCount = left.fieldCount();
        int[] channels = new int[leftCount + right.fieldCount()];
        for (int field = 0; field < leftCount; field++) {
            channels[field] = left.shifted(field, leftOffset);
        }
        for (int field = 0; field < right.fieldCount(); field++) {
            channels[leftCount + field] = right.shifted(field, rightOffset);
        }
        return new FieldChannels(channels);
    }

    private int shifted(int field, int offset)
    {
        int channel = channels[field];
        return channel == ABSENT ? ABSENT : channel + offset;
    }

    int fieldCount()
    {
        return channels.length;
    }

    int channel(int field)
    {
        return channels[field];
    }

    boolean isIdentity()
    {
        for (int field = 0; field < channels.length; field++) {
            if (channels[field] != field) {
                return false;
            }
        }
        return true;
    }

    /** The channels of the given fields, in their order. */
    List<Integer> channelsOf(List<Integer> fields)
    {
        List<Integer> result = new ArrayList<>(fields.size());
        for (int field : fields) {
            result.add(channels[field]);
        }
        return result;
    }

    /** The first {@code fieldCount} fields only. */
    FieldChannels prefix(int fieldCount)
    {
        return new FieldChannels(Arrays.copyOf(channels, fieldCount));
    }

    /**
     * The same row with the second side's channels (those from {@code firstCount} on) replaced:
     * {@code secondChannels[c]} is where the second side's channel {@code c} went, or {@link #ABSENT}.
     */
    FieldChannels remapSecondSide(int firstCount, int[] secondChannels)
    {
        int[] remapped = new int[channels.length];
        for (int field = 0; field < channels.length; field++) {
            int channel = channels[field];
            if (channel == ABSENT || channel < firstCount) {
                remapped[field] = channel;
            }
            else {
                int second = secondChannels[channel - firstCount];
                remapped[field] = second == ABSENT ? ABSENT : firstCount + second;
            }
        }
        return new FieldChannels(remapped);
    }

    /**
     * The same fields once the operator's row of two sides, {@code [first, second]} with
     * {@code firstCount} and {@code secondCount} channels, becomes {@code [second, first]}.
     */
    FieldChannels swapSides(int firstCount, int secondCount)
    {
        int[] swapped = new int[channels.length];
        for (int field = 0; field < channels.length; field++) {
            int channel = channels[field];
            swapped[field] = channel == ABSENT ? ABSENT : channel < firstCount ? secondCount + channel : channel - firstCount;
        }
        return new FieldChannels(swapped);
    }

    /**
     * The first {@code fieldCount} fields once a join of a row {@code [probe, build]} with
     * {@code probeCount} probe channels outputs only the probe channels {@code probeOutputs} followed
     * by the build channels {@code buildOutputs}: a field whose channel is not output becomes absent.
     */
    FieldChannels selectOutputs(int fieldCount, int probeCount, List<Integer> probeOutputs, List<Integer> buildOutputs)
    {
        int[] selected = new int[fieldCount];
        for (int field = 0; field < fieldCount; field++) {
            int channel = channels[field];
            if (channel == ABSENT) {
                selected[field] = ABSENT;
            }
            else if (channel < probeCount) {
                selected[field] = probeOutputs.indexOf(channel);
            }
            else {
                int buildOutput = buildOutputs.indexOf(channel - probeCount);
                selected[field] = buildOutput < 0 ? ABSENT : probeOutputs.size() + buildOutput;
            }
        }
        return new FieldChannels(selected);
    }

    /** For {@link RexTranslator}, which reads field {@code f} from channel {@code array[f]}. */
    int[] toArray()
    {
        return channels.clone();
    }

    @Override
    public String toString()
    {
        return Arrays.toString(channels);
    }
}
