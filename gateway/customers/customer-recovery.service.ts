import type { Transaction } from "kysely";
import type { Database } from "../db/schema.js";
import { DomainError, invalidInput, notSignedIn } from "../shared/errors.js";
import { isUuid } from "../shared/ids.js";
import { normalizeEmail } from "../shared/email.js";
import { linkTokenHash, newLinkToken, type LinkEmailRequest } from "../shared/email-links.js";
import type { RateLimiter } from "../shared/rate-limiter.js";
import { hashPassword, verifyPassword } from "./password.js";
import type { CustomerRepository } from "./customer.repository.js";
import type { CustomerRecord } from "./customer.records.js";
import type { CustomerLinkInUse, CustomerLinkPurpose, CustomerLinkRepository, LinkOutcome } from "./customer-link.repository.js";
import type { CustomerVerificationRepository } from "./customer-verification.repository.js";
import { customerLinkEmail, emailChangeNotice, type MintCustomerLink } from "./customer-emails.js";

const HOUR_MS = 60 * 60 * 1000;

/** How long each link works: a reset or an approval within the hour, a verification within a day. */
const LINK_LIFETIME_MS: Record<CustomerLinkPurpose, number> = {
  reset: HOUR_MS,
  verify_email: 24 * HOUR_MS,
  change_email: 24 * HOUR_MS,
  confirm_email_change: HOUR_MS,
  delete_account: HOUR_MS,
};

/** Reset requests (anyone may ask): per email and per client, in an hour. */
const RESETS_PER_EMAIL_PER_HOUR = 3;
const RESETS_PER_CLIENT_PER_HOUR = 10;
/** Verification emails sent again, and changes of email asked for, per customer in an hour. */
const VERIFICATIONS_PER_CUSTOMER_PER_HOUR = 3;
const EMAIL_CHANGES_PER_CUSTOMER_PER_HOUR = 5;

/**
 * A reset request answers no sooner than this, whether the email has an account (a link made and
 * its email queued) or not (nothing to do), so the time taken does not tell which.
 */
const RECOVER_ANSWER_MS = 250;

/** Why a link did not work, as the page that followed it says it (and offers to send another). */
const LINK_PROBLEMS = {
  unknown: () => new DomainError("TOKEN_INVALID", "This link is not valid: it may be mistyped, cut short, or replaced by a newer email. Ask for a new one.", "token"),
  expired: () => new DomainError("TOKEN_EXPIRED", "This link has expired. Ask for a new one.", "token"),
  "used-before": () => new DomainError("TOKEN_USED", "This link has been used already (each link works once). Ask for a new one if you need it.", "token"),
};

/** What following an emailed link did (customerActivate). */
export type ActivationOutcome = "email-verified" | "email-changed" | "email-change-approved";

/** What sends a customer's email (the email jobs). */
export interface CustomerMailer {
  enqueue(email: LinkEmailRequest): Promise<void>;
  enqueueInTransaction(email: LinkEmailRequest, trx: Transaction<Database>): Promise<void>;
}

