import { Button, IconButton, Skeleton } from "@chakra-ui/react";
import { useApolloClient } from "@apollo/client/react";
import { LogIn } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { AccountButton } from "./AccountButton";
import { useGoogleAuthError } from "./useGoogleAuthError";
import { customerName, useSession } from "./useSession";

// Only a signed-in customer needs the menu, and only someone signing in needs the dialog: neither is
// part of a first visit's download.
const loadMenu = () => import("./AccountMenu");
const loadDialog = () => import("./SignInDialog");
const AccountMenu = lazy(loadMenu);
const SignInDialog = lazy(loadDialog);

/**
 * The header's account slot: nothing but a placeholder while the session is unknown (so
 * neither state flashes), "Sign in" when signed out, the customer's name and menu when signed in.
 */
export function AccountSlot() {
  const { status, customer } = useSession();
  const [dialogOpen, setDialogOpen] = useState(false);
  const [dialogUsed, setDialogUsed] = useState(false);
  useGoogleAuthError();

  const openDialog = () => {
    setDialogUsed(true);
    setDialogOpen(true);
  };
  const client = useApolloClient();
  // On hover or focus of Sign in: the dialog's code, and the sign-in methods it shows.
  const preload = () => void loadDialog().then((dialog) => dialog.preloadSignInOptions(client));

  let slot;
  if (status === "unknown") {
    // As wide as the signed-out button it most often becomes (its icon on phones, "Sign in" from sm).
    slot = <Skeleton data-testid="account-pending" height="10" width={{ base: "10", sm: "5.125rem" }} borderRadius="md" aria-hidden="true" />;
  } else if (customer) {
    const name = customerName(customer);
    slot = (
      <Suspense fallback={<AccountButton name={name} />}>
        <AccountMenu name={name} />
      </Suspense>
    );
  } else {
    slot = (
      <>
        <IconButton aria-label="Sign in" variant="ghost" hideFrom="sm" onClick={openDialog} onPointerEnter={preload} onFocus={preload}>
          <LogIn />
        </IconButton>
        <Button variant="ghost" hideBelow="sm" onClick={openDialog} onPointerEnter={preload} onFocus={preload}>
          Sign in
        </Button>
      </>
    );
  }

  return (
    <>
      {slot}
      {dialogUsed && (
        <Suspense fallback={null}>
          <SignInDialog open={dialogOpen && status !== "signedIn"} onClose={() => setDialogOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
