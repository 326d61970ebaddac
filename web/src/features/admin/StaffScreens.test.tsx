import { configure, fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { mockClient } from "../../../tests/mockClient";
import { renderScreen } from "../../../tests/render";
import AdminRoute from "../../routes/AdminRoute";
import { clerk, homeAnswer, owner, userError } from "./adminTestData";

// The Staff section (owners), everyone's Security page, the sign-in's second step, "Forgot
// password?" and the page of the emailed link.
configure({ asyncUtilTimeout: 4000 });

type Answers = Parameters<typeof mockClient>[0];

function open(route: string, answers: Answers, staffMe: object | null = owner) {
  const mocked = mockClient({ StaffMe: () => ({ data: { staffMe } }), ...answers });
  renderScreen(<AdminRoute />, { client: mocked.client, route, path: "/admin/*" });
  return mocked;
}

const type = (label: string, value: string, within_: HTMLElement | null = null) =>
  fireEvent.change(within_ ? within(within_).getByLabelText(label) : screen.getByLabelText(label), { target: { value } });

const member = (id: string, name: string, overrides: object = {}) => ({
  __typename: "StaffMember",
  id,
  email: `${name.split(" ")[0]!.toLowerCase()}@shop.test`,
  name,
  role: "STAFF",
  status: "ACTIVE",
  twoFactorEnabled: false,
  lastSignInAt: null,
  ...overrides,
});

const security = (overrides: object = {}) => ({ __typename: "StaffSecurity", twoFactorEnabled: false, recoveryCodesLeft: 0, twoFactorRequired: false, ...overrides });

function staffAnswers(members: object[], securityState = security()) {
  return { StaffMembers: () => ({ data: { staffMembers: members, staffSecurity: securityState } }) };
}

const memberPayload = (typename: string, field: string, staffMember: object | null, errors: object[] = []) => ({
  data: { [field]: { __typename: typename, staffMember, userErrors: errors } },
});

describe("the Staff section (owners)", () => {
  it("lists every member with role, status, two-factor and last sign-in", async () => {
    open("/admin/staff", staffAnswers([member("s-1", "Olive Owner", { role: "OWNER", twoFactorEnabled: true, lastSignInAt: "2026-11-20T15:00:00.000Z" }), member("s-3", "Ivy Invite", { status: "INVITED" }), member("s-4", "Dan Gone", { status: "DISABLED" })]));
    expect(await screen.findByRole("heading", { level: 1, name: "Staff" })).toBeTruthy();
    const list = await screen.findByRole("list", { name: "Staff members" });
    const olive = within(list).getByRole("listitem", { name: "Olive Owner" });
    expect(within(olive).getByText("Active")).toBeTruthy();
    expect(within(olive).getByText("Two-factor on")).toBeTruthy();
    expect(within(olive).getByText(/Last sign-in .*2026/)).toBeTruthy();
    expect((within(olive).getByLabelText("Role of Olive Owner") as HTMLSelectElement).value).toBe("OWNER");
    const ivy = within(list).getByRole("listitem", { name: "Ivy Invite" });
    expect(within(ivy).getByText("Invited")).toBeTruthy();
    expect(within(ivy).getByText("Last sign-in never")).toBeTruthy();
    expect(within(ivy).getByRole("button", { name: "Send invitation again to Ivy Invite" }).textContent).toContain("Send invitation again");
    const dan = within(list).getByRole("listitem", { name: "Dan Gone" });
    expect(within(dan).getByText("Disabled")).toBeTruthy();
    expect(within(dan).getByRole("button", { name: "Enable Dan Gone" })).toBeTruthy();
    expect(screen.getByRole("switch")).toBeTruthy();
  });

  it("says so when there is nobody", async () => {
    open("/admin/staff", staffAnswers([]));
    expect(await screen.findByText("No staff yet")).toBeTruthy();
  });

  it("keeps the section for owners", async () => {
    open("/admin/staff", {}, clerk);
    expect(await screen.findByText("Owners only")).toBeTruthy();
  });

  it("shows an error with Try again when the list cannot be read", async () => {
    open("/admin/staff", { StaffMembers: () => ({ errors: [{ message: "boom" }] }) });
    expect(await screen.findByText("Error loading the staff")).toBeTruthy();
  });

  it("adds a member with a one-time password shown once, and by an emailed link; shows the gateway's refusal beside the field", async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    let answer: object = { data: { staffMemberCreate: { __typename: "StaffMemberCreatePayload", staffMember: member("s-9", "Pat New"), password: "Gen3rated-Pass_word1", userErrors: [] } } };
    const { calls } = open("/admin/staff", { ...staffAnswers([member("s-1", "Olive Owner", { role: "OWNER" })]), StaffMemberCreate: () => answer });
    const form = await screen.findByRole("form", { name: "Add a staff member" });
    fireEvent.click(within(form).getByRole("button", { name: "Add staff member" }));
    expect(await within(form).findByText("Enter their name")).toBeTruthy();
    type("Name", "Pat New", form);
    type("Email", "pat@shop.test", form);
    fireEvent.change(within(form).getByLabelText("Role"), { target: { value: "OWNER" } });
    fireEvent.click(within(form).getByLabelText(/Give a password once/));
    fireEvent.click(within(form).getByRole("button", { name: "Add staff member" }));
    const secret = await screen.findByRole("region", { name: "Password for pat@shop.test" });
    expect((within(secret).getByRole("textbox") as HTMLInputElement).value).toBe("Gen3rated-Pass_word1");
    fireEvent.click(within(secret).getByRole("button", { name: "Copy" }));
    expect(writeText).toHaveBeenCalledWith("Gen3rated-Pass_word1");
    expect(calls.find((c) => c.operation === "StaffMemberCreate")?.variables).toEqual({ input: { email: "pat@shop.test", name: "Pat New", role: "OWNER", inviteMethod: "ONE_TIME_PASSWORD" } });
    fireEvent.click(within(secret).getByRole("button", { name: "Done" }));

    answer = { data: { staffMemberCreate: { __typename: "StaffMemberCreatePayload", staffMember: null, password: null, userErrors: [userError("CONFLICT", "A staff member with this email already exists", "email")] } } };
    const again = await screen.findByRole("form", { name: "Add a staff member" });
    type("Name", "Pat Again", again);
    type("Email", "pat@shop.test", again);
    fireEvent.click(within(again).getByRole("button", { name: "Add staff member" }));
    expect(await within(again).findByText("A staff member with this email already exists")).toBeTruthy();

    answer = { data: { staffMemberCreate: { __typename: "StaffMemberCreatePayload", staffMember: member("s-10", "Eve Mail", { status: "INVITED" }), password: null, userErrors: [] } } };
    type("Name", "Eve Mail", again);
    type("Email", "eve@shop.test", again);
    fireEvent.click(within(again).getByLabelText(/Email a link/));
    fireEvent.click(within(again).getByRole("button", { name: "Add staff member" }));
    expect(await screen.findByText("Invitation sent to eve@shop.test.")).toBeTruthy();
    expect(calls.filter((c) => c.operation === "StaffMemberCreate").at(-1)?.variables).toMatchObject({ input: { inviteMethod: "EMAIL_LINK" } });
  });

  it("changes a role, disables after confirming, sends a reset link and turns off a lost device's two-factor", async () => {
    const dee = member("s-2", "Dee Desk", { twoFactorEnabled: true });
    const { calls } = open("/admin/staff", {
      ...staffAnswers([member("s-1", "Olive Owner", { role: "OWNER" }), dee]),
      StaffMemberUpdateRole: () => memberPayload("StaffMemberPayload", "staffMemberUpdateRole", { ...dee, role: "OWNER" }),
      StaffMemberDisable: () => memberPayload("StaffMemberPayload", "staffMemberDisable", { ...dee, status: "DISABLED" }),
      StaffMemberSendPasswordReset: () => memberPayload("StaffMemberPayload", "staffMemberSendPasswordReset", dee),
      StaffMemberTwoFactorReset: () => memberPayload("StaffMemberPayload", "staffMemberTwoFactorReset", { ...dee, twoFactorEnabled: false }),
    });
    const row = await screen.findByRole("listitem", { name: "Dee Desk" });
    fireEvent.change(within(row).getByLabelText("Role of Dee Desk"), { target: { value: "OWNER" } });
    expect(await screen.findByText("Dee Desk is now an owner.")).toBeTruthy();
    expect(calls.find((c) => c.operation === "StaffMemberUpdateRole")?.variables).toEqual({ id: "s-2", role: "OWNER" });

    fireEvent.click(within(row).getByRole("button", { name: "Disable Dee Desk" }));
    expect(calls.some((c) => c.operation === "StaffMemberDisable")).toBe(false);
    fireEvent.click(within(row).getByRole("button", { name: "Confirm disable" }));
    expect(await screen.findByText("Dee Desk is signed out and cannot sign in.")).toBeTruthy();

    fireEvent.click(within(row).getByRole("button", { name: "Send password reset to Dee Desk" }));
    expect(await screen.findByText("Dee Desk gets an email with a link to set a new password.")).toBeTruthy();

    fireEvent.click(within(row).getByRole("button", { name: "Turn off two-factor (lost device) for Dee Desk" }));
    fireEvent.click(within(row).getByRole("button", { name: "Confirm turning off" }));
    expect(await screen.findByText(/signs in with their password only/)).toBeTruthy();
    expect(calls.find((c) => c.operation === "StaffMemberTwoFactorReset")?.variables).toEqual({ id: "s-2" });
  });

  it("says why the last owner cannot be disabled", async () => {
    open("/admin/staff", {
      ...staffAnswers([member("s-1", "Olive Owner", { role: "OWNER" })]),
      StaffMemberDisable: () => memberPayload("StaffMemberPayload", "staffMemberDisable", null, [userError("CONFLICT", "The shop needs an active owner: make another owner first", "id")]),
    });
    const row = await screen.findByRole("listitem", { name: "Olive Owner" });
    fireEvent.click(within(row).getByRole("button", { name: "Disable Olive Owner" }));
    fireEvent.click(within(row).getByRole("button", { name: "Confirm disable" }));
    expect(await screen.findByText("The shop needs an active owner: make another owner first")).toBeTruthy();
  });

  it("turns the two-factor requirement on", async () => {
    const { calls } = open("/admin/staff", {
      ...staffAnswers([member("s-1", "Olive Owner", { role: "OWNER", twoFactorEnabled: true })], security({ twoFactorEnabled: true })),
      StaffTwoFactorRequirementSet: () => ({ data: { staffTwoFactorRequirementSet: { __typename: "StaffTwoFactorRequirementPayload", required: true, userErrors: [] } } }),
    });
    const toggle = await screen.findByRole("switch", { name: "Require two-factor sign-in for every staff member" });
    fireEvent.click(toggle);
    expect(await screen.findByText("Staff without it set it up at their next sign-in.")).toBeTruthy();
    expect(calls.find((c) => c.operation === "StaffTwoFactorRequirementSet")?.variables).toEqual({ required: true });
  });
});

