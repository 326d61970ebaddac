import http from "node:http";
import type { AddressInfo } from "node:net";

/** One purge as the CDN received it. */
interface PurgeRequest {
  method: string;
  path: string;
  authorization: string | null;
  contentType: string | null;
  surrogateKey: string | null;
  keys: string[];
}

/**
 * A CDN's purge endpoint on 127.0.0.1 speaking the shop's purge contract (docs/operations.md): it
 * records each POST's JSON keys and headers and answers the statuses it is given in turn (the last
 * one from then on); "hang" never answers.
 */
export async function startCdnEndpoint(answers: (number | "hang")[] = [200]) {
  const received: PurgeRequest[] = [];
  const hanging = new Set<http.ServerResponse>();
  const server = http.createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (body += chunk));
    req.on("end", () => {
      const parsed = JSON.parse(body || "{}") as { keys?: string[] };
      received.push({
        method: req.method ?? "",
        path: req.url ?? "",
        authorization: req.headers.authorization ?? null,
        contentType: req.headers["content-type"] ?? null,
        surrogateKey: (req.headers["surrogate-key"] as string | undefined) ?? null,
        keys: parsed.keys ?? [],
      });
      const answer = answers[Math.min(received.length, answers.length) - 1]!;
      if (answer === "hang") return void hanging.add(res);
      res.writeHead(answer, { "content-type": "application/json" }).end(JSON.stringify({ status: answer === 200 ? "ok" : "error" }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/purge`,
    received,
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
