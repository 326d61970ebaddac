import type { RateLimiter } from "./rate-limiter.js";

/** What sign-in failures are limited to (the sign-in part of the AUTH_* settings). */
interface SignInLimits {
  windowMinutes: number;
  failuresPerEmail: number;
  failuresPerAddress: number;
}

/** A sign-in attempt that passed the limits; its reservation counts as a failure unless it succeeds. */
export interface SignInAttempt {
  succeeded(): Promise<void>;
}

/**
 * Sign-in through one door (customers' or staff's): failures are counted per email for that door and
 * per client address for every door together (one door's guesses are the other's). Each attempt is
 * counted before its password is checked (a reservation, so simultaneous guesses cannot all pass a
 * count only some of them should); a success takes its own count back and clears the email's.
 */
export class SignInThrottle {
  constructor(
    private readonly limiter: RateLimiter,
    private readonly limits: SignInLimits,
    /** Names the door in the email's bucket ("login" for customers, "staff-login" for staff). */
    private readonly door: string,
  ) {}

  /** Refuses with RATE_LIMITED when this email or address failed too often in the window. */
  async begin(email: string, clientAddress: string): Promise<SignInAttempt> {
    const windowSeconds = this.limits.windowMinutes * 60;
    const emailBucket = `${this.door}-fail:email:${email}`;
    const reservation = await this.limiter.takeAll([
      { bucket: emailBucket, limit: this.limits.failuresPerEmail, windowSeconds },
      { bucket: `login-fail:addr:${clientAddress}`, limit: this.limits.failuresPerAddress, windowSeconds },
    ]);
    return {
      succeeded: async () => {
        await reservation.release();
        await this.limiter.clear(emailBucket);
      },
    };
  }
}
