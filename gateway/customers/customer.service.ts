import type { AuthLimits } from "../config.js";
import { DomainError, RateLimitedError, invalidInput, notSignedIn } from "../shared/errors.js";
import { isUuid } from "../shared/ids.js";
import { normalizeEmail, parseEmail } from "../shared/email.js";
import { decoyHash, hashPassword, verifyPassword } from "./password.js";
import type { CustomerRepository } from "./customer.repository.js";
import type { CustomerRecord, GoogleIdentity } from "./customer.records.js";
import type { RateLimiter } from "../shared/rate-limiter.js";

const PASSWORD_MIN_LENGTH = 8;
const PASSWORD_MAX_LENGTH = 200;
const NAME_MAX_LENGTH = 100;

const INVALID_CREDENTIALS = "Invalid email or password";
const EMAIL_TAKEN = "An account with this email already exists";

/** What ends a customer's sessions; the session store implements it. */
export interface SessionTerminator {
  destroyForCustomer(customerId: string, exceptSid?: string): Promise<void>;
}

function requireString(value: unknown, field: string): string {
  if (typeof value !== "string" || value.trim() === "") throw invalidInput(field, `${field} is required`);
  return value;
}

function checkPassword(value: unknown, field = "password"): string {
  const password = requireString(value, field);
  if (password.length < PASSWORD_MIN_LENGTH) throw invalidInput(field, `${field} must be at least ${PASSWORD_MIN_LENGTH} characters`);
  if (password.length > PASSWORD_MAX_LENGTH) throw invalidInput(field, `${field} must be at most ${PASSWORD_MAX_LENGTH} characters`);
  return password;
}

function checkName(value: unknown, field = "name"): string {
  const name = requireString(value, field).trim();
  if (name.length > NAME_MAX_LENGTH) throw invalidInput(field, `${field} must be 1–${NAME_MAX_LENGTH} characters`);
  return name;
}

/** Accounts, sign-in and their abuse limits. Both REST and GraphQL call these methods. */
export class CustomerService {
  constructor(
    private readonly repository: CustomerRepository,
    private readonly limiter: RateLimiter,
    private readonly limits: AuthLimits,
    private readonly sessions: SessionTerminator,
  ) {}

  async register(input: { name?: unknown; email?: unknown; password?: unknown }, clientAddress: string): Promise<CustomerRecord> {
    const name = checkName(input.name);
    const email = parseEmail(input.email);
    const password = checkPassword(input.password);

    const bucket = `register:addr:${clientAddress}`;
    const check = await this.limiter.check(bucket, this.limits.registrationsPerAddressPerHour, 3600);
    if (!check.allowed) throw new RateLimitedError(check.retryAfterSeconds);
    await this.limiter.record(bucket);

    const customer = await this.repository.insert({ email, displayName: name, passwordHash: await hashPassword(password), googleSubject: null });
    if (!customer) throw new DomainError("CONFLICT", EMAIL_TAKEN, "email");
    return customer;
  }

  /**
   * Email and password sign-in. Unknown email and wrong password get the same answer after the
   * same work; failures count per email and per client address; a success clears the email's count.
   */
  async authenticate(input: { email?: unknown; password?: unknown }, clientAddress: string): Promise<CustomerRecord> {
    const email = normalizeEmail(requireString(input.email, "email"));
    const password = requireString(input.password, "password");

    const windowSeconds = this.limits.windowMinutes * 60;
    const emailBucket = `login-fail:email:${email}`;
    const addressBucket = `login-fail:addr:${clientAddress}`;
    for (const [bucket, limit] of [
      [emailBucket, this.limits.failuresPerEmail],
      [addressBucket, this.limits.failuresPerAddress],
    ] as const) {
      const check = await this.limiter.check(bucket, limit, windowSeconds);
      if (!check.allowed) throw new RateLimitedError(check.retryAfterSeconds);
    }

    const found = await this.repository.findCredentialsByEmail(email);
    const ok = await verifyPassword(password, found?.passwordHash ?? (await decoyHash()));
    if (!found || !found.passwordHash || !ok) {
      await this.limiter.record(emailBucket);
      await this.limiter.record(addressBucket);
      throw new DomainError("UNAUTHENTICATED", INVALID_CREDENTIALS);
    }
    await this.limiter.clear(emailBucket);
    return found.customer;
  }

  /**
   * Google sign-in: the account with this Google subject, else the one with Google's verified
   * email (linked now), else a new one. A password set on that email before anyone proved owning
   * it is dropped when Google proves it, with every session it opened.
   */
  async signInWithGoogle(identity: GoogleIdentity): Promise<CustomerRecord> {
    const bySubject = await this.repository.findByGoogleSubject(identity.subject);
    if (bySubject) return bySubject;
    if (!identity.email || !identity.emailVerified) {
      throw new DomainError("UNAUTHENTICATED", "Google did not confirm an email address for this account");
    }
    const email = normalizeEmail(identity.email);
    const byEmail = await this.repository.findByEmail(email);
    if (byEmail) {
      await this.sessions.destroyForCustomer(byEmail.id);
      const linked = await this.repository.update(byEmail.id, { googleSubject: identity.subject, passwordHash: null });
      return linked!;
    }
    const name = identity.name?.trim().slice(0, NAME_MAX_LENGTH) || null;
    const created = await this.repository.insert({ email, displayName: name, passwordHash: null, googleSubject: identity.subject });
    if (created) return created;
    // Lost a race with a concurrent first sign-in of the same account.
    const again = await this.repository.findByGoogleSubject(identity.subject);
    if (again) return again;
    throw new DomainError("CONFLICT", EMAIL_TAKEN, "email");
  }

  async findById(id: string): Promise<CustomerRecord | null> {
    return isUuid(id) ? this.repository.findById(id) : null;
  }

  async updateDisplayName(customerId: string, displayName: unknown): Promise<CustomerRecord> {
    const name = checkName(displayName, "displayName");
    const updated = await this.repository.update(customerId, { displayName: name });
    if (!updated) throw notSignedIn();
    return updated;
  }

  /** Needs the current password (when the account has one); ends the customer's other sessions. */
  async changePassword(
    customerId: string,
    input: { currentPassword?: unknown; newPassword?: unknown },
    keepSessionId?: string,
  ): Promise<CustomerRecord> {
    const next = checkPassword(input.newPassword, "newPassword");
    const currentHash = await this.repository.findPasswordHash(customerId);
    if (currentHash) {
      const current = requireString(input.currentPassword, "currentPassword");
      if (!(await verifyPassword(current, currentHash))) {
        throw new DomainError("INVALID_INPUT", "Current password is incorrect", "currentPassword");
      }
    }
    const updated = await this.repository.update(customerId, { passwordHash: await hashPassword(next) });
    if (!updated) throw notSignedIn();
    await this.sessions.destroyForCustomer(customerId, keepSessionId);
    return updated;
  }
}
