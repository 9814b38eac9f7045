"""What a Cormorant Hadoop daemon is, wherever it runs: the configuration rendered from the
templates in cluster/conf/, the `java` command line of each daemon, the ports it listens on and how
the NameNode and ResourceManager report the cluster ready.

Shared by cluster/hadoop/hadoop_cluster.py (daemons inside Mininet hosts, started with nsenter) and
cluster/deploy/cormorant-deploy (daemons on remote hosts over ssh), so both start exactly the same
processes with exactly the same configuration. Standard library only.
"""
import os

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
TEMPLATES = os.path.join(REPO, "cluster", "conf")
DEFAULT_DIST = os.path.join(REPO, "hadoop-dist", "target", "hadoop")
DEFAULT_JAVA_HOME = "/usr/lib/jvm/java-17-openjdk-amd64"

MASTER_DAEMONS = ("namenode", "resourcemanager")
WORKER_DAEMONS = ("datanode", "nodemanager")
# Small on purpose: the emulated cluster runs 14 daemons on one machine. Real hosts raise them
# (cormorant-deploy's inventory has a key per daemon).
HEAPS = {"namenode": "384m", "resourcemanager": "512m", "datanode": "192m", "nodemanager": "256m"}
MAINS = {
    "namenode": "org.apache.hadoop.hdfs.server.namenode.NameNode",
    "datanode": "org.apache.hadoop.hdfs.server.datanode.DataNode",
    "resourcemanager": "org.apache.hadoop.yarn.server.resourcemanager.ResourceManager",
    "nodemanager": "org.apache.hadoop.yarn.server.nodemanager.NodeManager",
}
# TCP ports each daemon listens on with the templates: those the templates set, and Hadoop's
# defaults for the rest (RM scheduler/tracker/client/admin/web, NM localizer/web/shuffle).
PORTS = {
    "namenode": (9000, 9870),
    "resourcemanager": (8030, 8031, 8032, 8033, 8088),
    "datanode": (9864, 9866, 9867),
    "nodemanager": (8040, 8042, 13562, 45454),
}
MODES = ("stock", "independent", "collaborative")
# Hive's map and reduce tasks need these on Java 17 (see docs/hive-bench.md).
TASK_OPENS = " ".join("--add-opens=java.base/%s=ALL-UNNAMED" % p for p in (
    "java.lang", "java.net", "java.util", "java.util.concurrent.atomic", "java.io", "java.nio", "sun.nio.ch"))


def config_values(master_ip, host_ip, host_dir, dist, nim, nim_token_file, replication, block_size, staging_dir,
                  nm_memory_mb, nm_vcores, scheduler_mode, replica_mode):
    """The placeholder values of one host's configuration. Paths are as the host sees them."""
    for mode in (scheduler_mode, replica_mode):
        if mode not in MODES:
            raise ValueError("mode %r is not one of %s" % (mode, ", ".join(MODES)))
    return {
        "MASTER_IP": master_ip, "HOST_IP": host_ip, "HOST_DIR": host_dir,
        "HOST_CONF": os.path.join(host_dir, "conf"), "DIST": dist, "NIM_ADDRESS": nim or "",
        "NIM_TOKEN_FILE": nim_token_file or "",
        "REPLICATION": replication, "BLOCK_SIZE": block_size,
        "STAGING_DIR": staging_dir,
        "NM_MEMORY_MB": nm_memory_mb, "NM_VCORES": nm_vcores, "TASK_JAVA_OPTS": TASK_OPENS,
        "SCHEDULER_MODE": scheduler_mode, "REPLICA_MODE": replica_mode,
        "SCHEDULER_CLASS": "org.apache.hadoop.yarn.server.resourcemanager.scheduler.capacity.CapacityScheduler"
        if scheduler_mode == "stock" else "org.cormorant.yarn.NetworkAwareCapacityScheduler",
        "ALLOCATOR_CLASS": "org.apache.hadoop.yarn.server.resourcemanager.scheduler.placement."
                           "LocalityAppPlacementAllocator"
        if scheduler_mode == "stock" else "org.cormorant.yarn.NetworkAwarePlacementAllocator",
        # MapReduce starts the AM as `java <am command-opts> MRAppMaster`: a class name at the end of
        # the options runs that class's main instead (docs/yarn-scheduler.md, "Which map runs").
        "AM_CLASS": "" if scheduler_mode == "stock" else " org.cormorant.yarn.mapreduce.NetworkAwareMRAppMaster",
        "TOPOLOGY_IMPL": "org.apache.hadoop.hdfs.net.DFSNetworkTopology"
        if replica_mode == "stock" else "org.cormorant.hdfs.CormorantNetworkTopology",
    }


def render_configs(values, templates=TEMPLATES):
    """Every template with its placeholders filled: {file name: text}. ValueError when a template
    has a placeholder the values do not fill."""
    rendered = {}
    for name in sorted(os.listdir(templates)):
        with open(os.path.join(templates, name)) as f:
            text = f.read()
        for key, value in values.items():
            text = text.replace("@@%s@@" % key, str(value))
        if "@@" in text:
            raise ValueError("template %s has a placeholder left: %s"
                             % (name, text[text.index("@@"):text.index("@@") + 40]))
        rendered[name] = text
    return rendered


def write_configs(conf_dir, values):
    """Renders the templates into CONF_DIR; returns CONF_DIR."""
    rendered = render_configs(values)
    os.makedirs(conf_dir, exist_ok=True)
    for name, text in rendered.items():
        with open(os.path.join(conf_dir, name), "w") as f:
            f.write(text)
    return conf_dir


def classpath(conf, dist):
    return ":".join([conf, os.path.join(dist, "webapps-root"), os.path.join(dist, "plugins", "*"),
                     os.path.join(dist, "lib", "*")])


def java_command(daemon, java_home, conf, dist, args=(), heap=None):
    """The daemon's command line. Logs go to standard output (cluster/conf/log4j.properties); the
    log directory Hadoop asks for is the host directory, the conf directory's parent."""
    return [os.path.join(java_home, "bin", "java"), "-Xmx" + (heap or HEAPS[daemon]), "-XX:+UseSerialGC",
            "-Dhadoop.log.dir=" + os.path.dirname(conf), "-cp", classpath(conf, dist), MAINS[daemon]] + list(args)


def format_args():
    """NameNode arguments that format a new name directory without asking."""
    return ["-format", "-force", "-nonInteractive"]


def daemon_env(java_home, conf):
    """Environment a daemon needs besides its command line: NodeManagers hand JAVA_HOME to containers."""
    return {"JAVA_HOME": java_home, "HADOOP_CONF_DIR": conf}


def namenode_state_url(master_ip):
    return "http://%s:9870/jmx?qry=Hadoop:service=NameNode,name=FSNamesystemState" % master_ip


def resourcemanager_metrics_url(master_ip):
    return "http://%s:8088/ws/v1/cluster/metrics" % master_ip


def readiness(namenode_jmx, rm_metrics):
    """(live DataNodes, active NodeManagers, HDFS operational) from the two documents (parsed JSON,
    None when the daemon did not answer)."""
    bean = namenode_jmx["beans"][0] if namenode_jmx and namenode_jmx.get("beans") else {}
    live_dn = bean.get("NumLiveDataNodes", 0)
    active_nm = rm_metrics["clusterMetrics"]["activeNodes"] if rm_metrics and "clusterMetrics" in rm_metrics else 0
    return live_dn, active_nm, bean.get("FSState") == "Operational"
