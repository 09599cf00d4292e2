package io.signo.storage.file.csv;

import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * args: rounds file... : per file, the thread CPU of computing every range's transition
 * (CsvCutStates.transition, what a reader adds) against parsing the same ranges with the byte
 * parser into a sink that keeps nothing; the whole file read first into one array.
 */
public class CutStatesCost {
    public static void main(String[] args) throws Exception {
        int rounds = Integer.parseInt(args[0]);
        var threads = ManagementFactory.getThreadMXBean();
        for (int a = 1; a < args.length; a++) {
            Path file = Path.of(args[a]);
            byte[] bytes = Files.readAllBytes(file);
            List<CsvSplits.Split> splits = CsvSplits.of(file, '"', false);
            CsvByteParser.RecordSink none = new CsvByteParser.RecordSink() {
                public void startRecord(long line) {}
                public void field(int index, byte[] b, int start, int length, boolean quoted) {}
                public void endRecord(int fieldCount) {}
            };
            for (int round = 0; round < rounds; round++) {
                long t = threads.getCurrentThreadCpuTime();
                int identities = 0;
                for (CsvSplits.Split split : splits) {
                    identities += CsvCutStates.transition(bytes, (int) split.start(), (int) split.end(), (byte) '"', (byte) '|') == CsvCutStates.IDENTITY ? 1 : 0;
                }
                long check = threads.getCurrentThreadCpuTime() - t;
                t = threads.getCurrentThreadCpuTime();
                CsvByteParser parser = new CsvByteParser('|', '"');
                for (CsvSplits.Split split : splits) {
                    parser.parse(bytes, (int) split.start(), (int) split.end(), none);
                }
                long parse = threads.getCurrentThreadCpuTime() - t;
                System.out.printf("%s round %d: %d ranges (%d without a quote), transitions %.0f ms, parse %.0f ms%n",
                        file.getFileName(), round, splits.size(), identities, check / 1e6, parse / 1e6);
            }
        }
    }
}
