package org.cormorant.odl.nim;

import com.google.common.util.concurrent.Futures;
import com.google.common.util.concurrent.ListenableFuture;
import com.google.common.util.concurrent.MoreExecutors;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Supplier;
import org.cormorant.nim.fabric.Fabric;
import org.cormorant.nim.fabric.FabricNode;
import org.cormorant.nim.fabric.UnknownNodeException;
import org.cormorant.nim.load.NetworkInformationManager;
import org.cormorant.nim.load.NetworkSnapshot;
import org.cormorant.nim.load.Reservation;
import org.cormorant.nim.path.Path;
import org.cormorant.nim.query.PathAggregation;
import org.cormorant.nim.query.PathBandwidth;
import org.opendaylight.yang.gen.v1.urn.cormorant.nim.rev261122.AvailableBandwidthInput;
import org.opendaylight.yang.gen.v1.urn.cormorant.nim.rev261122.AvailableBandwidthOutput;
import org.opendaylight.yang.gen.v1.urn.cormorant.nim.rev261122.AvailableBandwidthOutputBuilder;
import org.opendaylight.yang.gen.v1.urn.cormorant.nim.rev261122.Millis;
import org.opendaylight.yang.gen.v1.urn.cormorant.nim.rev261122.NodeName;
import org.opendaylight.yang.gen.v1.urn.cormorant.nim.rev261122.RegisterHostsInput;
import org.opendaylight.yang.gen.v1.urn.cormorant.nim.rev261122.RegisterHostsOutput;
import org.opendaylight.yang.gen.v1.urn.cormorant.nim.rev261122.RegisterHostsOutputBuilder;
import org.opendaylight.yang.gen.v1.urn.cormorant.nim.rev261122.ReleasePathInput;
import org.opendaylight.yang.gen.v1.urn.cormorant.nim.rev261122.ReleasePathOutput;
import org.opendaylight.yang.gen.v1.urn.cormorant.nim.rev261122.ReleasePathOutputBuilder;
import org.opendaylight.yang.gen.v1.urn.cormorant.nim.rev261122.ReservePathInput;
import org.opendaylight.yang.gen.v1.urn.cormorant.nim.rev261122.ReservePathOutput;
import org.opendaylight.yang.gen.v1.urn.cormorant.nim.rev261122.ReservePathOutputBuilder;
import org.opendaylight.yang.gen.v1.urn.cormorant.nim.rev261122.available.bandwidth.input.Pair;
import org.opendaylight.yang.gen.v1.urn.cormorant.nim.rev261122.available.bandwidth.output.Result;
import org.opendaylight.yang.gen.v1.urn.cormorant.nim.rev261122.available.bandwidth.output.ResultBuilder;
import org.opendaylight.yang.gen.v1.urn.cormorant.nim.rev261122.register.hosts.input.Host;
import org.opendaylight.yangtools.yang.common.ErrorTag;
import org.opendaylight.yangtools.yang.common.ErrorType;
import org.opendaylight.yangtools.yang.common.RpcResult;
import org.opendaylight.yangtools.yang.common.RpcResultBuilder;
import org.opendaylight.yangtools.yang.common.Uint32;
import org.opendaylight.yangtools.yang.common.Uint64;

/**
 * The RPCs of {@code cormorant-nim}. Each one translates its input to a nim-core call and the
 * answer back; nim-core decides (candidate paths, A(P), the best path, whether a reservation fits).
 * Bad input fails the RPC with error-tag {@code invalid-value} and a message naming the problem
 * (RESTCONF answers 400); an unknown reservation fails with {@code data-missing} (RESTCONF 409).
 */
public final class NimRpcs {
    /** Application tags of the errors, so clients can tell them apart without parsing messages. */
    static final String UNKNOWN_HOST = "unknown-host";
    static final String BAD_REQUEST = "bad-request";
    static final String NOT_FOUND = "not-found";

    private final NimEngine engine;
    private final Supplier<ListenableFuture<?>> refreshNow;

