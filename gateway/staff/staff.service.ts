import type { AuthLimits } from "../config.js";
import { DomainError, invalidInput } from "../shared/errors.js";
import { isUuid } from "../shared/ids.js";
import { isEmailAddress, normalizeEmail } from "../shared/email.js";
import type { Principal, StaffRole } from "../shared/actor.js";
import { SignInThrottle, type RateLimiter } from "../shared/rate-limiter.js";
import { decoyHash, hashPassword, verifyPassword } from "../customers/password.js";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "../customers/customer.records.js";
import type { StaffRepository } from "./staff.repository.js";
import { STAFF_NAME_MAX_LENGTH, type StaffRecord } from "./staff.records.js";
import type { ApiTokenService } from "./api-token.service.js";

/** The customers' rule for a new password, for staff too: what is too weak is refused. */
export function passwordProblem(password: string): string | null {
  if (password.trim() === "") return "password is required";
  if (password.length < PASSWORD_MIN_LENGTH) return `password must be at least ${PASSWORD_MIN_LENGTH} characters`;
  if (password.length > PASSWORD_MAX_LENGTH) return `password must be at most ${PASSWORD_MAX_LENGTH} characters`;
  return null;
}

export interface NewStaffMember {
  email: string;
  name: string;
  role: StaffRole;
  password: string;
}

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

  /** A new staff member; INVALID_INPUT for a bad field or a weak password, CONFLICT when the email is taken. */
  async create(input: NewStaffMember): Promise<StaffRecord> {
    const email = normalizeEmail(input.email);
    if (!isEmailAddress(email)) throw invalidInput("email", "email must be a valid email address");
    const name = input.name.trim();
    if (name === "" || name.length > STAFF_NAME_MAX_LENGTH) throw invalidInput("name", `name must be 1 to ${STAFF_NAME_MAX_LENGTH} characters`);
    if (input.role !== "owner" && input.role !== "staff") throw invalidInput("role", 'role must be "owner" or "staff"');
    const weak = passwordProblem(input.password);
    if (weak) throw invalidInput("password", weak);
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
      await this.create({ email, name: "Owner", role: "owner", password });
      return { created: true };
    } catch (error) {
      // Another process made it first.
      if (error instanceof DomainError && error.code === "CONFLICT") return { created: false };
      throw error;
    }
  }

  /** Email and password, as customers sign in: same answer for unknown email and wrong password, failures limited. */
  async authenticate(input: { email: string; password: string }, clientAddress: string): Promise<StaffRecord> {
    const email = normalizeEmail(input.email);
    const attempt = await new SignInThrottle(this.limiter, this.limits, "staff-login").begin(email, clientAddress);
    const found = await this.repository.findCredentialsByEmail(email);
    const ok = await verifyPassword(input.password, found?.passwordHash ?? (await decoyHash()));
    if (!found || !ok) {
      await attempt.failed();
      throw new DomainError("UNAUTHENTICATED", "Invalid email or password");
    }
    await attempt.succeeded();
    return found.staff;
  }

  async findById(id: string): Promise<StaffRecord | null> {
    return isUuid(id) ? this.repository.findById(id) : null;
  }

  /**
   * Who acts on the shop's side for a request: the API token of an `Authorization: Bearer` header
   * (when there is one), else the staff member of the session (gone staff: nobody).
   */
  async principalFor(request: { staffId: string | null; authorization: string | undefined }): Promise<Principal | null> {
    if (request.authorization !== undefined) {
      const match = /^Bearer\s+(\S+)\s*$/i.exec(request.authorization);
      return match ? this.tokens.authenticate(match[1]!) : { kind: "invalid-token" };
    }
    if (request.staffId === null) return null;
    const staff = await this.findById(request.staffId);
    return staff ? { kind: "staff", staffId: staff.id, email: staff.email, name: staff.name, role: staff.role } : null;
  }
}
