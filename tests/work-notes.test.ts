import { Linter } from "eslint";
import { describe, expect, it } from "vitest";
// @ts-expect-error -- a plain ES module of the lint setup, without types
import { findWorkNote, workNotesPlugin } from "../eslint/work-notes.js";

// The lint rule that keeps the tracker's history out of comments, test names and documents.
describe("work notes", () => {
  it.each([
    ["// keeps the cart (issue 13)", "issue 13"],
    ["issues 6 and 7: lines with designs", "issues 6 and 7"],
    ["see issue #15", "issue #15"],
    ["merged from i13-fcp", "i13-fcp"],
    ["measured at stop 20", "stop 20"],
  ])("finds %j", (text, found) => {
    expect(findWorkNote(text)?.text).toBe(found);
  });

  it.each([
    "Order #1004 ships today",
    "spec §4: quantity never below 1",
    "signed in on this session",
    "i18n-ready labels",
    "an issue with the carrier",
  ])("leaves %j alone", (text) => {
    expect(findWorkNote(text)).toBeNull();
  });

  it("says more of prose than of code", () => {
    expect(findWorkNote("done in this session", { prose: true })?.what).toBe("a note about the session");
    expect(findWorkNote("the fourth pass", { prose: true })?.what).toBe("a note about how the work went");
  });

  it("reports comments and test names through ESLint, and nothing else", () => {
    const linter = new Linter({ configType: "flat" });
    const config = [{ plugins: { notes: workNotesPlugin }, rules: { "notes/no-work-notes": "error" } }];
    const code = [
      "// fixed in issue 13",
      'describe.skipIf(false)("the admin (issue 15)", () => {});',
      'it.each([1])(`row ${"x"} from i14-finish`, () => {});',
      'const label = "Order #1004";',
      "/* spec §2: the hero */",
    ].join("\n");
    const messages = linter.verify(code, config as never).map((m) => [m.line, m.ruleId]);
    expect(messages).toEqual([
      [1, "notes/no-work-notes"],
      [2, "notes/no-work-notes"],
      [3, "notes/no-work-notes"],
    ]);
  });
});
