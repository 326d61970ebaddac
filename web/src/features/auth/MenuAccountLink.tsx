import { useLocation } from "react-router-dom";
import { MenuLink } from "../../components/layout/MenuLink";
import { useSession } from "./useSession";

/**
 * The phone menu's account entry: Account (the dashboard: orders and details) when signed in, else
 * Sign in (the sign-in page, which comes back here after). Nothing while the session is unknown.
 */
export function MenuAccountLink() {
  const { status } = useSession();
  const location = useLocation();
  if (status === "unknown") return null;
  if (status === "signedIn") return <MenuLink to="/dashboard">Account</MenuLink>;
  return <MenuLink to={`/login?${new URLSearchParams({ next: location.pathname + location.search })}`}>Sign in</MenuLink>;
}
