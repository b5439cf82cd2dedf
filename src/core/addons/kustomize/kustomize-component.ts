import { checkProxyConfig, ClusterProxyConfig } from '../../definition/cluster-proxy-config';
import { copyJson } from '../../primitives/k8s/copy-json';
import { ContainerEnvVar, ProxyEnvOptions, proxyContainerEnv, proxyEnvUsesSecret, proxySecretManifest } from '../../workloads/container-env';
import { renderYaml, renderYamlDocuments } from '../yaml-text';
import { kustomizeSelector, KustomizeTarget, ResolvedKustomizeTarget, resolveKustomizeTargets } from './kustomize-target';
import { checkProps, propKeys } from '../../primitives/validation/strict-props';

/** Options of `kustomizeProxyComponent`. */
export interface KustomizeProxyComponentOptions extends ProxyEnvOptions {
  /** The workloads of the base to put behind the proxy. */
  readonly targets: KustomizeTarget[];
  /**
   * Write the proxy Secret (URLs with credentials, in plain `stringData`) into the component as
   * `proxy-secret.yaml`. Off by default: files in a Git repository are no place for a password;
   * create the Secret another way (Sealed Secrets, SOPS, External Secrets) under `secretName`.
   * Without credentials no Secret is needed either way.
   *
   * @default false
   */
  readonly includeSecret?: boolean;
}

const KUSTOMIZE_COMPONENT_KEYS = propKeys<KustomizeProxyComponentOptions>({
  targets: true, includeSecret: true, secretName: true, literalCredentials: true,
});

/** Relative path of the component's kustomization file. */
export const KUSTOMIZATION_FILE = 'kustomization.yaml';

/**
 * A Kustomize component (`kind: Component`, `kustomize.config.k8s.io/v1alpha1`) adding the proxy
 * env to chosen workloads with one strategic-merge patch each: env entries merge by name, so
 * containers keep their other variables and the patch works whether or not they already have an
 * `env` list (a JSON 6902 `add .../env/-` fails on a container without one).
 * Proxy variables the base already sets are overwritten with the definition's values.
 *
 * Returns the files by relative path: `kustomization.yaml`, `patches/<kind>-<name>.yaml` and,
 * with `includeSecret`, `proxy-secret.yaml`. Use it from an overlay with `components: [<dir>]`.
 */
export function kustomizeProxyComponent(proxy: ClusterProxyConfig, options: KustomizeProxyComponentOptions): { [path: string]: string } {
  checkProxyConfig('proxy', proxy, '');
  checkProps('', options, KUSTOMIZE_COMPONENT_KEYS, 'Kustomize component option');
  const targets = resolveKustomizeTargets(options.targets);
  const env = proxyContainerEnv(proxy, options);
  const files: { [path: string]: string } = {};
  const patches = targets.map((target) => {
    const path = `patches/${target.kind.toLowerCase()}-${target.namespace ? `${target.namespace}-` : ''}${target.name}.yaml`;
    files[path] = renderYaml(strategicMergePatch(target, env));
    return { path, target: kustomizeSelector(target) };
  });
  const withSecret = options.includeSecret === true && proxyEnvUsesSecret(proxy, options);
  if (withSecret) {
    const namespaces = [...new Set(targets.map((target) => target.namespace))];
    files['proxy-secret.yaml'] = renderYamlDocuments(namespaces.map((namespace) => proxySecretManifest(proxy, namespace, options)));
  }
  files[KUSTOMIZATION_FILE] = renderYaml({
    apiVersion: 'kustomize.config.k8s.io/v1alpha1',
    kind: 'Component',
    ...(withSecret ? { resources: ['proxy-secret.yaml'] } : {}),
    patches,
  });
  return files;
}

function strategicMergePatch(target: ResolvedKustomizeTarget, env: ContainerEnvVar[]): unknown {
  return {
    apiVersion: 'apps/v1',
    kind: target.kind,
    metadata: { name: target.name, ...(target.namespace ? { namespace: target.namespace } : {}) },
    spec: { template: { spec: { containers: target.containers.map((container) => ({ name: container.name, env: copyJson(env) })) } } },
  };
}
