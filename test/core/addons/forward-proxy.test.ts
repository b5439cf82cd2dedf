import { inClusterForwardProxy } from '../../../src/core/addons/forward-proxy/forward-proxy';
import { CONFIG_HASH_ANNOTATION } from '../../../src/core/addons/forward-proxy/forward-proxy-workload';
import { proxyEnvFrom, proxyEnvSources, ProxyEnvSourceKind } from '../../../src/core/addons/proxy-env-source';
import { ClusterNetwork } from '../../../src/core/definition/network';
import { NoProxyFormat } from '../../../src/core/noproxy/render';
import { anonymousProxy, errorOf, vsphereProxy } from '../../support/fixtures/addons';
import { expectValidObjects } from '../../support/schemas';

const IPV6_NETWORK = { pods: ['fd00:10::/56'], services: ['fd00:20::/108'], serviceDomain: 'k8s.internal', machineCidrs: ['fd00:1::/64'] };

describe('inClusterForwardProxy', () => {
  test('ConfigMap, hostNetwork DaemonSet and Service validate; the config allows pod and machine CIDRs', () => {
    const result = inClusterForwardProxy({ network: new ClusterNetwork(IPV6_NETWORK), image: 'registry.example/tinyproxy@sha256:abc', additionalAllowedCidrs: ['fd00:99::/64'] });
    expectValidObjects(result.objects);
    expect(result.objects.map((o) => `${o.kind}/${o.metadata.namespace}/${o.metadata.name}`))
      .toEqual(['ConfigMap/kube-system/http-proxy-config', 'DaemonSet/kube-system/http-proxy', 'Service/kube-system/http-proxy']);
    expect(result.configText).toContain('Allow fd00:10::/56\nAllow fd00:1::/64\nAllow fd00:99::/64\n');
    expect(result.configText).not.toContain('BasicAuth');
    const [config, daemonSet, service] = result.objects as any[];
    expect(config.data['tinyproxy.conf']).toBe(result.configText);
    const pod = daemonSet.spec.template.spec;
    expect(pod).toMatchObject({ hostNetwork: true, dnsPolicy: 'Default', tolerations: [{ operator: 'Exists' }] });
    expect(pod.containers[0].command).toEqual(['tinyproxy', '-d', '-c', '/etc/tinyproxy/tinyproxy.conf']);
    expect(pod.containers[0].securityContext).toMatchObject({ runAsNonRoot: true, readOnlyRootFilesystem: true });
    expect(pod.volumes).toEqual([{ name: 'config', configMap: { name: 'http-proxy-config' } }]);
    expect(daemonSet.spec.selector.matchLabels).toEqual(service.spec.selector);
    expect(service.spec.ports).toEqual([{ name: 'proxy', port: 8888, targetPort: 8888, protocol: 'TCP' }]);
    expect(service.spec.ipFamilyPolicy).toBeUndefined();
  });

  test('the derived settings point at the Service name; NO_PROXY comes from the same network', () => {
    const result = inClusterForwardProxy({ network: new ClusterNetwork(IPV6_NETWORK), image: 'i', noProxy: ['.corp.example'] });
    expect(result.url).toBe('http://http-proxy.kube-system.svc.k8s.internal:8888');
    expect(result.proxy.environment.httpProxy).toBe(result.url);
    expect(result.proxy.environment.httpsProxy).toBe(result.url);
    const own = result.proxy.noProxy.render(NoProxyFormat.LIST).split('\n');
    expect(own).toEqual(expect.arrayContaining(['.corp.example', '.svc', '.k8s.internal', 'fd00:10::/56', 'fd00:20::/108', 'fd00:20::1']));
    expect(result.proxy.network.pods).toEqual(IPV6_NETWORK.pods);
  });

  test('with basicAuth the config is a Secret, the pod template hash changes, and the URL carries the credentials', () => {
    const open = inClusterForwardProxy({ network: new ClusterNetwork(IPV6_NETWORK), image: 'i' });
    const auth = inClusterForwardProxy({ network: new ClusterNetwork(IPV6_NETWORK), image: 'i', basicAuth: { username: 'pods', password: 's3cret' }, port: 3128, name: 'egress', namespace: 'proxy' });
    expectValidObjects(auth.objects);
    const [secret, daemonSet] = auth.objects as any[];
    expect(secret).toMatchObject({ kind: 'Secret', metadata: { name: 'egress-config' }, stringData: { 'tinyproxy.conf': auth.configText } });
    expect(auth.configText).toContain('BasicAuth pods s3cret\n');
    expect(daemonSet.spec.template.spec.volumes).toEqual([{ name: 'config', secret: { secretName: 'egress-config' } }]);
    const hash = (r: typeof open) => (r.objects[1] as any).spec.template.metadata.annotations[CONFIG_HASH_ANNOTATION];
    expect(hash(auth)).not.toBe(hash(open));
    expect(auth.proxy.environment.httpProxy).toBe('http://pods:s3cret@egress.proxy.svc.k8s.internal:3128');
    expect(auth.settings.hasCredentials).toBe(true);
    expect(String(auth.proxy)).not.toContain('s3cret');
  });

  test('dual-stack Services prefer both families', () => {
    const dual = inClusterForwardProxy({ network: new ClusterNetwork({ pods: ['10.244.0.0/16', 'fd00:10::/56'], services: ['10.96.0.0/12', 'fd00:20::/108'] }), image: 'i', internalTrafficPolicy: 'Local' });
    expect((dual.objects[2] as any).spec).toMatchObject({ ipFamilyPolicy: 'PreferDualStack', internalTrafficPolicy: 'Local' });
    expectValidObjects(dual.objects);
  });

  test('bad input is refused naming the field', () => {
    expect(errorOf(() => inClusterForwardProxy({ network: new ClusterNetwork(IPV6_NETWORK), image: '' }))).toMatch(/^image:/);
    expect(errorOf(() => inClusterForwardProxy({ network: new ClusterNetwork(IPV6_NETWORK), image: 'registry.example/tinyproxy\u0000:1' }))).toMatch(/^image: must be a container image reference/);
    expect(errorOf(() => inClusterForwardProxy({ network: new ClusterNetwork(IPV6_NETWORK), image: 'i', port: 80 }))).toMatch(/^port: must be an integer from 1024/);
    expect(errorOf(() => inClusterForwardProxy({ network: new ClusterNetwork(IPV6_NETWORK), image: 'i', internalTrafficPolicy: 'Node' as never }))).toMatch(/^internalTrafficPolicy:/);
    expect(errorOf(() => inClusterForwardProxy({ network: new ClusterNetwork(IPV6_NETWORK), image: 'i', name: 'Proxy' }))).toMatch(/^name:/);
    const bad = errorOf(() => inClusterForwardProxy({ network: new ClusterNetwork(IPV6_NETWORK), image: 'i', basicAuth: { username: 'u', password: 'p@ss word' } }));
    expect(bad).toMatch(/^basicAuth\.password:/);
    expect(bad).not.toContain('p@ss word');
  });
});

