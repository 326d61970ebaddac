import net from "node:net";
import type { AddressInfo } from "node:net";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startTestGateway, withJobRunner, type TestGateway } from "./support/gateway.js";
import { BrowserSession } from "./support/browser-session.js";
import { createTestDatabase, type TestDatabase } from "./support/database.js";
import { variantsOf } from "./support/cart.js";
import { jobReaching, paidOrder, startFakeServer } from "./support/pipeline.js";
import { DEFAULT_JOB_SETTINGS } from "../gateway/config.js";
import { JobQueue } from "../gateway/jobs/job.service.js";
import { JobRepository } from "../gateway/jobs/job.repository.js";
import type { JobRecord } from "../gateway/jobs/job.records.js";
import { PermanentJobError } from "../gateway/jobs/job.records.js";
import { WebhookRepository } from "../gateway/notifications/webhook.repository.js";
import { WebhookService } from "../gateway/notifications/webhook.service.js";
import { WebhookTargets, type Resolve } from "../gateway/notifications/webhook-target.js";
import { AuditService } from "../gateway/staff/audit.service.js";
import { AuditRepository } from "../gateway/staff/audit.repository.js";

// Outbound webhooks go only to https receivers on the public internet: a receiver on the shop's
// own machine or network (a database's port, a cloud's metadata service) is refused when
// subscribing and again at each delivery, and a delivery connects only to the address it checked.

const OWNER = { email: "owner@shop.example", password: "owner password 1" };
const CREATE = `mutation($url: String!, $topics: [WebhookTopic!]!) { webhookSubscriptionCreate(url: $url, topics: $topics) { webhookSubscription { url } userErrors { code field message } } }`;
const NOT_PUBLIC = /^The receiver's (address|host name \S+) is not on the public internet/;

describe("subscribing, on a shop in production's settings", () => {
  let shop: TestGateway;
  let owner: BrowserSession;

  beforeAll(async () => {
    shop = await startTestGateway();
    await shop.running.gateway.services.staff.create({ ...OWNER, name: "Olive Owner", role: "owner" });
    owner = new BrowserSession(shop.url);
    const { data } = await owner.graphql(`mutation($input: StaffLoginInput!) { staffLogin(input: $input) { userErrors { message } } }`, { input: OWNER });
    expect(data.staffLogin.userErrors).toEqual([]);
  });
  afterAll(() => shop?.close());
  beforeEach(async () => {
    await shop.database.db.deleteFrom("webhook_subscriptions").execute();
  });

  it.each([
    "https://127.1/hook",
    "https://0x7f000001/hook",
    "https://2130706433/hook",
    "https://017700000001/hook",
    "https://127.0.0.1:5432/",
    "https://localhost/hook",
    "https://[::1]/hook",
    "https://[::ffff:127.0.0.1]/hook",
    "https://[::ffff:7f00:1]/hook",
    "https://[::127.0.0.1]/hook",
    "https://[64:ff9b::7f00:1]/hook",
    "https://[2002:7f00:1::1]/hook",
    "https://169.254.169.254/latest/meta-data/",
    "https://[::ffff:169.254.169.254]/latest/meta-data/",
    "https://10.0.0.1/hook",
    "https://172.16.0.1/hook",
    "https://192.168.1.1/hook",
    "https://100.64.0.1/hook",
    "https://[fc00::1]/hook",
    "https://[fd00:ec2::254]/hook",
    "https://[fe80::1]/hook",
    "https://0.0.0.0/hook",
    "https://0/hook",
    "https://[::]/hook",
    "https://224.0.0.251/hook",
    "https://255.255.255.255/hook",
    "https://[ff02::1]/hook",
  ])("refuses the receiver %s (not on the public internet) and stores nothing", async (url) => {
    const { data } = await owner.graphql(CREATE, { url, topics: ["ORDERS_PAID"] });
    expect(data.webhookSubscriptionCreate.webhookSubscription).toBeNull();
    expect(data.webhookSubscriptionCreate.userErrors).toEqual([{ code: "INVALID_INPUT", field: "url", message: expect.stringMatching(NOT_PUBLIC) }]);
    expect(await shop.database.db.selectFrom("webhook_subscriptions").select("id").execute()).toEqual([]);
  });

  it.each(["http://hooks.example.com/shop", "http://93.184.216.34/hook", "http://127.0.0.1:8080/hook"])("refuses the plain-http receiver %s", async (url) => {
    const { data } = await owner.graphql(CREATE, { url, topics: ["ORDERS_PAID"] });
    expect(data.webhookSubscriptionCreate.userErrors).toEqual([{ code: "INVALID_INPUT", field: "url", message: "The receiver must be an https:// address" }]);
    expect(await shop.database.db.selectFrom("webhook_subscriptions").select("id").execute()).toEqual([]);
  });

  it("warns of nothing at start-up: private receivers are not allowed here", () => {
    expect(shop.logs.filter((line) => line.includes("WEBHOOK_ALLOW_PRIVATE_TARGETS"))).toEqual([]);
  });

  it("takes an https receiver on a public address", async () => {
    const { data } = await owner.graphql(CREATE, { url: "https://93.184.216.34/hook", topics: ["ORDERS_PAID"] });
    expect(data.webhookSubscriptionCreate).toEqual({ webhookSubscription: { url: "https://93.184.216.34/hook" }, userErrors: [] });
  });
});

