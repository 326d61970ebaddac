import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { mockClient } from "../../../tests/mockClient";
import { renderScreen } from "../../../tests/render";
import { PromoBanner } from "./PromoBanner";

const money = (amount: string) => ({ __typename: "Money", amount });
const rule = (threshold: string, offerTitle: string | null = null, endsAt: string | null = null) => ({
  data: { shop: { __typename: "Shop", freeShipping: { __typename: "FreeShippingRule", threshold: money(threshold), offerTitle, endsAt } } },
});

/** The banner's messages, once (the marquee repeats its row for the loop, hidden from assistive technology). */
async function messages(answer: ReturnType<typeof rule>) {
  const { client } = mockClient({ HomePromoBanner: () => answer });
  renderScreen(<PromoBanner />, { client });
  const banner = await screen.findByRole("region", { name: "Promotions" });
  await screen.findAllByText(/^Free shipping on orders/);
  return [...banner.querySelectorAll("ul:not([aria-hidden]) li")].map((li) => li.textContent?.replace("★", ""));
}

describe("the home banner's free-shipping message (spec §2: four messages)", () => {
  it("names the standing threshold", async () => {
    expect(await messages(rule("75.00"))).toEqual([
      "New: the Election Season collection is in. Vote early, vote often (for t-shirts).",
      "Free shipping on orders of $75.00 or more",
      "Join the newsletter for new designs before they go to committee",
      "Your favourite political memes, now printed on mugs, tees and hats",
    ]);
  });

  it("names a running offer's threshold, its title and the day it ends (UTC, as the gateway writes it)", async () => {
    const shown = await messages(rule("50.00", "Election week free shipping", "2026-11-30T23:59:00.000Z"));
    expect(shown[1]).toBe("Free shipping on orders of $50.00 or more — Election week free shipping until 30 Nov");
    expect(shown).toHaveLength(4);
  });

  it("an offer without an end says only its title", async () => {
    expect((await messages(rule("50.00", "Hearing day")))[1]).toBe("Free shipping on orders of $50.00 or more — Hearing day");
  });
});
