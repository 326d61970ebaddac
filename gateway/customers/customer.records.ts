/** What an account's name and password may be (the inputs declare them; Google's names are cut to fit). */
export const NAME_MAX_LENGTH = 100;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 200;

/** Why a new password (the input's field `field`) is too weak, or null when it will do: customers' and staff's rule. */
export function newPasswordProblem(value: unknown, field: string): string | null {
  if (typeof value !== "string" || value.trim() === "") return `${field} is required`;
  if (value.length < PASSWORD_MIN_LENGTH) return `${field} must be at least ${PASSWORD_MIN_LENGTH} characters`;
  if (value.length > PASSWORD_MAX_LENGTH) return `${field} must be at most ${PASSWORD_MAX_LENGTH} characters`;
  return null;
}

export interface CustomerRecord {
  id: string;
  email: string;
  displayName: string | null;
  hasPassword: boolean;
  googleLinked: boolean;
  /** Whether the customer proved owning `email` (a link followed, a reset, Google). */
  emailVerified: boolean;
  createdAt: Date;
}

/** What a Google profile tells us, reduced to what sign-in uses. */
export interface GoogleIdentity {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
}
