package io.signo.server.cluster;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class WorkerProcessesTest
{
    @Test
    void workersTakeTheAheadOfTimeCacheAndTheOptionsItWasMadeWith()
    {
        List<String> coordinator = List.of("-Xmx4g", "-XX:+UseParallelGC", "--enable-native-access=ALL-UNNAMED", "--sun-misc-unsafe-memory-access=allow", "-Xlog:aot=off",
                "-XX:AOTCache=/opt/signo/engine-server.aot", "-agentlib:jdwp=transport=dt_socket,server=y,suspend=n", "-Dsigno.example=1");
        assertEquals(List.of("--sun-misc-unsafe-memory-access=allow", "-Xlog:aot=off", "-XX:AOTCache=/opt/signo/engine-server.aot"), WorkerProcesses.inheritedJvmOptions(coordinator));
    }

    @Test
    void workersUseTheSocketTransportTheirCoordinatorWasToldTo()
    {
        assertEquals(List.of("-Dsigno.transport=nio"), WorkerProcesses.inheritedJvmOptions(List.of("-Xmx4g", "-Dsigno.transport=nio", "-Dsigno.transports=x")));
    }

    @Test
    void aTrainingRunDoesNotHaveItsWorkersWriteTheCache()
    {
        // a coordinator that records a cache (-XX:AOTCacheOutput) starts workers without any
        assertEquals(List.of(), WorkerProcesses.inheritedJvmOptions(List.of("-Xmx4g", "-XX:AOTCacheOutput=/tmp/signo.aot", "-XX:AOTMode=record")));
    }

    @Test
    void withoutACacheWorkersGetNoExtraOptions()
    {
        assertEquals(List.of(), WorkerProcesses.inheritedJvmOptions(List.of()));
        assertEquals(List.of(), WorkerProcesses.inheritedJvmOptions(List.of("-Xmx2g", "-XX:+UseParallelGC")));
    }

    @Test
    void workersRunWithTheJitOptionsOfEverySignoProcess()
            throws IOException
    {
        try (WorkerProcesses workers = WorkerProcesses.start(1, 1, "256m")) {
            // the worker's command line as the kernel holds it (ProcessHandle.Info leaves out a command line as long as a test's class path)
            byte[] commandLine = Files.readAllBytes(Path.of("/proc", Long.toString(workers.process(0).pid()), "cmdline"));
            List<String> arguments = List.of(new String(commandLine, StandardCharsets.UTF_8).split("\0"));
            assertTrue(arguments.containsAll(JitOptions.options()), () -> "worker arguments " + arguments + " lack " + JitOptions.options());
        }
    }
}
