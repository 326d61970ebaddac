import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { mockClient } from "../../../tests/mockClient";
import { renderScreen } from "../../../tests/render";
import { SignInOptionsDocument } from "../../gql/graphql";
import { AccountSlot } from "./AccountSlot";
import { AuthPanel } from "./AuthPanel";

const ada = { __typename: "Customer", id: "c-1", email: "ada@example.com", displayName: "Ada", hasPassword: true, googleLinked: false };
const payload = (customer: unknown, userErrors: { code: string; field: string | null; message: string }[] = []) => ({
  __typename: "CustomerPayload",
  customer,
  userErrors: userErrors.map((e) => ({ __typename: "UserError", ...e })),
});

const field = (form: HTMLElement, label: string) => within(form).getByLabelText(label) as HTMLInputElement;
/** What the field's aria-describedby points to (its hint). */
const description = (input: HTMLElement) =>
  (input.getAttribute("aria-describedby") ?? "")
    .split(" ")
    .map((id) => document.getElementById(id)?.textContent ?? "")
    .join(" ")
    .trim();
/** The operations sent, less the panel's question about sign-in methods. */
const sent = (calls: { operation: string }[]) => calls.filter((c) => c.operation !== "SignInOptions");
const signInOptions = (googleSignIn: boolean) => () => ({ data: { shop: { __typename: "Shop", googleSignIn } } });
const type = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });

function signInForm() {
  return screen.getByRole("form", { name: "Sign in" });
}

async function registerForm() {
  fireEvent.click(screen.getByRole("tab", { name: "Create account" }));
  return screen.findByRole("form", { name: "Create account" });
}

