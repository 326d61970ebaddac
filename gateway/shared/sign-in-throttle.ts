import type { RateLimiter } from "./rate-limiter.js";

/** Where someone signs in: customers' sign-in, or the staff's at /admin. */
export type SignInDoor = "login" | "staff-login";

/** Who is signing in, as the limits tell them apart. */
export interface SignInClient {
  /** The client key (http/request-context.ts `clientKey`): the address, an IPv6 client's /64. */
  key: string;
  /**
   * The device id of a signed device cookie this browser holds from an earlier successful sign-in
   * to this account through this door; null when it holds none (or none that verifies).
   */
  trustedDevice(door: SignInDoor, email: string): string | null;
}

/** What sign-in failures are limited to (the sign-in part of the AUTH_* settings). */
interface SignInLimits {
  windowMinutes: number;
  failuresPerEmail: number;
  failuresPerAddress: number;
  throttleSeconds: number;
}

/** A sign-in attempt that passed the limits; its reservation counts as a failure unless it succeeds. */
export interface SignInAttempt {
  succeeded(): Promise<void>;
}

/**
 * Sign-in through one door. Each attempt is counted before its password is checked (a reservation,
 * so simultaneous guesses cannot all pass a count only some of them should), and a success takes
 * its own count back. Without a device cookie, failures count:
 * - per email and client: refused after `failuresPerEmail` in the window;
 * - per email from anywhere: after `failuresPerEmail` in the window, one attempt per
 *   `throttleSeconds` (slowed down, not locked: the owner can still get in);
 * - per client across every email and both doors: refused after `failuresPerAddress`.
 * A browser with a device cookie for the account (from an earlier sign-in) is limited only by its
 * own failures for that email, so guesses from elsewhere never lock the account's owner out.
 * A success clears the email's failures and the signing-in client's own.
 */
export class SignInThrottle {
  constructor(
    private readonly limiter: RateLimiter,
    private readonly limits: SignInLimits,
    private readonly door: SignInDoor,
  ) {}

  /** Refuses with RATE_LIMITED (and its wait) when a limit above is reached. */
  async begin(email: string, client: SignInClient): Promise<SignInAttempt> {
    const windowSeconds = this.limits.windowMinutes * 60;
    const emailBucket = `${this.door}-fail:email:${email}`;
    const device = client.trustedDevice(this.door, email);
    if (device !== null) {
      const deviceBucket = `${this.door}-fail:device:${device}:${email}`;
      const reservation = await this.limiter.take(deviceBucket, this.limits.failuresPerEmail, windowSeconds);
      return {
        succeeded: async () => {
          await reservation.release();
          await this.limiter.clear(deviceBucket);
          await this.limiter.clear(emailBucket);
        },
      };
    }
    const clientBucket = `${this.door}-fail:client:${client.key}:${email}`;
    const reservation = await this.limiter.takeAll([
      { bucket: clientBucket, limit: this.limits.failuresPerEmail, windowSeconds },
      { bucket: emailBucket, windowSeconds, slowdown: { after: this.limits.failuresPerEmail, intervalSeconds: this.limits.throttleSeconds } },
      { bucket: `login-fail:addr:${client.key}`, limit: this.limits.failuresPerAddress, windowSeconds },
    ]);
    return {
      succeeded: async () => {
        await reservation.release();
        await this.limiter.clear(clientBucket);
        await this.limiter.clear(emailBucket);
      },
    };
  }
}
