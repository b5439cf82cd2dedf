import { checkProxyConfig, ClusterProxyConfig } from '../../definition/cluster-proxy-config';
import { invalidValue } from '../../primitives/errors';
import { ProxyEnvOptions, proxyContainerEnv } from '../../workloads/container-env';
import { renderYaml } from '../yaml-text';
import { kustomizeSelector, KustomizeTarget, resolveKustomizeTargets } from './kustomize-target';
import { copyJson } from '../../primitives/k8s/copy-json';

/** One entry of a kustomization's `patches:` with an inline JSON 6902 patch. */
export interface KustomizeInlinePatch {
  /** The target selector. */
  readonly target: { readonly [key: string]: string };
  /** The operations, as YAML text (Kustomize's inline `patch:`). */
  readonly patch: string;
}

/**
 * JSON 6902 patches for a `kustomization.yaml`'s `patches:`, one per target.
 * For every container: a `test` that the container at `index` has the expected name (so a
 * reordered base fails the build instead of patching the wrong container), then one
 * `add .../env/-` per variable. Each container must already have an `env` list (JSON Patch cannot
 * create it without replacing it); otherwise Kustomize stops with an error. Prefer
 * `kustomizeProxyComponent`, which has neither limitation.
 */
export function kustomizeJson6902Patches(
  proxy: ClusterProxyConfig,
  targets: KustomizeTarget[],
  options: ProxyEnvOptions = {},
): KustomizeInlinePatch[] {
  checkProxyConfig('proxy', proxy, '');
  const env = proxyContainerEnv(proxy, options);
  return resolveKustomizeTargets(targets).map((target, i) => {
    const operations = target.containers.flatMap((container, j) => {
      if (container.index === undefined) {
        throw invalidValue(`targets[${i}].containers[${j}].index`, undefined, 'is required for JSON 6902 patches (they address containers by position)');
      }
      const base = `/spec/template/spec/containers/${container.index}`;
      return [
        { op: 'test', path: `${base}/name`, value: container.name },
        ...env.map((variable) => ({ op: 'add', path: `${base}/env/-`, value: copyJson(variable) })),
      ];
    });
    return { target: kustomizeSelector(target), patch: renderYaml(operations) };
  });
}
