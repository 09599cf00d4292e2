package io.signo.server.http;

import org.apache.calcite.avatica.remote.ProtobufTranslation;
import org.apache.calcite.avatica.remote.ProtobufTranslationImpl;
import org.apache.calcite.avatica.remote.Service;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.handler.HandlerWrapper;

import javax.servlet.AsyncContext;
import javax.servlet.ReadListener;
import javax.servlet.ServletInputStream;
import javax.servlet.ServletOutputStream;
import javax.servlet.WriteListener;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletRequestWrapper;
import javax.servlet.http.HttpServletResponse;
import javax.servlet.http.HttpServletResponseWrapper;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

import static java.util.Objects.requireNonNull;

/**
 * Stands before the JDBC endpoint (Avatica's protobuf handler) and takes on everything about the
 * HTTP request that a hostile or careless client could abuse:
 * <ul>
 * <li>only POST: another method is a JSON 405 naming it;</li>
 * <li>the body is read without holding a thread (the servlet's non-blocking reads), so clients that
 * trickle their bodies a byte at a time cost a buffer each, not one of the server's threads, and
 * {@code /v1/info} keeps answering;</li>
 * <li>a body larger than {@link HttpLimits#maxRequestBodyBytes()} is a JSON 413, one not sent within
 * {@link HttpLimits#requestReadTimeout()} a JSON 408, both closing the connection;</li>
 * <li>a body that is not an Avatica protobuf request (empty, random, truncated) is a JSON 400;</li>
 * <li>the endpoint's error answers keep their protobuf form for the driver but lose the server's
 * stack traces, and an error without a Signo code (a failure inside Avatica or a bug) says only
 * "internal error" with a request number; the server log has the rest.</li>
 * </ul>
 * The statement itself runs on the thread that completed the read, as it did on the request thread.
 */
