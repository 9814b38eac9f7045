package org.cormorant.yarn.mapreduce;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.apache.hadoop.mapreduce.v2.app.AppContext;
import org.apache.hadoop.mapreduce.v2.app.AppMasterLaunchSupport;
import org.apache.hadoop.mapreduce.v2.app.MRAppMaster;
import org.apache.hadoop.mapreduce.v2.app.client.ClientService;
import org.apache.hadoop.mapreduce.v2.app.job.Job;
import org.apache.hadoop.mapreduce.v2.app.local.LocalContainerAllocator;
import org.apache.hadoop.mapreduce.v2.app.rm.ContainerAllocator;
import org.apache.hadoop.mapreduce.v2.app.rm.ContainerAllocatorEvent;
import org.apache.hadoop.mapreduce.v2.app.rm.NetworkAwareContainerAllocator;
import org.apache.hadoop.mapreduce.v2.app.rm.RMCommunicator;
import org.apache.hadoop.mapreduce.v2.app.rm.RMHeartbeatHandler;
import org.apache.hadoop.mapreduce.v2.app.rm.preemption.AMPreemptionPolicy;
import org.apache.hadoop.mapreduce.v2.util.MRApps;
import org.apache.hadoop.mapreduce.v2.util.MRWebAppUtil;
import org.apache.hadoop.service.AbstractService;
import org.apache.hadoop.service.Service;
import org.apache.hadoop.service.ServiceOperations;
import org.apache.hadoop.util.ExitUtil;
import org.apache.hadoop.util.ShutdownHookManager;
import org.apache.hadoop.yarn.YarnUncaughtExceptionHandler;
import org.apache.hadoop.yarn.api.ApplicationConstants;
import org.apache.hadoop.yarn.api.ApplicationConstants.Environment;
import org.apache.hadoop.yarn.api.records.ApplicationAttemptId;
import org.apache.hadoop.yarn.api.records.ContainerId;
import org.apache.hadoop.yarn.conf.YarnConfiguration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The MapReduce ApplicationMaster with Cormorant's map assignment: the task the ResourceManager's
 * network-aware placement made room for is the task that runs (see {@link ContainerTaskMatching} and
 * {@link NetworkAwareContainerAllocator}). Everything else is the stock {@link MRAppMaster}.
 *
 * <p>A job selects it through its configuration, without changing Hadoop: MapReduce starts the AM
 * as {@code java <yarn.app.mapreduce.am.command-opts> [JDK 17 --add-opens] MRAppMaster}, so
 * {@code yarn.app.mapreduce.am.command-opts} ending in this class's name makes the JVM run this
 * {@code main}, which ignores the arguments after it. The {@code --add-opens} options MapReduce
 * adds after the user options then do not reach the JVM: put the ones the job needs before the
 * class name (see docs/yarn-scheduler.md). The class must be on the AM's classpath
 * ({@code mapreduce.application.classpath}) with nim-hadoop, nim-client and nim-core.
 */
public class NetworkAwareMRAppMaster extends MRAppMaster {
    private static final Logger LOG = LoggerFactory.getLogger(NetworkAwareMRAppMaster.class);
    /** Shutdown hook priority of the stock AM. */
    private static final int SHUTDOWN_HOOK_PRIORITY = 30;

    private final String nmHost;
    private final int nmPort;
    private final int nmHttpPort;
    private final ContainerId containerId;
    private volatile AMPreemptionPolicy preemptionPolicy;
    private AllocatorRouter router;

    public NetworkAwareMRAppMaster(ApplicationAttemptId attempt, ContainerId containerId, String nmHost, int nmPort,
                                   int nmHttpPort, long appSubmitTime) {
        super(attempt, containerId, nmHost, nmPort, nmHttpPort, appSubmitTime);
        this.nmHost = nmHost;
        this.nmPort = nmPort;
        this.nmHttpPort = nmHttpPort;
        this.containerId = containerId;
    }

    @Override
    protected AMPreemptionPolicy createPreemptionPolicy(Configuration conf) {
        // Kept so that the allocator shares the policy the task listener uses, as in the stock AM.
        preemptionPolicy = super.createPreemptionPolicy(conf);
        return preemptionPolicy;
    }

    @Override
    protected ContainerAllocator createContainerAllocator(ClientService clientService, AppContext context) {
        router = new AllocatorRouter(clientService, context);
        return router;
    }

    @Override
    public void notifyIsLastAMRetry(boolean isLastAMRetry) {
        // The stock AM tells only its own router whether to unregister from the RM.
        if (router != null) {
            router.setShouldUnregister(isLastAMRetry);
        }
        super.notifyIsLastAMRetry(isLastAMRetry);
    }

