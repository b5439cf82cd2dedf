/**
 * Values nested under a prop (settings props inside a cluster's props, options inside
 * `proxyOptions`) are validated by the same code as at the top level; their errors name the path
 * the user wrote, from the outermost prop.
 */
import { inClusterForwardProxy } from '../../../../src/core/addons/forward-proxy/forward-proxy';
import { proxiedClusterObjects } from '../../../../src/core/capi/proxied-cluster';
import { ClusterClassProxy } from '../../../../src/core/clusterclass/cluster-class-proxy';
import { ProxyConfigError, withinField } from '../../../../src/core/primitives/errors';
import { clusterOptions, networkProps, demoSettings, settingsProps, demoNetwork } from '../../../support/fixtures/cluster';
import { libraryError } from '../../../support/library-error';


describe('withinField', () => {
  test.each([
    ['httpProxy', 'settings.httpProxy'],
    ['noProxy[3]', 'settings.noProxy[3]'],
    ['props', 'settings'],
    ['props["a b"]', 'settings["a b"]'],
    ['[2]', 'settings[2]'],
  ])('a field %s of a validator becomes %s, the message unchanged', (field, expected) => {
    const error = libraryError(() => withinField('settings', () => {
      throw new ProxyConfigError(field, 'is wrong (got "x")');
    }));
    expect(error.field).toBe(expected);
    expect(error.message).toBe(`${expected}: is wrong (got "x")`);
  });

  test('other errors and results pass through unchanged', () => {
    const bug = new TypeError('a bug');
    expect(() => withinField('settings', () => {
      throw bug;
    })).toThrow(bug);
    expect(withinField('settings', () => 42)).toBe(42);
  });
});

describe('errors from nested props name the whole path', () => {
  test('a cluster given settings and network as props', () => {
    const withProps = (overrides: object) => () => proxiedClusterObjects(clusterOptions({
      proxy: undefined, settings: demoSettings(), network: demoNetwork(), ...overrides,
    }));
    expect(libraryError(withProps({ settings: settingsProps({ httpProxy: 'socks5://p:1080' }) })).field).toBe('settings.httpProxy');
    expect(libraryError(withProps({ settings: { ...settingsProps(), proxyUrl: 'http://p:1' } })).message).toMatch(/^settings\.proxyUrl: is not a proxy setting/);
    expect(libraryError(withProps({ network: networkProps({ pods: ['10.0.0.0/33'] }) })).field).toBe('network.pods[0]');
    expect(libraryError(withProps({ proxyOptions: { noProxyDefaults: { dns: 'no' } } })).field).toBe('proxyOptions.noProxyDefaults.dns');
    expect(libraryError(withProps({ proxyOptions: { additionalNoProxy: ['a;b'] } })).field).toBe('proxyOptions.additionalNoProxy[0]');
    expect(libraryError(withProps({ proxyOptions: { aditionalNoProxy: [] } })).message)
      .toBe('proxyOptions.aditionalNoProxy: is not a cluster proxy option; did you mean additionalNoProxy?');
    expect(libraryError(withProps({ proxyOptions: 'dns' })).message).toMatch(/^proxyOptions: must be an object of cluster proxy options \(got "dns"\)$/);
  });

  test('a ClusterClass given settings props', () => {
    const error = libraryError(() => new ClusterClassProxy({ settings: settingsProps({ credentialsRevision: 'a b' }), osFamily: 'ubuntu' } as never));
    expect(error.field).toBe('settings.credentialsRevision');
  });

  test('the in-cluster forward proxy', () => {
    const error = libraryError(() => inClusterForwardProxy({
      network: { pods: ['10.0.0.0/16'], services: ['10.96.0.0/12'] }, image: 'tinyproxy:1.11', proxyOptions: { noProxyDefaults: { loopbak: false } },
    } as never));
    expect(error.message).toBe('proxyOptions.noProxyDefaults.loopbak: is not a NO_PROXY default category; did you mean loopback?');
  });
});
