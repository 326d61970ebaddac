import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { mockClient } from "../../../tests/mockClient";
import { renderScreen } from "../../../tests/render";
import { AuthPanel } from "../auth/AuthPanel";
import { EmailChangeForm } from "./EmailChangeForm";
import { EmailVerification } from "./EmailVerification";
import { ForgotPasswordForm } from "./ForgotPasswordForm";
import { ResetPasswordForm } from "./ResetPasswordForm";
import { VerifyEmail } from "./VerifyEmail";

const ada = { __typename: "Customer", id: "c-1", email: "ada@example.com", displayName: "Ada", hasPassword: true, googleLinked: false };
const accountEmail = (over: Record<string, unknown> = {}) => ({ __typename: "Customer", id: "c-1", email: "ada@example.com", emailVerified: false, pendingEmail: null, hasPassword: true, ...over });
const userErrors = (...errors: { code: string; field: string | null; message: string }[]) => errors.map((e) => ({ __typename: "UserError", ...e }));

const field = (form: HTMLElement, label: string) => within(form).getByLabelText(label) as HTMLInputElement;
const type = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });
const location = () => screen.getByTestId("location").textContent;

/** Clicks a submit button once it is enabled (the forms disable it while a request is in flight). */
async function press(form: HTMLElement, name: string) {
  const button = within(form).getByRole("button", { name });
  await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
  fireEvent.click(button);
}

beforeEach(() => window.sessionStorage.clear());

describe("the sign-in form", () => {
  it("links to the reset request, with the email typed so far", () => {
    renderScreen(<AuthPanel />);
    const form = screen.getByRole("form", { name: "Sign in" });
    type(field(form, "Email"), "ada@example.com");
    expect(within(form).getByRole("link", { name: "Forgot password?" }).getAttribute("href")).toBe("/account/forgot-password?email=ada%40example.com");
  });
});

describe("the reset request", () => {
  it("checks the email first, then says an email is on its way if the address has an account", async () => {
    const { client, calls } = mockClient({ CustomerRecover: () => ({ data: { customerRecover: { __typename: "CustomerRecoverPayload", ok: true, userErrors: [] } } }) });
    renderScreen(<ForgotPasswordForm />, { client });
    const form = screen.getByRole("form", { name: "Reset your password" });
    await press(form, "Send reset link");
    expect(await within(form).findByText("Email is required")).toBeTruthy();
    expect(calls).toEqual([]);
    type(field(form, "Email"), " Ada@Example.com ");
    await press(form, "Send reset link");
    expect(await screen.findByText(/If ada@example\.com has an account with us, an email with a link to choose a new password is on its way/)).toBeTruthy();
    expect(calls).toEqual([{ operation: "CustomerRecover", variables: { email: "Ada@Example.com" } }]);
  });

  it("shows a refusal (too many requests) above the form", async () => {
    const { client } = mockClient({
      CustomerRecover: () => ({ data: { customerRecover: { __typename: "CustomerRecoverPayload", ok: null, userErrors: userErrors({ code: "RATE_LIMITED", field: null, message: "Too many attempts, try again later" }) } } }),
    });
    renderScreen(<ForgotPasswordForm initialEmail="ada@example.com" />, { client });
    const form = screen.getByRole("form", { name: "Reset your password" });
    await press(form, "Send reset link");
    expect((await within(form).findByRole("alert")).textContent).toBe("Too many attempts, try again later");
  });
});

describe("the new-password page", () => {
  it("takes the token out of the address, sets the password with it and goes to the dashboard", async () => {
    const { client, calls } = mockClient({
      Session: () => ({ data: { me: null } }),
      CustomerReset: () => ({ data: { customerReset: { __typename: "CustomerPayload", customer: ada, userErrors: [] } } }),
    });
    renderScreen(<ResetPasswordForm />, { client, route: "/account/reset-password?token=secret-token" });
    const form = await screen.findByRole("form", { name: "Choose a new password" });
    await waitFor(() => expect(location()).toBe("/account/reset-password"));
    type(field(form, "New password"), "new password 1");
    type(field(form, "Repeat the new password"), "new password 2");
    await press(form, "Save and sign in");
    expect(await within(form).findByText("The two passwords differ")).toBeTruthy();
    type(field(form, "Repeat the new password"), "new password 1");
    await press(form, "Save and sign in");
    await waitFor(() => expect(location()).toBe("/dashboard"));
    expect(calls.filter((c) => c.operation === "CustomerReset")).toEqual([{ operation: "CustomerReset", variables: { input: { token: "secret-token", password: "new password 1" } } }]);
    expect(window.sessionStorage.length).toBe(0);
  });

  it("says when the link has expired and offers another", async () => {
    const { client } = mockClient({
      Session: () => ({ data: { me: { ...ada, email: "ada@example.com" } } }),
      CustomerReset: () => ({ data: { customerReset: { __typename: "CustomerPayload", customer: null, userErrors: userErrors({ code: "TOKEN_EXPIRED", field: "token", message: "This link has expired. Ask for a new one." }) } } }),
    });
    renderScreen(<ResetPasswordForm />, { client, route: "/account/reset-password?token=old-token" });
    const form = await screen.findByRole("form", { name: "Choose a new password" });
    type(field(form, "New password"), "new password 1");
    type(field(form, "Repeat the new password"), "new password 1");
    await press(form, "Save and sign in");
    expect((await screen.findByRole("alert")).textContent).toContain("This link has expired");
    // Signed in, the request page gets the email.
    await waitFor(() => expect(screen.getByRole("link", { name: "Send me a new link" }).getAttribute("href")).toBe("/account/forgot-password?email=ada%40example.com"));
  });

  it("without a token, sends the visitor to ask for a link", () => {
    renderScreen(<ResetPasswordForm />, { route: "/account/reset-password" });
    expect(screen.getByRole("alert").textContent).toContain("This page needs the link from your email");
    expect(screen.getByRole("link", { name: "Send me a reset link" })).toBeTruthy();
  });
});