    /**
     * The stock AM's router with the network-aware allocator: uber jobs run their tasks inside the
     * AM and keep the local allocator.
     */
    private final class AllocatorRouter extends AbstractService implements ContainerAllocator, RMHeartbeatHandler {
        private final ClientService clientService;
        private final AppContext context;
        private ContainerAllocator allocator;

        AllocatorRouter(ClientService clientService, AppContext context) {
            super(AllocatorRouter.class.getName());
            this.clientService = clientService;
            this.context = context;
        }

        @Override
        protected void serviceStart() throws Exception {
            Job job = context.getAllJobs().values().iterator().next();
            if (job.isUber()) {
                MRApps.setupDistributedCacheLocal(getConfig());
                allocator = new LocalContainerAllocator(clientService, context, nmHost, nmPort, nmHttpPort,
                        containerId);
            } else {
                allocator = new NetworkAwareContainerAllocator(clientService, context, preemptionPolicy);
            }
            ((Service) allocator).init(getConfig());
            ((Service) allocator).start();
            super.serviceStart();
        }

        @Override
        protected void serviceStop() throws Exception {
            ServiceOperations.stop((Service) allocator);
            super.serviceStop();
        }

        @Override
        public void handle(ContainerAllocatorEvent event) {
            allocator.handle(event);
        }

        void setSignalled(boolean signalled) {
            if (allocator instanceof RMCommunicator rm) {
                rm.setSignalled(signalled);
            }
        }

        void setShouldUnregister(boolean shouldUnregister) {
            if (allocator instanceof RMCommunicator rm) {
                rm.setShouldUnregister(shouldUnregister);
            }
        }

        @Override
        public long getLastHeartbeatTime() {
            return ((RMCommunicator) allocator).getLastHeartbeatTime();
        }

        @Override
        public void runOnNextHeartbeat(Runnable callback) {
            ((RMCommunicator) allocator).runOnNextHeartbeat(callback);
        }
    }

    /** What {@link MRAppMaster#main} does, constructing this class instead. */
    public static void main(String[] args) {
        try {
            AppMasterLaunchSupport.markStartedFromMain();
            Thread.setDefaultUncaughtExceptionHandler(new YarnUncaughtExceptionHandler());
            ContainerId containerId = ContainerId.fromString(env(Environment.CONTAINER_ID.name()));
            ApplicationAttemptId attempt = containerId.getApplicationAttemptId();
            NetworkAwareMRAppMaster appMaster = new NetworkAwareMRAppMaster(attempt, containerId,
                    env(Environment.NM_HOST.name()), Integer.parseInt(env(Environment.NM_PORT.name())),
                    Integer.parseInt(env(Environment.NM_HTTP_PORT.name())),
                    Long.parseLong(env(ApplicationConstants.APP_SUBMIT_TIME_ENV)));
            Runnable stockHook = AppMasterLaunchSupport.stockShutdownHook(appMaster);
            ShutdownHookManager.get().addShutdownHook(() -> {
                if (appMaster.router != null) {
                    appMaster.router.setSignalled(true);
                }
                stockHook.run();
            }, SHUTDOWN_HOOK_PRIORITY);
            // MapReduce appends the stock AM's class name (ignored) and, where a job asks for them,
            // --add-opens options: after this class's name they are arguments, not JVM options.
            java.util.List<String> notApplied = java.util.Arrays.stream(args).filter(a -> a.startsWith("-")).toList();
            if (!notApplied.isEmpty()) {
                LOG.warn("{} JVM options after the AM class name were not applied to this JVM (put the ones the AM"
                        + " needs before {} in {}): {}", notApplied.size(), NetworkAwareMRAppMaster.class.getName(),
                        MRJobConfig.MR_AM_COMMAND_OPTS, String.join(" ", notApplied));
            }
            JobConf conf = new JobConf(new YarnConfiguration());
            conf.addResource(new Path(MRJobConfig.JOB_CONF_FILE));
            MRWebAppUtil.initialize(conf);
            String user = env(Environment.USER.name());
            conf.set(MRJobConfig.USER_NAME, user);
            initAndStartAppMaster(appMaster, conf, user);
        } catch (Throwable t) {
            LOG.error("Error starting NetworkAwareMRAppMaster", t);
            ExitUtil.terminate(1, t);
        }
    }

    private static String env(String name) {
        String value = System.getenv(name);
        if (value == null || value.isEmpty()) {
            throw new IllegalArgumentException("environment variable " + name + " is not set (is this running in a"
                    + " YARN container?)");
        }
        return value;
    }
}