    /**
     * Serves the RPCs on {@code engine}.
     *
     * @param refreshNow runs a refresh (datastore read and fabric rebuild) and completes after it;
     *                   register-hosts answers once the new hosts are part of the fabric
     */
    public NimRpcs(NimEngine engine, Supplier<ListenableFuture<?>> refreshNow) {
        this.engine = engine;
        this.refreshNow = refreshNow;
    }

    public ListenableFuture<RpcResult<AvailableBandwidthOutput>> availableBandwidth(AvailableBandwidthInput input) {
        NetworkInformationManager nim = engine.nim();
        PathAggregation aggregation = input.getAggregation() == AvailableBandwidthInput.Aggregation.Average
                ? PathAggregation.AVERAGE : PathAggregation.MAXIMUM;
        List<Pair> pairs = input.nonnullPair();
        List<Result> results = new ArrayList<>(pairs.size());
        AvailableBandwidthOutputBuilder output = new AvailableBandwidthOutputBuilder();
        NetworkSnapshot snapshot = nim == null ? null : nim.snapshot();
        for (Pair pair : pairs) {
            String src = value(pair.getSrc());
            String dst = value(pair.getDst());
            ResultBuilder result = new ResultBuilder().setSrc(pair.getSrc()).setDst(pair.getDst());
            if (snapshot == null) {
                results.add(result.setError(unknownHostMessage(src)).build());
                continue;
            }
            Fabric fabric = snapshot.fabric();
            FabricNode srcNode = fabric.find(src).filter(FabricNode::isHost).orElse(null);
            FabricNode dstNode = fabric.find(dst).filter(FabricNode::isHost).orElse(null);
            if (srcNode == null || dstNode == null) {
                results.add(result.setError(unknownHostMessage(srcNode == null ? src : dst)).build());
                continue;
            }
            List<Path> candidates = snapshot.paths().between(srcNode.index(), dstNode.index());
            Path best = PathBandwidth.best(snapshot, candidates).orElse(null);
            result.setAvailableBps(Convert.bps(PathBandwidth.abstractPath(snapshot, candidates, aggregation)))
                    .setBestPathBps(Convert.bps(best == null ? 0 : PathBandwidth.of(snapshot, best)))
                    .setCandidatePaths(Uint32.valueOf(candidates.size()));
            if (best != null) {
                result.setBestPath(Convert.names(best.nodeNames(fabric)));
            }
            if (srcNode == dstNode) {
                result.setError("source and destination are the same host");
            }
            results.add(result.build());
        }
        if (snapshot != null) {
            output.setSnapshotVersion(Uint64.valueOf(snapshot.version()));
            long age = snapshot.ageMillis(nim.nowMillis());
            if (age != Long.MAX_VALUE) {
                output.setAgeMs(new Millis(age));
            }
        }
        return RpcResultBuilder.success(output.setResult(results).build()).buildFuture();
    }

    private String unknownHostMessage(String name) {
        if (engine.nim() == null) {
            return "unknown host: " + name + " (the NIM has no topology yet: no OpenFlow switch is connected)";
        }
        return "unknown host: " + name + " (" + engine.attachedHosts().size()
                + " registered host(s) are attached; hosts join through register-hosts)";
    }

