import { InMemoryCache } from "@apollo/client";
import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { mockClient } from "../../tests/mockClient";
import { renderScreen } from "../../tests/render";
import { deliveryParts } from "../features/info/deliverySentence";
import { DeliveryTimesDocument, ShippingRouteDocument, type DeliveryTimesQuery, type ShippingRouteQuery } from "../gql/graphql";
import { typePolicies } from "../lib/apollo";
import FaqRoute from "./FaqRoute";

const money = (amount: string) => ({ __typename: "Money", amount });
// As the gateway serves them (gateway/checkout/shipping.ts).
const rates = [
  { __typename: "ShippingRate", handle: "standard", title: "Standard", deliveryEstimate: "5–7 business days", price: money("5.99"), freeAtOrAbove: money("75.00") },
  { __typename: "ShippingRate", handle: "expedited", title: "Expedited", deliveryEstimate: "3–5 business days", price: money("14.99"), freeAtOrAbove: null },
];
const shop = (shippingRates: object[]) => ({ data: { shop: { __typename: "Shop", freeShippingThreshold: money("75.00"), shippingRates } } });

/** The FAQ's answer to "How long will my order take?", as one line of text. */
const deliveryAnswer = () => screen.getByText("How long will my order take?").closest("details")!.querySelector("p")!.textContent;

describe("the FAQ's delivery times (spec §9, from the gateway's shop.shippingRates)", () => {
  it("states the spec's times in its words, as the checkout's rates give them", async () => {
    renderScreen(<FaqRoute />, { client: mockClient({ DeliveryTimes: () => shop(rates) }).client });
    await waitFor(() =>
      expect(deliveryAnswer()).toBe(
        "Every item is printed on demand and ships within 2\u20113 business days. After that, standard delivery takes 5–7 business days and expedited 3–5 business days. Rates are on the shipping page.",
      ),
    );
  });

  it("follows the gateway when its rates change", async () => {
    const changed = [{ ...rates[0], deliveryEstimate: "4–6 business days" }, { ...rates[1], deliveryEstimate: "2 business days" }];
    renderScreen(<FaqRoute />, { client: mockClient({ DeliveryTimes: () => shop(changed) }).client });
    await waitFor(() => expect(deliveryAnswer()).toContain("standard delivery takes 4–6 business days and expedited 2 business days."));
  });

  it("still answers, pointing to the shipping page, when the rates cannot be read", async () => {
    const mocked = mockClient({ DeliveryTimes: () => new Error("offline") });
    renderScreen(<FaqRoute />, { client: mocked.client });
    await waitFor(() => expect(mocked.calls.map((c) => c.operation)).toContain("DeliveryTimes"));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(deliveryAnswer()).toBe("Every item is printed on demand and ships within 2\u20113 business days. Rates are on the shipping page.");
  });

  it("shares the rates with the shipping page's table in the cache, whichever answer lands last", () => {
    const cache = new InMemoryCache({ typePolicies });
    const brief = rates.map(({ __typename, handle, title, deliveryEstimate }) => ({ __typename, handle, title, deliveryEstimate }));
    cache.writeQuery({ query: ShippingRouteDocument, data: shop(rates).data as ShippingRouteQuery });
    cache.writeQuery({ query: DeliveryTimesDocument, data: shop(brief).data as DeliveryTimesQuery });
    expect(cache.readQuery({ query: ShippingRouteDocument })?.shop.shippingRates.map((r) => r.price.amount)).toEqual(["5.99", "14.99"]);
    expect(cache.readQuery({ query: DeliveryTimesDocument })?.shop.shippingRates.map((r) => r.deliveryEstimate)).toEqual(["5–7 business days", "3–5 business days"]);
  });
});

describe("wording the delivery times", () => {
  const rate = (title: string, deliveryEstimate: string) => ({ title, deliveryEstimate });
  it.each([
    [[], ""],
    [[rate("Standard", "5–7 business days")], "standard delivery takes 5–7 business days"],
    [[rate("Standard", "5–7 business days"), rate("Expedited", "3–5 business days")], "standard delivery takes 5–7 business days and expedited 3–5 business days"],
    [
      [rate("Standard", "5–7 business days"), rate("Expedited", "3–5 business days"), rate("Overnight", "1 business day")],
      "standard delivery takes 5–7 business days, expedited 3–5 business days and overnight 1 business day",
    ],
  ])("%j → %j", (given, sentence) => {
    expect(
      deliveryParts(given)
        .map((p) => p.before + p.estimate)
        .join(""),
    ).toBe(sentence);
  });
});

describe("the FAQ's answer on sizes (the product page's Size guide)", () => {
  it("opens when the address names it (/faq#sizes), its words unchanged", async () => {
    renderScreen(<FaqRoute />, { route: "/faq#sizes", client: mockClient({ DeliveryTimes: () => shop(rates) }).client });
    const answer = screen.getByText("How do your sizes run?").closest("details")!;
    expect(answer.id).toBe("sizes");
    await waitFor(() => expect(answer.open).toBe(true));
    expect(answer.querySelector("p")!.textContent).toBe(
      "Our tees are a classic unisex fit: true to size for most, roomy if you usually wear a women's cut. Each product's Product Details tab describes its fabric and fit; ask us if you're between sizes.",
    );
    expect(screen.getByText("Is shipping free?").closest("details")!.open).toBe(false);
  });

  it("stays closed like the others when the address names no question", () => {
    renderScreen(<FaqRoute />, { route: "/faq", client: mockClient({ DeliveryTimes: () => shop(rates) }).client });
    expect(screen.getByText("How do your sizes run?").closest("details")!.open).toBe(false);
  });
});
