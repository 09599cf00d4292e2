/** args: string length. ns per byte of the distinct sketch's string hash, bytewise (old) and four bytes a step (new), 4 M strings of random bytes, eight rounds; "true" when both give the same sums. */
import java.util.Random;
public class StringHashCost {
    static final long P2 = 31 * 31, P3 = P2 * 31, P4 = P3 * 31;
    static long old(byte[] b, int start, int length) { long h = length; for (int k = start; k < start + length; k++) h = h * 31 + b[k]; return h; }
    static long neu(byte[] b, int start, int length) { long h = length; int end = start + length; int k = start;
        for (; k + 4 <= end; k += 4) h = h * P4 + b[k] * P3 + b[k + 1] * P2 + b[k + 2] * 31L + b[k + 3];
        for (; k < end; k++) h = h * 31 + b[k]; return h; }
    public static void main(String[] a) {
        int len = Integer.parseInt(a[0]); int n = 4_000_000; byte[] b = new byte[n * len]; new Random(1).nextBytes(b);
        var mx = java.lang.management.ManagementFactory.getThreadMXBean();
        for (int r = 0; r < 8; r++) {
            long t = mx.getCurrentThreadCpuTime(); long s = 0; for (int i = 0; i < n; i++) s += old(b, i * len, len); long t1 = mx.getCurrentThreadCpuTime();
            long s2 = 0; for (int i = 0; i < n; i++) s2 += neu(b, i * len, len); long t2 = mx.getCurrentThreadCpuTime();
            System.out.printf("len %d old %.2f ns/byte new %.2f ns/byte %s%n", len, (t1 - t) / (double) (n * (long) len), (t2 - t1) / (double) (n * (long) len), s == s2);
        }
    }
}
