package io.signo.sql.translate;

import org.junit.jupiter.api.Test;

import java.util.List;

import static io.signo.sql.translate.FieldChannels.ABSENT;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class FieldChannelsTest
{
    @Test
    void scanOfSomeColumnsLeavesTheOthersAbsent()
    {
        FieldChannels channels = FieldChannels.ofColumns(4, new int[] {1, 3});
        assertEquals("[-1, 0, -1, 1]", channels.toString());
        assertFalse(channels.isIdentity());
        assertTrue(FieldChannels.identity(3).isIdentity());
    }

    @Test
    void concatenationShiftsEachSideAndKeepsAbsentFields()
    {
        FieldChannels left = FieldChannels.ofColumns(3, new int[] {0, 2});
        FieldChannels right = FieldChannels.identity(2);
        // the right side streams as the probe: [right (2 channels), left]
        FieldChannels joined = FieldChannels.concat(left, 2, right, 0);
        assertEquals("[2, -1, 3, 0, 1]", joined.toString());
        assertEquals(List.of(3, 0), joined.channelsOf(List.of(2, 3)));
        assertEquals("[2, -1]", joined.prefix(2).toString());
    }

    @Test
    void swappingSidesMovesEachChannelToTheOtherEnd()
    {
        // [probe (2 channels), build (3 channels)] becomes [build, probe]
        FieldChannels channels = FieldChannels.identity(5).swapSides(2, 3);
        assertEquals("[3, 4, 0, 1, 2]", channels.toString());
        assertEquals(FieldChannels.identity(5).toString(), channels.swapSides(3, 2).toString());
        assertEquals(ABSENT, FieldChannels.ofColumns(2, new int[] {1}).swapSides(1, 1).channel(0));
    }

    @Test
    void selectingOutputsRenumbersTheKeptChannelsAndDropsTheRest()
    {
        // [probe 0..2, build 3..4]; output probe [2, 0] then build [1]
        FieldChannels selected = FieldChannels.identity(5).selectOutputs(5, 3, List.of(2, 0), List.of(1));
        assertEquals("[1, -1, 0, -1, 2]", selected.toString());
        assertEquals("[1, -1, 0]", FieldChannels.identity(5).selectOutputs(3, 3, List.of(2, 0), List.of()).toString());
    }
}
