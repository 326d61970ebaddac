import { randomBytes } from "node:crypto";
import { DomainError, invalidInput, notFound } from "../shared/errors.js";
import { isUuid } from "../shared/ids.js";
import { normalizeEmail } from "../shared/email.js";
import type { Actor, StaffRole } from "../shared/actor.js";
import type { RateLimiter } from "../shared/rate-limiter.js";
import { linkTokenHash, newLinkToken } from "../shared/email-links.js";
import { hashPassword } from "../customers/password.js";
import type { StaffRepository } from "./staff.repository.js";
import type { StaffTokenPurpose, StaffTokenRepository } from "./staff-token.repository.js";
import type { StaffRecord } from "./staff.records.js";
import type { AuditService } from "./audit.service.js";
import { staffPasswordLinkEmail, type MintLink, type StaffEmailRequest } from "./staff-emails.js";

/** How long a link works: a reset within the hour, an invitation within three days. */
const LINK_LIFETIME_MS: Record<StaffTokenPurpose, number> = { reset: 60 * 60 * 1000, invitation: 72 * 60 * 60 * 1000 };

/** Reset requests (public): per email and per client address, in an hour. */
const RESET_REQUESTS_PER_EMAIL_PER_HOUR = 3;
const RESET_REQUESTS_PER_ADDRESS_PER_HOUR = 10;

const LAST_OWNER = "The shop needs an active owner: make another owner first";
const LINK_NOT_VALID = "This link does not work any more: it was used, replaced by a newer one, or has expired. Ask for a new one.";

/** How a new member gets in: an emailed link to set a password, or a password answered this once. */
export type StaffInviteMethod = "email-link" | "one-time-password";

/** What ends a staff member's sessions; the session store implements it. */
export interface StaffSessionTerminator {
  destroyForStaff(staffId: string): Promise<void>;
}

/** What sends a staff email (the email jobs); only `enqueue` is used. */
export interface StaffMailer {
  enqueue(email: StaffEmailRequest): Promise<void>;
}

/**
 * The owner's side of staff accounts (list, add, role, disable and enable, send a reset) and
 * everyone's password links (ask for a reset, set a password by a link). Every change is audited.
 */
export class StaffAccountsService {
  constructor(
    private readonly repository: StaffRepository,
    private readonly links: StaffTokenRepository,
    private readonly audit: AuditService,
    private readonly mailer: StaffMailer,
    private readonly sessions: StaffSessionTerminator,
    private readonly limiter: RateLimiter,
  ) {}

  list(): Promise<StaffRecord[]> {
    return this.repository.list();
  }

  /** A new member (email, name and role as StaffMemberCreateInput checked them); the generated password is answered once. */
  async create(
    input: { email: string; name: string; role: StaffRole; method: StaffInviteMethod },
    actor: Actor,
  ): Promise<{ staff: StaffRecord; password: string | null }> {
    const email = normalizeEmail(input.email);
    const password = input.method === "one-time-password" ? randomBytes(15).toString("base64url") : null;
    const staff = await this.repository.insert({ email, name: input.name.trim(), role: input.role, passwordHash: password ? await hashPassword(password) : null });
    if (!staff) throw new DomainError("CONFLICT", "A staff member with this email already exists", "email");
    await this.audit.record({
      actor,
      action: "staff_created",
      orderId: null,
      orderNumber: null,
      details: `${email} (${input.role}, ${password ? "one-time password" : "emailed link"})`,
    });
    if (!password) await this.sendLink(staff, "invitation");
    return { staff, password };
  }

  async updateRole(id: string, role: StaffRole, actor: Actor): Promise<StaffRecord> {
    const before = await this.find(id);
    if (before.role === role) return before;
    const after = await this.guarded(id, { role });
    await this.audit.record({ actor, action: "staff_role_changed", orderId: null, orderNumber: null, details: `${after.email}: ${before.role} → ${role}` });
    return after;
  }

  /** Disables a member: sign-in refused, and every session of theirs ends at once. */
  async disable(id: string, actor: Actor): Promise<StaffRecord> {
    const before = await this.find(id);
    const after = await this.guarded(id, { disabled: true });
    await this.sessions.destroyForStaff(id);
    if (!before.disabledAt) await this.audit.record({ actor, action: "staff_disabled", orderId: null, orderNumber: null, details: after.email });
    return after;
  }

