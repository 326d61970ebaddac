/**
 * What became of a share: sent through the browser's share sheet, the sheet closed by the shopper,
 * the link copied to the clipboard, or neither. What to tell the shopper is the caller's to say.
 */
export type ShareOutcome = "shared" | "dismissed" | "copied" | "failed";

/** The link copied to the clipboard (spec §8: when native share is unavailable). */
async function copyLink(url: string): Promise<ShareOutcome> {
  try {
    if (!navigator.clipboard) throw new Error("Clipboard unavailable");
    await navigator.clipboard.writeText(url);
    return "copied";
  } catch {
    return "failed";
  }
}

/** Native share where the browser has it; otherwise (or when it fails) the link is copied. */
export async function shareLink(data: { title: string; text?: string; url: string }): Promise<ShareOutcome> {
  if (typeof navigator.share === "function") {
    try {
      await navigator.share(data);
      return "shared";
    } catch (error) {
      // The shopper closed the share sheet: nothing to say.
      if (error instanceof DOMException && error.name === "AbortError") return "dismissed";
    }
  }
  return copyLink(data.url);
}
