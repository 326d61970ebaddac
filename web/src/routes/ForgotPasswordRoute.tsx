import { useEffect, useState } from "react";
import { ForgotPasswordForm } from "../features/account/ForgotPasswordForm";
import { LinkPageFrame } from "../features/account/LinkPageFrame";
import { usePageMeta } from "../lib/usePageMeta";

/** /account/forgot-password: asks for a reset link (the email filled in from ?email= once hydrated). */
export default function ForgotPasswordRoute() {
  usePageMeta("Forgot your password?", "Get a link to choose a new password for your Satire Supply Co. account.", { noindex: true });
  // Read in the browser only: the gateway renders this page without its query (it is private).
  const [email, setEmail] = useState<string | null>(null);
  useEffect(() => setEmail(new URLSearchParams(window.location.search).get("email") ?? ""), []);
  return (
    <LinkPageFrame title="Forgot your password?" lead="Enter your email and we'll send you a link to choose a new one.">
      <ForgotPasswordForm key={email ?? ""} initialEmail={email ?? ""} />
    </LinkPageFrame>
  );
}
