package org.cormorant.nim.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.cormorant.nim.fabric.Fabric;
import org.cormorant.nim.fabric.FabricJson;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class NimCommandTest {
    @TempDir
    Path dir;

    @Test
    void writtenStandardFabricValidates() throws Exception {
        Path file = dir.resolve("ft4.json");
        assertEquals(0, new CommandLine(new NimCommand()).execute("fabric", "--standard", "fat-tree:4",
                "--capacity-mbps", "50", "--out", file.toString()));
        Fabric fabric = FabricJson.read(file);
        assertEquals(16, fabric.hosts().size());
        assertEquals(50e6, fabric.link(0).capacityBps(), 1e-3);
        assertEquals(0, new CommandLine(new NimCommand()).execute("validate", file.toString()));
    }

    @Test
    void validateNamesTheProblem() throws Exception {
        Path file = dir.resolve("bad.json");
        Files.writeString(file, "{\"switches\":[{\"name\":\"s1\"}],\n\"hosts\":[{\"name\":\"h1\"}],\n"
                + "\"links\":[{\"a\":\"h1\",\"b\":\"s9\",\"capacityMbps\":100}]}");
        PrintStream err = System.err;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setErr(new PrintStream(captured, true));
        try {
            assertEquals(1, new CommandLine(new NimCommand()).execute("validate", file.toString()));
        } finally {
            System.setErr(err);
        }
        String message = captured.toString();
        assertTrue(message.contains("line 3") && message.contains("links[0]") && message.contains("s9"), message);
    }

    @Test
    void unknownStandardFabricIsRejected() {
        assertEquals(1, new CommandLine(new NimCommand()).execute("fabric", "--standard", "mesh") == 0 ? 0 : 1);
    }

    @Test
    void hederaNeedsTheFlowInstaller() {
        PrintStream original = System.err;
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        System.setErr(new PrintStream(err, true));
        try {
            assertEquals(2, new CommandLine(new NimCommand()).execute("serve", "--standard", "testbed", "--port", "0", "--hedera"));
        } finally {
            System.setErr(original);
        }
        assertTrue(err.toString().contains("--hedera needs --install-flows"), err.toString());
    }
}
