import type { AuthLimits } from "../config.js";
import { DomainError, notFound } from "../shared/errors.js";
import { isUuid } from "../shared/ids.js";
import type { Actor } from "../shared/actor.js";
import type { RateLimiter, Reservation } from "../shared/rate-limiter.js";
import type { StaffRepository } from "./staff.repository.js";
import type { StaffRecord } from "./staff.records.js";
import type { AuditService } from "./audit.service.js";
import { isTotpCode, matchingStep, newRecoveryCodes, newTotpSecret, qrCodeDataUrl, recoveryCodeHash, totpUri } from "./totp.js";

/** How long a sign-in waits for its second step after the password. */
export const SECOND_STEP_MS = 5 * 60 * 1000;
/** Wrong codes per staff member in the sign-in window (AUTH_WINDOW_MINUTES) before RATE_LIMITED. */
const WRONG_CODES_PER_WINDOW = 5;

const WRONG_CODE = "That code is not right, or it was used already";

/** A sign-in waiting for its second step (kept in the session, see sessions/session-auth.ts). */
export interface PendingSignIn {
  staffId: string;
  rememberMe: boolean;
  until: number;
}

/**
 * Two-factor sign-in for staff: TOTP set up with a QR code and confirmed with a code, ten one-time
 * recovery codes (kept as SHA-256 hashes), the second step of sign-in, turning it off (by the
 * member with a code, by an owner for someone who lost their device), and the shop's requirement.
 * The TOTP secret is kept in the database as it is (it must compute codes) and is never answered
 * again once setup is confirmed. Every change is audited; no code or secret is ever written there.
 */
export class TwoFactorService {
  constructor(
    private readonly repository: StaffRepository,
    private readonly audit: AuditService,
    private readonly limiter: RateLimiter,
    private readonly limits: Pick<AuthLimits, "windowMinutes">,
  ) {}

  /** After a right password: whether a second step is due (two-factor is on for the member). */
  async needsSecondStep(staff: StaffRecord): Promise<boolean> {
    return staff.twoFactorEnabled;
  }

  /** The second step of a sign-in: a current TOTP code (once) or an unused recovery code. */
  async completeSignIn(pending: PendingSignIn | null, code: string, now: number): Promise<StaffRecord> {
    if (!pending || pending.until < now) throw new DomainError("UNAUTHENTICATED", "Your sign-in has expired: enter your email and password again");
    const staff = await this.repository.findById(pending.staffId);
    if (!staff || staff.disabledAt) throw new DomainError("UNAUTHENTICATED", "Your sign-in has expired: enter your email and password again");
    const used = await this.checkCode(staff.id, code, now);
    if (used === "recovery") {
      await this.audit.record({ actor: `staff:${staff.email}`, action: "two_factor_recovery_code_used", orderId: null, orderNumber: null, details: `${await this.repository.recoveryCodesLeft(staff.id)} left` });
    }
    return staff;
  }

  /** Starts (or starts again) setting up TOTP: a new secret, answered with its QR code this once. */
  async startSetup(staff: { staffId: string; email: string }): Promise<{ secret: string; otpauthUri: string; qrCodeDataUrl: string }> {
    const state = await this.repository.twoFactorState(staff.staffId);
    if (!state) throw notFound("No staff member with this id");
    if (state.secret) throw new DomainError("CONFLICT", "Two-factor sign-in is already on: turn it off first to set up a new device");
    const secret = newTotpSecret();
    await this.repository.setPendingSecret(staff.staffId, secret);
    const otpauthUri = totpUri(secret, staff.email);
    return { secret, otpauthUri, qrCodeDataUrl: await qrCodeDataUrl(otpauthUri) };
  }

  /** Confirms the setup with a current code: two-factor is on, and the recovery codes are answered this once. */
  async confirmSetup(staff: { staffId: string }, code: string, actor: Actor, now: number): Promise<string[]> {
    const state = await this.repository.twoFactorState(staff.staffId);
    if (!state) throw notFound("No staff member with this id");
    if (state.secret) throw new DomainError("CONFLICT", "Two-factor sign-in is already on");
    if (!state.pendingSecret) throw new DomainError("INVALID_INPUT", "Start the setup first: scan the QR code, then enter its code", "code");
    const attempt = await this.reserveCodeAttempt(staff.staffId);
    const step = matchingStep(state.pendingSecret, code.replace(/\s/g, ""), now);
    if (step === null) return wrongCode();
    await attempt.release();
    const codes = newRecoveryCodes();
    const enabled = await this.repository.enableTwoFactor(staff.staffId, state.pendingSecret, step, codes.map(recoveryCodeHash));
    if (!enabled) throw new DomainError("CONFLICT", "The setup was started again elsewhere: scan the new QR code");
    await this.audit.record({ actor, action: "two_factor_enabled", orderId: null, orderNumber: null, details: actor.replace(/^staff:/, "") });
    return codes;
  }

