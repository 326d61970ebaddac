import type { ApolloClient } from "@apollo/client";
import { CloseButton, Dialog, Portal } from "@chakra-ui/react";
import { AuthPanel, type AuthTab } from "./AuthPanel";
import { keepOpenOnFocusOutside } from "../../components/ui/modal";
import { SignInOptionsDocument } from "../../gql/graphql";

/** Asks which ways of signing in the shop offers while the dialog's code loads, so it opens complete. */
export function preloadSignInOptions(client: ApolloClient): void {
  void client.query({ query: SignInOptionsDocument }).catch(() => undefined);
}

interface SignInDialogProps {
  open: boolean;
  initialTab?: AuthTab;
  onClose(): void;
}

/** The header's sign-in dialog (loaded the first time it opens). */
export default function SignInDialog({ open, initialTab, onClose }: SignInDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={(e) => !e.open && onClose()} placement="center" onFocusOutside={keepOpenOnFocusOutside} size="sm" lazyMount unmountOnExit>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title fontFamily="heading" fontSize="2xl">
                Welcome to Satire Supply Co.
              </Dialog.Title>
            </Dialog.Header>
            <Dialog.Body pb="6">
              <AuthPanel initialTab={initialTab} onSignedIn={onClose} onLeave={onClose} />
            </Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
