import { LinkPageFrame } from "../features/account/LinkPageFrame";
import { VerifyEmail } from "../features/account/VerifyEmail";
import { usePageMeta } from "../lib/usePageMeta";

/** /account/verify-email?token=…: follows the emailed verification link. */
export default function VerifyEmailRoute() {
  usePageMeta("Confirm your email", "Confirm the email address of your Satire Supply Co. account.", { noindex: true });
  return (
    <LinkPageFrame title="Confirm your email" lead="Confirming your email keeps your account and your orders together.">
      <VerifyEmail />
    </LinkPageFrame>
  );
}
