import { Button, CloseButton, Dialog, Portal } from "@chakra-ui/react";
import { useRef } from "react";
import { keepOpenOnFocusOutside } from "../../components/ui/modal";

/** "Leave without saving?" (products, collections, memes): staying is the choice focused first, and what Escape does. */
export function LeaveDialog({ open, what, onStay, onLeave }: { open: boolean; what: string; onStay(): void; onLeave(): void }) {
  const stayRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(event) => !event.open && onStay()}
      role="alertdialog"
      placement="center"
      size="sm"
      initialFocusEl={() => stayRef.current}
      onFocusOutside={keepOpenOnFocusOutside}
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Leave without saving?</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Dialog.Description>Your changes to this {what} have not been saved. Leaving now loses them.</Dialog.Description>
            </Dialog.Body>
            <Dialog.Footer>
              <Button ref={stayRef} variant="outline" onClick={onStay}>
                Stay on this page
              </Button>
              <Button colorPalette="red" onClick={onLeave}>
                Leave without saving
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
