import java.net.Proxy;
import java.net.ProxySelector;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Asks the JDK's default ProxySelector (what HttpURLConnection and java.net.http use) whether each
 * URL goes through the proxy, given a value of http.nonProxyHosts (the JDK never reads NO_PROXY).
 *
 * Usage: java -Dhttp.proxyHost=H -Dhttp.proxyPort=P -Dhttps.proxyHost=H -Dhttps.proxyPort=P
 *             -cp DIR NonProxyHosts CASES_FILE
 *
 * CASES_FILE has one "nonProxyHosts<TAB>url" line per case. For each case the value is set as the
 * http.nonProxyHosts and https.nonProxyHosts system properties: the JDK's DefaultProxySelector
 * reads them through NetProperties.get, which consults System.getProperty on every select(), so
 * this is the same code path as giving them with -D at start-up, for many values in one JVM.
 * Prints one "DIRECT|PROXY<TAB>url" line per case. Nothing connects.
 */
public final class NonProxyHosts {
    private NonProxyHosts() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length != 1) {
            System.err.println("usage: NonProxyHosts CASES_FILE");
            System.exit(64);
        }
        List<String> lines = Files.readAllLines(Path.of(args[0]), StandardCharsets.UTF_8);
        StringBuilder out = new StringBuilder();
        for (String line : lines) {
            if (line.isEmpty()) {
                continue;
            }
            int tab = line.indexOf('\t');
            String nonProxyHosts = line.substring(0, tab);
            String url = line.substring(tab + 1);
            System.setProperty("http.nonProxyHosts", nonProxyHosts);
            System.setProperty("https.nonProxyHosts", nonProxyHosts);
            List<Proxy> proxies = ProxySelector.getDefault().select(new URI(url));
            boolean direct = proxies.isEmpty() || proxies.get(0).type() == Proxy.Type.DIRECT;
            out.append(direct ? "DIRECT" : "PROXY").append('\t').append(url).append('\n');
        }
        System.out.print(out);
    }
}
