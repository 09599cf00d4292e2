package io.signo.storage.db.encoding;

import io.signo.storage.memory.MemoryPool;
import io.signo.storage.page.Page;
import io.signo.storage.table.Column;
import io.signo.storage.table.Partition;
import io.signo.storage.table.Segment;
import io.signo.storage.table.Table;
import io.signo.storage.tpch.TpchData;
import io.signo.storage.tpch.TpchDataSet;
import org.junit.jupiter.api.Test;

import java.util.Map;
import java.util.TreeMap;

import static io.signo.storage.db.encoding.ColumnChunkCodecTest.assertVectorsEqual;
import static io.signo.storage.db.encoding.ColumnChunkCodecTest.decode;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Every column of every TPC-H table at scale factor 0.01, chunk by chunk, through the codec and back. */
class TpchChunkRoundTripTest
{
    @Test
    void roundTripsEveryTpchColumn()
    {
        MemoryPool pool = new MemoryPool("tpch-encoding-test", 1L << 30);
        TpchDataSet dataSet = TpchData.generateDataSet(0.01, 2, pool);
        try {
            Map<String, String> encodings = new TreeMap<>();
            long chunks = 0;
            for (Table table : dataSet.catalog().tables()) {
                for (Partition partition : table.partitions()) {
                    for (Segment segment : partition.segments()) {
                        Page page = segment.readAll();
                        for (int channel = 0; channel < page.columnCount(); channel++) {
                            Column column = table.columns().get(channel);
                            byte[] encoded = ColumnChunkCodec.encode(page.column(channel));
                            assertVectorsEqual(page.column(channel), decode(column.type(), page.positionCount(), encoded), table.name() + "." + column.name());
                            encodings.merge(table.name() + "." + column.name(), ChunkColumnEncoding.of(encoded).name(), (a, b) -> a.contains(b) ? a : a + "," + b);
                            chunks++;
                        }
                    }
                }
            }
            assertTrue(chunks > 100, "chunks: " + chunks);
            // the encodings the data is made for
            assertEquals("DICTIONARY", encodings.get("lineitem.l_shipmode"));
            assertEquals("DICTIONARY", encodings.get("lineitem.l_returnflag"));
            assertEquals("FRAME_OF_REFERENCE", encodings.get("lineitem.l_quantity"));
            assertEquals("FRAME_OF_REFERENCE", encodings.get("lineitem.l_shipdate"));
            assertTrue(encodings.get("lineitem.l_orderkey").matches("(RUN_LENGTH|DELTA|,)+"), encodings.get("lineitem.l_orderkey"));
            assertTrue(encodings.get("orders.o_orderkey").matches("(DELTA|FRAME_OF_REFERENCE|,)+"), encodings.get("orders.o_orderkey"));
            assertEquals("PLAIN", encodings.get("lineitem.l_comment"));
        }
        finally {
            dataSet.close();
        }
    }
}
