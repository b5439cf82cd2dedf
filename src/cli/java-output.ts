import type { NoProxy } from '../core/noproxy/no-proxy';
import { renderJavaNonProxyHosts } from '../core/noproxy/render';

/** What `cluster-proxy noproxy --format java` prints: the value on stdout, what it left out on stderr. */
export interface JavaNoProxyOutput {
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * The `http.nonProxyHosts` value, and one stderr line per entry the JDK form cannot express, so
 * that a pipeline capturing stdout still shows what Java clients will send to the proxy.
 */
export function javaNoProxyOutput(noProxy: NoProxy): JavaNoProxyOutput {
  const { value, skipped } = renderJavaNonProxyHosts(noProxy);
  return {
    stdout: `${value}\n`,
    stderr: skipped.map((item) => `cluster-proxy: java: skipped ${item.entry}: ${item.reason}\n`).join(''),
  };
}
