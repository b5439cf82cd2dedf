// A bad input through the Java binding: an HTTP proxy URL with a scheme no client speaks, next to a
// password from PROXY_PASSWORD. The library's ProxyConfigError must reach Java as an exception that
// carries its message (field path first) and never the password. Run as a single source file with
// the example app's class path: mvn exec:exec -Dexec.args="-classpath %classpath BadProxyUrl.java".
import io.github.clusterproxyconstructs.ProxySettings;

public final class BadProxyUrl {
  public static void main(String[] args) {
    ProxySettings.Builder.create()
        .httpProxy("ftp://x")
        .username("svc-k8s")
        .password(System.getenv("PROXY_PASSWORD"))
        .build();
  }
}
