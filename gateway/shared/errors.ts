// Expected failures carry a code; each transport turns the code into its own shape
// (REST: one status table in http/errors.ts; GraphQL: userErrors or extensions.code).
export type DomainErrorCode =
  | "INVALID_INPUT"
  | "NOT_FOUND"
  | "CONFLICT"
  | "UNAUTHENTICATED"
  | "FORBIDDEN"
  | "TOO_LARGE"
  | "RATE_LIMITED"
  /** A change the thing's current state does not allow (an order's fulfilment). */
  | "INVALID_TRANSITION"
  /** An emailed link's token that names no link: mistyped, cut short, altered, or replaced by a newer email. */
  | "TOKEN_INVALID"
  /** An emailed link past its time. */
  | "TOKEN_EXPIRED"
  /** An emailed link followed before (each works once), or ended by a newer one. */
  | "TOKEN_USED"
  /** A discount code some promotion already has (codes are the same whatever their case). */
  | "CODE_TAKEN";

export class DomainError extends Error {
  constructor(
    readonly code: DomainErrorCode,
    message: string,
    /** The input field (or REST parameter) the error is about. */
    readonly field?: string,
  ) {
    super(message);
    this.name = "DomainError";
  }
}

/**
 * Several fields refused at once, so a form can show every message beside its field (an address):
 * GraphQL answers one userError per field; elsewhere it reads as its first.
 */
export class InvalidFieldsError extends DomainError {
  constructor(readonly fieldErrors: readonly { field: string; message: string }[]) {
    super("INVALID_INPUT", fieldErrors[0]?.message ?? "Invalid input", fieldErrors[0]?.field);
  }

  /** Each field's refusal as a DomainError of its own. */
  each(): DomainError[] {
    return this.fieldErrors.map((f) => new DomainError("INVALID_INPUT", f.message, f.field));
  }
}

export const invalidInput = (field: string, message: string) => new DomainError("INVALID_INPUT", message, field);
export const notFound = (message: string) => new DomainError("NOT_FOUND", message);
export const notSignedIn = () => new DomainError("UNAUTHENTICATED", "Not signed in");

/** Over an abuse limit: REST answers 429 with Retry-After. */
export class RateLimitedError extends DomainError {
  constructor(readonly retryAfterSeconds: number) {
    super("RATE_LIMITED", "Too many attempts, try again later");
  }
}
