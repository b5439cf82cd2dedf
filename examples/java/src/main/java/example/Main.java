package example;

import io.github.clusterproxyconstructs.ClusterNetwork;
import io.github.clusterproxyconstructs.Provider;
import io.github.clusterproxyconstructs.ProxySettings;
import io.github.clusterproxyconstructs.capi.BootstrapFormat;
import io.github.clusterproxyconstructs.capi.CapiVersion;
import io.github.clusterproxyconstructs.capi.ControlPlaneProps;
import io.github.clusterproxyconstructs.capi.ObjectReferenceProps;
import io.github.clusterproxyconstructs.capi.OsFamily;
import io.github.clusterproxyconstructs.capi.ProxiedCluster;
import io.github.clusterproxyconstructs.capi.WorkerPoolProps;
import io.github.clusterproxyconstructs.workloads.ProxyAwareDeployment;
import io.github.clusterproxyconstructs.workloads.ProxyEnv;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.cdk8s.App;
import org.cdk8s.Chart;
import org.cdk8s.ChartProps;
import org.cdk8s.Cron;
import org.cdk8s.plus33.ContainerProps;
import org.cdk8s.plus33.CronJob;

/**
 * Two Cluster API clusters behind the corporate proxy, and two workloads of the first, in Java: the
 * same program as examples/capi-cluster/main.ts, through the generated Maven package.
 *
 * <p>Run {@code mvn compile exec:exec} in this directory; the manifests land in dist/ (or
 * $CDK8S_OUTDIR). The password comes from the environment, never from the repository.
 */
public final class Main {
  private static final String INFRASTRUCTURE = "infrastructure.cluster.x-k8s.io/v1beta1"; // your provider's objects, e.g. CAPV or CAPA

  private Main() {
  }

  public static void main(String[] args) throws IOException {
    // Installation-wide: the same for every cluster.
    ProxySettings settings = ProxySettings.Builder.create()
        .httpProxy("http://proxy.corp.example:3128")
        .httpsProxy("http://proxy.corp.example:3128")
        .username("svc-k8s")
        .password(proxyPassword())
        .noProxy(List.of(".corp.example", "10.0.0.0/8"))
        // the TLS-intercepting proxy's CA; Maven runs the app in this directory
        .trustedCaPem(Files.readString(Path.of("..", "capi-cluster", "corp-ca.pem"), StandardCharsets.UTF_8))
        .build();

    App app = new App();

    ProxiedCluster demo = ProxiedCluster.Builder.create(new Chart(app, "demo"), "Demo")
        .name("demo")
        .namespace("clusters")
        .version("v1.31.2")
        .settings(settings)
        .network(ClusterNetwork.Builder.create()
            .pods(List.of("192.168.0.0/16"))
            .services(List.of("172.20.0.0/16"))
            .controlPlaneEndpoint("api.demo.corp.example")
            .provider(Provider.VSPHERE)
            .providerEndpoints(List.of("vcenter.corp.example"))
            .build())
        .osFamily(OsFamily.UBUNTU) // where the proxy CA goes
        .infrastructureRef(reference("VSphereCluster", "demo"))
        .controlPlane(ControlPlaneProps.builder().replicas(3).machineTemplate(reference("VSphereMachineTemplate", "demo-control-plane")).build())
        .workerPools(List.of(WorkerPoolProps.builder().name("md-0").replicas(3).machineTemplate(reference("VSphereMachineTemplate", "demo-md-0")).build()))
        .build();

    ProxiedCluster.Builder.create(new Chart(app, "legacy"), "Legacy")
        .name("legacy")
        .namespace("clusters")
        .version("v1.30.6")
        .capiVersion(CapiVersion.V1BETA1)
        .bootstrapFormat(BootstrapFormat.IGNITION) // Flatcar
        .settings(settings)
        .network(ClusterNetwork.Builder.create()
            .pods(List.of("10.244.0.0/16"))
            .services(List.of("10.96.0.0/12"))
            .provider(Provider.AWS)
            .region("eu-central-1")
            .build())
        .infrastructureRef(reference("AWSCluster", "legacy"))
        .controlPlane(ControlPlaneProps.builder().machineTemplate(reference("AWSMachineTemplate", "legacy-control-plane")).build())
        .workerPools(List.of(WorkerPoolProps.builder().name("md-0").replicas(2).machineTemplate(reference("AWSMachineTemplate", "legacy-md-0")).build()))
        .build();

    // Workloads of `demo`. A ProxyAwareDeployment carries the proxy env itself; ProxyEnv.inject gives
    // it to every workload of a chart, here a plain cdk8s-plus CronJob. Each chart also gets the proxy
    // Secret and the CA ConfigMap its pods read, in its namespace.
    ProxyAwareDeployment.Builder.create(new Chart(app, "apps", ChartProps.builder().namespace("team-a").build()), "Api")
        .proxy(demo.getProxy())
        .containers(List.of(ContainerProps.builder().image("registry.corp.example/team-a/api:1.4.2").portNumber(8080).build()))
        .build();
    Chart jobs = new Chart(app, "jobs", ChartProps.builder().namespace("team-b").build());
    CronJob.Builder.create(jobs, "Report")
        .schedule(Cron.daily())
        .containers(List.of(ContainerProps.builder().image("registry.corp.example/team-b/report:2.0.0").build()))
        .build();
    ProxyEnv.inject(jobs, demo.getProxy());

    app.synth();
  }

  private static ObjectReferenceProps reference(String kind, String name) {
    return ObjectReferenceProps.builder().apiVersion(INFRASTRUCTURE).kind(kind).name(name).build();
  }

  /** From PROXY_PASSWORD (a CI secret, a vault...); a demo value, with a notice, when it is unset. */
  private static String proxyPassword() {
    String password = System.getenv("PROXY_PASSWORD");
    if (password != null && !password.isEmpty()) {
      return password;
    }
    System.err.println("notice: PROXY_PASSWORD is not set; the example uses a demo password. Its Secrets are not deployable: "
        + "set PROXY_PASSWORD (e.g. PROXY_PASSWORD='...' mvn compile exec:exec) for real output.");
    return "demo-only-not-a-secret";
  }
}
