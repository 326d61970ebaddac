/**
 * For modal dialogs and drawers (`onFocusOutside`): focus is trapped inside them, so focus seen
 * outside is never the shopper leaving — it is a focus trap handing focus back for a moment (as it
 * does when its effects run again on a busy phone) or script moving it. Zag closes the dialog on
 * it; we keep it open, as Radix's modal dialogs do. A press outside, Escape and the close button
 * still close it.
 */
export function keepOpenOnFocusOutside(event: { preventDefault(): void }): void {
  event.preventDefault();
}
