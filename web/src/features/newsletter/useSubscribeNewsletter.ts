import { useMutation } from "@apollo/client/react";
import { useCallback } from "react";
import { notify } from "../../components/ui/toaster";
import { SubscribeNewsletterDocument } from "../../gql/graphql";

/** The newsletter sign-up and its toasts; resolves true when the address is on the list. */
export function useSubscribeNewsletter() {
  const [mutate, { loading }] = useMutation(SubscribeNewsletterDocument);
  const subscribe = useCallback(
    async (email: string): Promise<boolean> => {
      try {
        const { data } = await mutate({ variables: { email } });
        const problem = data?.subscribeNewsletter.userErrors[0];
        if (problem || !data?.subscribeNewsletter.email) {
          notify({ title: "Subscription failed", description: problem?.message ?? "Please try again.", type: "error" });
          return false;
        }
        notify({ title: "Thanks for subscribing!", description: `We'll send new designs to ${data.subscribeNewsletter.email}.`, type: "success" });
        return true;
      } catch {
        notify({ title: "Subscription failed", description: "We couldn't reach the shop. Please try again.", type: "error" });
        return false;
      }
    },
    [mutate],
  );
  return { subscribe, loading };
}
