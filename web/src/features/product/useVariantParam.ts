import { useCallback, useState } from "react";
import { useSearchParams } from "react-router-dom";

/** The chosen variant's place in the address: Share and a reload keep the choice, and the gateway renders it. */
const VARIANT_PARAM = "variant";

/**
 * The product page's chosen variant id: the address's ?variant= (null when none), and a way to
 * choose another. A choice shows at once (the router applies address changes in a transition,
 * which would leave the pressed button a beat behind the click) and is written to the address
 * with replace, so Back leaves the product rather than stepping through colours; an address that
 * changes otherwise (Back/Forward, a link) is followed.
 */
export function useVariantParam(): [string | null, (variantId: string) => void] {
  const [params, setParams] = useSearchParams();
  const inAddress = params.get(VARIANT_PARAM);
  const [chosen, setChosen] = useState(inAddress);
  const [followed, setFollowed] = useState(inAddress);
  if (inAddress !== followed) {
    setFollowed(inAddress);
    setChosen(inAddress);
  }
  const choose = useCallback(
    (variantId: string) => {
      setChosen(variantId);
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.set(VARIANT_PARAM, variantId);
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );
  return [chosen, choose];
}
