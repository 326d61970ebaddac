import { useSearchParams } from "react-router-dom";
import { NewPromotionScreen, PromotionEditorScreen } from "./PromotionEditorScreen";
import { PromotionsScreen } from "./PromotionsScreen";

/**
 * The promotions' screens under /admin/promotions: the list (with the shipping threshold), "new"
 * (?type=shipping: a timed free-shipping offer), and a promotion's editor. One chunk, loaded when
 * staff first open them.
 */
export default function PromotionScreens({ id, isOwner }: { id: string | null; isOwner: boolean }) {
  const [params] = useSearchParams();
  if (id === null) return <PromotionsScreen isOwner={isOwner} />;
  if (id === "new") return <NewPromotionScreen key={params.get("type") ?? ""} type={params.get("type") === "shipping" ? "SHIPPING_OFFER" : "PERCENTAGE"} />;
  return <PromotionEditorScreen key={id} id={id} />;
}
