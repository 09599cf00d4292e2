package io.signo.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * A link that is the limit, on one host: a network namespace joined to this one by a veth pair,
 * the sending side (this namespace's end) held to {@code rate} by a token bucket
 * ({@code tc qdisc ... tbf}; the {@code netem} qdisc is not available on these machines). Needs root;
 * {@link #create} says so otherwise. {@link #close} removes the namespace and the pair.
 */
final class ShapedLink
        implements AutoCloseable
{
    private final String namespace;
    private final String outside;
    private final String producerHost;
    private final String consumerHost;

    private ShapedLink(String suffix, int subnet)
    {
        this.namespace = "sgx" + suffix;
        this.outside = "sgxa" + suffix;
        this.producerHost = "10.233." + subnet + ".1";
        this.consumerHost = "10.233." + subnet + ".2";
    }

    /** A link shaped to {@code rate} (tc's syntax: {@code 1gbit}, {@code 10gbit}). */
    static ShapedLink create(String rate)
            throws IOException, InterruptedException
    {
        String user = run(false, "id", "-u").strip();
        if (!user.equals("0")) {
            throw new IllegalStateException("a shaped link needs root (network namespaces, veth pairs, tc); running as user " + user);
        }
        long pid = ProcessHandle.current().pid();
        ShapedLink link = new ShapedLink(Long.toString(pid), (int) (pid % 250));
        String inside = "sgxb" + pid;
        try {
            run(true, "ip", "netns", "add", link.namespace);
            run(true, "ip", "link", "add", link.outside, "type", "veth", "peer", "name", inside);
            run(true, "ip", "link", "set", inside, "netns", link.namespace);
            run(true, "ip", "addr", "add", link.producerHost + "/24", "dev", link.outside);
            run(true, "ip", "link", "set", link.outside, "up");
            run(true, "ip", "netns", "exec", link.namespace, "ip", "addr", "add", link.consumerHost + "/24", "dev", inside);
            run(true, "ip", "netns", "exec", link.namespace, "ip", "link", "set", inside, "up");
            run(true, "ip", "netns", "exec", link.namespace, "ip", "link", "set", "lo", "up");
            run(true, "tc", "qdisc", "add", "dev", link.outside, "root", "tbf", "rate", rate, "burst", "256kb", "latency", "20ms");
        }
        catch (IOException | InterruptedException | RuntimeException e) {
            link.close();
            throw e;
        }
        return link;
    }

    /** The address this process binds to send over the link. */
    String producerHost()
    {
        return producerHost;
    }

    /** The address the consumer binds in its namespace. */
    String consumerHost()
    {
        return consumerHost;
    }

    /** {@code command} run inside the namespace. */
    String[] inNamespace(String... command)
    {
        String[] wrapped = new String[command.length + 4];
        wrapped[0] = "ip";
        wrapped[1] = "netns";
        wrapped[2] = "exec";
        wrapped[3] = namespace;
        System.arraycopy(command, 0, wrapped, 4, command.length);
        return wrapped;
    }

    @Override
    public void close()
    {
        try {
            run(false, "ip", "link", "del", outside);
            run(false, "ip", "netns", "del", namespace);
        }
        catch (IOException e) {
            throw new IllegalStateException("cannot remove the shaped link " + namespace + ": " + e.getMessage(), e);
        }
        catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static String run(boolean check, String... command)
            throws IOException, InterruptedException
    {
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        int exit = process.waitFor();
        if (check && exit != 0) {
            throw new IllegalStateException(String.join(" ", command) + " failed (exit " + exit + "): " + output.strip());
        }
        return output;
    }
}
