import type { Kysely, Transaction } from "kysely";
import type { Database } from "../db/schema.js";
import { DomainError, invalidInput, notSignedIn } from "../shared/errors.js";
import type { RateLimiter } from "../shared/rate-limiter.js";
import type { DesignService } from "../designs/design.service.js";
import type { OrderErasureService } from "../orders/order-erasure.service.js";
import type { EmailService } from "../notifications/email.service.js";
import type { CheckoutService } from "../checkout/checkout.service.js";
import { verifyPassword } from "../customers/password.js";
import type { CustomerRecoveryService } from "../customers/customer-recovery.service.js";
import type { AccountDeletionRepository } from "./account-deletion.repository.js";

/** Wrong passwords allowed per account per window before deletion is refused for a while. */
const DELETE_ATTEMPTS = 10;
const DELETE_WINDOW_SECONDS = 15 * 60;
/** Confirmation emails one account may ask for in an hour. */
const DELETE_LINKS_PER_HOUR = 3;

/** What a deletion did, for the caller to tell (never an email, a name or an address). */
export interface AccountDeletionOutcome {
  deletedCustomerId: string;
  /** Orders whose contact data was erased at once. */
  ordersErased: number;
  /** Orders keeping it until 30 days after they ship or are cancelled. */
  ordersKeptForNow: number;
  designsDeleted: number;
  /** Designs an open or recent order still prints from, kept without their owner until that order's contact data goes. */
  designsKeptForOrders: number;
}

/**
 * Deleting an account: the account, its sessions, designs (and, by their foreign keys, its saved
 * addresses and email links) go in one transaction; its orders stay for the shop's books without
 * the contact data, at once or once their return window has passed (OrderErasureService). A payment
 * begun while signed in and not yet settled becomes a guest's order when it settles.
 *
 * An account with a password confirms with it (`deleteWithPassword`). An account without one (made
 * with Google) confirms by an emailed link: whatever checks that link calls `deleteNow` after.
 */
export class AccountDeletionService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly repository: AccountDeletionRepository,
    private readonly orders: OrderErasureService,
    private readonly designs: DesignService,
    private readonly emails: EmailService,
    private readonly checkout: Pick<CheckoutService, "forgetCustomerInTransaction">,
    private readonly limiter: RateLimiter,
    private readonly links: Pick<CustomerRecoveryService, "sendLink" | "followLink">,
  ) {}

  /**
   * The signed-in customer deletes the account, confirming with the current password. A wrong or
   * missing password changes nothing; an account without a password is told to confirm by email.
   */
  async deleteWithPassword(customerId: string, currentPassword: string | null | undefined): Promise<AccountDeletionOutcome> {
    // Checked before the deletion's transaction: a refusal writes nothing (but its count against guessing).
    const account = await this.repository.findAccount(customerId);
    if (!account) throw notSignedIn();
    const passwordHash = account.passwordHash;
    if (passwordHash === null) {
      throw new DomainError("INVALID_INPUT", "This account has no password: confirm the deletion from the link we email you", "currentPassword");
    }
    const password = currentPassword ?? "";
    if (password.trim() === "") throw invalidInput("currentPassword", "currentPassword is required");
    await this.limiter.take(`account-delete:customer:${customerId}`, DELETE_ATTEMPTS, DELETE_WINDOW_SECONDS);
    if (!(await verifyPassword(password, passwordHash))) {
      throw new DomainError("INVALID_INPUT", "Current password is incorrect", "currentPassword");
    }
    return this.deleteNow(customerId);
  }

  /**
   * Emails the account's address a link that deletes the account (purpose `delete_account`, one
   * hour, once): how an account without a password confirms, and open to any account. The link
   * before stops working; at most DELETE_LINKS_PER_HOUR an hour.
   */
  async requestByEmail(customerId: string): Promise<void> {
    const account = await this.repository.findAccount(customerId);
    if (!account) throw notSignedIn();
    await this.limiter.take(`account-delete-link:customer:${customerId}`, DELETE_LINKS_PER_HOUR, 3600);
    await this.links.sendLink(customerId, "delete_account", account.email, account.email);
  }

  /**
   * Follows the emailed deletion link: the link is used and the account deleted in one
   * transaction. Needs no sign-in (the link is the proof); a used, expired or unknown link deletes
   * nothing (TOKEN_USED, TOKEN_EXPIRED, TOKEN_INVALID).
   */
  deleteByLink(token: string): Promise<AccountDeletionOutcome> {
    return this.links.followLink(token, ["delete_account"], async (trx, link) => {
      const account = await this.repository.lockAccount(link.customerId, trx);
      if (!account) throw notSignedIn();
      return this.remove(link.customerId, account.email, trx);
    });
  }

  /**
   * Deletes the account now, without a password: for `deleteWithPassword` once the password is
   * right, and for a caller that has confirmed the owner's wish another way (the emailed
   * confirmation link of an account without a password).
   */
  deleteNow(customerId: string): Promise<AccountDeletionOutcome> {
    return this.db.transaction().execute(async (trx) => {
      const account = await this.repository.lockAccount(customerId, trx);
      if (!account) throw notSignedIn();
      return this.remove(customerId, account.email, trx);
    });
  }

  /**
   * The sweep: erases the contact data of deleted accounts' orders whose time has come, then the
   * designs they printed from. Answers how many of each.
   */
  async sweep(now: Date = new Date()): Promise<{ ordersErased: number; designsDeleted: number }> {
    const ordersErased = await this.orders.eraseDue(now);
    const designsDeleted = await this.db.transaction().execute((trx) =>
      this.designs.sweepOwnerDeletedInTransaction((ids, t) => this.orders.designsStillNeeded(ids, t), trx),
    );
    return { ordersErased, designsDeleted };
  }

  private async remove(customerId: string, email: string, trx: Transaction<Database>): Promise<AccountDeletionOutcome> {
    const at = new Date();
    const orders = await this.orders.releaseAccountOrdersInTransaction(customerId, at, trx);
    const designs = await this.designs.removeForDeletedAccountInTransaction(customerId, (ids, t) => this.orders.designsStillNeeded(ids, t), at, trx);
    await this.emails.forgetRecipientInTransaction(email, trx);
    await this.checkout.forgetCustomerInTransaction(customerId, trx);
    await this.repository.deleteAccount(customerId, trx);
    return {
      deletedCustomerId: customerId,
      ordersErased: orders.erasedNow.length,
      ordersKeptForNow: orders.keptUntilLater.length,
      designsDeleted: designs.deleted,
      designsKeptForOrders: designs.kept,
    };
  }
}