final class JdbcRequestHandler
        extends HandlerWrapper
{
    private static final System.Logger LOG = System.getLogger(JdbcRequestHandler.class.getName());
    private static final ProtobufTranslation PROTOBUF = new ProtobufTranslationImpl();
    private static final int READ_CHUNK = 8192;

    private final HttpLimits limits;
    private final ScheduledThreadPoolExecutor deadlines;
    private final AtomicLong requestNumbers = new AtomicLong();

    JdbcRequestHandler(Handler endpoint, HttpLimits limits)
    {
        this.limits = requireNonNull(limits, "limits is null");
        setHandler(requireNonNull(endpoint, "endpoint is null"));
        deadlines = new ScheduledThreadPoolExecutor(1, runnable -> {
            Thread thread = new Thread(runnable, "signo-http-read-deadlines");
            thread.setDaemon(true);
            return thread;
        });
        deadlines.setRemoveOnCancelPolicy(true);
    }

    @Override
    protected void doStop()
            throws Exception
    {
        deadlines.shutdownNow();
        super.doStop();
    }

    @Override
    public void handle(String target, Request baseRequest, HttpServletRequest request, HttpServletResponse response)
            throws IOException
    {
        baseRequest.setHandled(true);
        if (!request.getMethod().equals("POST")) {
            response.setHeader("Allow", "POST");
            JsonResponse.error(response, HttpServletResponse.SC_METHOD_NOT_ALLOWED, "METHOD_NOT_ALLOWED",
                    truncated(request.getMethod()) + " is not allowed on /v1/jdbc; allowed: POST (JDBC clients send Avatica protobuf requests)");
            return;
        }
        if (request.getContentLengthLong() > limits.maxRequestBodyBytes()) {
            tooLarge(response);
            return;
        }
        AsyncContext async = request.startAsync();
        // the read has its own deadline; the statement that follows may run as long as it needs
        async.setTimeout(0);
        BodyReader reader = new BodyReader(target, baseRequest, request, response, async);
        reader.deadline = deadlines.schedule(reader::expire, limits.requestReadTimeout().toMillis(), TimeUnit.MILLISECONDS);
        request.getInputStream().setReadListener(reader);
    }

    private void tooLarge(HttpServletResponse response)
            throws IOException
    {
        response.setHeader("Connection", "close");
        JsonResponse.error(response, HttpServletResponse.SC_REQUEST_ENTITY_TOO_LARGE, "REQUEST_TOO_LARGE",
                "the request body is larger than the server's limit of " + limits.maxRequestBodyBytes() + " bytes");
    }

    /** Reads one request's body as it arrives, then runs it; ends the request exactly once. */
    private final class BodyReader
            implements ReadListener
    {
        private final String target;
        private final Request baseRequest;
        private final HttpServletRequest request;
        private final HttpServletResponse response;
        private final AsyncContext async;
        private final ByteArrayOutputStream body = new ByteArrayOutputStream();
        private final byte[] chunk = new byte[READ_CHUNK];
        private final AtomicBoolean ended = new AtomicBoolean();
        private volatile ScheduledFuture<?> deadline;

        BodyReader(String target, Request baseRequest, HttpServletRequest request, HttpServletResponse response, AsyncContext async)
        {
            this.target = target;
            this.baseRequest = baseRequest;
            this.request = request;
            this.response = response;
            this.async = async;
        }

        @Override
        public void onDataAvailable()
                throws IOException
        {
            ServletInputStream input = request.getInputStream();
            while (!ended.get() && input.isReady()) {
                int read = input.read(chunk);
                if (read < 0) {
                    return;
                }
                body.write(chunk, 0, read);
                if (body.size() > limits.maxRequestBodyBytes()) {
                    if (end()) {
                        try {
                            tooLarge(response);
                        }
                        finally {
                            async.complete();
                        }
                    }
                    return;
                }
            }
        }

        @Override
        public void onAllDataRead()
        {
            if (!end()) {
                return;
            }
            try {
                run(body.toByteArray());
            }
            finally {
                async.complete();
            }
        }

        @Override
        public void onError(Throwable failure)
        {
            if (!end()) {
                return;
            }
            try {
                if (!response.isCommitted()) {
                    response.setHeader("Connection", "close");
                    JsonResponse.error(response, HttpServletResponse.SC_BAD_REQUEST, "BAD_REQUEST", "the request body could not be read to its end");
                }
            }
            catch (IOException | RuntimeException ignored) {
                // the connection is gone
            }
            finally {
                async.complete();
            }
        }

        /** The read deadline passed before the body was complete. */
        void expire()
        {
            if (!end()) {
                return;
            }
            try {
                response.setHeader("Connection", "close");
                JsonResponse.error(response, HttpServletResponse.SC_REQUEST_TIMEOUT, "REQUEST_TIMEOUT",
                        "the request body did not arrive within " + limits.requestReadTimeout().toMillis() + " ms");
            }
            catch (IOException | RuntimeException ignored) {
                // the connection is gone
            }
            finally {
                async.complete();
            }
        }

        /** True for the one caller that ends the request. */
        private boolean end()
        {
            if (!ended.compareAndSet(false, true)) {
                return false;
            }
            ScheduledFuture<?> pending = deadline;
            if (pending != null) {
                pending.cancel(false);
            }
            return true;
        }

        private void run(byte[] bytes)
        {
            try {
                try {
                    PROTOBUF.parseRequest(bytes);
                }
                catch (IOException | RuntimeException e) {
                    JsonResponse.error(response, HttpServletResponse.SC_BAD_REQUEST, "BAD_REQUEST",
                            bytes.length == 0 ? "the request body is empty; JDBC clients send an Avatica protobuf request" : "the request body is not an Avatica protobuf request");
                    return;
                }
                CapturedResponse captured = new CapturedResponse(response);
                getHandler().handle(target, baseRequest, new BufferedBodyRequest(request, bytes), captured);
                byte[] answer = captured.status() == HttpServletResponse.SC_OK ? captured.bytes() : withoutStackTraces(captured.bytes());
                response.setStatus(captured.status());
                response.setContentType("application/octet-stream");
                response.setContentLength(answer.length);
                response.getOutputStream().write(answer);
            }
            catch (Exception | Error e) {
                long number = requestNumbers.incrementAndGet();
                LOG.log(System.Logger.Level.ERROR, "JDBC request " + number + " failed", e);
                try {
                    if (!response.isCommitted()) {
                        response.reset();
                        JsonResponse.error(response, HttpServletResponse.SC_INTERNAL_SERVER_ERROR, "INTERNAL_ERROR", "internal error (JDBC request " + number + "): the server log has the details");
                    }
                }
                catch (IOException | RuntimeException ignored) {
                    // the connection is gone
                }
            }
        }
    }

    /**
     * The endpoint's protobuf error answer without the server's stack traces; an error Signo gave no
     * code (Avatica's unknown code) keeps only a request number, and its text goes to the log.
     */
    private byte[] withoutStackTraces(byte[] answer)
            throws IOException
    {
        Service.Response decoded;
        try {
            decoded = PROTOBUF.parseResponse(answer);
        }
        catch (IOException | RuntimeException e) {
            return answer;
        }
        if (!(decoded instanceof Service.ErrorResponse error)) {
            return answer;
        }
        String message = error.errorMessage;
        if (message == null || message.isBlank()) {
            message = error.errorCode == Service.ErrorResponse.MISSING_CONNECTION_ERROR_CODE ? "no such connection: it was closed or never opened" : "the JDBC request failed";
        }
        else if (error.errorCode == Service.ErrorResponse.UNKNOWN_ERROR_CODE) {
            long number = requestNumbers.incrementAndGet();
            LOG.log(System.Logger.Level.ERROR, "JDBC request " + number + " failed: " + error.errorMessage + "\n" + String.join("\n", error.exceptions == null ? List.of() : error.exceptions));
            message = "internal error (JDBC request " + number + "): the server log has the details";
        }
        return PROTOBUF.serializeResponse(new Service.ErrorResponse(List.of(), message, error.errorCode, error.sqlState, error.severity, error.rpcMetadata));
    }

    private static String truncated(String text)
    {
        return text.length() <= 32 ? text : text.substring(0, 32) + "...";
    }

    /** The request as the endpoint reads it: its body already read into memory. */
    private static final class BufferedBodyRequest
            extends HttpServletRequestWrapper
    {
        private final byte[] body;

        BufferedBodyRequest(HttpServletRequest request, byte[] body)
        {
            super(request);
            this.body = body;
        }

        @Override
        public ServletInputStream getInputStream()
        {
            ByteArrayInputStream input = new ByteArrayInputStream(body);
            return new ServletInputStream()
            {
                @Override
                public boolean isFinished()
                {
                    return input.available() == 0;
                }

                @Override
                public boolean isReady()
                {
                    return true;
                }

                @Override
                public void setReadListener(ReadListener listener)
                {
                    throw new IllegalStateException("the body was already read");
                }

                @Override
                public int read()
                {
                    return input.read();
                }

                @Override
                public int read(byte[] buffer, int offset, int length)
                {
                    return input.read(buffer, offset, length);
                }
            };
        }

        @Override
        public int getContentLength()
        {
            return body.length;
        }

        @Override
        public long getContentLengthLong()
        {
            return body.length;
        }
    }

    /** The endpoint's answer kept in memory, so that an error answer can be cleaned before it is sent. */
    private static final class CapturedResponse
            extends HttpServletResponseWrapper
    {
        private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        private int status = HttpServletResponse.SC_OK;

        CapturedResponse(HttpServletResponse response)
        {
            super(response);
        }

        @Override
        public void setStatus(int status)
        {
            this.status = status;
        }

        @Override
        public int getStatus()
        {
            return status;
        }

        @Override
        public void setContentType(String type)
        {
            // the handler sets it on the real response once the answer is final
        }

        @Override
        public void setContentLength(int length) {}

        @Override
        public void setContentLengthLong(long length) {}

        @Override
        public void flushBuffer() {}

        @Override
        public ServletOutputStream getOutputStream()
        {
            return new ServletOutputStream()
            {
                @Override
                public boolean isReady()
                {
                    return true;
                }

                @Override
                public void setWriteListener(WriteListener listener)
                {
                    throw new IllegalStateException("the answer is kept in memory");
                }

                @Override
                public void write(int value)
                {
                    bytes.write(value);
                }

                @Override
                public void write(byte[] buffer, int offset, int length)
                {
                    bytes.write(buffer, offset, length);
                }
            };
        }

        int status()
        {
            return status;
        }

        byte[] bytes()
        {
            return bytes.toByteArray();
        }
    }
}
