import { Button, CloseButton, Dialog, HStack, Portal, Stack, Text } from "@chakra-ui/react";
import { CircleX } from "lucide-react";
import { useRef, useState } from "react";
import { keepOpenOnFocusOutside } from "../../../components/ui/modal";
import { FormProblem } from "../../auth/FormProblem";
import { Panel } from "../Panel";
import type { DeleteOutcome } from "./useProductMutations";

/**
 * Delete, behind a confirmation. The gateway archives instead a product that orders or carts name
 * (what was sold stays as it was sold): the dialog says so before, and the screen after.
 */
export function DeleteProduct({ title, archived, onDelete, deleting }: { title: string; archived: boolean; onDelete(): Promise<DeleteOutcome>; deleting: boolean }) {
  const [open, setOpen] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);

  const confirm = async () => {
    setProblem(null);
    const outcome = await onDelete();
    if (outcome.ok) setOpen(false);
    else setProblem(outcome.message);
  };

  return (
    <Panel title="Delete" id="product-delete">
      <HStack justify="space-between" align="center" gap="3" wrap="wrap">
        <Text fontSize="sm" color="fg.muted">
          {archived
            ? "Archived: shoppers no longer see it. Deleting removes it for good, unless orders or carts name it."
            : "Removes the product for good. A product on orders or in carts is archived instead."}
        </Text>
        <Button variant="outline" colorPalette="red" onClick={() => setOpen(true)}>
          <CircleX aria-hidden="true" /> Delete product
        </Button>
      </HStack>
      <Dialog.Root
        open={open}
        onOpenChange={(event) => !event.open && !deleting && setOpen(false)}
        role="alertdialog"
        placement="center"
        size="sm"
        initialFocusEl={() => cancelRef.current}
        onFocusOutside={keepOpenOnFocusOutside}
        lazyMount
        unmountOnExit
      >
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content>
              <Dialog.Header>
                <Dialog.Title>Delete “{title}”?</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="3">
                  <Dialog.Description>It leaves the shop for good. If orders or carts name it, it is archived instead, so what was sold stays as it was sold.</Dialog.Description>
                  <FormProblem message={problem} />
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button ref={cancelRef} variant="outline" onClick={() => setOpen(false)} disabled={deleting}>
                  Cancel
                </Button>
                <Button colorPalette="red" loading={deleting} onClick={() => void confirm()}>
                  Delete product
                </Button>
              </Dialog.Footer>
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" aria-label="Close" />
              </Dialog.CloseTrigger>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </Panel>
  );
}
