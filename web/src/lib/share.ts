import { notify, type ToastMessage } from "../components/ui/toaster";

interface ShareMessages {
  copied: ToastMessage;
  failed: ToastMessage;
}

/** The link copied to the clipboard (spec §8: when native share is unavailable). */
async function copyLink(url: string, messages: ShareMessages): Promise<void> {
  try {
    if (!navigator.clipboard) throw new Error("Clipboard unavailable");
    await navigator.clipboard.writeText(url);
    notify({ type: "success", ...messages.copied });
  } catch {
    notify({ type: "error", ...messages.failed });
  }
}

/** Native share where the browser has it; otherwise (or when it fails) the link is copied. */
export async function shareLink(data: { title: string; text?: string; url: string }, messages: ShareMessages): Promise<void> {
  if (typeof navigator.share === "function") {
    try {
      await navigator.share(data);
      return;
    } catch (error) {
      // The shopper closed the share sheet: nothing to say.
      if (error instanceof DOMException && error.name === "AbortError") return;
    }
  }
  await copyLink(data.url, messages);
}
