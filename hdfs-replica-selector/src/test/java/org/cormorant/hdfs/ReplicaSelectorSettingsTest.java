package org.cormorant.hdfs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;
import org.cormorant.nim.client.NimClientConfig;
import org.cormorant.nim.hadoop.NimClientSettings;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReplicaSelectorSettingsTest {
    @TempDir
    Path dir;

    private static Configuration conf(String... keyValues) {
        Configuration conf = new Configuration(false);
        for (int i = 0; i < keyValues.length; i += 2) {
            conf.set(keyValues[i], keyValues[i + 1]);
        }
        return conf;
    }

    private static void assertFailsNaming(String key, Configuration conf) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ReplicaSelectorSettings.from(conf));
        assertTrue(e.getMessage().startsWith(key + ":"), e.getMessage());
    }

    @Test
    void defaults() {
        ReplicaSelectorSettings s = ReplicaSelectorSettings.from(conf("cormorant.nim.address", "http://nim:7070"));
        assertEquals(ReplicaMode.INDEPENDENT, s.mode());
        assertEquals(new NimClientConfig(URI.create("http://nim:7070"), 1000, 2000, 15_000, null), s.nim());
        assertEquals(60_000, s.reservationTtlMillis());
        assertEquals(0.5, s.reservationFraction());
    }

    @Test
    void everyKeyIsRead() throws Exception {
        Path token = Files.writeString(dir.resolve("token"), "s3cret\n");
        ReplicaSelectorSettings s = ReplicaSelectorSettings.from(conf(
                "cormorant.nim.address", " https://nim.example:8443/ ",
                "cormorant.nim.refresh-ms", "250",
                "cormorant.nim.timeout-ms", "500",
                "cormorant.nim.max-age-ms", "4000",
                "cormorant.nim.token-file", token.toString(),
                "cormorant.replica.mode", "Collaborative",
                "cormorant.replica.reservation-ttl-ms", "5000",
                "cormorant.replica.reservation-fraction", "0.25"));
        assertEquals(ReplicaMode.COLLABORATIVE, s.mode());
        assertEquals(new NimClientConfig(URI.create("https://nim.example:8443/"), 250, 500, 4000, "s3cret"), s.nim());
        assertEquals(5000, s.reservationTtlMillis());
        assertEquals(0.25, s.reservationFraction());
    }

    @Test
    void theNimInOpenDaylightIsARestconfAddressWithCredentials(@TempDir Path dir) throws Exception {
        String odl = "restconf+http://192.168.123.1:8181/rests";
        assertFailsNaming(NimClientSettings.TOKEN_FILE, conf("cormorant.nim.address", odl));
        Path credentials = Files.writeString(dir.resolve("odl"), "admin:admin\n");
        NimClientConfig nim = ReplicaSelectorSettings.from(conf("cormorant.nim.address", odl,
                NimClientSettings.TOKEN_FILE, credentials.toString())).nim();
        assertTrue(nim.restconf());
        assertEquals(URI.create("http://192.168.123.1:8181/rests"), nim.httpUri());
        assertEquals("admin:admin", nim.token());
    }

    @Test
    void stockModeNeedsNoNim() {
        ReplicaSelectorSettings s = ReplicaSelectorSettings.from(conf("cormorant.replica.mode", "stock"));
        assertTrue(s.stock());
        assertNull(s.nim());
        // ...but a NIM address that is given is still checked.
        assertFailsNaming(NimClientSettings.ADDRESS, conf("cormorant.replica.mode", "stock",
                "cormorant.nim.address", "nim:7070"));
    }

    @Test
    void badValuesNameTheirKey() {
        String ok = "http://127.0.0.1:7070";
        assertFailsNaming("cormorant.replica.mode", conf("cormorant.nim.address", ok, "cormorant.replica.mode", "fastest"));
        assertFailsNaming("cormorant.nim.address", conf());
        assertFailsNaming("cormorant.nim.address", conf("cormorant.nim.address", "127.0.0.1:7070"));
        assertFailsNaming("cormorant.nim.address", conf("cormorant.nim.address", "ftp://nim/"));
        assertFailsNaming("cormorant.nim.address", conf("cormorant.nim.address", "http://"));
        assertFailsNaming("cormorant.nim.address", conf("cormorant.nim.address", "http://nim host:7070"));
        assertFailsNaming("cormorant.nim.refresh-ms", conf("cormorant.nim.address", ok, "cormorant.nim.refresh-ms", "-1"));
        assertFailsNaming("cormorant.nim.timeout-ms", conf("cormorant.nim.address", ok, "cormorant.nim.timeout-ms", "0"));
        assertFailsNaming("cormorant.nim.max-age-ms", conf("cormorant.nim.address", ok, "cormorant.nim.max-age-ms", "15s"));
        assertFailsNaming("cormorant.nim.token-file", conf("cormorant.nim.address", ok,
                "cormorant.nim.token-file", dir.resolve("missing").toString()));
        assertFailsNaming("cormorant.replica.reservation-ttl-ms", conf("cormorant.nim.address", ok,
                "cormorant.replica.reservation-ttl-ms", "-5"));
        assertFailsNaming("cormorant.replica.reservation-fraction", conf("cormorant.nim.address", ok,
                "cormorant.replica.reservation-fraction", "1.5"));
        assertFailsNaming("cormorant.replica.reservation-fraction", conf("cormorant.nim.address", ok,
                "cormorant.replica.reservation-fraction", "half"));
    }

    @Test
    void emptyTokenFileIsRefused() throws Exception {
        Path empty = Files.writeString(dir.resolve("empty"), "  \n");
        assertFailsNaming("cormorant.nim.token-file", conf("cormorant.nim.address", "http://nim:7070",
                "cormorant.nim.token-file", empty.toString()));
    }
}