  /** The member turns two-factor off, proving it with a code (TOTP or recovery). */
  async disableOwn(staff: { staffId: string; email: string }, code: string, actor: Actor, now: number): Promise<void> {
    await this.requireOn(staff.staffId);
    await this.checkCode(staff.staffId, code, now);
    await this.repository.disableTwoFactor(staff.staffId);
    await this.audit.record({ actor, action: "two_factor_disabled", orderId: null, orderNumber: null, details: `${staff.email} (by themselves)` });
  }

  /** New recovery codes (the old ones stop working), proven with a code; answered this once. */
  async regenerateRecoveryCodes(staff: { staffId: string; email: string }, code: string, actor: Actor, now: number): Promise<string[]> {
    await this.requireOn(staff.staffId);
    await this.checkCode(staff.staffId, code, now);
    const codes = newRecoveryCodes();
    await this.repository.replaceRecoveryCodes(staff.staffId, codes.map(recoveryCodeHash));
    await this.audit.record({ actor, action: "two_factor_recovery_codes_regenerated", orderId: null, orderNumber: null, details: staff.email });
    return codes;
  }

  /** An owner turns off a member's two-factor sign-in (a lost device): they set it up again at their next sign-in if the shop requires it. */
  async resetFor(id: string, actor: Actor): Promise<StaffRecord> {
    const staff = isUuid(id) ? await this.repository.findById(id) : null;
    if (!staff) throw notFound("No staff member with this id");
    if (await this.repository.disableTwoFactor(id)) {
      await this.audit.record({ actor, action: "two_factor_disabled", orderId: null, orderNumber: null, details: `${staff.email} (by an owner)` });
    }
    return (await this.repository.findById(id))!;
  }

  required(): Promise<boolean> {
    return this.repository.twoFactorRequired();
  }

  /** The shop's requirement; an owner turning it on must have two-factor sign-in on first (else they would lock themselves into setup). */
  async setRequired(required: boolean, owner: { staffId: string }, actor: Actor): Promise<boolean> {
    if (required) {
      const me = await this.repository.findById(owner.staffId);
      if (!me?.twoFactorEnabled) throw new DomainError("CONFLICT", "Turn on two-factor sign-in for yourself first", "required");
    }
    if ((await this.repository.twoFactorRequired()) === required) return required;
    await this.repository.setTwoFactorRequired(required);
    await this.audit.record({ actor, action: "two_factor_requirement_changed", orderId: null, orderNumber: null, details: required ? "required for every staff member" : "not required" });
    return required;
  }

  recoveryCodesLeft(staffId: string): Promise<number> {
    return this.repository.recoveryCodesLeft(staffId);
  }

  private async requireOn(staffId: string): Promise<void> {
    const state = await this.repository.twoFactorState(staffId);
    if (!state?.secret) throw new DomainError("CONFLICT", "Two-factor sign-in is off");
  }

  /**
   * A TOTP code (its step accepted once) or a recovery code (used up). Wrong codes are limited per
   * member: each try is counted before the code is checked, and a right one takes its count back.
   */
  private async checkCode(staffId: string, rawCode: string, now: number): Promise<"totp" | "recovery"> {
    const attempt = await this.reserveCodeAttempt(staffId);
    const code = rawCode.trim();
    let used: "totp" | "recovery" | null = null;
    if (isTotpCode(code)) {
      const state = await this.repository.twoFactorState(staffId);
      const step = state?.secret ? matchingStep(state.secret, code.replace(/\s/g, ""), now) : null;
      if (step !== null && (await this.repository.acceptStep(staffId, step))) used = "totp";
    } else if (code.length > 0 && code.length <= 40 && (await this.repository.useRecoveryCode(staffId, recoveryCodeHash(code)))) {
      used = "recovery";
    }
    if (used === null) return wrongCode();
    await attempt.release();
    return used;
  }

  /** RATE_LIMITED once the member's wrong codes in the window reach the limit; else this try, counted as wrong until released. */
  private reserveCodeAttempt(staffId: string): Promise<Reservation> {
    return this.limiter.take(`staff-2fa-fail:staff:${staffId}`, WRONG_CODES_PER_WINDOW, this.limits.windowMinutes * 60);
  }
}

function wrongCode(): never {
  throw new DomainError("INVALID_INPUT", WRONG_CODE, "code");
}
