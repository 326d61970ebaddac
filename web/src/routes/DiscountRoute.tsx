import { Container, Text } from "@chakra-ui/react";
import { useApolloClient } from "@apollo/client/react";
import { useEffect, useRef } from "react";
import { useNavigate, useParams, useSearchParams } from "react-router-dom";
import { notify } from "../components/ui/toaster";
import { discountToast, updateDiscountCodes } from "../features/cart/cartDiscount";
import { useServerCart } from "../features/cart/ServerCartProvider";
import { usePageMeta } from "../lib/usePageMeta";

/**
 * Where a shared link sends the shopper after its code is applied: a path on this shop ("/cart"),
 * never another site ("//evil.example", "/\evil.example", which browsers read as one); home otherwise.
 */
export function sameOriginPath(value: string | null): string {
  if (!value || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return "/";
  // Browsers drop tabs and line breaks from addresses: "/\t/evil.example" would become "//evil.example".
  return [...value].some((c) => c < " " || c === "\u007f") ? "/" : value;
}

/**
 * /discount/:code, a shareable link: applies the code to the visitor's one cart (made when there is
 * none), then goes on to `?redirect=` (a path on this shop) or home, and says what came of it.
 */
export default function DiscountRoute() {
  usePageMeta("Applying discount code", "A discount code for your cart at Satire Supply Co.", { noindex: true });
  const { code = "" } = useParams();
  const [query] = useSearchParams();
  const navigate = useNavigate();
  const client = useApolloClient();
  const serverCart = useServerCart();
  const started = useRef(false);

  useEffect(() => {
    // Once per visit of the link (StrictMode runs effects twice in development).
    if (started.current) return;
    started.current = true;
    const next = sameOriginPath(query.get("redirect"));
    serverCart()
      .then((mirror) => updateDiscountCodes(client, mirror, [code]))
      .then(discountToast, () => discountToast(null))
      .then((toast) => {
        notify(toast);
        navigate(next, { replace: true });
      });
  }, [client, code, navigate, query, serverCart]);

  return (
    <Container maxW="2xl" py="24">
      <Text role="status" textAlign="center">
        Applying discount code {code}…
      </Text>
    </Container>
  );
}
