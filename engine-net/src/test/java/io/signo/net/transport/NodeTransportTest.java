package io.signo.net.transport;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.util.concurrent.EventExecutor;
import io.signo.net.codec.BulkFrame;
import io.signo.net.codec.Frame;
import io.signo.net.codec.FrameType;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

@Timeout(value = 10, unit = TimeUnit.SECONDS)
class NodeTransportTest
{
    private NodeTransport first;
    private NodeTransport second;

    @AfterEach
    void tearDown()
    {
        if (first != null) {
            first.close();
        }
        if (second != null) {
            second.close();
        }
    }

    private void startBoth(TransportConfig config)
    {
        first = NodeTransport.start("127.0.0.1", 0, config);
        second = NodeTransport.start("127.0.0.1", 0, config);
    }

    @Test
    void bindsAnyPortAndNamesItself()
    {
        startBoth(TransportConfig.DEFAULT);
        assertTrue(first.port() > 0);
        assertNotEquals(first.port(), second.port());
        assertEquals("127.0.0.1:" + first.port(), first.localAddress());
    }

    @Test
    void requestRoundTripBothWays()
            throws Exception
    {
        startBoth(TransportConfig.DEFAULT);
        second.registerHandler("echo", payload -> ("echo:" + new String(payload, StandardCharsets.UTF_8)).getBytes(StandardCharsets.UTF_8));
        first.registerHandler("size", payload -> new byte[] {(byte) payload.length});

        byte[] response = first.request(second.localAddress(), "echo", "hello".getBytes(StandardCharsets.UTF_8)).get(5, TimeUnit.SECONDS);
        assertEquals("echo:hello", new String(response, StandardCharsets.UTF_8));
        // an empty payload, and the reverse direction over the connection the first process opened
        assertEquals("echo:", new String(first.request(second.localAddress(), "echo", new byte[0]).get(5, TimeUnit.SECONDS), StandardCharsets.UTF_8));
        assertArrayEquals(new byte[] {3}, second.request(first.localAddress(), "size", new byte[3]).get(5, TimeUnit.SECONDS));
    }

    @Test
    void aToldMessageReachesItsHandlerAndAFailingOneLeavesTheConnectionServing()
            throws Exception
    {
        startBoth(TransportConfig.DEFAULT);
        CompletableFuture<String> told = new CompletableFuture<>();
        second.registerHandler("report", payload -> {
            told.complete(new String(payload, StandardCharsets.UTF_8));
            return new byte[0];
        });
        second.registerHandler("broken", _ -> {
            throw new IllegalStateException("broken handler");
        });
        second.registerHandler("echo", payload -> payload);
        first.tell(second.localAddress(), "broken", new byte[0]);
        first.tell(second.localAddress(), "report", "done".getBytes(StandardCharsets.UTF_8));
        assertEquals("done", told.get(5, TimeUnit.SECONDS));
        assertArrayEquals(new byte[] {7}, first.request(second.localAddress(), "echo", new byte[] {7}).get(5, TimeUnit.SECONDS));
    }

    @Test
    void remoteErrorCarriesTheRemoteMessage()
    {
        startBoth(TransportConfig.DEFAULT);
        second.registerHandler("fail", _ -> {
            throw new IllegalArgumentException("no such split 42");
        });

        ExecutionException failure = assertThrows(ExecutionException.class, () -> first.request(second.localAddress(), "fail", new byte[0]).get(5, TimeUnit.SECONDS));
        RemoteRequestException remote = assertInstanceOf(RemoteRequestException.class, failure.getCause());
        assertTrue(remote.getMessage().contains("no such split 42"), remote.getMessage());
        assertTrue(remote.getMessage().contains(second.localAddress()), remote.getMessage());

        ExecutionException unknown = assertThrows(ExecutionException.class, () -> first.request(second.localAddress(), "missing", new byte[0]).get(5, TimeUnit.SECONDS));
        assertTrue(unknown.getCause().getMessage().contains("no handler for method missing"), unknown.getCause().getMessage());
    }

    @Test
    void requestTimesOut()
    {
        startBoth(TransportConfig.DEFAULT.withRequestTimeout(Duration.ofMillis(200)));
        CountDownLatch release = new CountDownLatch(1);
        second.registerHandler("slow", _ -> {
            try {
                release.await();
            }
            catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return new byte[0];
        });
        ExecutionException failure = assertThrows(ExecutionException.class, () -> first.request(second.localAddress(), "slow", new byte[0]).get(5, TimeUnit.SECONDS));
        assertInstanceOf(TimeoutException.class, failure.getCause());
        release.countDown();
    }

