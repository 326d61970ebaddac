import { DeleteByLink } from "../features/account/DeleteByLink";
import { LinkPageFrame } from "../features/account/LinkPageFrame";
import { usePageMeta } from "../lib/usePageMeta";

/** /account/delete-account?token=…: confirms the deletion the emailed link asks for. */
export default function DeleteAccountRoute() {
  usePageMeta("Delete your account", "Confirm deleting your Satire Supply Co. account.", { noindex: true });
  return (
    <LinkPageFrame title="Delete your account" lead="You asked us to delete your account. Confirm it here.">
      <DeleteByLink />
    </LinkPageFrame>
  );
}
