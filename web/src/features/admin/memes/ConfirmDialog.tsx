import { Button, CloseButton, Dialog, Portal, Stack } from "@chakra-ui/react";
import { useRef, useState, type ReactNode } from "react";
import { keepOpenOnFocusOutside } from "../../../components/ui/modal";
import { FormProblem } from "../../auth/FormProblem";
import type { ActionOutcome } from "./useMemeMutations";

interface ConfirmDialogProps {
  open: boolean;
  onClose(): void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  palette: "brand" | "red";
  busy: boolean;
  onConfirm(): Promise<ActionOutcome>;
}

/** Asks before a change staff cannot take back with Discard; Cancel has the focus, the refusal is said inside. */
export function ConfirmDialog({ open, onClose, title, description, confirmLabel, palette, busy, onConfirm }: ConfirmDialogProps) {
  const [problem, setProblem] = useState<string | null>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const confirm = async () => {
    setProblem(null);
    const outcome = await onConfirm();
    if (outcome.ok) onClose();
    else setProblem(outcome.message);
  };
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(event) => !event.open && !busy && onClose()}
      role="alertdialog"
      placement="center"
      size="sm"
      initialFocusEl={() => cancelRef.current}
      onFocusOutside={keepOpenOnFocusOutside}
      onExitComplete={() => setProblem(null)}
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">
                <Dialog.Description>{description}</Dialog.Description>
                <FormProblem message={problem} />
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button ref={cancelRef} variant="outline" onClick={onClose} disabled={busy}>
                Cancel
              </Button>
              <Button colorPalette={palette} loading={busy} onClick={() => void confirm()}>
                {confirmLabel}
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
