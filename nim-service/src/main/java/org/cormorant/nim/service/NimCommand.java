package org.cormorant.nim.service;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import org.cormorant.nim.api.ApiTypes.CounterBatch;
import org.cormorant.nim.api.NimJson;
import org.cormorant.nim.fabric.Fabric;
import org.cormorant.nim.fabric.FabricJson;
import org.cormorant.nim.fabric.FabricNode;
import org.cormorant.nim.fabric.StandardFabrics;
import org.cormorant.nim.forwarding.EcmpForwarding;
import org.cormorant.nim.forwarding.ForwardingRule;
import org.cormorant.nim.path.EqualCostPaths;
import org.cormorant.nim.load.NetworkInformationManager;
import org.cormorant.nim.load.NimSettings;
import org.cormorant.nim.schedule.LargeFlowPlacement;
import org.cormorant.nim.schedule.LargeFlowScheduler;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code cormorant-nim}: run, feed, check and benchmark the standalone NIM. */
@Command(name = "cormorant-nim", mixinStandardHelpOptions = true, version = "cormorant-nim 0.1.0",
        description = "The Cormorant Network Information Manager as a standalone service.",
        subcommands = {NimCommand.Serve.class, NimCommand.Agent.class, NimCommand.Validate.class,
                NimCommand.WriteFabric.class, NimCommand.EcmpFlows.class, NimBenchmark.class, TestbedDemo.class})
public final class NimCommand {
    public static void main(String[] args) {
        System.exit(new CommandLine(new NimCommand()).execute(args));
    }

    /** Loads a fabric file, or builds a standard one: testbed, two-rack, fat-tree:K. */
    static Fabric loadFabric(Path file, String standard, double capacityMbps) {
        if (file != null) {
            return FabricJson.read(file);
        }
        if (standard == null) {
            throw new IllegalArgumentException("give --fabric FILE or --standard NAME");
        }
        double bps = capacityMbps * 1e6;
        if (standard.equals("testbed")) {
            return StandardFabrics.cormorantTestbed(bps);
        }
        if (standard.equals("two-rack")) {
            return StandardFabrics.twoRack(21, 20, bps);
        }
        if (standard.startsWith("fat-tree:")) {
            try {
                return StandardFabrics.fatTree(Integer.parseInt(standard.substring("fat-tree:".length())), bps);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("--standard fat-tree:K needs a number K, got " + standard);
            }
        }
        throw new IllegalArgumentException("unknown standard fabric '" + standard
                + "': use testbed, two-rack or fat-tree:K");
    }

    static String readToken(Path tokenFile) throws IOException {
        return tokenFile == null ? null : Files.readString(tokenFile, StandardCharsets.UTF_8).strip();
    }

    @Command(name = "serve", mixinStandardHelpOptions = true,
            description = "Serve the NIM API, measuring the fabric from OVS port counters and/or pushed counters.")
    static final class Serve implements Callable<Integer> {
        @Option(names = "--fabric", description = "fabric file (docs/fabric-format.md)")
        Path fabricFile;
        @Option(names = "--standard", description = "built-in fabric instead of a file: testbed, two-rack, fat-tree:K")
        String standard;
        @Option(names = "--capacity-mbps", defaultValue = "1000", description = "link speed of a --standard fabric")
        double capacityMbps;
        @Option(names = "--bind", defaultValue = "127.0.0.1", description = "address to listen on (default ${DEFAULT-VALUE})")
        String bind;
        @Option(names = "--port", defaultValue = "7070", description = "HTTP port (default ${DEFAULT-VALUE})")
        int port;
        @Option(names = "--poll-ms", defaultValue = "5000", description = "counter polling interval (default ${DEFAULT-VALUE})")
        long pollMillis;
        @Option(names = "--ovs", description = "read counters of these OVS bridges (comma separated); 'all' for every switch of the fabric",
                split = ",")
        List<String> ovsBridges = new ArrayList<>();
        @Option(names = "--ovs-ofctl", defaultValue = "ovs-ofctl", description = "path of ovs-ofctl")
        String ovsOfctl;
        @Option(names = "--install-flows", description = "act as the flow scheduler of a controller-less OVS fabric: "
                + "install ECMP forwarding and pin reserved paths with ovs-ofctl (needs --ovs)")
        boolean installFlows;
        @Option(names = "--hedera", description = "with --install-flows: also place unannounced large flows Hedera-style "
                + "(per-pair rates from the rules' counters, demand estimation, Global First Fit), pinned at priority 150")
        boolean hedera;
        @Option(names = "--hedera-period-ms", defaultValue = "5000",
                description = "how often the Hedera scheduler re-places large flows (default ${DEFAULT-VALUE})")
        long hederaPeriodMillis;
        @Option(names = "--hedera-threshold", defaultValue = "0.1",
                description = "a host pair is a large flow from this fraction of the sender's NIC rate (default ${DEFAULT-VALUE})")
        double hederaThreshold;
        @Option(names = "--token-file", description = "file holding the bearer token required for writes")
        Path tokenFile;
        @Option(names = "--smoothing", defaultValue = "0.7", description = "EWMA weight of the newest rate sample, (0,1]")
        double smoothing;
        @Option(names = "--hold-ms", defaultValue = "10000", description = "how long a reservation's bandwidth is subtracted")
        long holdMillis;
        @Option(names = "--threads", defaultValue = "4", description = "HTTP worker threads")
        int threads;

