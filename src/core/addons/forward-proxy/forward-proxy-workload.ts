import { invalidValue } from '../../primitives/errors';
import { copyJson } from '../../primitives/k8s/copy-json';
import { KubeObject } from '../../primitives/k8s/manifest';
import { hasControlCharacter } from '../../primitives/text';
import { checkJsonData } from '../../primitives/validation/json-data';
import { parseEither } from '../../primitives/validation/one-of';
import { optionalList } from '../../primitives/validation/strict-props';

/** Pod-level choices of the forward proxy. */
export interface ForwardProxyWorkloadProps {
  /**
   * Container image with tinyproxy 1.11 or later as `tinyproxy` on the PATH. Pin it (a digest is
   * best): the library cannot vouch for any registry's image.
   */
  readonly image: string;
  /**
   * Tolerations of the proxy pods.
   *
   * @default - tolerate every taint, so every node runs a proxy (like kube-proxy)
   */
  readonly tolerations?: { readonly [key: string]: unknown }[];
  /**
   * Node selector of the proxy pods.
   *
   * @default - `kubernetes.io/os: linux`
   */
  readonly nodeSelector?: { readonly [key: string]: string };
  /**
   * Container resources.
   *
   * @default - requests 10m CPU / 32Mi memory, limit 128Mi memory
   */
  readonly resources?: { readonly [key: string]: unknown };
  /**
   * `Local` sends each pod to the proxy on its own node (no cross-node hop, but a node whose
   * proxy pod is not ready drops the traffic); `Cluster` spreads over all nodes.
   *
   * @default 'Cluster'
   */
  readonly internalTrafficPolicy?: 'Cluster' | 'Local';
}

/** Facts the core computed for the workload. */
export interface ForwardProxyWorkloadFacts {
  readonly name: string;
  readonly namespace: string;
  readonly port: number;
  readonly labels: { readonly [key: string]: string };
  readonly configVolume: { readonly [key: string]: unknown };
  readonly configHash: string;
  readonly dualStack: boolean;
}

/** Key of tinyproxy.conf in its ConfigMap or Secret (and so its file name). */
export const TINYPROXY_CONFIG_KEY = 'tinyproxy.conf';
/** Where the config is mounted in the container. */
export const TINYPROXY_CONFIG_DIR = '/etc/tinyproxy';

/** Annotation carrying the hash of tinyproxy.conf on the pod template. */
export const CONFIG_HASH_ANNOTATION = 'cluster-proxy-constructs/config-hash';

/** The tinyproxy DaemonSet and its Service. */
export function forwardProxyWorkload(props: ForwardProxyWorkloadProps, facts: ForwardProxyWorkloadFacts): KubeObject[] {
  if (typeof props.image !== 'string' || props.image.trim() === '' || /\s/.test(props.image) || hasControlCharacter(props.image)) {
    throw invalidValue('image', props.image, 'must be a container image reference with tinyproxy, e.g. registry.example/tinyproxy@sha256:...');
  }
  const policy = parseEither('internalTrafficPolicy', props.internalTrafficPolicy ?? 'Cluster', ['Cluster', 'Local']);
  optionalList('tolerations', props.tolerations);
  for (const key of ['tolerations', 'resources', 'nodeSelector'] as const) {
    checkJsonData(key, props[key]);
  }
  const { name, namespace, port, labels } = facts;
  const selector = { 'app.kubernetes.io/name': name, 'app.kubernetes.io/component': 'forward-proxy' };
  const probe = { tcpSocket: { port }, periodSeconds: 10 };
  const daemonSet: KubeObject = {
    apiVersion: 'apps/v1',
    kind: 'DaemonSet',
    metadata: { name, namespace, labels: { ...labels } },
    spec: {
      selector: { matchLabels: selector },
      updateStrategy: { type: 'RollingUpdate' },
      template: {
        metadata: { labels: { ...labels }, annotations: { [CONFIG_HASH_ANNOTATION]: facts.configHash } },
        spec: {
          // The node's network: its IPv4 (or IPv6) egress, which the pods lack.
          hostNetwork: true,
          // Resolve destinations with the node's resolver, like the node itself would.
          dnsPolicy: 'Default',
          automountServiceAccountToken: false,
          nodeSelector: { ...(props.nodeSelector ?? { 'kubernetes.io/os': 'linux' }) },
          tolerations: copyJson(props.tolerations ?? [{ operator: 'Exists' }]),
          containers: [{
            name: 'tinyproxy',
            image: props.image,
            command: ['tinyproxy', '-d', '-c', `${TINYPROXY_CONFIG_DIR}/${TINYPROXY_CONFIG_KEY}`],
            ports: [{ name: 'proxy', containerPort: port, protocol: 'TCP' }],
            readinessProbe: probe,
            livenessProbe: { ...probe, failureThreshold: 6 },
            resources: copyJson(props.resources ?? { requests: { cpu: '10m', memory: '32Mi' }, limits: { memory: '128Mi' } }),
            securityContext: {
              runAsNonRoot: true,
              runAsUser: 65534,
              runAsGroup: 65534,
              allowPrivilegeEscalation: false,
              readOnlyRootFilesystem: true,
              capabilities: { drop: ['ALL'] },
            },
            volumeMounts: [{ name: 'config', mountPath: TINYPROXY_CONFIG_DIR, readOnly: true }],
          }],
          volumes: [{ name: 'config', ...copyJson(facts.configVolume) }],
        },
      },
    },
  };
  const service: KubeObject = {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: { name, namespace, labels: { ...labels } },
    spec: {
      selector,
      ports: [{ name: 'proxy', port, targetPort: port, protocol: 'TCP' }],
      internalTrafficPolicy: policy,
      ...(facts.dualStack ? { ipFamilyPolicy: 'PreferDualStack' } : {}),
    },
  };
  return [daemonSet, service];
}
