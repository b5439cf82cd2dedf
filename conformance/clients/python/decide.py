"""Ask CPython's urllib or the requests library whether each case's URL goes through the proxy.

Usage: /usr/bin/python3 decide.py urllib|requests BATCH.json   (prints a JSON array of verdicts)

Both libraries read the environment on every call, so one process runs the whole batch, setting
the six proxy variables before each case. The calls are the ones the libraries make themselves:

- urllib: ``getproxies()`` picks the proxy for the scheme and ``proxy_bypass(Request(url).host)``
  decides, exactly as ``urllib.request.ProxyHandler.proxy_open`` does.
- requests: ``Session.merge_environment_settings()`` (which runs ``should_bypass_proxies``) and
  ``utils.select_proxy()``, the path ``Session.request`` takes.

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


def main():
    if len(sys.argv) != 3 or sys.argv[1] not in ('urllib', 'requests'):
        sys.stderr.write('usage: decide.py urllib|requests BATCH.json\n')
        sys.exit(64)
    decide = decide_urllib if sys.argv[1] == 'urllib' else decide_requests
    with open(sys.argv[2], encoding='utf-8') as handle:
        batch = json.load(handle)
    verdicts = []
    for case in batch['cases']:
        for name in PROXY_VARIABLES:
            os.environ[name] = batch['proxy']
        os.environ['NO_PROXY'] = case['noProxy']
        os.environ['no_proxy'] = case['noProxy']
        try:
            verdict, detail = decide(case['url'])
        except Exception as error:  # a client that throws has no verdict; report it, never guess
            verdict, detail = 'error', '%s: %s' % (type(error).__name__, error)
        verdicts.append({'id': case['id'], 'verdict': verdict, 'detail': detail})
    json.dump(verdicts, sys.stdout)


if __name__ == '__main__':
    main()