    @Test
    void framesFromManyThreadsArriveWholeAndEachThreadsInTheOrderItSentThem()
            throws Exception
    {
        startBoth(TransportConfig.DEFAULT);
        int threads = 4;
        int framesEach = 2000;
        int[] lastSequence = new int[threads];
        Arrays.fill(lastSequence, -1);
        List<String> outOfOrder = new CopyOnWriteArrayList<>();
        CountDownLatch received = new CountDownLatch(threads * framesEach);
        second.registerFrameHandler(FrameType.EXCHANGE_END, (_, frame) -> {
            ByteBuffer payload = ByteBuffer.wrap(frame.payload());
            int thread = payload.getInt();
            int sequence = payload.getInt();
            // one event loop delivers a connection's frames: no lock needed
            if (sequence != lastSequence[thread] + 1) {
                outOfOrder.add("thread " + thread + ": " + sequence + " after " + lastSequence[thread]);
            }
            lastSequence[thread] = sequence;
            received.countDown();
        });
        String secondAddress = second.localAddress();
        List<Thread> senders = new ArrayList<>();
        for (int thread = 0; thread < threads; thread++) {
            int sender = thread;
            senders.add(Thread.ofPlatform().start(() -> {
                for (int sequence = 0; sequence < framesEach; sequence++) {
                    first.send(secondAddress, new Frame(FrameType.EXCHANGE_END, ByteBuffer.allocate(2 * Integer.BYTES).putInt(sender).putInt(sequence).array()));
                }
            }));
        }
        for (Thread sender : senders) {
            sender.join();
        }
        assertTrue(received.await(5, TimeUnit.SECONDS), received.getCount() + " frames missing");
        assertEquals(List.of(), outOfOrder);
    }

    @Test
    void framesSentWhileBurstsAreHeldLeaveTogetherInOrderWhenTheHoldEnds()
            throws Exception
    {
        startBoth(TransportConfig.DEFAULT);
        int frames = 20;
        List<Integer> arrived = new CopyOnWriteArrayList<>();
        CountDownLatch received = new CountDownLatch(frames);
        second.registerFrameHandler(FrameType.EXCHANGE_END, (_, frame) -> {
            arrived.add(ByteBuffer.wrap(frame.payload()).getInt());
            received.countDown();
        });
        String secondAddress = second.localAddress();
        PeerConnection connection = first.connection(secondAddress);
        // once answered, the connection is up and its outbox written: a frame sent now waits in the outbox
        first.request(secondAddress, "absent", new byte[0]).handle((_, _) -> null).get(5, TimeUnit.SECONDS);
        PeerConnection.holdingBursts(() -> PeerConnection.holdingBursts(() -> {
            for (int i = 0; i < frames; i++) {
                first.send(secondAddress, new Frame(FrameType.EXCHANGE_END, ByteBuffer.allocate(Integer.BYTES).putInt(i).array()));
            }
            // the outer hold holds them too: no burst scheduled, every frame still in the outbox
            assertEquals(frames, connection.framesWaiting());
            assertFalse(connection.isBurstScheduled());
        }));
        assertTrue(received.await(5, TimeUnit.SECONDS), received.getCount() + " frames missing");
        List<Integer> expected = new ArrayList<>();
        for (int i = 0; i < frames; i++) {
            expected.add(i);
        }
        assertEquals(expected, arrived);
    }

