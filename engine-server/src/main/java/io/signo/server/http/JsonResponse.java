package io.signo.server.http;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;

import javax.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/** Writes a JSON body, and the error body every endpoint shares: {@code {"error": "...", "code": "..."}}. */
final class JsonResponse
{
    private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private JsonResponse() {}

    static void write(HttpServletResponse response, int status, Object body)
            throws IOException
    {
        byte[] bytes = bytes(body);
        response.setStatus(status);
        response.setContentType("application/json");
        response.setCharacterEncoding("utf-8");
        response.setContentLength(bytes.length);
        response.getOutputStream().write(bytes);
        // sent now: Jetty may otherwise hold a small answer until it read (or gave up on) a request body nobody reads
        response.flushBuffer();
    }

    static void error(HttpServletResponse response, int status, String code, String message)
            throws IOException
    {
        write(response, status, errorBody(code, message));
    }

    /** The error body as bytes, for answers written outside a servlet response (Jetty's refusals of malformed requests). */
    static byte[] errorBytes(String code, String message)
    {
        return bytes(errorBody(code, message));
    }

    private static Map<String, Object> errorBody(String code, String message)
    {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("error", message);
        body.put("code", code);
        return body;
    }

    static byte[] bytes(Object body)
    {
        try {
            return (MAPPER.writeValueAsString(body) + "\n").getBytes(StandardCharsets.UTF_8);
        }
        catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }
}