        @Override
        public Integer call() throws Exception {
            Fabric fabric = loadFabric(fabricFile, standard, capacityMbps);
            NimSettings settings = NimSettings.defaults().withSmoothing(smoothing).withReservationHoldMillis(holdMillis);
            NetworkInformationManager nim = new NetworkInformationManager(fabric, settings, System::currentTimeMillis);
            List<CounterSource> sources = new ArrayList<>();
            if (!ovsBridges.isEmpty()) {
                List<String> bridges = ovsBridges.equals(List.of("all"))
                        ? fabric.switches().stream().map(FabricNode::name).toList() : ovsBridges;
                sources.add(new OvsPortCounterSource(ovsOfctl, bridges, System::currentTimeMillis));
            }
            if (hedera && !installFlows) {
                throw new CommandLine.ParameterException(new CommandLine(this), "--hedera needs --install-flows");
            }
            LargeFlowPlacement placement = hedera ? new LargeFlowPlacement(hederaThreshold, LargeFlowPlacement.DEFAULT_SLACK) : null;
            NimApi api = new NimApi(nim, readToken(tokenFile));
            NimService service = new NimService(nim, sources, pollMillis, new NimHttpServer(api, bind, port, threads));
            if (installFlows) {
                if (ovsBridges.isEmpty()) {
                    throw new CommandLine.ParameterException(new CommandLine(this), "--install-flows needs --ovs");
                }
                service.withFlowInstaller(new OvsFlowInstaller(nim, ovsOfctl));
                api.onReservationsChanged(service::reconcileFlowsSoon);
            }
            if (hedera) {
                service.withLargeFlowScheduler(new LargeFlowScheduler(nim, placement, hederaPeriodMillis),
                        new OvsFlowCounterSource(ovsOfctl, fabric, System::currentTimeMillis));
            }
            Runtime.getRuntime().addShutdownHook(new Thread(service::close, "nim-shutdown"));
            service.start();
            System.out.println("cormorant-nim serving " + fabric + " at http://" + bind + ":" + service.port() + "/v1/");
            new CountDownLatch(1).await();
            return 0;
        }
    }

    @Command(name = "agent", mixinStandardHelpOptions = true,
            description = "Push this host's NIC counters (/proc/net/dev) to a NIM, for fabrics whose switches cannot be polled.")
    static final class Agent implements Callable<Integer> {
        @Option(names = "--nim", required = true, description = "NIM base URL, e.g. http://10.0.0.254:7070")
        URI nim;
        @Option(names = "--interface", required = true, description = "IFACE=HOST:PORT, e.g. eth0=n1:0 (repeatable)")
        Map<String, String> interfaces = new LinkedHashMap<>();
        @Option(names = "--poll-ms", defaultValue = "5000")
        long pollMillis;
        @Option(names = "--proc-net-dev", defaultValue = "/proc/net/dev")
        Path procNetDev;
        @Option(names = "--token-file")
        Path tokenFile;
        @Option(names = "--count", defaultValue = "0", description = "stop after this many pushes (0: run until killed)")
        int count;