    @Test
    void everyBulkFrameArrivesAndTellsItsSenderWhenWrittenInOrderWithControlFrames()
            throws Exception
    {
        startBoth(TransportConfig.DEFAULT);
        int frames = 500;
        List<String> arrived = new CopyOnWriteArrayList<>();
        CountDownLatch received = new CountDownLatch(2 * frames);
        second.registerSegmentFrameHandler(FrameType.EXCHANGE_DATA, (_, frame) -> {
            arrived.add("data " + frame.payload().get(ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN), 0));
            received.countDown();
        });
        second.registerFrameHandler(FrameType.EXCHANGE_END, (_, frame) -> {
            arrived.add("end " + ByteBuffer.wrap(frame.payload()).getInt());
            received.countDown();
        });
        PeerConnection connection = first.connection(second.localAddress());
        CountDownLatch written = new CountDownLatch(frames);
        List<String> expected = new ArrayList<>();
        for (int i = 0; i < frames; i++) {
            ByteBuf payload = Unpooled.directBuffer(1024).writeInt(i).writeZero(1020);
            connection.send(new BulkFrame(FrameType.EXCHANGE_DATA, payload), written::countDown);
            first.send(second.localAddress(), new Frame(FrameType.EXCHANGE_END, ByteBuffer.allocate(Integer.BYTES).putInt(i).array()));
            expected.add("data " + i);
            expected.add("end " + i);
        }
        assertTrue(written.await(5, TimeUnit.SECONDS), written.getCount() + " bulk frames not written");
        assertTrue(received.await(5, TimeUnit.SECONDS), received.getCount() + " frames missing");
        assertEquals(expected, arrived);
    }

    @Test
    void peerThatClosesFailsPendingRequestsAndIsReported()
            throws Exception
    {
        startBoth(TransportConfig.DEFAULT);
        String secondAddress = second.localAddress();
        CompletableFuture<String> dead = new CompletableFuture<>();
        first.onPeerDead(dead::complete);
        CountDownLatch entered = new CountDownLatch(1);
        second.registerHandler("hang", _ -> {
            entered.countDown();
            try {
                Thread.sleep(60_000);
            }
            catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return new byte[0];
        });
        CompletableFuture<byte[]> pending = first.request(secondAddress, "hang", new byte[0]);
        assertTrue(entered.await(5, TimeUnit.SECONDS));
        second.close();
        second = null;

        assertEquals(secondAddress, dead.get(5, TimeUnit.SECONDS));
        ExecutionException failure = assertThrows(ExecutionException.class, () -> pending.get(5, TimeUnit.SECONDS));
        PeerDeadException peerDead = assertInstanceOf(PeerDeadException.class, failure.getCause());
        assertEquals(secondAddress, peerDead.peer());
        assertTrue(peerDead.getMessage().contains(secondAddress), peerDead.getMessage());
    }

    @Test
    void unreachablePeerFailsTheRequestNamingIt()
    {
        startBoth(TransportConfig.DEFAULT);
        String gone = second.localAddress();
        second.close();
        second = null;
        ExecutionException failure = assertThrows(ExecutionException.class, () -> first.request(gone, "echo", new byte[0]).get(5, TimeUnit.SECONDS));
        assertTrue(failure.getCause().getMessage().contains(gone), failure.getCause().getMessage());
    }

    @Test
    void heartbeatsKeepLivePeersAndReportSilentOnes()
            throws Exception
    {
        startBoth(TransportConfig.DEFAULT);
        CompletableFuture<String> dead = new CompletableFuture<>();
        first.onPeerDead(dead::complete);
        try (HeartbeatMonitor monitor = new HeartbeatMonitor(first, Duration.ofMillis(20), Duration.ofMillis(300))) {
            long watched = System.nanoTime();
            monitor.watch(second.localAddress());
            // wait for an answered ping later than the timeout after the watch began: the peer was then watched that long
            long timeoutNanos = TimeUnit.MILLISECONDS.toNanos(300);
            long deadline = watched + TimeUnit.SECONDS.toNanos(10);
            while (monitor.lastSeenNanos(second.localAddress()) - watched <= timeoutNanos) {
                assertTrue(System.nanoTime() < deadline, "no ping answered beyond the timeout");
                Thread.sleep(5);
            }
            assertTrue(!dead.isDone(), "a peer that answers its pings was declared dead");

            // a peer that never answers (nothing listens there) is declared dead
            monitor.watch("127.0.0.1:1");
            assertEquals("127.0.0.1:1", dead.get(5, TimeUnit.SECONDS));
        }
    }

    @Test
    void aMonitorThatWasItselfStalledDoesNotDeclareLivePeersDead()
            throws Exception
    {
        startBoth(TransportConfig.DEFAULT);
        CompletableFuture<String> dead = new CompletableFuture<>();
        first.onPeerDead(dead::complete);
        try (HeartbeatMonitor monitor = new HeartbeatMonitor(first, Duration.ofMillis(20), Duration.ofMillis(300))) {
            monitor.watch(second.localAddress());
            long watched = System.nanoTime();
            while (monitor.lastSeenNanos(second.localAddress()) <= watched) {
                Thread.sleep(5);
            }
            // a long collection or a descheduled process: none of this process's event loops runs for longer than the
            // timeout, so neither the beats nor the peer's answers are handled; the peer itself answered all along
            CountDownLatch stalled = new CountDownLatch(1);
            for (EventExecutor loop : first.eventLoops()) {
                loop.execute(() -> {
                    try {
                        stalled.await();
                    }
                    catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                });
            }
            Thread.sleep(600);
            stalled.countDown();
            long resumed = System.nanoTime();
            while (monitor.lastSeenNanos(second.localAddress()) <= resumed) {
                assertTrue(!dead.isDone(), "a live peer was declared dead after the monitor's own stall: " + dead.getNow(null));
                Thread.sleep(5);
            }
            Thread.sleep(100);
            assertTrue(!dead.isDone(), "a live peer was declared dead after the monitor's own stall: " + dead.getNow(null));
        }
    }
}
