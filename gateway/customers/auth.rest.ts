import { Router, type NextFunction, type Request, type Response } from "express";
import type { Config } from "../config.js";
import { route } from "../http/errors.js";
import { invalidInput, DomainError } from "../shared/errors.js";
import type { CustomerRecord } from "./customer.records.js";
import type { CustomerService } from "./customer.service.js";
import { currentCustomerId } from "../sessions/current-customer.js";
import { clientAddress } from "../http/request-context.js";
import { createPassport } from "./passport.js";
import { endCustomerSession, startCustomerSession } from "../sessions/session-auth.js";

const GOOGLE_FAILURE_REDIRECT = "/?auth_error=google";

/** spec §3 User: what the session call and sign-in answer. */
function toUserJson(customer: CustomerRecord) {
  return { email: customer.email, displayName: customer.displayName };
}

function body(req: Request): Record<string, unknown> {
  return req.body && typeof req.body === "object" && !Array.isArray(req.body) ? (req.body as Record<string, unknown>) : {};
}

/** spec §7 auth calls, over the customers service. */
export function authRoutes(customers: CustomerService, config: Config): Router {
  const router = Router();
  const passport = createPassport(customers, config);

  router.post(
    "/auth/register",
    route(async (req, res) => {
      const customer = await customers.register(body(req), clientAddress(req));
      res.status(201).json({ user: toUserJson(customer) });
    }),
  );

  router.post("/auth/login", (req: Request, res: Response, next: NextFunction) => {
    const input = body(req);
    for (const field of ["email", "password"]) {
      if (typeof input[field] !== "string" || input[field] === "") return next(invalidInput(field, `${field} is required`));
    }
    if (input.rememberMe !== undefined && typeof input.rememberMe !== "boolean") {
      return next(invalidInput("rememberMe", "rememberMe must be true or false"));
    }
    passport.authenticate("local", { session: false }, (error: unknown, customer: CustomerRecord | false) => {
      if (error) return next(error);
      if (!customer) return next(new DomainError("UNAUTHENTICATED", "Invalid email or password"));
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
