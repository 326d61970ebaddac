import { LinkPageFrame } from "../features/account/LinkPageFrame";
import { ResetPasswordForm } from "../features/account/ResetPasswordForm";
import { usePageMeta } from "../lib/usePageMeta";

/** /account/reset-password?token=…: a new password by the emailed link, then signed in. */
export default function ResetPasswordRoute() {
  usePageMeta("Choose a new password", "Choose a new password for your Satire Supply Co. account.", { noindex: true });
  return (
    <LinkPageFrame title="Choose a new password" lead="Once saved, you are signed in here and signed out everywhere else.">
      <ResetPasswordForm />
    </LinkPageFrame>
  );
}
