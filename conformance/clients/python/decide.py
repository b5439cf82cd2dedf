"""Ask a Python HTTP library whether each case's URL goes through the proxy.

Usage: /usr/bin/python3 decide.py urllib|requests|httpx|aiohttp BATCH.json   (prints a JSON array of verdicts)

Each library reads the environment when it is asked (httpx when a Client is created, so one
Client per distinct environment), so one process runs the whole batch, setting the six proxy
variables before each case (a case's ``environment`` replaces the four proxy URLs: each name set,
or removed for ``None``). The calls are the ones the libraries make themselves:

- urllib: ``getproxies()`` picks the proxy for the scheme and ``proxy_bypass(Request(url).host)``
  decides, exactly as ``urllib.request.ProxyHandler.proxy_open`` does.
- requests: ``Session.merge_environment_settings()`` (which runs ``should_bypass_proxies``) and
  ``utils.select_proxy()``, the path ``Session.request`` takes.
- httpx: ``Client()`` (``trust_env`` on, as by default) mounts the environment's proxies and
  NO_PROXY patterns when it is created (so one Client per distinct environment);
  ``Client._transport_for_url(URL(url))`` is the transport ``Client.send`` uses: the proxy's, or
  the plain one.
- aiohttp: ``helpers.get_env_proxy_for_url(URL(url))``, which ``ClientSession._request`` calls with
  ``trust_env=True``; its ``LookupError`` (bypassed, or no proxy for the scheme) means direct.

Pure decision functions: nothing connects. Run with Debian's /usr/bin/python3, which has
python3-requests; a pyenv python on PATH does not.
"""
import json
import os
import sys
import urllib.request

PROXY_VARIABLES = ('HTTP_PROXY', 'http_proxy', 'HTTPS_PROXY', 'https_proxy')


def decide_urllib(url):
    request = urllib.request.Request(url)
    proxies = urllib.request.getproxies()
    if request.type not in proxies:
        return 'direct', 'no proxy for scheme %s' % request.type
    if request.host and urllib.request.proxy_bypass(request.host):
        return 'direct', ''
    return 'proxy', proxies[request.type]


def decide_requests(url):
    import requests
    session = requests.Session()
    settings = session.merge_environment_settings(url, {}, None, None, None)
    proxy = requests.utils.select_proxy(url, settings['proxies'])
    return ('proxy', proxy) if proxy else ('direct', '')


HTTPX_CLIENTS = {}


def decide_httpx(url):
    import httpx
    # a Client reads the environment once, when it is created: one Client per distinct environment
    key = tuple(sorted(os.environ.items()))
    if key not in HTTPX_CLIENTS:
        HTTPX_CLIENTS[key] = httpx.Client()
    client = HTTPX_CLIENTS[key]
    transport = client._transport_for_url(httpx.URL(url))
    return ('direct', '') if transport is client._transport else ('proxy', 'proxy transport')


def decide_aiohttp(url):
    from aiohttp.helpers import get_env_proxy_for_url
    from yarl import URL
    try:
        proxy, _ = get_env_proxy_for_url(URL(url))
    except LookupError as reason:
        return 'direct', str(reason)
    return 'proxy', str(proxy)


DECIDERS = {'urllib': decide_urllib, 'requests': decide_requests, 'httpx': decide_httpx, 'aiohttp': decide_aiohttp}


def set_proxy_variables(case, proxy):
    """The four proxy URLs set to the witness, or the case's own ``environment`` instead (``None`` removes a name)."""
    for name in PROXY_VARIABLES:
        os.environ.pop(name, None)
    for name, value in case.get('environment', {name: proxy for name in PROXY_VARIABLES}).items():
        if value is None:
            os.environ.pop(name, None)
        else:
            os.environ[name] = value


def main():
    if len(sys.argv) != 3 or sys.argv[1] not in DECIDERS:
        sys.stderr.write('usage: decide.py %s BATCH.json\n' % '|'.join(DECIDERS))
        sys.exit(64)
    decide = DECIDERS[sys.argv[1]]
    with open(sys.argv[2], encoding='utf-8') as handle:
        batch = json.load(handle)
    verdicts = []
    for case in batch['cases']:
        set_proxy_variables(case, batch['proxy'])
        # a case may set the two variables apart ({"NO_PROXY": ..., "no_proxy": ...}); unset ones are removed
        variables = case.get('variables', {'NO_PROXY': case['noProxy'], 'no_proxy': case['noProxy']})
        for name in ('NO_PROXY', 'no_proxy'):
            if name in variables:
                os.environ[name] = variables[name]
            else:
                os.environ.pop(name, None)
        try:
            verdict, detail = decide(case['url'])
        except Exception as error:  # a client that throws has no verdict; report it, never guess
            verdict, detail = 'error', '%s: %s' % (type(error).__name__, error)
        verdicts.append({'id': case['id'], 'verdict': verdict, 'detail': detail})
    json.dump(verdicts, sys.stdout)


if __name__ == '__main__':
    main()
