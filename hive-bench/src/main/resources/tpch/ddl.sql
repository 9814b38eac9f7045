-- TPC-H tables for Hive: external text tables, '|' delimited, over the directories written by
-- `hive-bench generate` and copied by `hive-bench load` (${DATA} is replaced by that directory's URI).
create database if not exists ${DATABASE};
use ${DATABASE};

drop table if exists region;
create external table region (
    r_regionkey bigint,
    r_name string,
    r_comment string)
row format delimited fields terminated by '|'
stored as textfile
location '${DATA}/region';

drop table if exists nation;
create external table nation (
    n_nationkey bigint,
    n_name string,
    n_regionkey bigint,
    n_comment string)
row format delimited fields terminated by '|'
stored as textfile
location '${DATA}/nation';

drop table if exists supplier;
create external table supplier (
    s_suppkey bigint,
    s_name string,
    s_address string,
    s_nationkey bigint,
    s_phone string,
    s_acctbal decimal(15,2),
    s_comment string)
row format delimited fields terminated by '|'
stored as textfile
location '${DATA}/supplier';

drop table if exists customer;
create external table customer (
    c_custkey bigint,
    c_name string,
    c_address string,
    c_nationkey bigint,
    c_phone string,
    c_acctbal decimal(15,2),
    c_mktsegment string,
    c_comment string)
row format delimited fields terminated by '|'
stored as textfile
location '${DATA}/customer';

drop table if exists part;
create external table part (
    p_partkey bigint,
    p_name string,
    p_mfgr string,
    p_brand string,
    p_type string,
    p_size int,
    p_container string,
    p_retailprice decimal(15,2),
    p_comment string)
row format delimited fields terminated by '|'
stored as textfile
location '${DATA}/part';

drop table if exists partsupp;
create external table partsupp (
    ps_partkey bigint,
    ps_suppkey bigint,
    ps_availqty int,
    ps_supplycost decimal(15,2),
    ps_comment string)
row format delimited fields terminated by '|'
stored as textfile
location '${DATA}/partsupp';

drop table if exists orders;
create external table orders (
    o_orderkey bigint,
    o_custkey bigint,
    o_orderstatus string,
    o_totalprice decimal(15,2),
    o_orderdate date,
    o_orderpriority string,
    o_clerk string,
    o_shippriority int,
    o_comment string)
row format delimited fields terminated by '|'
stored as textfile
location '${DATA}/orders';

drop table if exists lineitem;
create external table lineitem (
    l_orderkey bigint,
    l_partkey bigint,
    l_suppkey bigint,
    l_linenumber int,
    l_quantity decimal(15,2),
    l_extendedprice decimal(15,2),
    l_discount decimal(15,2),
    l_tax decimal(15,2),
    l_returnflag string,
    l_linestatus string,
    l_shipdate date,
    l_commitdate date,
    l_receiptdate date,
    l_shipinstruct string,
    l_shipmode string,
    l_comment string)
row format delimited fields terminated by '|'
stored as textfile
location '${DATA}/lineitem';
