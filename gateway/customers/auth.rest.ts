import { Router, type NextFunction, type Request, type Response } from "express";
import type { Config } from "../config.js";
import { route } from "../http/errors.js";
import { parseInput } from "../shared/validation.js";
import type { CustomerRecord } from "./customer.records.js";
import { invalidCredentials, type CustomerService } from "./customer.service.js";
import { LoginInput, RegisterInput } from "./customer.types.js";
import { currentCustomerId } from "../sessions/current-customer.js";
import { clientAddress } from "../http/request-context.js";
import { createPassport } from "./passport.js";
import { endCustomerSession, startCustomerSession } from "../sessions/session-auth.js";

const GOOGLE_FAILURE_REDIRECT = "/?auth_error=google";

/** spec §3 User: what the session call and sign-in answer. */
function toUserJson(customer: CustomerRecord) {
  return { email: customer.email, displayName: customer.displayName };
}

/** spec §7 auth calls, over the customers service. */
export function authRoutes(customers: CustomerService, config: Config): Router {
  const router = Router();
  const passport = createPassport(customers, config);

  router.post(
    "/auth/register",
    route(async (req, res) => {
      const customer = await customers.register(parseInput(RegisterInput, req.body), clientAddress(req));
      res.status(201).json({ user: toUserJson(customer) });
    }),
  );

  router.post("/auth/login", (req: Request, res: Response, next: NextFunction) => {
    let input: LoginInput;
    try {
      input = parseInput(LoginInput, req.body);
    } catch (error) {
      return next(error);
    }
    // passport-local reads the same (checked) body and hands it to the customers service.
    passport.authenticate("local", { session: false }, (error: unknown, customer: CustomerRecord | false) => {
      if (error) return next(error);
      if (!customer) return next(invalidCredentials());
      startCustomerSession(req, customer.id, input.rememberMe === true)
        .then(() => res.json({ user: toUserJson(customer) }))
        .catch(next);
    })(req, res, next);
  });

  router.get(
    "/auth/session",
    route(async (req, res) => {
      const id = currentCustomerId(req);
      const customer = id ? await customers.findById(id) : null;
      res.setHeader("Cache-Control", "no-store");
      res.json({ user: customer ? toUserJson(customer) : null });
    }),
  );

  router.post(
    "/auth/logout",
    route(async (req, res) => {
      await endCustomerSession(req, res);
      res.json({ ok: true });
    }),
  );

  router.get("/auth/google", (req, res, next) => {
    if (!config.google) return res.redirect(302, GOOGLE_FAILURE_REDIRECT);
    passport.authenticate("google", { session: false })(req, res, next);
  });

  router.get("/auth/google/callback", (req, res, next) => {
    if (!config.google) return res.redirect(302, GOOGLE_FAILURE_REDIRECT);
    passport.authenticate("google", { session: false }, (error: unknown, customer: CustomerRecord | false) => {
      if (error || !customer) return res.redirect(302, GOOGLE_FAILURE_REDIRECT);
      startCustomerSession(req, customer.id, true)
        .then(() => res.redirect(302, "/dashboard"))
        .catch(next);
    })(req, res, next);
  });

  return router;
}
