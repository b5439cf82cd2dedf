"""The VM's origins, on loopback only:
 - https://*.vm.test:5443 (one server under a name per client): a read-only OCI registry holding
   the test's images, and /ready; its certificate is signed by the origins' own CA, which only
   squid trusts: clients see squid's re-signed certificate and must trust the corporate CA;
 - https://harbor.corp.test:5444: the same registry as a private one the NO_PROXY covers, with a
   certificate of a CA that only containerd's config names;
 - http://web.vm.svc.cluster.local:8080/ready: an in-cluster-like service the NO_PROXY covers.
Every request is logged with its peer address: squid connects from 127.0.0.2, direct clients from
127.0.0.1, so the log tells proxied from direct."""
import http.server
import json
import os
import ssl
import sys
import threading

DATA = sys.argv[1]
LOG = '/run/vm-test/origin.log'
REGISTRY = os.path.join(DATA, 'registry')
with open(os.path.join(REGISTRY, 'index.json')) as f:
    # [{"repository", "tag", "manifestDigest", "manifestMediaType"}]
    IMAGES = json.load(f)['images']
lock = threading.Lock()


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = 'HTTP/1.1'

    def log_message(self, *args):
        pass

    def record(self, status):
        entry = {'port': self.server.server_address[1], 'remote': self.client_address[0], 'host': self.headers.get('Host'),
                 'method': self.command, 'path': self.path, 'status': status, 'via': self.headers.get('Via')}
        with lock, open(LOG, 'a') as log:
            log.write(json.dumps(entry) + '\n')

    def send(self, status, body, headers=()):
        self.record(status)
        self.send_response(status)
        for name, value in headers:
            self.send_header(name, value)
        self.send_header('Content-Length', str(len(body)))
        self.end_headers()
        if self.command != 'HEAD':
            self.wfile.write(body)

    def do_GET(self):
        path = self.path.split('?')[0]
        if path == '/ready':
            return self.send(200, b'ready\n', [('Content-Type', 'text/plain')])
        if path == '/v2/':
            return self.send(200, b'{}', [('Content-Type', 'application/json'), ('Docker-Distribution-API-Version', 'registry/2.0')])
        for image in IMAGES:
            repo = '/v2/' + image['repository']
            if path in (repo + '/manifests/' + image['tag'], repo + '/manifests/' + image['manifestDigest']):
                body = self.blob(image['manifestDigest'])
                return self.send(200, body, [('Content-Type', image['manifestMediaType']), ('Docker-Content-Digest', image['manifestDigest'])])
            if path.startswith(repo + '/blobs/sha256:'):
                digest = path[len(repo + '/blobs/'):]
                body = self.blob(digest)
                if body is not None:
                    return self.send(200, body, [('Content-Type', 'application/octet-stream'), ('Docker-Content-Digest', digest)])
        return self.send(404, b'not found\n', [('Content-Type', 'text/plain')])

    do_HEAD = do_GET

    @staticmethod
    def blob(digest):
        name = digest.split(':', 1)[1]
        if not all(c in '0123456789abcdef' for c in name):
            return None
        try:
            with open(os.path.join(REGISTRY, 'blobs', name), 'rb') as f:
                return f.read()
        except FileNotFoundError:
            return None


def serve(port, certificate=None):
    server = http.server.ThreadingHTTPServer(('127.0.0.1', port), Handler)
    if certificate:
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(os.path.join(DATA, certificate + '.pem'), os.path.join(DATA, certificate + '.key'))
        server.socket = context.wrap_socket(server.socket, server_side=True)
    server.serve_forever()


threading.Thread(target=serve, args=(8080,), daemon=True).start()
threading.Thread(target=serve, args=(5444, 'registry'), daemon=True).start()
serve(5443, 'origin')
