import { afterEach, describe, expect, it, vi } from "vitest";
import { shareLink, type ShareOutcome } from "./share";

type Share = (() => Promise<void>) | undefined;
type WriteText = (() => Promise<void>) | null;

const link = { title: "Satire Supply Co.", text: "Look", url: "https://shop.example/product/tee" };
const abort = () => Promise.reject(new DOMException("closed", "AbortError"));
const refuse = () => Promise.reject(new DOMException("not allowed", "NotAllowedError"));

function browser(share: Share, writeText: WriteText) {
  const shareMock = share ? vi.fn(share) : undefined;
  const writeMock = writeText ? vi.fn(writeText) : undefined;
  Object.defineProperty(navigator, "share", { value: shareMock, configurable: true });
  Object.defineProperty(navigator, "clipboard", { value: writeMock ? { writeText: writeMock } : undefined, configurable: true });
  return { shareMock, writeMock };
}

afterEach(() => {
  Object.defineProperty(navigator, "share", { value: undefined, configurable: true });
  Object.defineProperty(navigator, "clipboard", { value: undefined, configurable: true });
});

describe("shareLink: the browser's share sheet, else the clipboard, and what became of it", () => {
  it.each<[string, Share, WriteText, ShareOutcome, boolean]>([
    ["shared through the sheet", () => Promise.resolve(), () => Promise.resolve(), "shared", false],
    ["the sheet closed by the shopper: nothing copied", abort, () => Promise.resolve(), "dismissed", false],
    ["the sheet failing: the link is copied instead", refuse, () => Promise.resolve(), "copied", true],
    ["the sheet failing and the clipboard too", refuse, () => Promise.reject(new Error("denied")), "failed", true],
    ["no sheet: copied", undefined, () => Promise.resolve(), "copied", true],
    ["no sheet, the clipboard refusing", undefined, () => Promise.reject(new Error("denied")), "failed", true],
    ["no sheet and no clipboard", undefined, null, "failed", false],
  ])("%s", async (_case, share, writeText, outcome, copied) => {
    const { shareMock, writeMock } = browser(share, writeText);
    await expect(shareLink(link)).resolves.toBe(outcome);
    if (shareMock) expect(shareMock).toHaveBeenCalledWith(link);
    if (copied) expect(writeMock).toHaveBeenCalledWith(link.url);
    else if (writeMock) expect(writeMock).not.toHaveBeenCalled();
  });
});
