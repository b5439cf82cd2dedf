import { ReadinessStage } from './types';

/**
 * A time limit for one readiness check: every socket it opens is tracked, and when the limit
 * passes they are all destroyed and the pending step rejects with a {@link DeadlineExceeded}
 * naming the step that was running. So no check waits longer than its limit, whatever the
 * proxy or endpoint does.
 */

/** Rejection of a step that ran out of time. */
export class DeadlineExceeded extends Error {
  constructor(public readonly stage: ReadinessStage, step: string, timeoutMs: number) {
    super(`timed out after ${timeoutMs / 1000} s ${step}`);
    this.name = 'DeadlineExceeded';
  }
}

/** Something a deadline can end. */
interface Destroyable {
  destroy(): void;
}

/** One check's time limit. Call {@link Deadline.finish} when the check ends, however it ends. */
export class Deadline {
  private readonly resources = new Set<Destroyable>();
  private readonly timer: NodeJS.Timeout;
  private readonly expired: Promise<never>;
  private stage: ReadinessStage = 'proxy-connect';
  private step = 'connecting to the proxy';

  constructor(private readonly timeoutMs: number) {
    let expire: (error: Error) => void = () => undefined;
    this.expired = new Promise<never>((_resolve, reject) => {
      expire = reject;
    });
    // the rejection is observed through race(); this keeps an unobserved one from being reported
    this.expired.catch(() => undefined);
    this.timer = setTimeout(() => {
      // settle first: destroying the sockets makes the pending step fail too, and the timeout must win the race
      expire(new DeadlineExceeded(this.stage, this.step, this.timeoutMs));
      this.destroyAll();
    }, timeoutMs);
  }

  /** Destroy `resource` when the deadline passes or the check finishes. */
  public track<T extends Destroyable>(resource: T): T {
    this.resources.add(resource);
    return resource;
  }

  /** Wait for `promise`; `stage` and `step` (a phrase like "waiting for ...") name it if time runs out. */
  public async race<T>(stage: ReadinessStage, step: string, promise: Promise<T>): Promise<T> {
    this.stage = stage;
    this.step = step;
    return Promise.race([promise, this.expired]);
  }

  /** Stop the timer and destroy every tracked socket. */
  public finish(): void {
    clearTimeout(this.timer);
    this.destroyAll();
  }

  private destroyAll(): void {
    for (const resource of this.resources) {
      resource.destroy();
    }
    this.resources.clear();
  }
}
