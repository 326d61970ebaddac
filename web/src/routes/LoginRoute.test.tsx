import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { mockClient } from "../../tests/mockClient";
import { renderScreen } from "../../tests/render";
import LoginRoute from "./LoginRoute";

const ada = { __typename: "Customer", id: "c-1", email: "ada@example.com", displayName: "Ada", hasPassword: true, googleLinked: false };
const signInOptions = () => ({ data: { shop: { __typename: "Shop", googleSignIn: false } } });

describe("/login", () => {
  it("keeps the forms' place, unseen, while the session is read, then shows them where they were", async () => {
    let answer: (value: { data: { me: null } }) => void = () => undefined;
    const session = new Promise<{ data: { me: null } }>((resolve) => (answer = resolve));
    const { client } = mockClient({ Session: () => session, SignInOptions: signInOptions });
    renderScreen(<LoginRoute />, { client, route: "/login" });

    expect(screen.getByRole("heading", { level: 1, name: "Sign in" })).toBeTruthy();
    // Named as a status: a generic element may not carry a label.
    expect(screen.getByRole("status", { name: "Checking whether you are signed in" })).toBeTruthy();
    // In the page (so the footer below sits where it will stay), but neither seen nor reachable.
    const form = document.querySelector('form[aria-label="Sign in"]');
    expect(form).not.toBeNull();
    expect(screen.queryByRole("form", { name: "Sign in" })).toBeNull();
    expect(screen.queryByRole("textbox", { name: "Email" })).toBeNull();

    answer({ data: { me: null } });
    expect(await screen.findByRole("textbox", { name: "Email" })).toBeTruthy();
    expect(screen.getByRole("form", { name: "Sign in" })).toBe(form);
    expect(screen.queryByLabelText("Checking whether you are signed in")).toBeNull();
  });

  it("sends a signed-in customer on to where the link said", async () => {
    const { client } = mockClient({ Session: () => ({ data: { me: ada } }), SignInOptions: signInOptions });
    renderScreen(<LoginRoute />, { client, route: "/login?next=%2Forder%2Fo-1" });
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe("/order/o-1"));
  });
});
