import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { fakeCartGateway } from "../../tests/fakeCartGateway";
import { renderScreen } from "../../tests/render";
import { saveCart } from "../features/cart/localCart";
import DiscountRoute, { sameOriginPath } from "./DiscountRoute";

describe("a discount link's ?redirect= (a path on this shop only)", () => {
  it.each([
    ["/cart", "/cart"],
    ["/product/subcommittee-tee?variant=v-1#reviews", "/product/subcommittee-tee?variant=v-1#reviews"],
    [null, "/"],
    ["", "/"],
    ["cart", "/"],
    ["//evil.example/cart", "/"],
    ["/\\evil.example", "/"],
    ["https://evil.example/", "/"],
    ["javascript:alert(1)", "/"],
    ["/\t/evil.example", "/"],
    ["/\n/evil.example", "/"],
  ])("%j goes to %j", (redirect, expected) => {
    expect(sameOriginPath(redirect)).toBe(expected);
  });
});

function openLink(route: string, gateway = fakeCartGateway({ discountCodes: [{ code: "HEARING20", percentOff: 20 }] })) {
  renderScreen(<DiscountRoute />, { client: gateway.client, serverCart: true, route, path: "/discount/:code" });
  return gateway;
}

describe("/discount/:code", () => {
  it("applies the code to a new visitor's cart (made for it), says so, and goes on to the redirect", async () => {
    const gateway = openLink("/discount/hearing20?redirect=/cart");
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe("/cart"));
    expect(await screen.findByText("Discount applied: HEARING20")).toBeTruthy();
    expect(gateway.code()).toBe("HEARING20");
    expect(gateway.count("ServerCartCreate")).toBe(1);
  });

  it("keeps the shopper's lines: the code goes on the cart that holds them", async () => {
    saveCart([{ id: "v-tee", title: "Subcommittee Tee", image: "", price: 24.99, quantity: 1 }]);
    const gateway = openLink("/discount/HEARING20");
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe("/"));
    expect(gateway.lines()).toEqual([{ merchandiseId: "v-tee", quantity: 1, attributes: [] }]);
    expect(gateway.code()).toBe("HEARING20");
  });

  it("goes home, not to another site", async () => {
    openLink("/discount/HEARING20?redirect=//evil.example/cart");
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe("/"));
    expect(await screen.findByText("Discount applied: HEARING20")).toBeTruthy();
  });

  it("tells a refused code's reason in the toast, and still goes on", async () => {
    const gateway = openLink("/discount/NOPE?redirect=/shop");
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe("/shop"));
    expect(await screen.findByText("Discount code not applied")).toBeTruthy();
    expect(screen.getByText("“NOPE” is not a discount code we know. Check the spelling and try again.")).toBeTruthy();
    expect(gateway.code()).toBeNull();
  });

  it("a code the cart does not meet yet is kept, with what it needs", async () => {
    openLink("/discount/BIG?redirect=/cart", fakeCartGateway({ discountCodes: [{ code: "BIG", percentOff: 10, minimumCents: 5000 }] }));
    expect(await screen.findByText("Discount code saved: BIG")).toBeTruthy();
    expect(screen.getByText("Add $50.00 more to use BIG.")).toBeTruthy();
  });

  it("says so when the store cannot be reached", async () => {
    const gateway = fakeCartGateway();
    gateway.failing.add("CartDiscountCodesUpdate");
    openLink("/discount/HEARING20?redirect=/cart", gateway);
    expect(await screen.findByText("Failed to apply discount code. Please try again.")).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe("/cart"));
  });
});
