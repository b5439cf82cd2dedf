import { execFileSync, spawn } from 'node:child_process';
import { accessSync, constants, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Boots the cached image in qemu with NO network device (`-nic none`): the guest can reach nothing
 * but its own loopback. The root disk is a throw-away qcow2 overlay, so the cached image is never
 * written. KVM only when the CPU really offers VMX/SVM and /dev/kvm opens; TCG emulation otherwise
 * (a nested "kvm" without those flags cannot boot a stock kernel).
 */

/** Where the image builder put the kernel, initrd and root filesystem. */
export interface VmImage {
  readonly directory: string;
  /** `manifest.txt` of the build (key, build seconds, sizes, package versions). */
  readonly manifest: string;
}

/** How a boot ended. */
export interface BootResult {
  readonly serialLog: string;
  readonly exitCode: number | null;
  readonly timedOut: boolean;
  readonly seconds: number;
  readonly accelerator: 'kvm' | 'tcg';
}

const BUILD_SCRIPT = join(__dirname, '..', '..', 'scripts', 'vm', 'build-image.sh');

/** Build the image or find it in the cache (the script prints its directory last). */
export function ensureImage(timeoutMs: number): VmImage {
  const output = execFileSync('bash', [BUILD_SCRIPT], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], timeout: timeoutMs });
  const directory = output.trim().split('\n').pop()!;
  return { directory, manifest: readFileSync(join(directory, 'manifest.txt'), 'utf8') };
}

/** KVM when the CPU advertises hardware virtualisation and /dev/kvm is usable. */
export function accelerator(): 'kvm' | 'tcg' {
  const flags = readFileSync('/proc/cpuinfo', 'utf8').match(/^flags\s*:.*$/m)?.[0] ?? '';
  if (!/\b(vmx|svm)\b/.test(flags) || !existsSync('/dev/kvm')) {
    return 'tcg';
  }
  try {
    accessSync('/dev/kvm', constants.R_OK);
    accessSync('/dev/kvm', constants.W_OK);
    return 'kvm';
  } catch {
    return 'tcg';
  }
}

/** Boot with the seed disk until the guest powers off or `timeoutMs` passes (then it is killed). */
export function bootVm(options: {
  readonly image: VmImage;
  readonly seedIso: string;
  readonly workDirectory: string;
  readonly timeoutMs: number;
}): Promise<BootResult> {
  const overlay = join(options.workDirectory, 'root.qcow2');
  execFileSync('qemu-img', ['create', '-q', '-f', 'qcow2', '-b', join(options.image.directory, 'rootfs.img'), '-F', 'raw', overlay], { timeout: 30_000 });
  const serial = join(options.workDirectory, 'serial.log');
  const accel = accelerator();
  const args = [
    '-accel', accel, '-cpu', accel === 'kvm' ? 'host' : 'max',
    '-m', '1536', '-smp', '1',
    '-kernel', join(options.image.directory, 'vmlinuz'),
    '-initrd', join(options.image.directory, 'initrd.img'),
    '-append', 'root=/dev/vda rw console=ttyS0 net.ifnames=0 panic=-1 ds=nocloud',
    '-drive', `file=${overlay},if=virtio,format=qcow2`,
    '-drive', `file=${options.seedIso},if=virtio,format=raw,readonly=on`,
    '-nic', 'none',
    '-display', 'none', '-monitor', 'none', '-no-reboot',
    '-serial', `file:${serial}`,
  ];
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const qemu = spawn('qemu-system-x86_64', args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    qemu.stderr.on('data', (chunk: Buffer) => { stderr += chunk.toString('utf8'); });
    let timedOut = false;
    const timer = setTimeout(() => { timedOut = true; qemu.kill('SIGKILL'); }, options.timeoutMs);
    qemu.on('error', (error) => { clearTimeout(timer); reject(error); });
    qemu.on('exit', (code) => {
      clearTimeout(timer);
      const serialLog = existsSync(serial) ? readFileSync(serial, 'utf8') : '';
      resolve({
        serialLog: stderr ? `${serialLog}\n[qemu stderr]\n${stderr}` : serialLog,
        exitCode: code,
        timedOut,
        seconds: Math.round((Date.now() - started) / 1000),
        accelerator: accel,
      });
    });
  });
}
