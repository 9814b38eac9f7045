package org.cormorant.nim.forwarding;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.cormorant.nim.fabric.Fabric;
import org.cormorant.nim.fabric.FabricNode;
import org.cormorant.nim.fabric.Link;
import org.cormorant.nim.path.EcmpPathChooser;
import org.cormorant.nim.path.EqualCostPaths;
import org.cormorant.nim.path.Path;

/**
 * Base connectivity the way a stock ECMP data centre provides it: every ordered host pair is routed
 * on one of its equal-cost paths, chosen by a deterministic hash of the pair, so pairs spread over
 * all paths and a pair never changes path. This is the "default" network of Table 4.3, installed by
 * the controller (or statically, without one) before any Cormorant scheduling happens.
 */
public final class EcmpForwarding {
    private EcmpForwarding() {
    }

    /** The path ECMP gives the pair. */
    public static Path pathFor(EqualCostPaths paths, FabricNode src, FabricNode dst) {
        return EcmpPathChooser.choose(paths.between(src.index(), dst.index()), src.name(), dst.name(), 0, 0);
    }

    /** Rules for every ordered pair of hosts that have an IPv4 address. */
    public static List<ForwardingRule> rules(EqualCostPaths paths) {
        Fabric fabric = paths.fabric();
        List<ForwardingRule> rules = new ArrayList<>();
        for (FabricNode src : fabric.hosts()) {
            Optional<String> srcIp = ipv4(src);
            for (FabricNode dst : fabric.hosts()) {
                Optional<String> dstIp = ipv4(dst);
                if (src == dst || srcIp.isEmpty() || dstIp.isEmpty() || paths.between(src.index(), dst.index()).isEmpty()) {
                    continue;
                }
                rules.addAll(rulesAlong(fabric, pathFor(paths, src, dst), srcIp.get(), dstIp.get()));
            }
        }
        return rules;
    }

    /** The hops of {@code path} as rules: each switch on it forwards the pair out of the next link. */
    public static List<ForwardingRule> rulesAlong(Fabric fabric, Path path, String srcIp, String dstIp) {
        List<ForwardingRule> rules = new ArrayList<>();
        for (int i = 1; i < path.hops(); i++) {
            Link out = fabric.link(path.link(i));
            FabricNode sw = fabric.node(out.from());
            rules.add(new ForwardingRule(sw.name(), sw.datapathId(), srcIp, dstIp, out.fromPort()));
        }
        return rules;
    }

    /** A host's first address that is a dotted IPv4 address. */
    public static Optional<String> ipv4(FabricNode host) {
        return host.addresses().stream().filter(EcmpForwarding::isIpv4).findFirst();
    }

    static boolean isIpv4(String s) {
        String[] parts = s.split("\\.", -1);
        if (parts.length != 4) {
            return false;
        }
        for (String part : parts) {
            if (part.isEmpty() || part.length() > 3 || !part.chars().allMatch(Character::isDigit) || Integer.parseInt(part) > 255) {
                return false;
            }
        }
        return true;
    }
}
