import io.signo.storage.file.csv.CsvSplits;
import java.nio.file.*;
public class Cut {
    public static void main(String[] a) throws Exception {
        for (String f : a) {
            long t = System.nanoTime(); var s = CsvSplits.of(Path.of(f), '"', false);
            System.out.printf("%s: %d splits in %.0f ms%n", f, s.size(), (System.nanoTime() - t) / 1e6);
        }
    }
}
