import { ProxyEnvironment } from '../definition/proxy-environment';
import { PodEnvVar, renderPodEnv } from '../render/pod-env';
import { renderEnvFile, renderShellExports } from '../render/shell';
import { renderSystemdDropIn } from '../render/systemd';

/**
 * The renderers a user calls directly: each takes a `ProxyEnvironment` (`proxy.environment`, with
 * credentials: the result is secret; or `proxy.publicEnvironment`, without) and writes it in one
 * consumer's syntax, escaped for it. Every value was validated when the environment was built.
 */
export class ProxyRenderers {
  /** A systemd drop-in: `[Service]` and one `Environment=` line per variable, systemd-escaped. */
  public static systemdDropIn(environment: ProxyEnvironment): string {
    return renderSystemdDropIn(environment);
  }

  /** `export NAME='value'` lines for POSIX shells (sourced before kubeadm on the nodes). */
  public static shellExports(environment: ProxyEnvironment): string {
    return renderShellExports(environment);
  }

  /** `NAME='value'` lines: a file for `EnvironmentFile=`, Docker's `--env-file` or `set -a; .`. */
  public static envFile(environment: ProxyEnvironment): string {
    return renderEnvFile(environment);
  }

  /** Kubernetes container `env` entries with literal values. */
  public static podEnv(environment: ProxyEnvironment): PodEnvVar[] {
    return renderPodEnv(environment);
  }

  private constructor() {}
}
