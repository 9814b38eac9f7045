package org.cormorant.nim.schedule;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class PostponementLimitTest {
    @Test
    void aRequestWaitsAtMostTheLimitThenGoes() {
        PostponementLimit limit = new PostponementLimit(10_000);
        assertTrue(limit.mayPostpone("app1/20", 1_000));
        assertTrue(limit.mayPostpone("app1/20", 10_999));
        assertFalse(limit.mayPostpone("app1/20", 11_000));
        assertTrue(limit.mayPostpone("app2/20", 11_000), "other requests keep their own clock");
    }

    @Test
    void placementStartsANewWait() {
        PostponementLimit limit = new PostponementLimit(10_000);
        limit.mayPostpone("r", 0);
        limit.placed("r");
        assertTrue(limit.mayPostpone("r", 50_000));
        assertTrue(limit.mayPostpone("r", 59_999));
    }

    @Test
    void zeroLimitNeverPostpones() {
        assertFalse(new PostponementLimit(0).mayPostpone("r", 5));
        assertThrows(IllegalArgumentException.class, () -> new PostponementLimit(-1));
    }
}