describe('proxyEnvSources / proxyEnvFrom', () => {
  test('a ConfigMap per namespace with the six variables, when there are no credentials', () => {
    const proxy = anonymousProxy();
    const objects = proxyEnvSources(proxy, { namespaces: ['team-a', 'team-b', 'team-a'] });
    expect(objects.map((o) => `${o.kind}/${o.metadata.namespace}/${o.metadata.name}`)).toEqual(['ConfigMap/team-a/proxy-config', 'ConfigMap/team-b/proxy-config']);
    expect(objects[0].data).toEqual({
      HTTP_PROXY: 'http://proxy.corp.example:3128',
      http_proxy: 'http://proxy.corp.example:3128',
      HTTPS_PROXY: 'http://proxy.corp.example:3128',
      https_proxy: 'http://proxy.corp.example:3128',
      NO_PROXY: proxy.environment.noProxy,
      no_proxy: proxy.environment.noProxy,
    });
    expect(proxyEnvFrom(ProxyEnvSourceKind.CONFIG_MAP)).toEqual({ configMapRef: { name: 'proxy-config' } });
    expectValidObjects(objects);
  });

  test('credentials go into a Secret; a ConfigMap with them is refused', () => {
    const proxy = vsphereProxy();
    const [secret] = proxyEnvSources(proxy, { namespaces: ['team-a'], name: 'corp-proxy' });
    expect(secret).toMatchObject({ kind: 'Secret', metadata: { name: 'corp-proxy' }, stringData: { https_proxy: proxy.environment.httpsProxy } });
    expect(proxyEnvFrom(ProxyEnvSourceKind.SECRET, 'corp-proxy')).toEqual({ secretRef: { name: 'corp-proxy' } });
    expect(errorOf(() => proxyEnvSources(proxy, { namespaces: ['a'], kind: ProxyEnvSourceKind.CONFIG_MAP }))).toMatch(/^kind: must be "Secret": the proxy URLs carry credentials/);
    expect(errorOf(() => proxyEnvSources(proxy, { namespaces: [] }))).toMatch(/^namespaces:/);
    expect(errorOf(() => proxyEnvFrom('Pod' as never))).toMatch(/^kind:/);
    expectValidObjects([secret]);
  });
});
