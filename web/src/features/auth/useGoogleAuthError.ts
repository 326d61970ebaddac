import { useEffect, useRef } from "react";
import { useSearchParams } from "react-router-dom";
import { notify } from "../../components/ui/toaster";

/**
 * spec §8: the gateway sends a failed Google sign-in to /?auth_error=google. Say so once,
 * then take the parameter out of the address (a reload or a shared link must not say it again).
 */
export function useGoogleAuthError(): void {
  const [params, setParams] = useSearchParams();
  const failed = params.get("auth_error") === "google";
  const told = useRef(false);
  useEffect(() => {
    if (!failed) return;
    if (!told.current) {
      told.current = true;
      // After this render has committed: on a first load the toaster mounts in the same commit, and a
      // toast created before it listens would be lost.
      window.setTimeout(
        () =>
          notify({
            title: "Google authentication failed",
            description: "We couldn't sign you in with Google. Please try again, or sign in with your email and password.",
            type: "error",
          }),
        0,
      );
    }
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete("auth_error");
        return next;
      },
      { replace: true },
    );
  }, [failed, setParams]);
}
