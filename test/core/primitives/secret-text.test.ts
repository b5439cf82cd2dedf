import { inspect } from 'node:util';
import { renderSecretYaml, renderYaml } from '../../../src/core/addons/yaml-text';
import { renderCredentialTemplate } from '../../../src/core/credentials/secret-template';
import { laterValue } from '../../../src/core/primitives/later-value';
import {
  credentialSlot, fillText, goTemplateOf, holdsSecretText, joinText, knownByteLength, mapLiterals, SecretText, slotsOf, userinfoSlots,
} from '../../../src/core/primitives/secret-text';
import { escapeSystemdEnvironmentValue } from '../../../src/core/render/systemd';

const HOSTILE = { username: 'CORP\\svc k8s', password: 'p@ss:w/rd %41 "q" \'s\' $(x) `y` {{z}} #? & ! ~ + ü' };
const real = (slot: { credential: 'username' | 'password' }) => HOSTILE[slot.credential];
const url = joinText('http://', userinfoSlots(), '@proxy.corp.example:3128');

describe('text with slots for credentials', () => {
  test('joins into a string when no piece holds a slot, and merges neighbouring literals otherwise', () => {
    expect(joinText('a', 'b', '')).toBe('ab');
    expect(url).toBeInstanceOf(SecretText);
    expect((url as SecretText).parts).toEqual(['http://', { credential: 'username', systemd: false }, ':', { credential: 'password', systemd: false }, '@proxy.corp.example:3128']);
  });

  test('refuses to become a string, JSON or a number, naming the credential source; inspected, shows its slots as ***', () => {
    expect(inspect(url)).toBe('SecretText <http://***:***@proxy.corp.example:3128>');
    for (const use of [() => `${url}`, () => String(url), () => JSON.stringify({ url }), () => Number(url), () => Buffer.from(url as unknown as string)]) {
      expect(use).toThrow(/^credentialSource: the proxy credentials are known only to their source/);
    }
  });

  test('is filled with each credential percent-encoded, and systemd escaping doubles only its percent signs', () => {
    expect(fillText(url, real)).toBe(`http://${encodeURIComponent(HOSTILE.username).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}:`
      + `${fillText(credentialSlot('password'), real)}@proxy.corp.example:3128`);
    const escaped = escapeSystemdEnvironmentValue(joinText('"50%" ', url));
    expect(slotsOf(escaped).map((slot) => slot.systemd)).toEqual([true, true]);
    expect(fillText(escaped, real)).toBe(escapeSystemdEnvironmentValue(fillText(joinText('"50%" ', url), real)));
    expect(mapLiterals('a%b', (text) => text.toUpperCase())).toBe('A%B');
  });

  test('as a Go template, renders to the filled text (literal braces kept)', () => {
    const text = joinText('{{ not a template }} ', escapeSystemdEnvironmentValue(url), ' ', url);
    expect(renderCredentialTemplate('value', goTemplateOf(text), HOSTILE)).toBe(fillText(text, real));
    expect(goTemplateOf('plain {{x}}')).toBe('plain {{"{{"}}x}}');
  });

  test('in YAML for Secret data, fills to the YAML of the filled value, also beside user text that reads like a slot token', () => {
    for (const values of [{ url }, { proxy: { http: url, note: 'slot0x slot1x' }, list: ['needs: quoting', url] }]) {
      const fill = (value: unknown): unknown => (value instanceof SecretText ? fillText(value, real)
        : Array.isArray(value) ? value.map(fill)
          : typeof value === 'object' && value !== null ? Object.fromEntries(Object.entries(value).map(([key, item]) => [key, fill(item)])) : value);
      const filled = fill(values);
      expect(fillText(renderSecretYaml(values), real)).toBe(renderYaml(filled));
    }
    expect(() => renderYaml({ url })).toThrow(/^credentialSource: /);
  });

  test('is found in JSON data, where later values are leaves; its known length leaves the credentials out', () => {
    const later = laterValue('password', 'a Pulumi Output', {});
    expect(holdsSecretText({ a: [{ b: url }] })).toBe(true);
    expect(holdsSecretText({ a: [later, 'x'] })).toBe(false);
    const [user, pass] = slotsOf(userinfoSlots({ username: 'u', password: later })).map((slot) => slot.later);
    expect(user).toBe('u');
    expect(pass).toBe(later);
    expect(slotsOf(userinfoSlots({ username: 'u' }))).toHaveLength(1);
    expect(knownByteLength(joinText('ü', url))).toBe(Buffer.byteLength('ühttp://:@proxy.corp.example:3128'));
  });
});