        @Override
        public Integer call() throws Exception {
            Map<String, ProcNetDevCounterSource.Port> ports = new LinkedHashMap<>();
            interfaces.forEach((iface, target) -> {
                int colon = target.lastIndexOf(':');
                if (colon <= 0) {
                    throw new CommandLine.ParameterException(new CommandLine(this),
                            "--interface " + iface + "=" + target + ": expected HOST:PORT");
                }
                ports.put(iface, new ProcNetDevCounterSource.Port(target.substring(0, colon),
                        Integer.parseInt(target.substring(colon + 1))));
            });
            CounterSource source = new ProcNetDevCounterSource(procNetDev, ports, System::currentTimeMillis);
            String token = readToken(tokenFile);
            HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
            URI target = nim.resolve("/v1/counters");
            for (int i = 0; count == 0 || i < count; i++) {
                if (i > 0) {
                    Thread.sleep(pollMillis);
                }
                byte[] body = NimJson.mapper().writeValueAsBytes(new CounterBatch(source.poll()));
                HttpRequest.Builder request = HttpRequest.newBuilder(target).timeout(Duration.ofSeconds(5))
                        .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofByteArray(body));
                if (token != null) {
                    request.header("Authorization", "Bearer " + token);
                }
                try {
                    HttpResponse<String> response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
                    if (response.statusCode() != 200) {
                        System.err.println("NIM refused counters: " + response.statusCode() + " " + response.body());
                    }
                } catch (IOException e) {
                    System.err.println("NIM unreachable at " + target + ": " + e.getMessage());
                }
            }
            return 0;
        }
    }

    @Command(name = "validate", mixinStandardHelpOptions = true, description = "Check a fabric file and summarise it.")
    static final class Validate implements Callable<Integer> {
        @Parameters(paramLabel = "FILE")
        Path file;

        @Override
        public Integer call() {
            try {
                Fabric fabric = FabricJson.read(file);
                System.out.println(file + ": " + fabric.hosts().size() + " hosts, " + fabric.switches().size()
                        + " switches, " + fabric.linkCount() / 2 + " links");
                return 0;
            } catch (IllegalArgumentException e) {
                System.err.println(e.getMessage());
                return 1;
            }
        }
    }

    @Command(name = "ecmp-flows", mixinStandardHelpOptions = true,
            description = "Print base ECMP forwarding rules as 'BRIDGE<TAB>ovs-ofctl flow' lines, for fabrics run without a controller.")
    static final class EcmpFlows implements Callable<Integer> {
        @Option(names = "--fabric", description = "fabric file")
        Path fabricFile;
        @Option(names = "--standard", description = "built-in fabric: testbed, two-rack, fat-tree:K")
        String standard;
        @Option(names = "--priority", defaultValue = "100")
        int priority;

        @Override
        public Integer call() {
            Fabric fabric = loadFabric(fabricFile, standard, 1000);
            for (ForwardingRule rule : EcmpForwarding.rules(new EqualCostPaths(fabric))) {
                System.out.println(rule.switchName() + "\t" + rule.toOvsFlow(priority));
            }
            return 0;
        }
    }

    @Command(name = "fabric", mixinStandardHelpOptions = true,
            description = "Write a built-in fabric, or re-write a fabric file with every port explicit.")
    static final class WriteFabric implements Callable<Integer> {
        @Option(names = "--standard", description = "testbed, two-rack, fat-tree:K")
        String standard;
        @Option(names = "--from", description = "fabric file to check and re-write with explicit ports")
        Path from;
        @Option(names = "--capacity-mbps", defaultValue = "1000", description = "link speed of a --standard fabric")
        double capacityMbps;
        @Option(names = "--out", description = "file to write (default: standard output)")
        Path out;

        @Override
        public Integer call() throws IOException {
            String text;
            try {
                text = FabricJson.write(loadFabric(from, standard, capacityMbps)) + "\n";
            } catch (IllegalArgumentException e) {
                System.err.println(e.getMessage());
                return 1;
            }
            if (out == null) {
                System.out.print(text);
            } else {
                Files.writeString(out, text, StandardCharsets.UTF_8);
            }
            return 0;
        }
    }
}
