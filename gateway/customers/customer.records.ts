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
