/** What an account's name and password may be (the inputs declare them; Google's names are cut to fit). */
export const NAME_MAX_LENGTH = 100;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 200;

export interface CustomerRecord {
  id: string;
  email: string;
  displayName: string | null;
  hasPassword: boolean;
  googleLinked: boolean;
  createdAt: Date;
}

/** What a Google profile tells us, reduced to what sign-in uses. */
export interface GoogleIdentity {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
}
