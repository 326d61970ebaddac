import type { AuthLimits } from "../config.js";
import { DomainError } from "../shared/errors.js";
import { isUuid } from "../shared/ids.js";
import { normalizeEmail } from "../shared/email.js";
import type { Principal } from "../shared/actor.js";
import type { StaffSessionHandle } from "../sessions/session-auth.js";
import type { RateLimiter } from "../shared/rate-limiter.js";
import { SignInThrottle, type SignInClient } from "../shared/sign-in-throttle.js";
import { parseInput } from "../shared/validation.js";
import { decoyHash, hashPassword, verifyPassword } from "../customers/password.js";
import type { StaffRepository } from "./staff.repository.js";
import type { StaffRecord } from "./staff.records.js";
import { StaffMemberInput } from "./staff.types.js";
import type { ApiTokenService } from "./api-token.service.js";

/** A staff session ends after this long without a request… */
const STAFF_SESSION_IDLE_MS = 12 * 60 * 60 * 1000;
/** …and this long after sign-in at the latest, "remember me" or not. */
const STAFF_SESSION_ABSOLUTE_MS = 7 * 24 * 60 * 60 * 1000;
/** A session's last request is written at most this often (not a write per request). */
const SEEN_GRANULARITY_MS = 60 * 1000;

/** A new staff member, as StaffMemberInput checked it (its callers read it through that class). */
export type NewStaffMember = Pick<StaffMemberInput, "email" | "name" | "role" | "password">;

/**
 * The shop's staff: accounts (made from the command line or at start-up, never by sign-up),
 * sign-in with the customers' hashing and limits, and who is acting on a request.
 */
export class StaffService {
  constructor(
    private readonly repository: StaffRepository,
    private readonly tokens: ApiTokenService,
    private readonly limiter: RateLimiter,
    private readonly limits: AuthLimits,
  ) {}

  /** A new staff member (checked by StaffMemberInput); CONFLICT when the email is taken. */
  async create(input: NewStaffMember): Promise<StaffRecord> {
    const email = normalizeEmail(input.email);
    const name = input.name.trim();
    const created = await this.repository.insert({ email, name, role: input.role, passwordHash: await hashPassword(input.password) });
    if (!created) throw new DomainError("CONFLICT", "A staff member with this email already exists", "email");
    return created;
  }

  /**
   * SHOP_OWNER_EMAIL + SHOP_OWNER_PASSWORD at start-up: an owner with this email exists afterwards.
   * An existing account is left as it is (its password is never overwritten).
   */
  async ensureOwner(email: string, password: string): Promise<{ created: boolean }> {
    const existing = await this.repository.findCredentialsByEmail(normalizeEmail(email));
    if (existing) return { created: false };
    try {
      // Checked only when it is made: an owner already there is left alone, whatever the settings say.
      await this.create(parseInput(StaffMemberInput, { email, name: "Owner", role: "owner", password }));
      return { created: true };
    } catch (error) {
      // Another process made it first.
      if (error instanceof DomainError && error.code === "CONFLICT") return { created: false };
      throw error;
    }
  }

  /**
   * Email and password, as customers sign in: same answer for unknown email and wrong password; the
   * attempt is counted before the password is checked (SignInThrottle), a right password takes it back.
   */
  async authenticate(input: { email: string; password: string }, client: SignInClient): Promise<StaffRecord> {
    const email = normalizeEmail(input.email);
    const attempt = await new SignInThrottle(this.limiter, this.limits, "staff-login").begin(email, client);
    const found = await this.repository.findCredentialsByEmail(email);
    const ok = await verifyPassword(input.password, found?.passwordHash ?? (await decoyHash()));
    if (!found || !ok) throw new DomainError("UNAUTHENTICATED", "Invalid email or password");
    await attempt.succeeded();
    return found.staff;
  }

  /**
   * After the password was right (authenticate): a disabled member is refused here, whatever their
   * password. The second step, when two-factor is on, is TwoFactorService's.
   */
  checkMaySignIn(staff: StaffRecord): void {
    if (staff.disabledAt) throw new DomainError("UNAUTHENTICATED", "This staff account is disabled: ask the shop's owner");
  }

  /** A sign-in completed (after its second step, when there is one). */
  async recordSignIn(staffId: string, at: Date): Promise<void> {
    await this.repository.recordSignIn(staffId, at);
  }

  async findById(id: string): Promise<StaffRecord | null> {
    return isUuid(id) ? this.repository.findById(id) : null;
  }

  /**
   * Who acts on the shop's side for a request: the API token of an `Authorization: Bearer` header
   * (when there is one), else the staff member of the session. A staff session ends here (signed
   * out) 12 hours after its last request, 7 days after its sign-in, or once its member is gone or
   * disabled; a member the shop's two-factor requirement holds may only set it up.
   */
  async principalFor(request: { staffSession: StaffSessionHandle | null; authorization: string | undefined }, now = Date.now()): Promise<Principal | null> {
    if (request.authorization !== undefined) {
      const match = /^Bearer\s+(\S+)\s*$/i.exec(request.authorization);
      return match ? this.tokens.authenticate(match[1]!) : { kind: "invalid-token" };
    }
    const session = request.staffSession;
    if (session === null) return null;
    const { signedInAt, seenAt } = session;
    if (signedInAt === null || seenAt === null || now - signedInAt > STAFF_SESSION_ABSOLUTE_MS || now - seenAt > STAFF_SESSION_IDLE_MS) {
      await session.end();
      return null;
    }
    const staff = await this.findById(session.staffId);
    if (!staff || staff.disabledAt) {
      await session.end();
      return null;
    }
    if (now - seenAt >= SEEN_GRANULARITY_MS) session.markSeen(now);
    const mustSetUpTwoFactor = !staff.twoFactorEnabled && (await this.repository.twoFactorRequired());
    return { kind: "staff", staffId: staff.id, email: staff.email, name: staff.name, role: staff.role, mustSetUpTwoFactor };
  }
}
