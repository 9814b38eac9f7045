package org.cormorant.yarn;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.yarn.conf.YarnConfiguration;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.capacity.CapacityScheduler;

/**
 * The stock CapacityScheduler plus the lifecycle of Cormorant's placement: configuration is checked
 * when the ResourceManager starts (a bad key stops it with a message naming the key), the NIM
 * client starts and stops with the scheduler, and the placement allocator is installed as the
 * default when none is configured. Scheduling itself is untouched: see
 * {@link NetworkAwarePlacementAllocator}.
 */
public class NetworkAwareCapacityScheduler extends CapacityScheduler {
    @Override
    public void serviceInit(Configuration conf) throws Exception {
        NetworkPlacement.start(conf);
        if (conf.get(YarnConfiguration.APPLICATION_PLACEMENT_TYPE_CLASS) == null) {
            conf.set(YarnConfiguration.APPLICATION_PLACEMENT_TYPE_CLASS, NetworkAwarePlacementAllocator.class.getName());
        }
        super.serviceInit(conf);
    }

    @Override
    public void serviceStop() throws Exception {
        try {
            super.serviceStop();
        } finally {
            NetworkPlacement.stop();
        }
    }
}
