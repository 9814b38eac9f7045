package org.cormorant.odl.nim;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.cormorant.nim.fabric.Fabric;
import org.cormorant.nim.fabric.Link;
import org.cormorant.nim.load.NetworkInformationManager;
import org.cormorant.nim.load.NetworkSnapshot;
import org.cormorant.nim.load.Reservation;
import org.opendaylight.yang.gen.v1.urn.cormorant.nim.rev261122.Millis;
import org.opendaylight.yang.gen.v1.urn.cormorant.nim.rev261122.Nim;
import org.opendaylight.yang.gen.v1.urn.cormorant.nim.rev261122.NimBuilder;
import org.opendaylight.yang.gen.v1.urn.cormorant.nim.rev261122.NodeName;
import org.opendaylight.yang.gen.v1.urn.cormorant.nim.rev261122.nim.Host;
import org.opendaylight.yang.gen.v1.urn.cormorant.nim.rev261122.nim.HostBuilder;
import org.opendaylight.yang.gen.v1.urn.cormorant.nim.rev261122.nim.LinkBuilder;
import org.opendaylight.yang.gen.v1.urn.cormorant.nim.rev261122.nim.ReservationBuilder;
import org.opendaylight.yang.gen.v1.urn.ietf.params.xml.ns.yang.ietf.inet.types.rev130715.IpAddress;
import org.opendaylight.yang.gen.v1.urn.ietf.params.xml.ns.yang.ietf.inet.types.rev130715.Ipv4Address;
import org.opendaylight.yang.gen.v1.urn.ietf.params.xml.ns.yang.ietf.inet.types.rev130715.Ipv6Address;
import org.opendaylight.yang.gen.v1.urn.ietf.params.xml.ns.yang.ietf.yang.types.rev130715.MacAddress;
import org.opendaylight.yangtools.yang.binding.util.BindingMap;
import org.opendaylight.yangtools.yang.common.Uint32;
import org.opendaylight.yangtools.yang.common.Uint64;

/** Renders the NIM's state as the operational container {@code cormorant-nim:nim}. */
final class NimContainer {
    private NimContainer() {
    }

    static Nim of(NimEngine engine) {
        long now = engine.nowMillis();
        NetworkInformationManager nim = engine.nim();
        Set<String> attached = engine.attachedHosts();
        List<Host> hosts = new ArrayList<>();
        for (RegisteredHost host : engine.hosts().all()) {
            HostBuilder builder = new HostBuilder()
                    .setName(new NodeName(host.name()))
                    .setSwitch(host.switchNode())
                    .setPort(Uint32.valueOf(host.port()))
                    .setAttached(attached.contains(host.name()));
            if (host.ip() != null) {
                builder.setIp(ip(host.ip()));
            }
            if (host.mac() != null) {
                builder.setMac(new MacAddress(host.mac()));
            }
            hosts.add(builder.build());
        }
        NimBuilder builder = new NimBuilder()
                .setPublishedAt(new Millis(now))
                .setHost(BindingMap.ordered(hosts))
                .setHosts(Uint32.valueOf(attached.size()));
        if (nim == null) {
            return builder.setStatus(Nim.Status.NoTopology).setSwitches(Uint32.ZERO).build();
        }
        NetworkSnapshot snapshot = nim.snapshot();
        Fabric fabric = snapshot.fabric();
        long age = snapshot.ageMillis(now);
        builder.setStatus(age == Long.MAX_VALUE ? Nim.Status.NoMeasurements : Nim.Status.Ok)
                .setTopologyId(engine.topologyId())
                .setSnapshotVersion(Uint64.valueOf(snapshot.version()))
                .setSwitches(Uint32.valueOf(fabric.switches().size()));
        if (age != Long.MAX_VALUE) {
            builder.setAgeMs(new Millis(age)).setDataTime(new Millis(snapshot.dataTimeMillis()));
        }
        List<org.opendaylight.yang.gen.v1.urn.cormorant.nim.rev261122.nim.Link> links = new ArrayList<>();
        for (Link link : fabric.links()) {
            double measured = snapshot.measuredBps(link.index());
            LinkBuilder lb = new LinkBuilder()
                    .setSourceNode(new NodeName(fabric.node(link.from()).name()))
                    .setSourcePort(Uint32.valueOf(link.fromPort()))
                    .setDestinationNode(new NodeName(fabric.node(link.to()).name()))
                    .setDestinationPort(Uint32.valueOf(link.toPort()))
                    .setCapacityBps(Convert.bps(link.capacityBps()))
                    .setReservedBps(Convert.bps(snapshot.reservedBps(link.index())))
                    .setFlows(Uint32.valueOf(snapshot.flows(link.index())))
                    .setAvailableBps(Convert.bps(snapshot.availableBps(link.index())));
            if (!Double.isNaN(measured)) {
                lb.setMeasuredBps(Convert.bps(measured));
            }
            links.add(lb.build());
        }
        builder.setLink(BindingMap.ordered(links));
        List<org.opendaylight.yang.gen.v1.urn.cormorant.nim.rev261122.nim.Reservation> reservations = new ArrayList<>();
        for (Reservation r : nim.reservations()) {
            reservations.add(new ReservationBuilder()
                    .setId(r.id())
                    .setOwner(r.owner())
                    .setSrc(new NodeName(r.src()))
                    .setDst(new NodeName(r.dst()))
                    .setPath(Convert.names(r.path().nodeNames(fabric)))
                    .setBandwidthBps(Convert.bps(r.bandwidthBps()))
                    .setCreatedAt(new Millis(r.createdAtMillis()))
                    .setExpiresAt(new Millis(r.expiresAtMillis()))
                    .build());
        }
        return builder.setReservation(BindingMap.ordered(reservations)).build();
    }

    private static IpAddress ip(String text) {
        return text.indexOf(':') >= 0 ? new IpAddress(new Ipv6Address(text.toLowerCase(Locale.ROOT)))
                : new IpAddress(new Ipv4Address(text));
    }
}