describe("delivering", () => {
  let database: TestDatabase;
  /** Every TCP connection made to 127.0.0.1 on this port: a private address a public name turns into. */
  let connections: number;
  let privatePort: number;
  let listener: net.Server;

  beforeAll(async () => {
    database = await createTestDatabase();
    listener = net.createServer((socket) => {
      connections += 1;
      socket.destroy();
    });
    await new Promise<void>((resolve) => listener.listen(0, "127.0.0.1", resolve));
    privatePort = (listener.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((resolve) => listener?.close(resolve));
    await database?.dispose();
  });
  beforeEach(() => {
    connections = 0;
  });

  /** A webhook service over the test database, resolving names with `resolve`. */
  function serviceResolving(resolve: Resolve, allowPrivate = false): WebhookService {
    const jobs = new JobQueue(new JobRepository(database.db), DEFAULT_JOB_SETTINGS);
    return new WebhookService(new WebhookRepository(database.db), jobs, new WebhookTargets({ allowPrivate, resolve }), new AuditService(new AuditRepository(database.db)));
  }

  /** An ORDERS_PAID event published to the service's subscriptions; answers the delivery job of `subscriptionId`. */
  async function publishedJob(service: WebhookService, subscriptionId: string): Promise<JobRecord> {
    const orderId = randomUUID();
    await database.db.transaction().execute((trx) => service.publish("ORDERS_PAID", { id: orderId, orderNumber: 1001 }, trx));
    const delivery = await database.db
      .selectFrom("webhook_deliveries")
      .select("id")
      .where("subscription_id", "=", subscriptionId)
      .where("order_id", "=", orderId)
      .executeTakeFirstOrThrow();
    return database.db
      .selectFrom("jobs")
      .select(["id", "payload"])
      .where("dedupe_key", "=", `webhook:${delivery.id}`)
      .executeTakeFirstOrThrow()
      .then((row) => ({ id: row.id, payload: row.payload }) as unknown as JobRecord);
  }

  const attemptsOf = async (job: JobRecord) =>
    database.db
      .selectFrom("webhook_attempts")
      .select(["status_code", "error"])
      .where("delivery_id", "=", String(job.payload.deliveryId))
      .execute();

  it("refuses a public-looking name that resolves to a private address at delivery (DNS rebinding): nothing connects there, and the delivery fails for good", async () => {
    let lookups = 0;
    // Public when subscribing; the receiver's own machine when the delivery is sent.
    const rebinding: Resolve = async (hostname) => {
      expect(hostname).toBe("hooks.example.net");
      lookups += 1;
      return [{ address: lookups === 1 ? "93.184.216.34" : "127.0.0.1", family: 4 }];
    };
    const service = serviceResolving(rebinding);
    const { subscription } = await service.create(`https://hooks.example.net:${privatePort}/hook`, ["ORDERS_PAID"], "staff:owner@shop.example");
    const job = await publishedJob(service, subscription.id);

    const sent = service.handler().run(job);
    await expect(sent).rejects.toBeInstanceOf(PermanentJobError);
    await expect(sent).rejects.toThrow(/Refused: The receiver's host name hooks\.example\.net is not on the public internet/);
    expect(lookups).toBe(2);
    expect(connections).toBe(0);
    expect(await attemptsOf(job)).toEqual([{ status_code: null, error: expect.stringMatching(/^Refused: The receiver's host name hooks\.example\.net is not on the public internet/) }]);
  });

  it("refuses at delivery a receiver stored before the rule (an http URL on 127.0.0.1), connecting nowhere", async () => {
    const service = serviceResolving(async () => {
      throw new Error("an address needs no lookup");
    });
    const subscription = await new WebhookRepository(database.db).insertSubscription(`http://127.0.0.1:${privatePort}/hook`, ["ORDERS_PAID"], "whsec_old");
    const job = await publishedJob(service, subscription.id);
    await expect(service.handler().run(job)).rejects.toBeInstanceOf(PermanentJobError);
    expect(connections).toBe(0);
    expect(await attemptsOf(job)).toEqual([{ status_code: null, error: "Refused: The receiver must be an https:// address" }]);
  });

  it("connects to the address it checked, resolving once per attempt, and does not follow a redirect", async () => {
    const elsewhere = await startFakeServer((_req, res) => void res.end("ok"));
    const receiver = await startFakeServer((_req, res) => {
      res.writeHead(302, { location: `${elsewhere.url}/moved` });
      res.end();
    });
    try {
      const port = new URL(receiver.url).port;
      let lookups = 0;
      // A name only this resolver knows: the connection can only have gone where it answered.
      const service = serviceResolving(async (hostname) => {
        expect(hostname).toBe("receiver.test");
        lookups += 1;
        return [{ address: "127.0.0.1", family: 4 }];
      }, true);
      const { subscription } = await service.create(`http://receiver.test:${port}/hook`, ["ORDERS_PAID"], "staff:owner@shop.example");
      const job = await publishedJob(service, subscription.id);
      lookups = 0;
      await expect(service.handler().run(job)).rejects.toThrow("HTTP 302");
      expect(lookups).toBe(1);
      expect(receiver.received).toHaveLength(1);
      expect(receiver.received[0]!.headers.host).toBe(`receiver.test:${port}`);
      expect(elsewhere.received).toHaveLength(0);
      expect(await attemptsOf(job)).toEqual([{ status_code: 302, error: "HTTP 302" }]);
    } finally {
      await receiver.close();
      await elsewhere.close();
    }
  });
});

describe("a gateway in production's settings", () => {
  it("refuses at delivery a subscription to a private address, sending nothing", async () => {
    const receiver = await startFakeServer((_req, res) => void res.end("ok"));
    const shop = await startTestGateway(withJobRunner());
    try {
      // As if made before the rule: the subscription table holds a receiver on the shop's machine.
      await shop.database.db.insertInto("webhook_subscriptions").values({ url: `${receiver.url}/hook`, topics: ["ORDERS_PAID"], secret: "whsec_old" }).execute();
      const [tee] = await variantsOf(shop, "i-survived-the-subcommittee-tee");
      const order = await paidOrder(shop, shop.database.db, [{ variantId: tee!.id, quantity: 1 }]);
      const delivery = await shop.database.db.selectFrom("webhook_deliveries").select(["id"]).where("order_id", "=", order.id).executeTakeFirstOrThrow();
      const job = await jobReaching(shop.database.db, `webhook:${delivery.id}`, "FAILED");
      expect(job.attempts).toBe(1);
      expect(job.last_error).toMatch(/Refused: The receiver must be an https:\/\/ address/);
      expect(receiver.received).toEqual([]);
    } finally {
      await shop.close();
      await receiver.close();
    }
  });
});
