import { Strategy as GoogleStrategy, type Profile, type VerifyCallback } from "passport-google-oauth20";
import type { GoogleIdentity } from "./customer.records.js";

/** The fields of Google's profile that sign-in relies on. */
function identityFromProfile(profile: Profile): GoogleIdentity {
  const primary = profile.emails?.[0];
  const json = profile._json as { email_verified?: boolean | string } | undefined;
  const verified = primary?.verified === true || String(primary?.verified) === "true" || String(json?.email_verified) === "true";
  return { subject: profile.id, email: primary?.value ?? null, emailVerified: verified, name: profile.displayName || null };
}

/**
 * passport-google-oauth20 with `state` (a nonce kept in the session) against login CSRF. The verify
 * function hands Google's identity to the customers service.
 */
export function createGoogleStrategy(
  options: { clientId: string; clientSecret: string; callbackUrl: string },
  signIn: (identity: GoogleIdentity) => Promise<{ id: string }>,
): GoogleStrategy {
  return new GoogleStrategy(
    { clientID: options.clientId, clientSecret: options.clientSecret, callbackURL: options.callbackUrl, state: true, scope: ["openid", "email", "profile"] },
    (_accessToken: string, _refreshToken: string, profile: Profile, done: VerifyCallback) => {
      signIn(identityFromProfile(profile))
        .then((customer) => done(null, customer))
        .catch((error: unknown) => done(null, false, { message: (error as Error).message }));
    },
  );
}
