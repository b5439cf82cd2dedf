"""Two Cluster API clusters behind the corporate proxy and two workloads of the first, in Python:
the same program as examples/capi-cluster/main.ts, through the generated `cluster-proxy-constructs`
package, with the same YAML as output.

    bash scripts/jsii/python.sh package   # (repository root) the package, into dist/python/
    python3 -m venv ~/.venvs/cluster-proxy && . ~/.venvs/cluster-proxy/bin/activate
    pip install -r examples/python/requirements.txt dist/python/cluster_proxy_constructs-*.whl
    cd examples/python && PROXY_PASSWORD='...' python3 main.py

The manifests land in dist/ (or in $CDK8S_OUTDIR, which `cdk8s synth --output` sets). The password
comes from the environment, never from the repository.
"""
import os
import sys
from pathlib import Path

from cdk8s import App, Chart, Cron
from cdk8s_plus_33 import ContainerProps, CronJob
from cluster_proxy_constructs import ClusterNetwork, Provider, ProxySettings
from cluster_proxy_constructs.capi import (
    BootstrapFormat,
    CapiVersion,
    ControlPlaneProps,
    ObjectReferenceProps,
    OsFamily,
    ProxiedCluster,
    WorkerPoolProps,
)
from cluster_proxy_constructs.workloads import ProxyAwareDeployment, ProxyEnv


def proxy_password() -> str:
    password = os.environ.get("PROXY_PASSWORD", "")
    if password:
        return password
    print("notice: PROXY_PASSWORD is not set; the example uses a demo password.", file=sys.stderr)
    return "demo-only-not-a-secret"


# Installation-wide: the same for every cluster.
settings = ProxySettings(
    http_proxy="http://proxy.corp.example:3128",
    https_proxy="http://proxy.corp.example:3128",
    username="svc-k8s",
    password=proxy_password(),
    no_proxy=[".corp.example", "10.0.0.0/8"],
    trusted_ca_pem=(Path(__file__).parent.parent / "capi-cluster" / "corp-ca.pem").read_text(),
)

infrastructure = "infrastructure.cluster.x-k8s.io/v1beta1"  # your provider's objects, e.g. CAPV or CAPA

app = App()

demo = ProxiedCluster(
    Chart(app, "demo"),
    "Demo",
    name="demo",
    namespace="clusters",
    version="v1.31.2",
    settings=settings,
    network=ClusterNetwork(
        pods=["192.168.0.0/16"],
        services=["172.20.0.0/16"],
        control_plane_endpoint="api.demo.corp.example",
        provider=Provider.VSPHERE,
        provider_endpoints=["vcenter.corp.example"],
    ),
    os_family=OsFamily.UBUNTU,  # where the proxy CA goes
    infrastructure_ref=ObjectReferenceProps(api_version=infrastructure, kind="VSphereCluster", name="demo"),
    control_plane=ControlPlaneProps(
        replicas=3,
        machine_template=ObjectReferenceProps(api_version=infrastructure, kind="VSphereMachineTemplate", name="demo-control-plane"),
    ),
    worker_pools=[
        WorkerPoolProps(
            name="md-0",
            replicas=3,
            machine_template=ObjectReferenceProps(api_version=infrastructure, kind="VSphereMachineTemplate", name="demo-md-0"),
        ),
    ],
)

ProxiedCluster(
    Chart(app, "legacy"),
    "Legacy",
    name="legacy",
    namespace="clusters",
    version="v1.30.6",
    capi_version=CapiVersion.V1BETA1,
    bootstrap_format=BootstrapFormat.IGNITION,  # Flatcar
    settings=settings,
    network=ClusterNetwork(
        pods=["10.244.0.0/16"],
        services=["10.96.0.0/12"],
        provider=Provider.AWS,
        region="eu-central-1",
    ),
    infrastructure_ref=ObjectReferenceProps(api_version=infrastructure, kind="AWSCluster", name="legacy"),
    control_plane=ControlPlaneProps(
        machine_template=ObjectReferenceProps(api_version=infrastructure, kind="AWSMachineTemplate", name="legacy-control-plane"),
    ),
    worker_pools=[
        WorkerPoolProps(
            name="md-0",
            replicas=2,
            machine_template=ObjectReferenceProps(api_version=infrastructure, kind="AWSMachineTemplate", name="legacy-md-0"),
        ),
    ],
)

# Workloads of `demo`. A ProxyAwareDeployment carries the proxy env itself; ProxyEnv.inject gives it
# to every workload of a chart, here a plain cdk8s-plus CronJob. Each chart also gets the proxy
# Secret and the CA ConfigMap its pods read, in its namespace.
ProxyAwareDeployment(
    Chart(app, "apps", namespace="team-a"),
    "Api",
    proxy=demo.proxy,
    containers=[ContainerProps(image="registry.corp.example/team-a/api:1.4.2", port_number=8080)],
)
jobs = Chart(app, "jobs", namespace="team-b")
CronJob(jobs, "Report", schedule=Cron.daily(), containers=[ContainerProps(image="registry.corp.example/team-b/report:2.0.0")])
ProxyEnv.inject(jobs, demo.proxy)

app.synth()
