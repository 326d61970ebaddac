/** A cookie jar over fetch: one shopper's browser, for tests that sign in. */
export class BrowserSession {
  private cookies = new Map<string, string>();
  /** Raw Set-Cookie headers of the last response. */
  lastSetCookie: string[] = [];

  constructor(
    private readonly baseUrl: string,
    private readonly headers: Record<string, string> = {},
  ) {}

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  /** Copies this browser's cookies (e.g. to replay an old session cookie after logout). */
  cloneCookies(): Map<string, string> {
    return new Map(this.cookies);
  }

  setCookies(cookies: Map<string, string>) {
    this.cookies = new Map(cookies);
  }

  async fetch(path: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    for (const [k, v] of Object.entries(this.headers)) headers.set(k, v);
    if (this.cookies.size > 0) headers.set("cookie", [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; "));
    const res = await fetch(this.baseUrl + path, { ...init, headers, redirect: "manual" });
    this.lastSetCookie = res.headers.getSetCookie();
    for (const raw of this.lastSetCookie) {
      const [pair, ...attrs] = raw.split(";");
      const [name, ...rest] = pair!.split("=");
      const value = rest.join("=");
      const expired = attrs.some((a) => /^\s*expires=Thu, 01 Jan 1970/i.test(a)) || value === "";
      if (expired) this.cookies.delete(name!.trim());
      else this.cookies.set(name!.trim(), value);
    }
    return res;
  }

  async json<T = any>(path: string, init: RequestInit & { json?: unknown } = {}): Promise<{ status: number; body: T; res: Response }> {
    const { json, ...rest } = init;
    const res = await this.fetch(path, {
      ...rest,
      ...(json !== undefined ? { body: JSON.stringify(json), headers: { "content-type": "application/json", ...(rest.headers ?? {}) } } : {}),
    });
    const text = await res.text();
    return { status: res.status, body: text && res.headers.get("content-type")?.includes("json") ? JSON.parse(text) : text, res };
  }

  async graphql<T = any>(query: string, variables?: Record<string, unknown>): Promise<{ data: T; errors?: any[] }> {
    const { body } = await this.json("/graphql", { method: "POST", json: { query, variables } });
    return body;
  }

  register(user: { name: string; email: string; password: string }) {
    return this.json("/api/auth/register", { method: "POST", json: user });
  }

  login(email: string, password: string, rememberMe = false) {
    return this.json("/api/auth/login", { method: "POST", json: { email, password, rememberMe } });
  }
}
