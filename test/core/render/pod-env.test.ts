import { proxyEnvironment } from '../../../src/core/definition/proxy-environment';
import { ProxySettings } from '../../../src/core/definition/proxy-settings';
// imported through the index on purpose: it must re-export every renderer
import { encodeUserinfoComponent } from '../../../src/core/primitives/userinfo';
import { renderPodEnv } from '../../../src/core/render/pod-env';
import { NASTY_PASSWORD } from '../definition/arbitraries';

describe('renderPodEnv', () => {
  test('the six variables as literal EnvVar entries', () => {
    const env = proxyEnvironment(new ProxySettings({
      httpProxy: 'http://proxy:3128',
      httpsProxy: 'http://proxy:3128',
      username: 'jdoe',
      password: NASTY_PASSWORD,
    }), 'localhost,.svc');
    const url = `http://jdoe:${encodeUserinfoComponent(NASTY_PASSWORD)}@proxy:3128`;
    expect(renderPodEnv(env)).toEqual([
      { name: 'HTTP_PROXY', value: url },
      { name: 'http_proxy', value: url },
      { name: 'HTTPS_PROXY', value: url },
      { name: 'https_proxy', value: url },
      { name: 'NO_PROXY', value: 'localhost,.svc' },
      { name: 'no_proxy', value: 'localhost,.svc' },
    ]);
  });

  test('refuses control characters like every renderer', () => {
    expect(() => renderPodEnv({ noProxy: 'a\nkey: injected' })).toThrow('NO_PROXY: must not contain newlines or control characters');
  });

});
