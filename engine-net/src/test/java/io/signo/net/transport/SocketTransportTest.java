package io.signo.net.transport;

import io.netty.channel.epoll.Epoll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Random;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

@Timeout(value = 20, unit = TimeUnit.SECONDS)
class SocketTransportTest
{
    @Test
    void choosesNativeEpollOnLinuxX86()
    {
        boolean linuxX86 = System.getProperty("os.name").toLowerCase(Locale.ROOT).contains("linux") && System.getProperty("os.arch").equals("amd64");
        // the native library ships for linux-x86_64 only; there it must load (JDK 25, --enable-native-access)
        SocketTransport expected = linuxX86 ? SocketTransport.EPOLL : SocketTransport.NIO;
        assertEquals(expected, SocketTransport.fromSetting("auto"), () -> "epoll unavailable: " + Epoll.unavailabilityCause());
        assertEquals(expected, SocketTransport.fromSetting(""));
    }

    @Test
    void settingForcesNioOrRejectsUnknownNames()
    {
        assertEquals(SocketTransport.NIO, SocketTransport.fromSetting("nio"));
        assertEquals(SocketTransport.NIO, SocketTransport.fromSetting(" NIO "));
        IllegalArgumentException failure = assertThrows(IllegalArgumentException.class, () -> SocketTransport.fromSetting("kqueue"));
        assertEquals("signo.transport must be auto, epoll or nio, not kqueue", failure.getMessage());
    }

    @ParameterizedTest
    @CsvSource({"EPOLL, EPOLL", "NIO, NIO", "EPOLL, NIO", "NIO, EPOLL"})
    void requestsAndLargePayloadsCrossEitherTransport(SocketTransport firstTransport, SocketTransport secondTransport)
            throws Exception
    {
        try (NodeTransport first = NodeTransport.start("127.0.0.1", 0, TransportConfig.DEFAULT.withSocketTransport(firstTransport));
                NodeTransport second = NodeTransport.start("127.0.0.1", 0, TransportConfig.DEFAULT.withSocketTransport(secondTransport))) {
            assertEquals(firstTransport, first.socketTransport());
            second.registerHandler("reverse", payload -> {
                byte[] reversed = new byte[payload.length];
                for (int i = 0; i < payload.length; i++) {
                    reversed[i] = payload[payload.length - 1 - i];
                }
                return reversed;
            });
            first.registerHandler("echo", payload -> payload);
            byte[] large = new byte[3 << 20];
            new Random(20).nextBytes(large);
            byte[] reversed = first.request(second.localAddress(), "reverse", large).get(10, TimeUnit.SECONDS);
            for (int i = 0; i < large.length; i++) {
                if (reversed[i] != large[large.length - 1 - i]) {
                    throw new AssertionError("byte " + i + " of the answer differs");
                }
            }
            byte[] small = "over the connection the first opened".getBytes(StandardCharsets.UTF_8);
            assertArrayEquals(small, second.request(first.localAddress(), "echo", small).get(10, TimeUnit.SECONDS));
        }
    }
}
