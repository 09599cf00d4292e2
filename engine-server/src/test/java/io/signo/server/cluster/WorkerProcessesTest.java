package io.signo.server.cluster;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

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
}