describe("the sign-in form's checks", () => {
  it("sends nothing while a field is missing or malformed, and says which", async () => {
    const { client, calls } = mockClient({});
    renderScreen(<AuthPanel />, { client });
    const form = signInForm();
    fireEvent.click(within(form).getByRole("button", { name: "Sign in" }));
    expect(await within(form).findByText("Email is required")).toBeTruthy();
    expect(within(form).getByText("Password is required")).toBeTruthy();
    expect(field(form, "Email").getAttribute("aria-invalid")).toBe("true");

    type(field(form, "Email"), "ada@");
    type(field(form, "Password"), "short");
    fireEvent.click(within(form).getByRole("button", { name: "Sign in" }));
    expect(await within(form).findByText("Enter a valid email address, like name@example.com")).toBeTruthy();
    expect(within(form).getByText("Password must be at least 8 characters")).toBeTruthy();
    expect(sent(calls)).toEqual([]);
  });

  it("says the password's rule under its field before anything is sent, then the message in its place", async () => {
    renderScreen(<AuthPanel />, { client: mockClient({}).client });
    const form = signInForm();
    expect(description(field(form, "Password"))).toBe("At least 8 characters.");
    fireEvent.click(within(form).getByRole("button", { name: "Sign in" }));
    // After a failed attempt, its message takes the hint's place (Ark links it as the field's error message).
    await waitFor(() => expect(document.getElementById(field(form, "Password").getAttribute("aria-errormessage") ?? "")?.textContent).toBe("Password is required"));
    expect(within(form).queryByText("At least 8 characters.")).toBeNull();
    // Typing again takes the message away and brings the rule back.
    type(field(form, "Password"), "correct horse");
    await waitFor(() => expect(description(field(form, "Password"))).toBe("At least 8 characters."));
  });

  it("signs in with Remember me and says so", async () => {
    const { client, calls } = mockClient({ Login: () => ({ data: { login: payload(ada) } }) });
    renderScreen(<AuthPanel />, { client });
    const form = signInForm();
    type(field(form, "Email"), "  ada@example.com ");
    type(field(form, "Password"), "correct horse");
    fireEvent.click(within(form).getByRole("checkbox", { name: /Remember me/ }));
    fireEvent.click(within(form).getByRole("button", { name: "Sign in" }));
    expect(await screen.findByText("Login successful")).toBeTruthy();
    expect(calls.find((c) => c.operation === "Login")?.variables).toEqual({
      input: { email: "ada@example.com", password: "correct horse", rememberMe: true },
    });
  });

  it("shows the gateway's refusal beside the form, with the spec's toast", async () => {
    const { client } = mockClient({
      Login: () => ({ data: { login: payload(null, [{ code: "UNAUTHENTICATED", field: null, message: "Invalid email or password" }]) } }),
    });
    renderScreen(<AuthPanel />, { client });
    const form = signInForm();
    type(field(form, "Email"), "ada@example.com");
    type(field(form, "Password"), "wrong password");
    fireEvent.click(within(form).getByRole("button", { name: "Sign in" }));
    expect(await within(form).findByRole("alert")).toHaveProperty("textContent", "Invalid email or password");
    expect(await screen.findByText("Login failed")).toBeTruthy();
  });

  it("says so when the shop cannot be reached", async () => {
    const { client } = mockClient({});
    renderScreen(<AuthPanel />, { client });
    const form = signInForm();
    type(field(form, "Email"), "ada@example.com");
    type(field(form, "Password"), "correct horse");
    fireEvent.click(within(form).getByRole("button", { name: "Sign in" }));
    expect((await within(form).findByRole("alert")).textContent).toMatch(/couldn't reach the shop/);
  });
});

describe("the registration form's checks", () => {
  it("requires a name, an email of the right shape and 8 characters of password", async () => {
    const { client, calls } = mockClient({});
    renderScreen(<AuthPanel />, { client });
    const form = await registerForm();
    fireEvent.click(within(form).getByRole("button", { name: "Create account" }));
    expect(await within(form).findByText("Name is required")).toBeTruthy();
    expect(within(form).getByText("Email is required")).toBeTruthy();
    expect(within(form).getByText("Password is required")).toBeTruthy();

    type(field(form, "Name"), "Ada");
    type(field(form, "Email"), "ada@example");
    type(field(form, "Password"), "1234567");
    fireEvent.click(within(form).getByRole("button", { name: "Create account" }));
    expect(await within(form).findByText("Enter a valid email address, like name@example.com")).toBeTruthy();
    expect(within(form).getByText("Password must be at least 8 characters")).toBeTruthy();
    expect(within(form).queryByText("Name is required")).toBeNull();
    expect(sent(calls)).toEqual([]);
  });

  it("says the password's rule under its field before anything is sent", async () => {
    renderScreen(<AuthPanel initialTab="register" />, { client: mockClient({}).client });
    const form = await screen.findByRole("form", { name: "Create account" });
    expect(description(field(form, "Password"))).toBe("At least 8 characters.");
    expect(description(field(form, "Name"))).toBe("");
  });

  it("registers, then moves on to sign-in with the email filled in", async () => {
    const { client, calls } = mockClient({ Register: () => ({ data: { register: payload({ __typename: "Customer", id: "c-2", email: "grace@example.com" }) } }) });
    renderScreen(<AuthPanel />, { client });
    const form = await registerForm();
    type(field(form, "Name"), " Grace ");
    type(field(form, "Email"), "grace@example.com");
    type(field(form, "Password"), "12345678");
    fireEvent.click(within(form).getByRole("button", { name: "Create account" }));
    expect(await screen.findByText("Registration successful")).toBeTruthy();
    expect(screen.getByText("You can now log in")).toBeTruthy();
    expect(calls.find((c) => c.operation === "Register")?.variables).toEqual({ input: { name: "Grace", email: "grace@example.com", password: "12345678" } });
    await waitFor(() => expect(field(signInForm(), "Email").value).toBe("grace@example.com"));
  });

  it("says a taken email might already be registered", async () => {
    const { client } = mockClient({
      Register: () => ({ data: { register: payload(null, [{ code: "CONFLICT", field: "email", message: "An account with this email already exists" }]) } }),
    });
    renderScreen(<AuthPanel />, { client });
    const form = await registerForm();
    type(field(form, "Name"), "Ada");
    type(field(form, "Email"), "ada@example.com");
    type(field(form, "Password"), "12345678");
    fireEvent.click(within(form).getByRole("button", { name: "Create account" }));
    expect((await within(form).findByRole("alert")).textContent).toBe("An account with this email already exists");
    expect(await screen.findByText("Registration failed")).toBeTruthy();
    expect(screen.getByText("This email might already be registered.")).toBeTruthy();
  });

});

describe("Continue with Google", () => {
  it("is a browser navigation to /api/auth/google where the shop has Google sign-in", async () => {
    renderScreen(<AuthPanel />, { client: mockClient({ SignInOptions: signInOptions(true) }).client });
    expect((await screen.findByRole("link", { name: "Continue with Google" })).getAttribute("href")).toBe("/api/auth/google");
    expect(screen.getByText("or")).toBeTruthy();
  });

  it("is not offered where the shop has no Google sign-in, nor while that is not known", async () => {
    let answer!: (value: ReturnType<ReturnType<typeof signInOptions>>) => void;
    const { client, calls } = mockClient({ SignInOptions: () => new Promise((resolve) => (answer = resolve)) });
    renderScreen(<AuthPanel />, { client });
    await waitFor(() => expect(calls.map((c) => c.operation)).toEqual(["SignInOptions"]));
    expect(screen.queryByRole("link", { name: "Continue with Google" })).toBeNull();
    await act(async () => answer(signInOptions(false)()));
    expect(client.readQuery({ query: SignInOptionsDocument })?.shop.googleSignIn).toBe(false);
    expect(screen.queryByRole("link", { name: "Continue with Google" })).toBeNull();
    expect(screen.queryByText("or")).toBeNull();
  });

  it("is not offered when the shop cannot be asked", async () => {
    const { client, calls } = mockClient({});
    renderScreen(<AuthPanel />, { client });
    await waitFor(() => expect(calls.map((c) => c.operation)).toEqual(["SignInOptions"]));
    expect(screen.getByRole("form", { name: "Sign in" })).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Continue with Google" })).toBeNull();
  });
});

describe("the header's account slot", () => {
  it("shows neither state until the session is known, then Sign in", async () => {
    const { client } = mockClient({ Session: () => ({ data: { me: null } }) });
    renderScreen(<AccountSlot />, { client });
    expect(screen.getByTestId("account-pending")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Sign in" })).toBeNull();
    expect(await screen.findAllByRole("button", { name: "Sign in" })).toHaveLength(2); // icon (phones) and text
    expect(screen.queryByTestId("account-pending")).toBeNull();
  });

  it("shows the signed-in customer's name, never Sign in", async () => {
    const { client } = mockClient({ Session: () => ({ data: { me: ada } }) });
    renderScreen(<AccountSlot />, { client });
    expect(await screen.findByRole("button", { name: "Account menu for Ada" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Sign in" })).toBeNull();
  });

  it("says Google authentication failed when the page opens with ?auth_error=google, then drops the parameter", async () => {
    const { client } = mockClient({ Session: () => ({ data: { me: null } }) });
    renderScreen(<AccountSlot />, { client, route: "/?auth_error=google&keep=1" });
    expect(await screen.findByText("Google authentication failed")).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe("/?keep=1"));
  });
});
