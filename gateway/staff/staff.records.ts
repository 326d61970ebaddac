import type { StaffRole } from "../shared/actor.js";

export interface StaffRecord {
  id: string;
  email: string;
  name: string;
  role: StaffRole;
  createdAt: Date;
  /** Set while the member is disabled (sign-in refused, no session). */
  disabledAt: Date | null;
  /** The last completed sign-in; null when never. */
  lastSignInAt: Date | null;
  /** False for a member invited by email who has not set a password yet. */
  hasPassword: boolean;
  /** Whether two-factor sign-in (TOTP) is on. */
  twoFactorEnabled: boolean;
}

/** Active (can sign in), disabled, or invited (no password set yet). */
export type StaffStatus = "active" | "disabled" | "invited";

export function statusOf(staff: Pick<StaffRecord, "disabledAt" | "hasPassword">): StaffStatus {
  if (staff.disabledAt) return "disabled";
  return staff.hasPassword ? "active" : "invited";
}

export const STAFF_NAME_MAX_LENGTH = 100;
