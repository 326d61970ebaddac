import { configure, fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { mockClient } from "../../../tests/mockClient";
import { renderScreen } from "../../../tests/render";
import AdminRoute from "../../routes/AdminRoute";
import { owner, userError } from "./adminTestData";

// Whole admin screens render several times per step; a machine shared by several test runs needs more than 1 s.
configure({ asyncUtilTimeout: 4000 });

type Answers = Parameters<typeof mockClient>[0];

function openAs(route: string, answers: Answers) {
  const mocked = mockClient({ StaffMe: () => ({ data: { staffMe: owner } }), ...answers });
  renderScreen(<AdminRoute />, { client: mocked.client, route, path: "/admin/*" });
  return mocked;
}

const token = (id: string, name: string, overrides: object = {}) => ({
  __typename: "ApiToken",
  id,
  name,
  scopes: ["orders:read"],
  createdAt: "2026-11-01T10:00:00.000Z",
  lastUsedAt: null,
  revokedAt: null,
  ...overrides,
});

const subscription = (overrides: object = {}) => ({
  __typename: "WebhookSubscription",
  id: "w-1",
  url: "https://erp.example/hooks",
  topics: ["ORDERS_PAID", "ORDERS_FULFILLED"],
  createdAt: "2026-11-01T10:00:00.000Z",
  deliveries: [
    {
      __typename: "WebhookDelivery",
      id: "d-1",
      topic: "ORDERS_PAID",
      state: "FAILED",
      createdAt: "2026-11-20T15:00:00.000Z",
      attempts: [
        { __typename: "WebhookAttempt", at: "2026-11-20T15:00:01.000Z", statusCode: 500, error: null, durationMs: 120 },
        { __typename: "WebhookAttempt", at: "2026-11-20T15:01:01.000Z", statusCode: null, error: "connect ECONNREFUSED", durationMs: 3 },
      ],
    },
  ],
  ...overrides,
});

describe("API tokens (owner)", () => {
  it("lists tokens with scopes and last use, creates one shown once with a copy button, and revokes after confirming", async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    let tokens = [token("t-1", "ERP", { lastUsedAt: "2026-11-20T15:00:00.000Z" }), token("t-0", "Old", { revokedAt: "2026-11-10T10:00:00.000Z" })];
    const { calls } = openAs("/admin/tokens", {
      ApiTokens: () => ({ data: { apiTokens: tokens } }),
      ApiTokenCreate: (variables) => {
        const created = token("t-2", String(variables.name), { scopes: variables.scopes });
        tokens = [created, ...tokens];
        return { data: { apiTokenCreate: { __typename: "ApiTokenCreatePayload", apiToken: created, token: "shop_tok_secret123", userErrors: [] } } };
      },
      ApiTokenRevoke: () => ({ data: { apiTokenRevoke: { __typename: "ApiTokenPayload", apiToken: token("t-1", "ERP", { revokedAt: "2026-11-21T10:00:00.000Z" }), userErrors: [] } } }),
    });
    const list = await screen.findByRole("list", { name: "API tokens" });
    const [erp, old] = within(list).getAllByRole("listitem") as [HTMLElement, HTMLElement];
    expect(within(erp).getByText("Active")).toBeTruthy();
    expect(within(erp).getByText("orders:read")).toBeTruthy();
    expect(erp.textContent).toContain("Last used Nov 20, 2026");
    expect(within(old).getByText("Revoked")).toBeTruthy();
    expect(within(old).queryByRole("button")).toBeNull();

    const form = screen.getByRole("form", { name: "Create API token" });
    // Every scope the gateway knows, the catalog's too.
    expect(within(form).getAllByRole("checkbox").map((box) => (box as HTMLInputElement).value)).toEqual([
      "orders:read",
      "orders:write",
      "webhooks:write",
      "catalog:read",
      "catalog:write",
      "promotions:write",
    ]);
    fireEvent.click(within(form).getByRole("button", { name: "Create token" }));
    expect(await within(form).findByText("Choose at least one scope")).toBeTruthy();
    fireEvent.change(within(form).getByLabelText("Token name"), { target: { value: "Warehouse" } });
    fireEvent.click(within(form).getByRole("checkbox", { name: /orders:read/ }));
    fireEvent.click(within(form).getByRole("checkbox", { name: /orders:write/ }));
    fireEvent.click(within(form).getByRole("checkbox", { name: /catalog:write/ }));
    fireEvent.click(within(form).getByRole("button", { name: "Create token" }));
    const secret = await screen.findByRole("region", { name: "Your new API token" });
    expect((within(secret).getByRole("textbox") as HTMLInputElement).value).toBe("shop_tok_secret123");
    fireEvent.click(within(secret).getByRole("button", { name: "Copy" }));
    expect(await within(secret).findByText("Copied")).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith("shop_tok_secret123");
    expect(calls.find((c) => c.operation === "ApiTokenCreate")?.variables).toEqual({ name: "Warehouse", scopes: ["orders:read", "orders:write", "catalog:write"] });
    expect(await within(list).findByText("Warehouse")).toBeTruthy();
    fireEvent.click(within(secret).getByRole("button", { name: "Done" }));
    expect(screen.queryByText("shop_tok_secret123")).toBeNull();
    expect(screen.queryByDisplayValue("shop_tok_secret123")).toBeNull();

    fireEvent.click(screen.getByRole("button", { name: "Revoke ERP" }));
    fireEvent.click(screen.getByRole("button", { name: "Confirm revoke" }));
    // (the test frame has its own toaster beside the admin's: the toast shows in both)
    expect((await screen.findAllByText("Token revoked")).length).toBeGreaterThan(0);
    expect(calls.find((c) => c.operation === "ApiTokenRevoke")?.variables).toEqual({ id: "t-1" });
    expect(within(list).getAllByText("Revoked")).toHaveLength(2);
  });

  it("shows the gateway's userErrors beside the form", async () => {
    openAs("/admin/tokens", {
      ApiTokens: () => ({ data: { apiTokens: [] } }),
      ApiTokenCreate: () => ({
        data: { apiTokenCreate: { __typename: "ApiTokenCreatePayload", apiToken: null, token: null, userErrors: [userError("INVALID_INPUT", "A token with this name exists", "name")] } },
      }),
    });
    expect(await screen.findByText("No tokens yet")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Token name"), { target: { value: "ERP" } });
    fireEvent.click(screen.getByRole("checkbox", { name: /webhooks:write/ }));
    fireEvent.click(screen.getByRole("button", { name: "Create token" }));
    expect(await screen.findByText("A token with this name exists")).toBeTruthy();
    expect(screen.queryByRole("region", { name: "Your new API token" })).toBeNull();
  });
});

describe("webhooks (owner)", () => {
  it("lists subscriptions with their recent deliveries and attempts", async () => {
    openAs("/admin/webhooks", { WebhookSubscriptions: () => ({ data: { webhookSubscriptions: [subscription()] } }) });
    const list = await screen.findByRole("list", { name: "Webhook subscriptions" });
    const item = within(list).getAllByRole("listitem")[0]!;
    expect(within(item).getByText("https://erp.example/hooks")).toBeTruthy();
    expect(within(item).getByText("Order shipped")).toBeTruthy();
    expect(within(item).getByText("Recent deliveries (1)")).toBeTruthy();
    expect(within(item).getByText("Failed")).toBeTruthy();
    const attempts = within(item).getByRole("list", { name: "Attempts" });
    expect(attempts.textContent).toContain("Attempt 1");
    expect(attempts.textContent).toContain("HTTP 500");
    expect(attempts.textContent).toContain("no answer (connect ECONNREFUSED) in 3 ms");
  });

  it("creates a subscription (its secret shown once) and deletes one after confirming", async () => {
    let subscriptions: object[] = [subscription()];
    const { calls } = openAs("/admin/webhooks", {
      WebhookSubscriptions: () => ({ data: { webhookSubscriptions: subscriptions } }),
      WebhookSubscriptionCreate: (variables) => {
        const created = subscription({ id: "w-2", url: variables.url, topics: variables.topics, deliveries: [] });
        subscriptions = [...subscriptions, created];
        return { data: { webhookSubscriptionCreate: { __typename: "WebhookSubscriptionCreatePayload", webhookSubscription: created, secret: "whsec_abc", userErrors: [] } } };
      },
      WebhookSubscriptionDelete: () => ({ data: { webhookSubscriptionDelete: { __typename: "WebhookSubscriptionDeletePayload", deletedId: "w-1", userErrors: [] } } }),
    });
    await screen.findByRole("list", { name: "Webhook subscriptions" });
    const form = screen.getByRole("form", { name: "Create webhook" });
    fireEvent.change(within(form).getByLabelText("Endpoint URL"), { target: { value: "ftp://nope" } });
    fireEvent.click(within(form).getByRole("button", { name: "Create webhook" }));
    expect(await within(form).findByText("Enter the address to send events to, starting with https://")).toBeTruthy();
    expect(within(form).getByText("Choose at least one event")).toBeTruthy();
    fireEvent.change(within(form).getByLabelText("Endpoint URL"), { target: { value: "https://crm.example/in" } });
    fireEvent.click(within(form).getByRole("checkbox", { name: /Order cancelled/ }));
    fireEvent.click(within(form).getByRole("button", { name: "Create webhook" }));
    const secret = await screen.findByRole("region", { name: "Signing secret of the new webhook" });
    expect((within(secret).getByRole("textbox") as HTMLInputElement).value).toBe("whsec_abc");
    expect(calls.find((c) => c.operation === "WebhookSubscriptionCreate")?.variables).toEqual({ url: "https://crm.example/in", topics: ["ORDERS_CANCELLED"] });
    expect(await screen.findByText("https://crm.example/in")).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Delete webhook https://erp.example/hooks" }));
    fireEvent.click(screen.getByRole("button", { name: "Confirm delete" }));
    expect((await screen.findAllByText("Webhook deleted")).length).toBeGreaterThan(0);
    expect(screen.queryByText("https://erp.example/hooks")).toBeNull();
    expect(calls.find((c) => c.operation === "WebhookSubscriptionDelete")?.variables).toEqual({ id: "w-1" });
  });
});
