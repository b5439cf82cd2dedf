import { ProxyEnvironment, proxyVariables } from '../definition/proxy-environment';
import { plainString } from '../primitives/secret-text';

/** One container environment variable with a literal value (Kubernetes `EnvVar`). */
export interface PodEnvVar {
  /** Variable name. */
  readonly name: string;
  /** Literal value; proxy URLs may hold credentials. */
  readonly value: string;
}

/**
 * The six proxy variables as a container `env` list, in {@link proxyVariables} order. Values are
 * literal: Kubernetes passes them through unchanged, and the YAML serializer quotes them.
 */
export function renderPodEnv(env: ProxyEnvironment): PodEnvVar[] {
  return proxyVariables(env).map(({ name, value }) => ({ name, value: plainString(value) }));
}
