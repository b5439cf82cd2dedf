import { readManifests } from '../../../src/cli/manifests';
import { dropInVariables, findProxySites, shellVariables } from '../../../src/cli/proxy-audit/proxy-sites';

describe('proxy settings in node files and commands', () => {
  test('systemd Environment= lines: quoted and bare assignments, escapes, %% and later lines winning', () => {
    expect(dropInVariables([
      '[Service]',
      'Environment="HTTP_PROXY=http://u:p%%40ss@proxy:3128" NO_PROXY=.svc',
      'Environment="no_proxy=a \\"b\\"" OTHER=x',
      'Environment=NO_PROXY=.svc,.cluster.local',
    ].join('\n'))).toEqual({ HTTP_PROXY: 'http://u:p%40ss@proxy:3128', NO_PROXY: '.svc,.cluster.local', no_proxy: 'a "b"' });
  });

  test('shell assignments with and without export, quoted or bare', () => {
    expect(shellVariables([
      'export HTTPS_PROXY=http://proxy:3128 NO_PROXY=\'.svc,localhost\'',
      'no_proxy=".svc" systemctl restart containerd; echo done',
      'echo NOT_PROXY=x',
    ].join('\n'))).toEqual({ HTTPS_PROXY: 'http://proxy:3128', NO_PROXY: '.svc,localhost', no_proxy: '.svc' });
  });
});

describe('proxy settings in workloads', () => {
  test('env overrides envFrom, prefixes apply, Secret data is decoded, init containers count, List objects are read', () => {
    const objects = readManifests([{
      name: 'in.yaml',
      text: [
        'apiVersion: v1', 'kind: List', 'items:',
        '  - {apiVersion: v1, kind: Secret, metadata: {name: s, namespace: ns}, data: {np: LnN2Yw==}}',
        '  - {apiVersion: v1, kind: ConfigMap, metadata: {name: c, namespace: ns}, data: {PROXY: "http://proxy:3128", no_proxy: from-configmap}}',
        '---',
        'apiVersion: apps/v1', 'kind: DaemonSet', 'metadata: {name: d, namespace: ns}', 'spec:', '  template:', '    spec:',
        '      initContainers: [{name: init, env: [{name: NO_PROXY, valueFrom: {secretKeyRef: {name: s, key: np}}}]}]',
        '      containers:',
        '        - name: main',
        '          envFrom: [{configMapRef: {name: c}, prefix: HTTPS_}, {configMapRef: {name: c}}]',
        '          env: [{name: no_proxy, value: from-env}]',
      ].join('\n'),
    }]);
    expect(findProxySites(objects).map((site) => [site.label, site.variables])).toEqual([
      ['DaemonSet ns/d container init', { NO_PROXY: '.svc' }],
      ['DaemonSet ns/d container main', { HTTPS_PROXY: 'http://proxy:3128', no_proxy: 'from-env' }],
    ]);
  });
});
