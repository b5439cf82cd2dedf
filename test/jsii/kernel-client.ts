import { ChildProcessWithoutNullStreams, spawn } from 'child_process';
import { createInterface } from 'readline';

/**
 * A jsii host as Python, Java, Go and .NET run it: a `@jsii/runtime` child process spoken to in
 * JSON lines on stdin/stdout (load assemblies, create objects, invoke methods, read properties),
 * with object references (`$jsii.byref`) instead of objects. Nothing here touches the library's
 * JavaScript directly: what works through this client works for every jsii language.
 */

/** A reference to an object living in the kernel. */
export interface ObjRef {
  readonly '$jsii.byref': string;
}

export class KernelClient {
  private readonly child: ChildProcessWithoutNullStreams;
  private readonly lines: string[] = [];
  private waiting?: (line: string) => void;
  private readonly stderr: string[] = [];

  constructor(runtimeScript: string) {
    this.child = spawn(process.execPath, [runtimeScript], { stdio: ['pipe', 'pipe', 'pipe'] });
    createInterface({ input: this.child.stdout }).on('line', (line) => {
      const waiting = this.waiting;
      this.waiting = undefined;
      waiting ? waiting(line) : this.lines.push(line);
    });
    this.child.stderr.on('data', (chunk: Buffer) => this.stderr.push(chunk.toString()));
  }

  /** The runtime's greeting, e.g. `@jsii/runtime@1.140.0`. */
  public async hello(): Promise<string> {
    return (JSON.parse(await this.next()) as { hello: string }).hello;
  }

  public load(name: string, version: string, tarball: string): Promise<{ assembly: string; types: number }> {
    return this.request({ api: 'load', name, version, tarball });
  }

  public async create(fqn: string, args: unknown[] = []): Promise<ObjRef> {
    return this.request({ api: 'create', fqn, args });
  }

  public async invoke(objref: ObjRef, method: string, args: unknown[] = []): Promise<unknown> {
    return ((await this.request({ api: 'invoke', objref, method, args })) as { result?: unknown }).result;
  }

  public async staticInvoke(fqn: string, method: string, args: unknown[] = []): Promise<unknown> {
    return ((await this.request({ api: 'sinvoke', fqn, method, args })) as { result?: unknown }).result;
  }

  public async get(objref: ObjRef, property: string): Promise<unknown> {
    return ((await this.request({ api: 'get', objref, property })) as { value?: unknown }).value;
  }

  /** End the session: the runtime exits when its input closes. */
  public close(): Promise<number | null> {
    return new Promise((resolve) => {
      this.child.once('exit', resolve);
      this.child.stdin.end();
    });
  }

  private next(): Promise<string> {
    const line = this.lines.shift();
    if (line !== undefined) {
      return Promise.resolve(line);
    }
    return new Promise((resolve, reject) => {
      this.waiting = resolve;
      this.child.once('exit', (code) => reject(new Error(`jsii runtime exited (${code}): ${this.stderr.join('')}`)));
    });
  }

  private async request<T>(message: object): Promise<T> {
    this.child.stdin.write(`${JSON.stringify(message)}\n`);
    const response = JSON.parse(await this.next()) as { ok?: T; error?: string; stack?: string; callback?: unknown };
    if (response.callback !== undefined) {
      throw new Error('the kernel asked for a callback, which this client does not implement');
    }
    if (response.error !== undefined) {
      throw new Error(`jsii kernel: ${response.error}`);
    }
    return response.ok as T;
  }
}
