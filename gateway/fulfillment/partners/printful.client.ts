/** The parts of Printful's order API (v1 shape) the shop uses. */
export interface PrintfulOrderRequest {
  external_id: string;
  recipient: {
    name: string;
    address1: string;
    /** Sent only when the address has a second line. */
    address2?: string;
    city: string;
    /** The state/province/territory code ("IL"); Printful requires it for the US, Canada and Australia. */
    state_code?: string;
    state_name?: string;
    zip: string;
    country_code: string;
    /** Sent only when the shopper gave one (for the courier). */
    phone?: string;
    email: string;
  };
  items: { external_id: string; variant_id: number | string; quantity: number; files: { url: string }[] }[];
}

export interface PrintfulShipment {
  id?: number;
  carrier: string;
  service?: string;
  tracking_number: string | number;
  tracking_url?: string | null;
  ship_date?: string;
  shipped_at?: number;
}

export interface PrintfulOrder {
  id: number | string;
  external_id: string | null;
  status: string;
  shipments: PrintfulShipment[];
}

/** Printful's envelope: `{ code, result }` on success, `{ code, error: { message } }` otherwise. */
interface PrintfulEnvelope {
  code?: number;
  result?: unknown;
  error?: { message?: string };
}

export class PrintfulApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = "PrintfulApiError";
  }
}

/** Printful's HTTP API: `Authorization: Bearer` with the store's token, answers as `{ code, result }` or `{ code, error }`. */
export class PrintfulClient {
  constructor(
    private readonly apiUrl: string,
    private readonly token: string,
    private readonly timeoutMs = 15_000,
  ) {}

  private async call(method: "GET" | "POST" | "DELETE", path: string, body?: unknown): Promise<{ status: number; json: PrintfulEnvelope }> {
    const res = await fetch(`${this.apiUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${this.token}`, "content-type": "application/json", accept: "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    const text = await res.text();
    try {
      return { status: res.status, json: text ? (JSON.parse(text) as PrintfulEnvelope) : {} };
    } catch {
      throw new PrintfulApiError(res.status, `Printful answered ${res.status} with a body that is not JSON`);
    }
  }

  private static failure(status: number, json: PrintfulEnvelope): PrintfulApiError {
    const reason = json.error?.message ?? json.result ?? `HTTP ${status}`;
    return new PrintfulApiError(status, `Printful answered ${status}: ${typeof reason === "string" ? reason : JSON.stringify(reason)}`);
  }

  /** The order Printful holds under our id, or null when it holds none. */
  async findOrderByExternalId(externalId: string): Promise<PrintfulOrder | null> {
    const { status, json } = await this.call("GET", `/orders/@${encodeURIComponent(externalId)}`);
    if (status === 404) return null;
    if (status !== 200) throw PrintfulClient.failure(status, json);
    return json.result as PrintfulOrder;
  }

  /**
   * Cancels the order Printful holds under our id: Printful cancels an order it has not started
   * (draft, pending, failed, on hold) and refuses one in production or shipped. Answers whether it
   * was withdrawn; an order Printful does not hold counts as withdrawn.
   */
  async cancelOrder(externalId: string): Promise<"withdrawn" | "in_production"> {
    const { status, json } = await this.call("DELETE", `/orders/@${encodeURIComponent(externalId)}`);
    if (status === 200 || status === 404) return "withdrawn";
    if (status === 400 || status === 409) return "in_production";
    throw PrintfulClient.failure(status, json);
  }

  /**
   * Creates (and confirms) the order. Printful refuses a second order with the same external_id; that
   * refusal means an earlier attempt got through, so the order it made is read back and answered.
   */
  async createOrder(request: PrintfulOrderRequest): Promise<PrintfulOrder> {
    const { status, json } = await this.call("POST", "/orders?confirm=true", request);
    if (status === 200 || status === 201) return json.result as PrintfulOrder;
    const message = String(json.error?.message ?? json.result ?? "");
    if (status === 409 || (status === 400 && /external/i.test(message))) {
      const existing = await this.findOrderByExternalId(request.external_id);
      if (existing) return existing;
    }
    throw PrintfulClient.failure(status, json);
  }
}
