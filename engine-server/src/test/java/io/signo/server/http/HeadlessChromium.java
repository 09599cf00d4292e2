package io.signo.server.http;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Assumptions;

import java.io.File;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.WebSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;

/**
 * A real Chromium, headless, driven over the Chrome DevTools Protocol with the JDK's own WebSocket
 * client: navigate, evaluate JavaScript in the page, take screenshots. When no Chromium is installed
 * and the test runs as root on Debian, it installs Debian's {@code chromium} package with apt-get;
 * when that is impossible the calling test is skipped with a message that says what to install.
 */
final class HeadlessChromium
        implements AutoCloseable
{
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final Duration COMMAND_TIMEOUT = Duration.ofSeconds(30);

    private final Process process;
    private final Path profile;
    private final WebSocket socket;
    private final AtomicInteger nextId = new AtomicInteger();
    private final Map<Integer, CompletableFuture<JsonNode>> pending = new ConcurrentHashMap<>();

    private HeadlessChromium(Process process, Path profile, WebSocket socket)
    {
        this.process = process;
        this.profile = profile;
        this.socket = socket;
    }

    /** Starts Chromium with a blank page, or skips the test when there is none and none can be installed. */
    static HeadlessChromium start()
            throws Exception
    {
        Path executable = findOrInstall();
        Path profile = Files.createTempDirectory("signo-chromium");
        Process process = new ProcessBuilder(executable.toString(), "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
                "--disable-extensions", "--remote-debugging-address=127.0.0.1", "--remote-debugging-port=0", "--user-data-dir=" + profile, "--window-size=1400,1000", "about:blank")
                .redirectErrorStream(true)
                .redirectOutput(profile.resolve("chromium.log").toFile())
                .start();
        try {
            Path portFile = profile.resolve("DevToolsActivePort");
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (!Files.exists(portFile) || Files.readAllLines(portFile).isEmpty()) {
                if (!process.isAlive() || System.nanoTime() > deadline) {
                    throw new AssertionError("Chromium did not start its DevTools endpoint; its log:\n" + Files.readString(profile.resolve("chromium.log")));
                }
                Thread.sleep(50);
            }
            int port = Integer.parseInt(Files.readAllLines(portFile).getFirst().strip());
            HttpClient client = HttpClient.newHttpClient();
            String pageSocket = null;
            while (pageSocket == null) {
                JsonNode targets = MAPPER.readTree(client.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/json/list")).build(), HttpResponse.BodyHandlers.ofString()).body());
                for (JsonNode target : targets) {
                    if (target.get("type").asText().equals("page")) {
                        pageSocket = target.get("webSocketDebuggerUrl").asText();
                    }
                }
                if (pageSocket == null) {
                    if (System.nanoTime() > deadline) {
                        throw new AssertionError("Chromium opened no page: " + targets);
                    }
                    Thread.sleep(50);
                }
            }
            HeadlessChromium[] self = new HeadlessChromium[1];
            Listener listener = new Listener(message -> self[0].receive(message));
            WebSocket socket = client.newWebSocketBuilder().buildAsync(URI.create(pageSocket), listener).get(30, TimeUnit.SECONDS);
            self[0] = new HeadlessChromium(process, profile, socket);
            self[0].command("Page.enable", Map.of());
            self[0].command("Runtime.enable", Map.of());
            return self[0];
        }
        catch (Exception | AssertionError e) {
            process.destroyForcibly();
            throw e;
        }
    }

    private static Path findOrInstall()
            throws Exception
    {
        Path found = find();
        if (found != null) {
            return found;
        }
        boolean root = "root".equals(System.getProperty("user.name"));
        boolean apt = Files.isExecutable(Path.of("/usr/bin/apt-get"));
        Assumptions.assumeTrue(root && apt, "skipped: no Chromium installed and this test cannot install one (it needs root and apt-get); install Debian's chromium package to run it");
        Process install = new ProcessBuilder("apt-get", "install", "-y", "--no-install-recommends", "chromium")
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start();
        install.getOutputStream().close();
        boolean ended = install.waitFor(10, TimeUnit.MINUTES);
        if (!ended) {
            install.destroyForcibly();
        }
        found = find();
        Assumptions.assumeTrue(found != null, "skipped: no Chromium installed and 'apt-get install chromium' did not install one (exit " + (ended ? install.exitValue() : "timeout") + ")");
        return found;
    }

    private static Path find()
    {
        for (String directory : System.getenv().getOrDefault("PATH", "/usr/bin").split(File.pathSeparator)) {
            for (String name : List.of("chromium", "chromium-browser", "google-chrome")) {
                Path candidate = Path.of(directory, name);
                if (Files.isExecutable(candidate)) {
                    return candidate;
                }
            }
        }
        return null;
    }

    /** Sends one DevTools command and waits for its result; a protocol error fails the test. */
    JsonNode command(String method, Map<String, Object> parameters)
            throws Exception
    {
        int id = nextId.incrementAndGet();
        ObjectNode message = MAPPER.createObjectNode();
        message.put("id", id);
        message.put("method", method);
        message.set("params", MAPPER.valueToTree(parameters));
        CompletableFuture<JsonNode> answer = new CompletableFuture<>();
        pending.put(id, answer);
        socket.sendText(MAPPER.writeValueAsString(message), true).get(30, TimeUnit.SECONDS);
        JsonNode reply = answer.get(COMMAND_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
        if (reply.has("error")) {
            throw new AssertionError(method + " failed: " + reply.get("error"));
        }
        return reply.get("result");
    }

    void navigate(String url)
            throws Exception
    {
        command("Page.navigate", Map.of("url", url));
    }

    /** The value of a JavaScript expression in the page (awaited when it is a promise). */
    JsonNode evaluate(String expression)
            throws Exception
    {
        JsonNode result = command("Runtime.evaluate", Map.of("expression", expression, "returnByValue", true, "awaitPromise", true));
        if (result.has("exceptionDetails")) {
            throw new AssertionError("the page threw on " + expression + ": " + result.get("exceptionDetails"));
        }
        JsonNode value = result.get("result").get("value");
        return value == null ? MAPPER.nullNode() : value;
    }

    /**
     * Waits until a JavaScript expression's value satisfies {@code condition} (an expression that throws
     * has not yet), failing with the last value and a screenshot after {@code timeout}.
     */
    JsonNode await(String expression, Predicate<JsonNode> condition, Duration timeout, Path failureScreenshot)
            throws Exception
    {
        long deadline = System.nanoTime() + timeout.toNanos();
        Object last;
        do {
            try {
                JsonNode value = evaluate(expression);
                if (condition.test(value)) {
                    return value;
                }
                last = value;
            }
            catch (AssertionError pageThrew) {
                // the page is still loading, or not yet drawn what the expression reads
                last = pageThrew.getMessage();
            }
            Thread.sleep(100);
        }
        while (System.nanoTime() < deadline);
        screenshot(failureScreenshot);
        throw new AssertionError("after " + timeout.toSeconds() + " s, " + expression + " is still " + last + " (screenshot: " + failureScreenshot + ")");
    }

    void screenshot(Path file)
            throws Exception
    {
        JsonNode result = command("Page.captureScreenshot", Map.of("format", "png", "captureBeyondViewport", true));
        Files.createDirectories(file.getParent());
        Files.write(file, Base64.getDecoder().decode(result.get("data").asText()));
    }

    private void receive(String text)
    {
        try {
            JsonNode message = MAPPER.readTree(text);
            if (message.has("id")) {
                CompletableFuture<JsonNode> answer = pending.remove(message.get("id").asInt());
                if (answer != null) {
                    answer.complete(message);
                }
            }
        }
        catch (IOException e) {
            throw new IllegalStateException("Chromium sent a message that is not JSON", e);
        }
    }

    @Override
    public void close()
            throws Exception
    {
        try {
            socket.sendClose(WebSocket.NORMAL_CLOSURE, "").get(5, TimeUnit.SECONDS);
        }
        catch (Exception ignored) {
            // the browser goes away below regardless
        }
        process.destroy();
        if (!process.waitFor(10, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
        try (var files = Files.walk(profile)) {
            files.sorted(java.util.Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
        }
    }

    /** Joins the fragments of each text message before handing it on. */
    private static final class Listener
            implements WebSocket.Listener
    {
        private final java.util.function.Consumer<String> messages;
        private final StringBuilder partial = new StringBuilder();

        Listener(java.util.function.Consumer<String> messages)
        {
            this.messages = messages;
        }

        @Override
        public CompletionStage<?> onText(WebSocket webSocket, CharSequence data, boolean last)
        {
            partial.append(data);
            if (last) {
                String message = partial.toString();
                partial.setLength(0);
                messages.accept(message);
            }
            webSocket.request(1);
            return null;
        }
    }
}