describe("the Security page", () => {
  const setupAnswers = (): Answers => {
    let on = false;
    return {
      StaffSecurity: () => ({ data: { staffSecurity: security({ twoFactorEnabled: on, recoveryCodesLeft: on ? 10 : 0 }) } }),
      StaffTwoFactorSetupStart: () => ({
        data: {
          staffTwoFactorSetupStart: {
            __typename: "StaffTwoFactorSetupPayload",
            setup: { __typename: "StaffTwoFactorSetup", secret: "JBSWY3DPEHPK3PXP", otpauthUri: "otpauth://totp/x?secret=JBSWY3DPEHPK3PXP", qrCodeDataUrl: "data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=" },
            userErrors: [],
          },
        },
      }),
      StaffTwoFactorSetupConfirm: (variables) => {
        if (variables.code !== "123456") return { data: { staffTwoFactorSetupConfirm: { __typename: "StaffRecoveryCodesPayload", recoveryCodes: null, userErrors: [userError("INVALID_INPUT", "That code is not right, or it was used already", "code")] } } };
        on = true;
        return { data: { staffTwoFactorSetupConfirm: { __typename: "StaffRecoveryCodesPayload", recoveryCodes: Array.from({ length: 10 }, (_, i) => `abcde-fgh${i}k`), userErrors: [] } } };
      },
    };
  };

  it("sets up two-factor sign-in: QR code and key, a wrong code refused, then the recovery codes once with Copy", async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    open("/admin/security", setupAnswers(), clerk);
    fireEvent.click(await screen.findByRole("button", { name: "Set up two-factor sign-in" }));
    const qr = await screen.findByRole("img", { name: "QR code for your authenticator app" });
    expect(qr.getAttribute("src")).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(screen.getByLabelText("Setup key").textContent).toBe("JBSWY3DPEHPK3PXP");
    const form = screen.getByRole("form", { name: "Confirm two-factor setup" });
    type("Authentication code", "000000", form);
    fireEvent.click(within(form).getByRole("button", { name: "Turn on" }));
    expect(await within(form).findByText("That code is not right, or it was used already")).toBeTruthy();
    type("Authentication code", "123456", form);
    fireEvent.click(within(form).getByRole("button", { name: "Turn on" }));
    const codes = await screen.findByRole("region", { name: "Your recovery codes" });
    expect(within(codes).getAllByRole("listitem")).toHaveLength(10);
    fireEvent.click(within(codes).getByRole("button", { name: "Copy codes" }));
    expect(writeText).toHaveBeenCalledWith(expect.stringContaining("abcde-fgh0k\nabcde-fgh1k"));
    fireEvent.click(within(codes).getByRole("button", { name: "I have saved them" }));
    expect(screen.queryByRole("region", { name: "Your recovery codes" })).toBeNull();
    expect(await screen.findByText("10 of 10 recovery codes left")).toBeTruthy();
  });

  it("turns it off and makes new recovery codes, each with a code", async () => {
    const { calls } = open(
      "/admin/security",
      {
        StaffSecurity: () => ({ data: { staffSecurity: security({ twoFactorEnabled: true, recoveryCodesLeft: 7 }) } }),
        StaffRecoveryCodesRegenerate: () => ({ data: { staffRecoveryCodesRegenerate: { __typename: "StaffRecoveryCodesPayload", recoveryCodes: ["new11-codes"], userErrors: [] } } }),
        StaffTwoFactorDisable: () => ({ data: { staffTwoFactorDisable: { __typename: "StaffMemberPayload", staffMember: { __typename: "StaffMember", id: "s-2", twoFactorEnabled: false }, userErrors: [] } } }),
      },
      clerk,
    );
    expect(await screen.findByText("7 of 10 recovery codes left")).toBeTruthy();
    const regenerate = screen.getByRole("form", { name: "New recovery codes" });
    type("Authentication code", "654321", regenerate);
    fireEvent.click(within(regenerate).getByRole("button", { name: "Make new codes" }));
    expect(await screen.findByRole("region", { name: "Your recovery codes" })).toBeTruthy();
    const off = screen.getByRole("form", { name: "Turn off two-factor sign-in" });
    type("Authentication code", "abcde-fghjk", off);
    fireEvent.click(within(off).getByRole("button", { name: "Turn off" }));
    await screen.findByText("7 of 10 recovery codes left");
    expect(calls.filter((c) => c.operation === "StaffTwoFactorDisable").map((c) => c.variables)).toEqual([{ code: "abcde-fghjk" }]);
  });

  it("is all a member sees while the shop requires two-factor sign-in and they have none", async () => {
    open("/admin/orders", setupAnswers(), { ...clerk, twoFactorSetupRequired: true });
    expect(await screen.findByText("Set up two-factor sign-in to continue")).toBeTruthy();
    expect(screen.queryByRole("navigation", { name: "Admin" })).toBeNull();
    expect(screen.queryByRole("heading", { name: "Orders" })).toBeNull();
  });
});

