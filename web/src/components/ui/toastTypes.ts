type ToastKind = "success" | "error" | "info" | "warning" | "loading";

export interface ToastMessage {
  title: string;
  description?: string;
  type?: ToastKind;
}

/** What the loaded toaster (toastHost.tsx) offers the shop's `notify` (toaster.tsx). */
export interface ToastOutlet {
  show(message: ToastMessage): void;
  clear(): void;
}
