// Bad inputs through the Java binding, each the counterpart of a TypeScript call in
// test/jsii/java-app.e2e-test.ts: the library's ProxyConfigError must reach Java as an exception that
// carries its message (field path first) and never the password. Prints, as a JSON array, the
// exception of each case (its class, message and cause), or null when a case throws none.
// The password and the proxy URL that embeds it come from the environment (PROXY_PASSWORD,
// BAD_PROXY_URL), which carries them unquoted. Runs as a single source file with the example app's
// class path: mvn exec:exec -Dexec.args="-classpath %classpath BadInputs.java".
import io.github.clusterproxyconstructs.ClusterNetwork;
import io.github.clusterproxyconstructs.Provider;
import io.github.clusterproxyconstructs.ProxySettings;
import io.github.clusterproxyconstructs.capi.ControlPlaneProps;
import io.github.clusterproxyconstructs.capi.ObjectReferenceProps;
import io.github.clusterproxyconstructs.capi.ProxiedCluster;
import io.github.clusterproxyconstructs.capi.WorkerPoolProps;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.cdk8s.App;
import org.cdk8s.Chart;

public final class BadInputs {
  public static void main(String[] args) {
    String password = System.getenv("PROXY_PASSWORD");
    String proxyUrlWithPassword = System.getenv("BAD_PROXY_URL");
    Runnable badProxyUrl = () -> ProxySettings.Builder.create().httpProxy(proxyUrlWithPassword).build();
    Runnable negativeReplicas = () -> {
      ObjectReferenceProps template = ObjectReferenceProps.builder().apiVersion("x/v1").kind("K").name("n").build();
      ProxiedCluster.Builder.create(new Chart(new App(), "c"), "C")
          .name("demo").namespace("clusters").version("v1.31.2")
          .settings(ProxySettings.Builder.create().httpProxy("http://proxy.corp.example:3128").username("svc-k8s").password(password).build())
          .network(ClusterNetwork.Builder.create().pods(List.of("10.244.0.0/16")).services(List.of("10.96.0.0/12"))
              .provider(Provider.AWS).region("eu-central-1").build())
          .infrastructureRef(template)
          .controlPlane(ControlPlaneProps.builder().machineTemplate(template).build())
          .workerPools(List.of(WorkerPoolProps.builder().name("md-0").replicas(-1).machineTemplate(template).build()))
          .build();
    };
    System.out.println(Stream.of(badProxyUrl, negativeReplicas).map(BadInputs::caught).collect(Collectors.joining(",", "[", "]")));
  }

  private static String caught(Runnable build) {
    try {
      build.run();
    } catch (RuntimeException error) {
      return "{\"type\":" + json(error.getClass().getName()) + ",\"message\":" + json(error.getMessage())
          + ",\"cause\":" + json(String.valueOf(error.getCause())) + "}";
    }
    return "null";
  }

  private static String json(String text) {
    StringBuilder quoted = new StringBuilder("\"");
    for (char c : text.toCharArray()) {
      if (c == '"' || c == '\\') {
        quoted.append('\\').append(c);
      } else if (c < 0x20) {
        quoted.append(String.format("\\u%04x", (int) c));
      } else {
        quoted.append(c);
      }
    }
    return quoted.append('"').toString();
  }
}
