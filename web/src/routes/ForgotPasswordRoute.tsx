import { useLocation } from "react-router-dom";
import { ForgotPasswordForm } from "../features/account/ForgotPasswordForm";
import { LinkPageFrame } from "../features/account/LinkPageFrame";
import { useHydrated } from "../lib/useHydrated";
import { usePageMeta } from "../lib/usePageMeta";

/** /account/forgot-password: asks for a reset link (the email filled in from ?email= once hydrated). */
export default function ForgotPasswordRoute() {
  usePageMeta("Forgot your password?", "Get a link to choose a new password for your Satire Supply Co. account.", { noindex: true });
  // Read in the browser only: the gateway renders this page without its query (it is private).
  const hydrated = useHydrated();
  const { search } = useLocation();
  const email = hydrated ? (new URLSearchParams(search).get("email") ?? "") : "";
  return (
    <LinkPageFrame title="Forgot your password?" lead="Enter your email and we'll send you a link to choose a new one.">
      <ForgotPasswordForm key={email} initialEmail={email} />
    </LinkPageFrame>
  );
}