/** What ends a customer's sessions; the session store implements it. */
interface SessionEnder {
  destroyForCustomer(customerId: string, exceptSid?: string): Promise<void>;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Accounts people can recover: password reset by an emailed link, email verification, and a change
 * of email that takes effect once the new address is verified. Proving an address (a link used,
 * a reset, Google's word) verifies it and attaches the guest orders placed earlier with it.
 */
export class CustomerRecoveryService {
  constructor(
    private readonly customers: CustomerRepository,
    private readonly links: CustomerLinkRepository,
    private readonly accounts: CustomerVerificationRepository,
    private readonly mailer: CustomerMailer,
    private readonly sessions: SessionEnder,
    private readonly limiter: RateLimiter,
  ) {}

  /** Someone asks for a reset link for `email`: the same answer, after the same time, whether an account has it or not. */
  async requestReset(rawEmail: string, clientKey: string): Promise<void> {
    const started = Date.now();
    const email = normalizeEmail(rawEmail);
    await this.limiter.takeAll([
      { bucket: `customer-reset:email:${email}`, limit: RESETS_PER_EMAIL_PER_HOUR, windowSeconds: 3600 },
      { bucket: `customer-reset:addr:${clientKey}`, limit: RESETS_PER_CLIENT_PER_HOUR, windowSeconds: 3600 },
    ]);
    const customer = await this.customers.findByEmail(email);
    if (customer) await this.sendLink(customer.id, "reset", customer.email, customer.email);
    const left = RECOVER_ANSWER_MS - (Date.now() - started);
    if (left > 0) await wait(left);
  }

  /**
   * Sets the password by a reset link: once, before it expires. The reset proves the address (it
   * is verified now), ends the customer's other links and every session; the caller signs this
   * browser in. An account made with Google gets its first password this way.
   */
  async reset(token: string, password: string): Promise<CustomerRecord> {
    const passwordHash = await hashPassword(password);
    const customerId = await this.followLink(token, ["reset"], async (trx, link) => {
        await this.accounts.setPassword(trx, link.customerId, passwordHash);
        await this.accounts.markVerified(trx, link.customerId, link.email);
        // A pending change of email or deletion asked for by whoever had the account ends too.
        await this.links.end(trx, link.customerId, ["reset", "verify_email", "change_email", "confirm_email_change", "delete_account"]);
        return link.customerId;
    });
    await this.sessions.destroyForCustomer(customerId);
    return (await this.customers.findById(customerId))!;
  }

  /** Follows a verification link, a change-of-email link, or the approval of a change of email. */
  async activate(token: string): Promise<{ outcome: ActivationOutcome; email: string }> {
    return this.followLink(token, ["verify_email", "change_email", "confirm_email_change"], async (trx, link) => {
        if (link.purpose === "verify_email") {
          if (!(await this.accounts.markVerified(trx, link.customerId, link.email))) throw LINK_PROBLEMS["used-before"]();
          return { outcome: "email-verified" as const, email: link.email };
        }
        if (await this.accounts.emailTaken(trx, link.email, link.customerId)) {
          throw new DomainError("CONFLICT", `${link.email} now belongs to another account, so it cannot become this account's email.`, "token");
        }
        if (link.purpose === "confirm_email_change") {
          // The current address approved it: now the new address proves itself.
          const linkId = await this.links.createIn({ customerId: link.customerId, purpose: "change_email", email: link.email, expiresAt: this.expiry("change_email") }, trx);
          await this.mailer.enqueueInTransaction(customerLinkEmail(link.email, linkId), trx);
          return { outcome: "email-change-approved" as const, email: link.email };
        }
        if ((await this.accounts.changeEmail(trx, link.customerId, link.email)) === null) throw LINK_PROBLEMS.unknown();
        // Links sent to the old address stop working with it (a reset or a deletion asked from a mailbox the account has left).
        await this.links.end(trx, link.customerId, ["verify_email", "change_email", "confirm_email_change", "reset", "delete_account"]);
        return { outcome: "email-changed" as const, email: link.email };
    });
  }

  /** Sends the verification email again (the link before stops working). */
  async resendVerification(customerId: string): Promise<CustomerRecord> {
    const customer = await this.signedIn(customerId);
    if (customer.emailVerified) throw new DomainError("CONFLICT", "Your email is already verified.", "email");
    await this.limiter.take(`customer-verify:${customerId}`, VERIFICATIONS_PER_CUSTOMER_PER_HOUR, 3600);
    await this.sendLink(customer.id, "verify_email", customer.email, customer.email);
    return customer;
  }

  /** A new account's first verification email (registration has succeeded; no limit but registration's). */
  async sendFirstVerification(customer: CustomerRecord): Promise<void> {
    if (!customer.emailVerified) await this.sendLink(customer.id, "verify_email", customer.email, customer.email);
  }

  /**
   * Asks to change the account's email. With a password: the password is checked, a link goes to
   * the new address and a notice to the old one. Without one (a Google account): an approval link
   * goes to the current address first. Nothing changes until the new address is verified.
   */
  async requestEmailChange(customerId: string, input: { email: string; currentPassword?: string | null }): Promise<CustomerRecord> {
    const customer = await this.signedIn(customerId);
    const email = normalizeEmail(input.email);
    if (email === customer.email) throw invalidInput("email", "This is already your email.");
    // Counted before the password is checked: wrong passwords count too (no guessing it here).
    await this.limiter.take(`customer-email-change:${customerId}`, EMAIL_CHANGES_PER_CUSTOMER_PER_HOUR, 3600);
    const passwordHash = await this.customers.findPasswordHash(customerId);
    if (passwordHash) {
      const current = input.currentPassword ?? "";
      if (current.trim() === "") throw invalidInput("currentPassword", "currentPassword is required");
      if (!(await verifyPassword(current, passwordHash))) throw new DomainError("INVALID_INPUT", "Current password is incorrect", "currentPassword");
    }
    if (await this.customers.findByEmail(email)) throw new DomainError("CONFLICT", "An account with this email already exists", "email");
    await this.accounts.transaction(async (trx) => {
      // One change at a time: a newer request ends the links of the one before.
      await this.links.end(trx, customerId, ["change_email", "confirm_email_change"]);
      if (passwordHash) {
        const linkId = await this.links.createIn({ customerId, purpose: "change_email", email, expiresAt: this.expiry("change_email") }, trx);
        await this.mailer.enqueueInTransaction(customerLinkEmail(email, linkId), trx);
        await this.mailer.enqueueInTransaction(emailChangeNotice(customer.email, email, linkId), trx);
      } else {
        const linkId = await this.links.createIn({ customerId, purpose: "confirm_email_change", email, expiresAt: this.expiry("confirm_email_change") }, trx);
        await this.mailer.enqueueInTransaction(customerLinkEmail(customer.email, linkId), trx);
      }
    });
    return customer;
  }

  /** The new address an unfinished change of email waits for, or null. */
  pendingEmail(customerId: string): Promise<string | null> {
    return this.links.pendingEmail(customerId);
  }

  /** Google vouched for the account's address: it is verified, with its guest orders. */
  async provedByGoogle(customerId: string, email: string): Promise<void> {
    await this.accounts.transaction((trx) => this.accounts.markVerified(trx, customerId, email));
  }

  /** The email job's side: a new token for the link (its hash replacing any earlier one), or null. */
  readonly mintLink: MintCustomerLink = async (linkId) => {
    if (!isUuid(linkId)) return null;
    const { token, hash } = newLinkToken();
    const minted = await this.links.mint(linkId, hash);
    return minted ? { token, ...minted } : null;
  };

  /** A link for the customer, emailed to `to` (the new address for a change of email, the account's otherwise). */
  async sendLink(customerId: string, purpose: CustomerLinkPurpose, email: string, to: string): Promise<void> {
    const linkId = await this.links.create({ customerId, purpose, email, expiresAt: this.expiry(purpose) });
    await this.mailer.enqueue(customerLinkEmail(to, linkId));
  }

  private expiry(purpose: CustomerLinkPurpose): Date {
    return new Date(Date.now() + LINK_LIFETIME_MS[purpose]);
  }

  /**
   * Uses the link `token` names, when it is one of `purposes`, and runs `use` in its transaction;
   * otherwise throws why not (TOKEN_INVALID, TOKEN_EXPIRED, TOKEN_USED, at the field "token").
   */
  async followLink<T>(
    token: string,
    purposes: readonly CustomerLinkPurpose[],
    use: (trx: Transaction<Database>, link: CustomerLinkInUse) => Promise<T>,
  ): Promise<T> {
    const tokenHash = linkTokenHash(token);
    const outcome: LinkOutcome<T> = tokenHash ? await this.links.consume(tokenHash, purposes, use) : { status: "unknown" };
    if (outcome.status === "used") return outcome.value;
    throw LINK_PROBLEMS[outcome.status]();
  }

  private async signedIn(customerId: string): Promise<CustomerRecord> {
    const customer = await this.customers.findById(customerId);
    if (!customer) throw notSignedIn();
    return customer;
  }
}
