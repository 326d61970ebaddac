import type { AuthLimits } from "../config.js";
import { DomainError, invalidInput, notSignedIn } from "../shared/errors.js";
import { isUuid } from "../shared/ids.js";
import { normalizeEmail } from "../shared/email.js";
import { decoyHash, hashPassword, verifyPassword } from "./password.js";
import type { CustomerRepository } from "./customer.repository.js";
import { NAME_MAX_LENGTH, type CustomerRecord, type GoogleIdentity } from "./customer.records.js";
import type { RateLimiter } from "../shared/rate-limiter.js";
import { SignInThrottle, type SignInClient } from "../shared/sign-in-throttle.js";

const EMAIL_TAKEN = "An account with this email already exists";

/** Unknown email and wrong password get this same answer. */
export const invalidCredentials = () => new DomainError("UNAUTHENTICATED", "Invalid email or password");

/** What ends a customer's sessions; the session store implements it. */
export interface SessionTerminator {
  destroyForCustomer(customerId: string, exceptSid?: string): Promise<void>;
}

/** What the account's emails do when an account is made or Google vouches for its address (CustomerRecoveryService). */
export interface AccountEmails {
  sendFirstVerification(customer: CustomerRecord): Promise<void>;
  provedByGoogle(customerId: string, email: string): Promise<void>;
}

/**
 * Accounts, sign-in and their abuse limits. Both REST and GraphQL call these methods, with input
 * their edge has checked against the input classes (customer.types.ts).
 */
export class CustomerService {
  constructor(
    private readonly repository: CustomerRepository,
    private readonly limiter: RateLimiter,
    private readonly limits: AuthLimits,
    private readonly sessions: SessionTerminator,
    private readonly emails: AccountEmails,
    /** Whether customers can sign in with Google (GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are set). */
    readonly googleSignIn = false,
  ) {}

  /** Registrations are limited per client (a refused one, its email taken, counts too). */
  async register(input: { name: string; email: string; password: string }, clientKey: string): Promise<CustomerRecord> {
    const name = input.name.trim();
    const email = normalizeEmail(input.email);

    await this.limiter.take(`register:addr:${clientKey}`, this.limits.registrationsPerAddressPerHour, 3600);

    const customer = await this.repository.insert({ email, displayName: name, passwordHash: await hashPassword(input.password), googleSubject: null });
    if (!customer) throw new DomainError("CONFLICT", EMAIL_TAKEN, "email");
    // Signing in never waits for it (spec §8: "You can now log in"); the link proves the address.
    await this.emails.sendFirstVerification(customer);
    return customer;
  }

  /**
   * Email and password sign-in. Unknown email and wrong password get the same answer after the
   * same work; the attempt is counted before the password is checked (SignInThrottle: per email,
   * per client, per device cookie), and a success takes it back and clears the email's failures.
   */
  async authenticate(input: { email: string; password: string }, client: SignInClient): Promise<CustomerRecord> {
    const email = normalizeEmail(input.email);

    const attempt = await new SignInThrottle(this.limiter, this.limits, "login").begin(email, client);
    const found = await this.repository.findCredentialsByEmail(email);
    const ok = await verifyPassword(input.password, found?.passwordHash ?? (await decoyHash()));
    if (!found || !found.passwordHash || !ok) throw invalidCredentials();
    await attempt.succeeded();
    return found.customer;
  }

  /**
   * Google sign-in: the account with this Google subject, else the one with Google's verified
   * email (linked now), else a new one. A password set on that email before anyone proved owning
   * it is dropped when Google proves it, with every session it opened.
   */
  async signInWithGoogle(identity: GoogleIdentity): Promise<CustomerRecord> {
    const bySubject = await this.repository.findByGoogleSubject(identity.subject);
    if (bySubject) {
      if (!bySubject.emailVerified && identity.email && identity.emailVerified && normalizeEmail(identity.email) === bySubject.email) {
        await this.emails.provedByGoogle(bySubject.id, bySubject.email);
        return (await this.repository.findById(bySubject.id))!;
      }
      return bySubject;
    }
    if (!identity.email || !identity.emailVerified) {
      throw new DomainError("UNAUTHENTICATED", "Google did not confirm an email address for this account");
    }
    const email = normalizeEmail(identity.email);
    const byEmail = await this.repository.findByEmail(email);
    if (byEmail) {
      await this.sessions.destroyForCustomer(byEmail.id);
      await this.repository.update(byEmail.id, { googleSubject: identity.subject, passwordHash: null });
      await this.emails.provedByGoogle(byEmail.id, email);
      return (await this.repository.findById(byEmail.id))!;
    }
    const name = identity.name?.trim().slice(0, NAME_MAX_LENGTH) || null;
    const created = await this.repository.insert({ email, displayName: name, passwordHash: null, googleSubject: identity.subject, emailVerified: true });
    if (created) {
      // Google proved the address: the orders placed with it as a guest join the new account.
      await this.emails.provedByGoogle(created.id, email);
      return created;
    }
    // Lost a race with a concurrent first sign-in of the same account.
    const again = await this.repository.findByGoogleSubject(identity.subject);
    if (again) return again;
    throw new DomainError("CONFLICT", EMAIL_TAKEN, "email");
  }

  async findById(id: string): Promise<CustomerRecord | null> {
    return isUuid(id) ? this.repository.findById(id) : null;
  }

  async updateDisplayName(customerId: string, displayName: string): Promise<CustomerRecord> {
    const updated = await this.repository.update(customerId, { displayName: displayName.trim() });
    if (!updated) throw notSignedIn();
    return updated;
  }

  /** Needs the current password (when the account has one); ends the customer's other sessions. */
  async changePassword(
    customerId: string,
    input: { currentPassword?: string | null; newPassword: string },
    keepSessionId?: string,
  ): Promise<CustomerRecord> {
    const currentHash = await this.repository.findPasswordHash(customerId);
    if (currentHash) {
      const current = input.currentPassword ?? "";
      if (current.trim() === "") throw invalidInput("currentPassword", "currentPassword is required");
      if (!(await verifyPassword(current, currentHash))) {
        throw new DomainError("INVALID_INPUT", "Current password is incorrect", "currentPassword");
      }
    }
    const updated = await this.repository.update(customerId, { passwordHash: await hashPassword(input.newPassword) });
    if (!updated) throw notSignedIn();
    await this.sessions.destroyForCustomer(customerId, keepSessionId);
    return updated;
  }
}
