import { configure, fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { mockClient } from "../../../tests/mockClient";
import { renderScreen } from "../../../tests/render";
import AdminRoute from "../../routes/AdminRoute";
import { clerk, homeAnswer, orderRow, owner, ordersPage, userError } from "./adminTestData";

// Whole admin screens render several times per step; a machine shared by several test runs needs more than 1 s.
configure({ asyncUtilTimeout: 4000 });

function openAdmin(answers: Parameters<typeof mockClient>[0], route = "/admin") {
  const mocked = mockClient(answers);
  renderScreen(<AdminRoute />, { client: mocked.client, route, path: "/admin/*" });
  return mocked;
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe("signing in to the admin", () => {
  it("asks an anonymous visitor (or a customer: staffMe is null for them) to sign in, and checks the fields first", async () => {
    const { calls } = openAdmin({ StaffMe: () => ({ data: { staffMe: null } }) });
    expect(screen.getByLabelText("Checking your sign-in")).toBeTruthy();
    const form = await screen.findByRole("form", { name: "Staff sign in" });
    fireEvent.click(within(form).getByRole("button", { name: "Sign in" }));
    expect(await screen.findByText("Enter your staff email")).toBeTruthy();
    expect(screen.getByText("Enter your password")).toBeTruthy();
    expect(calls.map((c) => c.operation)).toEqual(["StaffMe"]);
    expect(screen.queryByRole("navigation", { name: "Admin" })).toBeNull();
  });

  it("shows the gateway's refusal beside the form and keeps the visitor out", async () => {
    const { calls } = openAdmin({
      StaffMe: () => ({ data: { staffMe: null } }),
      StaffLogin: () => ({ data: { staffLogin: { __typename: "StaffPayload", staff: null, twoFactorRequired: null, userErrors: [userError("INVALID_CREDENTIALS", "Invalid email or password")] } } }),
    });
    await screen.findByRole("form", { name: "Staff sign in" });
    type("Email", " owner@shop.test ");
    type("Password", "wrong-password");
    fireEvent.click(screen.getByRole("button", { name: "Sign in" }));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Invalid email or password");
    expect(calls.find((c) => c.operation === "StaffLogin")?.variables).toEqual({ input: { email: "owner@shop.test", password: "wrong-password", rememberMe: false } });
    expect(screen.queryByRole("heading", { name: "Orders" })).toBeNull();
  });

  it("signs in to Home, says who is signed in, opens the orders from the menu, and signs out again", async () => {
    const { calls } = openAdmin({
      StaffMe: () => ({ data: { staffMe: null } }),
      StaffLogin: () => ({ data: { staffLogin: { __typename: "StaffPayload", staff: owner, twoFactorRequired: false, userErrors: [] } } }),
      AdminHome: () => homeAnswer(),
      AdminOrders: () => ordersPage([orderRow("o-1", 1001, "UNFULFILLED")]),
      StaffLogout: () => ({ data: { staffLogout: { __typename: "LogoutPayload", ok: true, userErrors: [] } } }),
    });
    await screen.findByRole("form", { name: "Staff sign in" });
    type("Email", "owner@shop.test");
    type("Password", "correct horse battery");
    fireEvent.click(screen.getByLabelText("Remember me"));
    fireEvent.click(screen.getByRole("button", { name: "Sign in" }));
    // Sign-in, the cache write, Home and its query: several renders under a busy machine.
    expect(await screen.findByRole("heading", { level: 1, name: "Home" }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByTestId("location").textContent).toBe("/admin");
    expect(screen.getByText("Olive Owner")).toBeTruthy();
    expect(screen.getByText("owner@shop.test")).toBeTruthy();
    expect(screen.getByText("Owner")).toBeTruthy();
    const nav = screen.getByRole("navigation", { name: "Admin" });
    expect(within(nav).getAllByRole("link").map((link) => link.textContent)).toEqual(["Home", "Orders", "Products", "Collections", "Memes", "Promotions", "Bulk prices", "Import/Export", "API tokens", "Webhooks", "Staff", "Security"]);
    expect(calls.find((c) => c.operation === "StaffLogin")?.variables).toMatchObject({ input: { rememberMe: true } });
    // Home is the current page at /admin only, not under every /admin/… address.
    expect(within(nav).getByRole("link", { name: "Home" }).getAttribute("aria-current")).toBe("page");
    fireEvent.click(within(nav).getByRole("link", { name: "Orders" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Orders" })).toBeTruthy();
    expect(within(nav).getByRole("link", { name: "Home" }).getAttribute("aria-current")).toBeNull();
    expect(within(nav).getByRole("link", { name: "Orders" }).getAttribute("aria-current")).toBe("page");

    fireEvent.click(screen.getByRole("button", { name: "Sign out" }));
    expect(await screen.findByRole("form", { name: "Staff sign in" })).toBeTruthy();
    expect(screen.queryByText("Olive Owner")).toBeNull();
  });

  it("shows staff without the owner's role no tokens or webhooks, and says so at their address", async () => {
    openAdmin({ StaffMe: () => ({ data: { staffMe: clerk } }) }, "/admin/tokens");
    expect(await screen.findByText("Owners only")).toBeTruthy();
    const nav = screen.getByRole("navigation", { name: "Admin" });
    expect(within(nav).getAllByRole("link").map((link) => link.textContent)).toEqual(["Home", "Orders", "Products", "Collections", "Memes", "Promotions", "Security"]);
    expect(screen.getByText("Staff")).toBeTruthy();
  });

  it("says so, with Try Again, when the sign-in could not be checked", async () => {
    openAdmin({});
    expect(await screen.findByText("We couldn't check your sign-in")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Try Again" })).toBeTruthy();
  });
});
