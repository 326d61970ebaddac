import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { mockClient } from "../../../tests/mockClient";
import { renderScreen } from "../../../tests/render";
import { SessionDocument } from "../../gql/graphql";
import { DeleteAccount } from "./DeleteAccount";
import { DeleteByLink } from "./DeleteByLink";
import { DownloadMyData } from "./DownloadMyData";

const ada = { __typename: "Customer", id: "c-1", email: "ada@example.com", displayName: "Ada", hasPassword: true, googleLinked: false } as const;
const deleted = (userErrors: { code: string; field: string | null; message: string }[] = []) => ({
  data: {
    customerDelete: {
      __typename: "CustomerDeletePayload",
      deletedCustomerId: userErrors.length ? null : "c-1",
      ordersKeptForNow: userErrors.length ? null : 1,
      userErrors: userErrors.map((e) => ({ __typename: "UserError", ...e })),
    },
  },
});

const type = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });

async function openConfirmStep() {
  fireEvent.click(screen.getByRole("button", { name: /Delete my account/ }));
  return screen.findByRole("form", { name: "Confirm account deletion" });
}

/** The submit button once it is enabled (the screen disables it while a request is in flight). */
async function submitDeletion(form: HTMLElement) {
  const button = within(form).getByRole("button", { name: "Delete account permanently" });
  await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
  fireEvent.click(button);
}

describe("Your data", () => {
  it("is a plain download link to the gateway's export", () => {
    renderScreen(<DownloadMyData />);
    const link = screen.getByRole("link", { name: "Download my data" });
    expect(link.getAttribute("href")).toBe("/api/customer/export");
    expect(link.hasAttribute("download")).toBe(true);
  });
});

describe("Delete account", () => {
  it("says what goes and what stays, and asks nothing of the gateway until confirmed with a password", async () => {
    const { client, calls } = mockClient({});
    renderScreen(<DeleteAccount hasPassword />, { client });
    expect(screen.getByText(/Your account, its sign-in and every device signed in to it/)).toBeTruthy();
    expect(screen.getByText(/without your name, email and address/)).toBeTruthy();
    const form = await openConfirmStep();
    const password = within(form).getByLabelText("Current password");
    expect(document.activeElement).toBe(password);
    await submitDeletion(form);
    expect(await within(form).findByText("Current password is required")).toBeTruthy();
    expect(password.getAttribute("aria-invalid")).toBe("true");
    expect(calls).toEqual([]);

    fireEvent.click(within(form).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("form", { name: "Confirm account deletion" })).toBeNull());
    expect(screen.getByRole("button", { name: /Delete my account/ })).toBeTruthy();
  });

  it("shows the gateway's refusal of a wrong password and stays", async () => {
    const { client } = mockClient({ DeleteAccount: () => deleted([{ code: "INVALID_INPUT", field: "currentPassword", message: "Current password is incorrect" }]) });
    renderScreen(<DeleteAccount hasPassword />, { client, route: "/account" });
    const form = await openConfirmStep();
    type(within(form).getByLabelText("Current password"), "not it");
    await submitDeletion(form);
    expect(await within(form).findByRole("alert")).toHaveProperty("textContent", expect.stringContaining("Current password is incorrect"));
    expect(await screen.findByText("Account not deleted")).toBeTruthy();
    expect(screen.getByTestId("location").textContent).toBe("/account");
  });

  it("deletes with the password, signs out in the cache, and sends the shopper home with a toast", async () => {
    const { client, calls } = mockClient({ DeleteAccount: () => deleted() });
    client.cache.writeQuery({ query: SessionDocument, data: { me: ada } });
    renderScreen(<DeleteAccount hasPassword />, { client, route: "/account" });
    const form = await openConfirmStep();
    type(within(form).getByLabelText("Current password"), "correct horse");
    await submitDeletion(form);
    expect(await screen.findByText("Account deleted")).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe("/"));
    expect(calls.find((c) => c.operation === "DeleteAccount")?.variables).toEqual({ input: { currentPassword: "correct horse" } });
    expect(client.cache.readQuery({ query: SessionDocument })?.me).toBeNull();
  });

  it("offers an account without a password a deletion link by email, and says where it went", async () => {
    const { client, calls } = mockClient({
      DeleteAccountRequest: () => ({ data: { customerDeleteRequest: { __typename: "CustomerDeleteRequestPayload", sentTo: "ada@example.com", userErrors: [] } } }),
    });
    renderScreen(<DeleteAccount hasPassword={false} />, { client });
    expect(screen.queryByRole("button", { name: /Delete my account/ })).toBeNull();
    const ask = screen.getByRole<HTMLButtonElement>("button", { name: "Email me a deletion link" });
    fireEvent.click(ask);
    expect(await screen.findByText(/We sent a link to ada@example.com/)).toBeTruthy();
    expect(screen.getByText("Check your email")).toBeTruthy();
    expect(calls.map((c) => c.operation)).toEqual(["DeleteAccountRequest"]);
  });
});

describe("the emailed deletion link's page", () => {
  const confirmed = (userErrors: { code: string; field: string | null; message: string }[] = []) => ({
    data: {
      customerDeleteConfirm: {
        __typename: "CustomerDeletePayload",
        deletedCustomerId: userErrors.length ? null : "c-1",
        ordersKeptForNow: userErrors.length ? null : 0,
        userErrors: userErrors.map((e) => ({ __typename: "UserError", ...e })),
      },
    },
  });

  it("takes the token out of the address, deletes nothing until confirmed, then signs this browser out of the deleted account", async () => {
    const { client, calls } = mockClient({ DeleteAccountConfirm: () => confirmed() });
    client.cache.writeQuery({ query: SessionDocument, data: { me: ada } });
    renderScreen(<DeleteByLink />, { client, route: "/account/delete-account?token=delete-token" });
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe("/account/delete-account"));
    const button = await screen.findByRole<HTMLButtonElement>("button", { name: "Delete my account" });
    expect(calls).toEqual([]);
    fireEvent.click(button);
    expect(await screen.findByText("Your account is deleted")).toBeTruthy();
    expect(calls).toEqual([{ operation: "DeleteAccountConfirm", variables: { input: { token: "delete-token" } } }]);
    expect(client.cache.readQuery({ query: SessionDocument })?.me).toBeNull();
    expect(window.sessionStorage.length).toBe(0);
  });

  it("says a used link was used and sends the customer to the account page for another; another account signed in here stays", async () => {
    const { client } = mockClient({ DeleteAccountConfirm: () => confirmed([{ code: "TOKEN_USED", field: "token", message: "This link has been used already." }]) });
    client.cache.writeQuery({ query: SessionDocument, data: { me: { ...ada, id: "c-2" } } });
    renderScreen(<DeleteByLink />, { client, route: "/account/delete-account?token=used-token" });
    fireEvent.click(await screen.findByRole("button", { name: "Delete my account" }));
    expect((await screen.findByRole("alert")).textContent).toContain("This link has been used already");
    expect(screen.getByRole("link", { name: "Go to your account to ask again" }).getAttribute("href")).toBe("/account");
    expect(client.cache.readQuery({ query: SessionDocument })?.me?.id).toBe("c-2");
  });
});