    public ListenableFuture<RpcResult<ReservePathOutput>> reservePath(ReservePathInput input) {
        NetworkInformationManager nim = engine.nim();
        if (input.getSrc() == null || input.getDst() == null || input.getBandwidthBps() == null) {
            return failed(ErrorTag.INVALID_VALUE, BAD_REQUEST, "src, dst and bandwidth-bps are required");
        }
        if (nim == null) {
            return failed(ErrorTag.INVALID_VALUE, UNKNOWN_HOST, unknownHostMessage(value(input.getSrc())));
        }
        List<String> path = input.getPath() == null ? null : input.getPath().stream().map(NimRpcs::value).toList();
        long ttl = input.getTtlMs() == null ? 0 : Convert.saturatedLong(input.getTtlMs());
        Reservation reservation;
        try {
            reservation = nim.reserve(input.getOwner(), value(input.getSrc()), value(input.getDst()), path,
                    input.getBandwidthBps().getValue().toJava().doubleValue(), ttl);
        } catch (UnknownNodeException e) {
            return failed(ErrorTag.INVALID_VALUE, UNKNOWN_HOST,
                    e.getMessage() + " (hosts join through register-hosts)");
        } catch (IllegalArgumentException e) {
            return failed(ErrorTag.INVALID_VALUE, BAD_REQUEST, e.getMessage());
        }
        Fabric fabric = nim.fabric();
        return RpcResultBuilder.success(new ReservePathOutputBuilder()
                .setId(reservation.id())
                .setSrc(new NodeName(reservation.src()))
                .setDst(new NodeName(reservation.dst()))
                .setPath(Convert.names(reservation.path().nodeNames(fabric)))
                .setBandwidthBps(Convert.bps(reservation.bandwidthBps()))
                .setCreatedAt(new Millis(reservation.createdAtMillis()))
                .setExpiresAt(new Millis(reservation.expiresAtMillis()))
                .setSnapshotVersion(Uint64.valueOf(nim.snapshot().version()))
                .build()).buildFuture();
    }

    public ListenableFuture<RpcResult<ReleasePathOutput>> releasePath(ReleasePathInput input) {
        NetworkInformationManager nim = engine.nim();
        String id = input.getId();
        if (id == null || id.isBlank()) {
            return failed(ErrorTag.INVALID_VALUE, BAD_REQUEST, "id is required");
        }
        if (nim == null || !nim.release(id)) {
            return failed(ErrorTag.DATA_MISSING, NOT_FOUND, "no reservation " + id + " (released or expired)");
        }
        return RpcResultBuilder.success(new ReleasePathOutputBuilder().setReleased(Boolean.TRUE).build()).buildFuture();
    }

    public ListenableFuture<RpcResult<RegisterHostsOutput>> registerHosts(RegisterHostsInput input) {
        Map<?, Host> given = input.nonnullHost();
        List<RegisteredHost> batch = new ArrayList<>(given.size());
        for (Host host : given.values()) {
            if (host.getName() == null || host.getSwitch() == null || host.getPort() == null) {
                return failed(ErrorTag.INVALID_VALUE, BAD_REQUEST, "every host needs name, switch and port");
            }
            if (host.getPort().longValue() > Integer.MAX_VALUE) {
                return failed(ErrorTag.INVALID_VALUE, BAD_REQUEST, "host " + value(host.getName()) + ": port "
                        + host.getPort() + " is out of range");
            }
            batch.add(new RegisteredHost(value(host.getName()),
                    host.getIp() == null ? null : host.getIp().stringValue(),
                    host.getMac() == null ? null : host.getMac().getValue().toLowerCase(Locale.ROOT),
                    host.getSwitch(), host.getPort().intValue()));
        }
        try {
            engine.hosts().register(batch, Boolean.TRUE.equals(input.getReplace()));
        } catch (IllegalArgumentException e) {
            return failed(ErrorTag.INVALID_VALUE, BAD_REQUEST, e.getMessage());
        }
        return Futures.transform(Futures.catching(refreshNow.get(), Exception.class, e -> null,
                MoreExecutors.directExecutor()), ignored -> {
                    List<String> pending = new ArrayList<>(engine.hosts().byName().keySet());
                    pending.removeAll(engine.attachedHosts());
                    return RpcResultBuilder.success(new RegisterHostsOutputBuilder()
                            .setRegistered(Uint32.valueOf(engine.hosts().size()))
                            .setAttached(Uint32.valueOf(engine.hosts().size() - pending.size()))
                            .setPending(new java.util.LinkedHashSet<>(Convert.names(pending)))
                            .build()).build();
                }, MoreExecutors.directExecutor());
    }

    private static String value(NodeName name) {
        return name == null ? null : name.getValue();
    }

    private static <T> ListenableFuture<RpcResult<T>> failed(ErrorTag tag, String appTag, String message) {
        return RpcResultBuilder.<T>failed()
                .withError(ErrorType.APPLICATION, tag, message, appTag, null, null)
                .buildFuture();
    }
}
