package io.signo.server.cluster;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The thread stacks of this process and of worker processes, for a test that found a query hung:
 * its failure then shows where every node waited.
 */
final class ThreadDumps
{
    private ThreadDumps() {}

    static String of(WorkerProcesses workers)
    {
        StringBuilder dump = new StringBuilder("--- this process\n");
        for (Map.Entry<Thread, StackTraceElement[]> thread : Thread.getAllStackTraces().entrySet()) {
            dump.append('"').append(thread.getKey().getName()).append("\" ").append(thread.getKey().getState()).append('\n');
            for (StackTraceElement frame : thread.getValue()) {
                dump.append("    at ").append(frame).append('\n');
            }
        }
        for (int i = 0; i < workers.addresses().size(); i++) {
            Process process = workers.process(i);
            dump.append("--- worker ").append(workers.addresses().get(i)).append(" (pid ").append(process.pid()).append(")\n");
            dump.append(process.isAlive() ? threadPrint(process.pid()) : "exited\n");
        }
        return dump.toString();
    }

    private static String threadPrint(long pid)
    {
        Path jcmd = Path.of(ProcessHandle.current().info().command().orElse("java")).resolveSibling("jcmd");
        try {
            Process process = new ProcessBuilder(jcmd.toString(), Long.toString(pid), "Thread.print").redirectErrorStream(true).start();
            byte[] output = process.getInputStream().readAllBytes();
            process.waitFor(30, TimeUnit.SECONDS);
            return new String(output, StandardCharsets.UTF_8);
        }
        catch (IOException e) {
            return "jcmd failed: " + e + "\n";
        }
        catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "interrupted\n";
        }
    }
}
