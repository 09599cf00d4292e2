package io.signo.server.http;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/** Real HTTP requests to a server, as a user's tool sends them. */
final class ApiClient
{
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private final HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final URI base;
    private final String token;

    ApiClient(URI base, String token)
    {
        this.base = base;
        this.token = token;
    }

    HttpResponse<String> send(String method, String path)
    {
        HttpRequest.Builder request = HttpRequest.newBuilder(base.resolve(path))
                .timeout(Duration.ofSeconds(30))
                .method(method, HttpRequest.BodyPublishers.noBody());
        if (token != null) {
            request.header("Authorization", "Bearer " + token);
        }
        try {
            return client.send(request.build(), HttpResponse.BodyHandlers.ofString());
        }
        catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    HttpResponse<String> get(String path)
    {
        return send("GET", path);
    }

    /** GETs a path that must answer 200 with JSON. */
    JsonNode json(String path)
    {
        HttpResponse<String> response = get(path);
        if (response.statusCode() != 200) {
            throw new AssertionError("GET " + path + " answered " + response.statusCode() + ": " + response.body());
        }
        return parse(response.body());
    }

    static JsonNode parse(String body)
    {
        try {
            return MAPPER.readTree(body);
        }
        catch (IOException e) {
            throw new AssertionError("not JSON: " + body, e);
        }
    }

    /** A string as a JSON (and JavaScript) string literal. */
    static String quote(String text)
    {
        try {
            return MAPPER.writeValueAsString(text);
        }
        catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
