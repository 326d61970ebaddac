import { Button, IconButton, Skeleton } from "@chakra-ui/react";
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
  const preload = () => void loadDialog();

  let slot;
  if (status === "unknown") {
    slot = <Skeleton data-testid="account-pending" height="10" width={{ base: "10", sm: "24" }} borderRadius="md" aria-hidden="true" />;
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
