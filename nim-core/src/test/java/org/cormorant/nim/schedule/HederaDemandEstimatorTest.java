package org.cormorant.nim.schedule;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.cormorant.nim.fabric.HostPair;
import org.junit.jupiter.api.Test;

class HederaDemandEstimatorTest {
    private static final double EPS = 1e-9;
    private static final double THIRD = 1.0 / 3;

    private static List<HostPair> flows(String... pairs) {
        List<HostPair> list = new ArrayList<>();
        for (String p : pairs) {
            String[] ends = p.split(">");
            list.add(new HostPair(ends[0], ends[1]));
        }
        return list;
    }

    /**
     * The four-host example of the Hedera paper (its demand-estimation figure): A sends to B, C and
     * D; B twice to A and once to C; C to A and D; D twice to B. Expected values worked by hand:
     * A and B are receivers of three flows each, so those flows get a third; C's flow to D then takes
     * the two thirds C has left, which D can still receive.
     */
    @Test
    void hederaPaperExample() {
        double[] d = HederaDemandEstimator.estimate(flows(
                "A>B", "A>C", "A>D", "B>A", "B>A", "B>C", "C>A", "C>D", "D>B", "D>B"));
        assertArrayEquals(new double[] {THIRD, THIRD, THIRD, THIRD, THIRD, THIRD, THIRD, 2 * THIRD, THIRD, THIRD}, d, EPS);
    }

    @Test
    void aLoneFlowDemandsTheWholeNic() {
        assertArrayEquals(new double[] {1.0}, HederaDemandEstimator.estimate(flows("A>B")), EPS);
    }

    @Test
    void aSenderSplitsItsNicEquallyAmongItsFlows() {
        assertArrayEquals(new double[] {0.5, 0.5}, HederaDemandEstimator.estimate(flows("A>B", "A>C")), EPS);
    }

    @Test
    void aReceiverSplitsItsNicAmongItsSenders() {
        assertArrayEquals(new double[] {0.5, 0.5}, HederaDemandEstimator.estimate(flows("A>X", "B>X")), EPS);
    }

    @Test
    void whatAReceiverDeniesASenderGoesToTheSendersOtherFlows() {
        // Y receives three flows, a third each; A may then send the other two thirds to X.
        double[] d = HederaDemandEstimator.estimate(flows("A>X", "A>Y", "B>Y", "C>Y"));
        assertArrayEquals(new double[] {2 * THIRD, THIRD, THIRD, THIRD}, d, EPS);
    }

    @Test
    void aSenderLimitedFlowKeepsItsDemandAndTheOthersShareTheRest() {
        // A splits over 4 destinations (1/4 to X); B and C only send to X: X gives A 1/4, B and C 3/8.
        double[] d = HederaDemandEstimator.estimate(flows("A>X", "A>P", "A>Q", "A>R", "B>X", "C>X"));
        assertArrayEquals(new double[] {0.25, 0.25, 0.25, 0.25, 0.375, 0.375}, d, EPS);
    }

    @Test
    void twoConnectionsOfOnePairAreTwoFlows() {
        assertArrayEquals(new double[] {0.5, 0.5}, HederaDemandEstimator.estimate(flows("A>B", "A>B")), EPS);
    }

    @Test
    void capacitiesAreInTheCallersUnit() {
        Map<String, Double> nic = Map.of("A", 20e6, "B", 20e6, "X", 10e6);
        double[] d = HederaDemandEstimator.estimate(flows("A>X", "B>X"), nic::get, nic::get);
        assertArrayEquals(new double[] {5e6, 5e6}, d, 1e-3);
    }

    @Test
    void noSenderOrReceiverIsOverSubscribed() {
        List<HostPair> f = flows("A>B", "A>C", "B>C", "C>A", "D>A", "D>B", "D>C", "B>A");
        double[] d = HederaDemandEstimator.estimate(f);
        for (String host : List.of("A", "B", "C", "D")) {
            double out = 0;
            double in = 0;
            for (int i = 0; i < f.size(); i++) {
                out += f.get(i).src().equals(host) ? d[i] : 0;
                in += f.get(i).dst().equals(host) ? d[i] : 0;
            }
            assertTrue(out <= 1 + EPS && in <= 1 + EPS, host + " sends " + out + ", receives " + in);
        }
    }

    @Test
    void noFlowsNoDemands() {
        assertEquals(0, HederaDemandEstimator.estimate(List.of()).length);
    }

    @Test
    void badInputIsNamed() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> HederaDemandEstimator.estimate(flows("A>B"), h -> 0, h -> 1));
        assertTrue(e.getMessage().contains("host A has send capacity 0.0"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> new HostPair("A", "A"));
    }
}