  async enable(id: string, actor: Actor): Promise<StaffRecord> {
    const before = await this.find(id);
    const after = await this.guarded(id, { disabled: false });
    if (before.disabledAt) await this.audit.record({ actor, action: "staff_enabled", orderId: null, orderNumber: null, details: after.email });
    return after;
  }

  /** An owner sends a member a link: a reset, or an invitation again when they never set a password. */
  async sendPasswordReset(id: string, actor: Actor): Promise<StaffRecord> {
    const staff = await this.find(id);
    if (staff.disabledAt) throw new DomainError("CONFLICT", `${staff.email} is disabled: enable them first`, "id");
    const purpose: StaffTokenPurpose = staff.hasPassword ? "reset" : "invitation";
    await this.sendLink(staff, purpose);
    await this.audit.record({ actor, action: "staff_password_reset_sent", orderId: null, orderNumber: null, details: `${staff.email} (${purpose})` });
    return staff;
  }

  /**
   * Someone asks for a reset link for `email`: the same answer whether a member has it or not;
   * limited per email and per client address. Only an active member's (or an invited one's) is sent.
   */
  async requestPasswordReset(rawEmail: string, clientKey: string): Promise<void> {
    const email = normalizeEmail(rawEmail);
    await this.limiter.takeAll([
      { bucket: `staff-reset:email:${email}`, limit: RESET_REQUESTS_PER_EMAIL_PER_HOUR, windowSeconds: 3600 },
      { bucket: `staff-reset:addr:${clientKey}`, limit: RESET_REQUESTS_PER_ADDRESS_PER_HOUR, windowSeconds: 3600 },
    ]);
    const staff = await this.repository.findByEmail(email);
    if (!staff || staff.disabledAt) return;
    await this.sendLink(staff, staff.hasPassword ? "reset" : "invitation");
    await this.audit.record({ actor: "visitor", action: "staff_password_reset_requested", orderId: null, orderNumber: null, details: staff.email });
  }

  /** Sets the password by a link's token: once, before it expires; every session of the member ends. */
  async resetPassword(token: string, password: string): Promise<StaffRecord> {
    const tokenHash = linkTokenHash(token);
    const used = tokenHash ? await this.links.consume(tokenHash, await hashPassword(password)) : null;
    if (!used) throw invalidInput("token", LINK_NOT_VALID);
    await this.sessions.destroyForStaff(used.staffId);
    await this.audit.record({
      actor: `staff:${used.email}`,
      action: used.purpose === "invitation" ? "staff_password_set" : "staff_password_reset",
      orderId: null,
      orderNumber: null,
      details: used.email,
    });
    return (await this.repository.findById(used.staffId))!;
  }

  /** The email job's side: a new token for the link (its hash replacing any earlier one), or null. */
  readonly mintLink: MintLink = async (linkId) => {
    if (!isUuid(linkId)) return null;
    const { token, hash } = newLinkToken();
    const minted = await this.links.mint(linkId, hash);
    return minted ? { token, name: minted.name, purpose: minted.purpose, expiresAt: minted.expiresAt } : null;
  };

  private async sendLink(staff: StaffRecord, purpose: StaffTokenPurpose): Promise<void> {
    const linkId = await this.links.create(staff.id, purpose, new Date(Date.now() + LINK_LIFETIME_MS[purpose]));
    await this.mailer.enqueue(staffPasswordLinkEmail(staff.email, linkId));
  }

  private async find(id: string): Promise<StaffRecord> {
    const staff = isUuid(id) ? await this.repository.findById(id) : null;
    if (!staff) throw notFound("No staff member with this id");
    return staff;
  }

  private async guarded(id: string, change: { role: StaffRole } | { disabled: boolean }): Promise<StaffRecord> {
    const result = await this.repository.updateUnlessLastActiveOwner(id, change);
    if (result === "last-owner") throw new DomainError("CONFLICT", LAST_OWNER, "id");
    if (!result) throw notFound("No staff member with this id");
    return result;
  }
}