describe("the verification page", () => {
  const session = { Session: () => ({ data: { me: null } }) };

  it("follows the link once and says the email is verified", async () => {
    const { client, calls } = mockClient({
      ...session,
      CustomerActivate: () => ({ data: { customerActivate: { __typename: "CustomerActivatePayload", outcome: "EMAIL_VERIFIED", email: "ada@example.com", userErrors: [] } } }),
    });
    renderScreen(<VerifyEmail />, { client, route: "/account/verify-email?token=verify-token" });
    // Nothing is followed until the customer confirms (mail scanners open links).
    const confirm = await screen.findByRole("button", { name: "Confirm" });
    expect(calls.filter((c) => c.operation === "CustomerActivate")).toEqual([]);
    fireEvent.click(confirm);
    expect(await screen.findByText("Your email is verified")).toBeTruthy();
    expect(location()).toBe("/account/verify-email");
    expect(calls.filter((c) => c.operation === "CustomerActivate")).toEqual([{ operation: "CustomerActivate", variables: { input: { token: "verify-token" } } }]);
  });

  it("says a used link was used, and a signed-out visitor is offered to sign in to get another", async () => {
    const { client } = mockClient({
      ...session,
      CustomerActivate: () => ({
        data: { customerActivate: { __typename: "CustomerActivatePayload", outcome: null, email: null, userErrors: userErrors({ code: "TOKEN_USED", field: "token", message: "This link has been used already." }) } },
      }),
    });
    renderScreen(<VerifyEmail />, { client, route: "/account/verify-email?token=used-token" });
    fireEvent.click(await screen.findByRole("button", { name: "Confirm" }));
    expect(await screen.findByText("This link has been used already")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Sign in to send another" })).toBeTruthy();
  });
});

describe("the account page's email sections", () => {
  it("shows an unverified email and sends the verification again", async () => {
    const { client, calls } = mockClient({
      AccountEmail: () => ({ data: { me: accountEmail() } }),
      EmailVerificationSend: () => ({ data: { customerEmailVerificationSend: { __typename: "CustomerPayload", customer: accountEmail(), userErrors: [] } } }),
    });
    renderScreen(<EmailVerification />, { client });
    expect(await screen.findByText("Not verified")).toBeTruthy();
    fireEvent.click(await screen.findByRole("button", { name: "Resend verification email" }));
    expect(await screen.findByText("Verification email sent")).toBeTruthy();
    expect(calls.map((c) => c.operation)).toEqual(["AccountEmail", "EmailVerificationSend"]);
  });

  it("asks for the current password and shows the address waiting to be confirmed", async () => {
    const { client, calls } = mockClient({
      AccountEmail: () => ({ data: { me: accountEmail({ pendingEmail: "old.pending@example.com" }) } }),
      EmailUpdate: () => ({ data: { customerEmailUpdate: { __typename: "CustomerPayload", customer: accountEmail({ pendingEmail: "ada.new@example.com" }), userErrors: [] } } }),
    });
    renderScreen(<EmailChangeForm />, { client });
    const form = await screen.findByRole("form", { name: "Change email" });
    expect(within(form).getByRole("status").textContent).toContain("old.pending@example.com");
    type(field(form, "New email"), "ada.new@example.com");
    await press(form, "Change email");
    expect(await within(form).findByText("Current password is required")).toBeTruthy();
    type(field(form, "Current password"), "my password");
    await press(form, "Change email");
    expect(await screen.findByText("Check your inbox")).toBeTruthy();
    expect(calls.find((c) => c.operation === "EmailUpdate")?.variables).toEqual({ input: { email: "ada.new@example.com", currentPassword: "my password" } });
  });

  it("puts a refusal at its field (the email is taken)", async () => {
    const { client } = mockClient({
      AccountEmail: () => ({ data: { me: accountEmail({ hasPassword: false }) } }),
      EmailUpdate: () => ({
        data: { customerEmailUpdate: { __typename: "CustomerPayload", customer: null, userErrors: userErrors({ code: "CONFLICT", field: "email", message: "An account with this email already exists" }) } },
      }),
    });
    renderScreen(<EmailChangeForm />, { client });
    const form = await screen.findByRole("form", { name: "Change email" });
    expect(within(form).queryByLabelText("Current password")).toBeNull();
    type(field(form, "New email"), "bea@example.com");
    await press(form, "Change email");
    expect(await within(form).findByText("An account with this email already exists")).toBeTruthy();
  });
});
