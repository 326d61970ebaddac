type ToastKind = "success" | "error" | "info" | "warning" | "loading";

export interface ToastMessage {
  title: string;
  description?: string;
  type?: ToastKind;
  /** A button in the toast that undoes what it reports ("Undo"); the toast closes when it is pressed. */
  action?: { label: string; onClick(): void };
}

/** What the loaded toaster (toastHost.tsx) offers the shop's `notify` (toaster.tsx). */
export interface ToastOutlet {
  show(message: ToastMessage): void;
  clear(): void;
}