describe("signing in with two-factor, and a forgotten password", () => {
  it("asks for the app's code after the password, or a recovery code", async () => {
    const { calls } = open(
      "/admin",
      {
        StaffLogin: () => ({ data: { staffLogin: { __typename: "StaffPayload", staff: null, twoFactorRequired: true, userErrors: [] } } }),
        StaffLoginTwoFactor: (variables) =>
          (variables.input as { code: string }).code === "abcde-fghjk"
            ? { data: { staffLoginTwoFactor: { __typename: "StaffPayload", staff: owner, userErrors: [] } } }
            : { data: { staffLoginTwoFactor: { __typename: "StaffPayload", staff: null, userErrors: [userError("INVALID_INPUT", "That code is not right, or it was used already", "code")] } } },
        AdminHome: () => homeAnswer(),
      },
      null,
    );
    const form = await screen.findByRole("form", { name: "Staff sign in" });
    type("Email", "owner@shop.test", form);
    type("Password", "correct horse battery", form);
    fireEvent.click(within(form).getByRole("button", { name: "Sign in" }));
    const second = await screen.findByRole("form", { name: "Two-factor sign in" });
    type("Authentication code", "111111", second);
    fireEvent.click(within(second).getByRole("button", { name: "Verify" }));
    expect((await screen.findByRole("alert")).textContent).toContain("That code is not right");
    fireEvent.click(within(second).getByRole("button", { name: "Use a recovery code instead" }));
    type("Recovery code", "abcde-fghjk", second);
    fireEvent.click(within(second).getByRole("button", { name: "Verify" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Home" }, { timeout: 5000 })).toBeTruthy();
    expect(calls.filter((c) => c.operation === "StaffLoginTwoFactor").map((c) => c.variables)).toEqual([{ input: { code: "111111" } }, { input: { code: "abcde-fghjk" } }]);
  });

  it("asks for a reset link, answering the same whoever the email belongs to", async () => {
    const { calls } = open("/admin", { StaffPasswordResetRequest: () => ({ data: { staffPasswordResetRequest: { __typename: "StaffOkPayload", ok: true, userErrors: [] } } }) }, null);
    await screen.findByRole("form", { name: "Staff sign in" });
    fireEvent.click(screen.getByRole("button", { name: "Forgot password?" }));
    const form = await screen.findByRole("form", { name: "Reset your password" });
    type("Email", " who@shop.test ", form);
    fireEvent.click(within(form).getByRole("button", { name: "Email me a link" }));
    expect(await screen.findByText("Check your email")).toBeTruthy();
    expect(calls.find((c) => c.operation === "StaffPasswordResetRequest")?.variables).toEqual({ email: "who@shop.test" });
    fireEvent.click(screen.getByRole("button", { name: "Back to sign in" }));
    expect(await screen.findByRole("form", { name: "Staff sign in" })).toBeTruthy();
  });

  it("sets a new password on the emailed link's page; a used link is refused with the reason", async () => {
    let used = false;
    const { calls } = open(
      "/admin/reset-password?token=tok-123",
      {
        StaffPasswordReset: () => {
          const answer = used
            ? { __typename: "StaffOkPayload", ok: null, userErrors: [userError("INVALID_INPUT", "This link does not work any more", "token")] }
            : { __typename: "StaffOkPayload", ok: true, userErrors: [] };
          used = true;
          return { data: { staffPasswordReset: answer } };
        },
      },
      null,
    );
    const form = await screen.findByRole("form", { name: "Set a new password" });
    type("New password", "short", form);
    type("Repeat the password", "short", form);
    fireEvent.click(within(form).getByRole("button", { name: "Set password" }));
    expect(await within(form).findByText("At least 8 characters")).toBeTruthy();
    type("New password", "a long new password", form);
    type("Repeat the password", "a long new password", form);
    fireEvent.click(within(form).getByRole("button", { name: "Set password" }));
    expect(await screen.findByText("Password set")).toBeTruthy();
    expect(calls.find((c) => c.operation === "StaffPasswordReset")?.variables).toEqual({ token: "tok-123", password: "a long new password" });
    expect(screen.getByRole("link", { name: "Go to sign in" }).getAttribute("href")).toBe("/admin");
  });
});
