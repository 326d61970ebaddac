import { Passport } from "passport";
import { Strategy as LocalStrategy } from "passport-local";
import type { Config } from "../config.js";
import { signInClient } from "../sessions/session-auth.js";
import type { CustomerService } from "./customer.service.js";
import { createGoogleStrategy } from "./google.js";

/**
 * Passport with the shop's strategies: "local" (email and password) always, "google" when
 * configured. Both hand over to the customers service; the session is the shop's own
 * (sessions/session-auth.ts), so passport keeps none.
 */
export function createPassport(customers: CustomerService, config: Pick<Config, "google" | "publicUrl">): InstanceType<typeof Passport> {
  const passport = new Passport();
  passport.use(
    "local",
    new LocalStrategy({ usernameField: "email", passwordField: "password", passReqToCallback: true, session: false }, (req, email, password, done) => {
      customers
        .authenticate({ email, password }, signInClient(req))
        .then((customer) => done(null, customer))
        .catch((error: unknown) => done(error));
    }),
  );
  if (config.google) {
    passport.use(
      "google",
      createGoogleStrategy({ ...config.google, callbackUrl: `${config.publicUrl}/api/auth/google/callback` }, (identity) => customers.signInWithGoogle(identity)),
    );
  }
  return passport;
}
