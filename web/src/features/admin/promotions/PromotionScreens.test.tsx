import { configure, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { mockClient } from "../../../../tests/mockClient";
import { renderScreen } from "../../../../tests/render";
import AdminRoute from "../../../routes/AdminRoute";
import { clerk, owner, userError } from "../adminTestData";
import { fromLocalInput } from "./promotionDraft";

// Whole admin screens render several times per step; a machine shared by several test runs needs more than 1 s.
configure({ asyncUtilTimeout: 4000 });

const money = (amount: string) => ({ __typename: "Money", amount, currencyCode: "USD" });

function promotion(id: string, title: string, overrides: object = {}) {
  return {
    __typename: "AdminPromotion",
    id,
    title,
    kind: "PERCENTAGE",
    percentOff: 20,
    amountOff: null,
    automatic: false,
    minimumSubtotal: money("0.00"),
    startsAt: "2026-11-20T15:00:00.000Z",
    endsAt: "2026-11-21T15:00:00.000Z",
    state: "ACTIVE",
    uses: 3,
    codeCount: 1,
    oncePerCustomer: false,
    products: [],
    collections: [],
    createdAt: "2026-11-19T10:00:00.000Z",
    updatedAt: "2026-11-19T10:00:00.000Z",
    ...overrides,
  };
}

const page = (nodes: object[]) => ({ __typename: "AdminPromotionConnection", totalCount: nodes.length, pageInfo: { __typename: "PageInfo", hasNextPage: false, endCursor: null }, nodes });
const codesOf = (nodes: object[]) => ({ __typename: "AdminDiscountCodeConnection", totalCount: nodes.length, pageInfo: { __typename: "PageInfo", hasNextPage: false, endCursor: null }, nodes });
const code = (id: string, text: string, uses: number, usageLimit: number | null) => ({ __typename: "AdminDiscountCode", id, code: text, uses, usageLimit, createdAt: "2026-11-19T10:00:00.000Z" });
const settings = (amount: string) => ({ data: { shopSettings: { __typename: "ShopSettings", freeShippingThreshold: money(amount) } } });

function open(route: string, answers: Parameters<typeof mockClient>[0], staff: object = owner) {
  const mocked = mockClient({ StaffMe: () => ({ data: { staffMe: staff } }), ...answers });
  renderScreen(<AdminRoute />, { client: mocked.client, route, path: "/admin/*" });
  return mocked;
}

const callsOf = (all: { operation: string; variables: Record<string, unknown> }[], name: string) => all.filter((c) => c.operation === name).map((c) => c.variables);

describe("the admin's promotions", () => {
  it("lists promotions with their state and uses, filters by state, and lets the owner change the standing threshold", async () => {
    const week = promotion("p-1", "Free shipping week", { kind: "FREE_SHIPPING", percentOff: null, automatic: true, minimumSubtotal: money("50.00"), uses: 0, codeCount: 0 });
    const hearing = promotion("p-2", "Hearing day");
    const { calls } = open("/admin/promotions", {
      Promotions: (v) => ({ data: { promotions: page(v.state === "SCHEDULED" ? [] : [week, hearing]) } }),
      ShopSettings: () => settings("75.00"),
      ShopSettingsUpdate: (v) =>
        v.freeShippingThreshold === "-5"
          ? { data: { shopSettingsUpdate: { __typename: "ShopSettingsPayload", shopSettings: null, userErrors: [userError("INVALID_INPUT", "freeShippingThreshold must be 0.00 or more", "freeShippingThreshold")] } } }
          : { data: { shopSettingsUpdate: { __typename: "ShopSettingsPayload", shopSettings: { __typename: "ShopSettings", freeShippingThreshold: money("60.00") }, userErrors: [] } } },
    });
    const list = await screen.findByRole("list", { name: "Promotions" });
    const rows = within(list).getAllByRole("listitem");
    expect(within(rows[0]!).getByText("Active")).toBeTruthy();
    expect(within(rows[0]!).getByText("Free shipping over $50.00 (automatic)")).toBeTruthy();
    expect(rows[0]!.textContent).toContain("Automatic, no code");
    expect(within(rows[1]!).getByText("20% off")).toBeTruthy();
    expect(rows[1]!.textContent).toContain("3 uses · 1 code");
    expect(within(rows[1]!).getByRole("link", { name: "Hearing day" }).getAttribute("href")).toBe("/admin/promotions/p-2");

    fireEvent.change(screen.getByRole("combobox", { name: "State" }), { target: { value: "SCHEDULED" } });
    expect(await screen.findByText("No scheduled promotions")).toBeTruthy();
    expect(callsOf(calls, "Promotions").at(-1)).toMatchObject({ state: "SCHEDULED" });

    const form = screen.getByRole("form", { name: "Free-shipping threshold" });
    const field = within(form).getByRole("textbox", { name: /Standing free-shipping threshold/ }) as HTMLInputElement;
    expect(field.value).toBe("75.00");
    fireEvent.change(field, { target: { value: "abc" } });
    fireEvent.click(within(form).getByRole("button", { name: "Save" }));
    expect(await within(form).findByText(/An amount such as 75.00/)).toBeTruthy();
    expect(callsOf(calls, "ShopSettingsUpdate")).toEqual([]);
    fireEvent.change(field, { target: { value: "60" } });
    fireEvent.click(within(form).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(callsOf(calls, "ShopSettingsUpdate")).toEqual([{ freeShippingThreshold: "60" }]));
  });

  it("shows other staff the threshold without a form", async () => {
    open("/admin/promotions", { Promotions: () => ({ data: { promotions: page([]) } }), ShopSettings: () => settings("75.00") }, clerk);
    expect(await screen.findByText(/Orders over \$75.00 ship free/)).toBeTruthy();
    expect(screen.queryByRole("form", { name: "Free-shipping threshold" })).toBeNull();
    expect(screen.getByText("No promotions yet")).toBeTruthy();
  });

  it("creates a timed free-shipping offer over $50 for a week, with the times typed in the viewer's zone", async () => {
    const { calls } = open("/admin/promotions/new?type=shipping", {
      PromotionCreate: (v) => {
        const input = v.input as Record<string, unknown>;
        return { data: { promotionCreate: { __typename: "PromotionPayload", promotion: promotion("p-9", String(input.title), { kind: "FREE_SHIPPING", automatic: true, percentOff: null }), userErrors: [] } } };
      },
      Promotion: () => ({ data: { promotion: { ...promotion("p-9", "Free shipping week", { kind: "FREE_SHIPPING", automatic: true, percentOff: null }), codes: codesOf([]) } } }),
    });
    const form = await screen.findByRole("form", { name: "Create promotion" });
    expect((within(form).getByRole("combobox", { name: "Type" }) as HTMLSelectElement).value).toBe("SHIPPING_OFFER");
    expect((within(form).getByRole("textbox", { name: /Free shipping over/ }) as HTMLInputElement).value).toBe("50.00");
    expect(within(form).queryByRole("textbox", { name: /Discount code/ })).toBeNull();
    expect(screen.queryByRole("region", { name: "Applies to" })).toBeNull();
    const starts = form.querySelector<HTMLInputElement>("input[name=startsAt]")!;
    const ends = form.querySelector<HTMLInputElement>("input[name=endsAt]")!;
    fireEvent.change(starts, { target: { value: "2026-12-01T00:00" } });
    fireEvent.change(ends, { target: { value: "2026-12-08T00:00" } });
    fireEvent.click(screen.getByRole("button", { name: "Create offer" }));
    await waitFor(() => expect(callsOf(calls, "PromotionCreate")).toHaveLength(1));
    expect(callsOf(calls, "PromotionCreate")[0]!.input).toEqual({
      title: "Free shipping week",
      kind: "FREE_SHIPPING",
      automatic: true,
      percentOff: null,
      amountOff: null,
      minimumSubtotal: "50.00",
      startsAt: fromLocalInput("2026-12-01T00:00"),
      endsAt: fromLocalInput("2026-12-08T00:00"),
      oncePerCustomer: false,
      productIds: [],
      collectionIds: [],
    });
  });

  it("creates a 20%-off code, placing the gateway's refusal at its field", async () => {
    let attempts = 0;
    const { calls } = open("/admin/promotions/new", {
      PromotionCollectionChoices: () => ({ data: { adminCollections: [{ __typename: "AdminCollection", id: "c-1", title: "Mugs", handle: "mugs" }] } }),
      PromotionCreate: () => {
        attempts += 1;
        if (attempts === 1) return { data: { promotionCreate: { __typename: "PromotionPayload", promotion: null, userErrors: [userError("CODE_TAKEN", "The code HEARING20 is taken", "code")] } } };
        return { data: { promotionCreate: { __typename: "PromotionPayload", promotion: promotion("p-3", "Hearing day"), userErrors: [] } } };
      },
      Promotion: () => ({ data: { promotion: { ...promotion("p-3", "Hearing day"), codes: codesOf([code("d-1", "HEARING20", 0, null)]) } } }),
    });
    const form = await screen.findByRole("form", { name: "Create promotion" });
    fireEvent.click(screen.getByRole("button", { name: "Create promotion" }));
    expect(await within(form).findByText("Give the promotion a title")).toBeTruthy();
    expect(within(form).getByText("A whole percentage from 1 to 100")).toBeTruthy();
    expect(callsOf(calls, "PromotionCreate")).toEqual([]);

    fireEvent.change(within(form).getByRole("textbox", { name: /Title/ }), { target: { value: "Hearing day" } });
    fireEvent.change(within(form).getByRole("textbox", { name: /Percent off/ }), { target: { value: "20" } });
    fireEvent.change(within(form).getByRole("textbox", { name: /Discount code/ }), { target: { value: "HEARING20" } });
    fireEvent.change(await screen.findByRole("combobox", { name: "Add a collection" }), { target: { value: "c-1" } });
    expect(within(screen.getByRole("list", { name: "Collections" })).getByText("Mugs")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Create promotion" }));
    expect(await within(form).findByText("The code HEARING20 is taken")).toBeTruthy();
    expect(callsOf(calls, "PromotionCreate")[0]!.input).toMatchObject({ title: "Hearing day", kind: "PERCENTAGE", percentOff: 20, code: "HEARING20", usageLimit: null, collectionIds: ["c-1"], automatic: false });
    fireEvent.click(screen.getByRole("button", { name: "Create promotion" }));
    expect(await screen.findByRole("heading", { name: "Hearing day" })).toBeTruthy();
  });

  it("edits a promotion's codes: generates single-use codes then offers the CSV, deletes an unused one, and disables the promotion", async () => {
    let current = { ...promotion("p-2", "Hearing day"), codes: codesOf([code("d-1", "HEARING20", 3, null), code("d-2", "SPARE", 0, 1)]) };
    const { calls } = open("/admin/promotions/p-2", {
      Promotion: () => ({ data: { promotion: current } }),
      DiscountCodesGenerate: (v) => ({ data: { discountCodesGenerate: { __typename: "DiscountCodesGeneratePayload", codes: Array.from({ length: Number(v.count) }, (_, i) => `MAIL-${i}`), userErrors: [] } } }),
      DiscountCodeDelete: () => ({ data: { discountCodeDelete: { __typename: "DiscountCodeDeletePayload", deletedDiscountCodeId: "d-2", userErrors: [] } } }),
      PromotionDisable: () => {
        current = { ...current, state: "DISABLED" };
        return { data: { promotionDisable: { __typename: "PromotionPayload", promotion: current, userErrors: [] } } };
      },
    });
    const table = await screen.findByRole("table", { name: "Discount codes" });
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows[0]!.textContent).toContain("3 (no limit)");
    expect(within(rows[0]!).queryByRole("button")).toBeNull();
    expect(rows[1]!.textContent).toContain("0 of 1");
    expect(screen.getAllByRole("link", { name: "Download CSV" })[0]!.getAttribute("href")).toBe("/api/admin/promotions/p-2/codes.csv");

    const generate = screen.getByRole("form", { name: "Generate codes" });
    fireEvent.change(within(generate).getByRole("textbox", { name: "How many" }), { target: { value: "20000" } });
    fireEvent.click(within(generate).getByRole("button", { name: "Generate" }));
    expect(await within(generate).findByText("From 1 to 10,000")).toBeTruthy();
    fireEvent.change(within(generate).getByRole("textbox", { name: "How many" }), { target: { value: "25" } });
    fireEvent.change(within(generate).getByRole("textbox", { name: "Prefix" }), { target: { value: "mail" } });
    fireEvent.click(within(generate).getByRole("button", { name: "Generate" }));
    expect(await within(generate).findByText("25 codes generated.")).toBeTruthy();
    expect(callsOf(calls, "DiscountCodesGenerate")).toEqual([{ promotionId: "p-2", count: 25, prefix: "MAIL", usageLimit: 1 }]);
    expect(within(generate).getByRole("link", { name: "Download CSV" }).getAttribute("href")).toBe("/api/admin/promotions/p-2/codes.csv");

    fireEvent.click(screen.getByRole("button", { name: "Delete SPARE" }));
    await waitFor(() => expect(callsOf(calls, "DiscountCodeDelete")).toEqual([{ id: "d-2" }]));

    fireEvent.click(screen.getByRole("button", { name: "Disable promotion" }));
    await waitFor(() => expect(callsOf(calls, "PromotionDisable")).toEqual([{ id: "p-2" }]));
    expect(await screen.findByRole("button", { name: "Enable promotion" })).toBeTruthy();
  });
});
