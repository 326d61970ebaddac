import { createHash, randomBytes } from "node:crypto";
import { notFound } from "../shared/errors.js";
import { isUuid } from "../shared/ids.js";
import type { Actor, Principal } from "../shared/actor.js";
import type { ApiTokenRecord, ApiTokenRepository } from "./api-token.repository.js";
import type { AuditService } from "./audit.service.js";

export type { ApiTokenRecord } from "./api-token.repository.js";

/** A token's last use is written at most this often (not a write per request). */
const LAST_USED_GRANULARITY_MS = 60_000;
/** Tokens start with this, so a leaked one is recognisable in logs and secret scanners. */
const TOKEN_PREFIX = "sst_";

const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");

/**
 * API tokens for integrations: made by an owner, answered once, kept only as a SHA-256 hash (the
 * token is 256 random bits, so a plain hash is enough), limited to scopes, revocable.
 */
export class ApiTokenService {
  constructor(
    private readonly repository: ApiTokenRepository,
    private readonly audit: AuditService,
  ) {}

  /** `input` as ApiTokenCreateArgs checked it (a name, known scopes). */
  async create(input: { name: string; scopes: string[] }, createdBy: { staffId: string | null; actor: Actor }): Promise<{ apiToken: ApiTokenRecord; token: string }> {
    const name = input.name.trim();
    const scopes = [...new Set(input.scopes)];
    const token = TOKEN_PREFIX + randomBytes(32).toString("base64url");
    const apiToken = await this.repository.insert({ name, tokenHash: hashOf(token), scopes, createdBy: createdBy.staffId });
    await this.audit.record({ actor: createdBy.actor, action: "api_token_created", orderId: null, orderNumber: null, details: `${name} (${scopes.join(", ")})` });
    return { apiToken, token };
  }

  list(): Promise<ApiTokenRecord[]> {
    return this.repository.list();
  }

  async revoke(id: string, actor: Actor): Promise<ApiTokenRecord> {
    const found = isUuid(id) ? await this.repository.findById(id) : null;
    if (!found) throw notFound("No API token with this id");
    if (found.revokedAt) return found;
    await this.repository.revoke(id);
    await this.audit.record({ actor, action: "api_token_revoked", orderId: null, orderNumber: null, details: found.name });
    return (await this.repository.findById(id))!;
  }

  /** The principal of a bearer token; an unknown or revoked one is an invalid token. */
  async authenticate(token: string): Promise<Principal> {
    if (!token.startsWith(TOKEN_PREFIX) || token.length > 200) return { kind: "invalid-token" };
    const found = await this.repository.findByHash(hashOf(token));
    if (!found || found.revokedAt) return { kind: "invalid-token" };
    const now = new Date();
    if (!found.lastUsedAt || now.getTime() - found.lastUsedAt.getTime() >= LAST_USED_GRANULARITY_MS) {
      await this.repository.touch(found.id, now, new Date(now.getTime() - LAST_USED_GRANULARITY_MS));
    }
    return { kind: "token", tokenId: found.id, name: found.name, scopes: found.scopes };
  }
}
