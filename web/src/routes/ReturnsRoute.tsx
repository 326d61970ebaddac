import { Link } from "react-router-dom";
import { InfoPage } from "../features/info/InfoPage";
import { RETURN_CONDITION, RETURN_WINDOW_DAYS, SUPPORT_EMAIL, SUPPORT_RESPONSE_TIME } from "../features/info/policies";

export default function ReturnsRoute() {
  return (
    <InfoPage
      title="Returns & Exchanges"
      description={`Returns within ${RETURN_WINDOW_DAYS} days of delivery for ${RETURN_CONDITION}. How to ask for a replacement or refund.`}
      lead={`${RETURN_WINDOW_DAYS}-day returns for ${RETURN_CONDITION}.`}
    >
      <h2>What we accept</h2>
      <p>
        Every item is printed to order, just for you, so we can't take back a product because it was the wrong size or you changed
        your mind. We do stand behind our work: if your item arrives damaged or defective, tell us within {RETURN_WINDOW_DAYS} days of
        delivery and we will replace it or refund it, at no cost to you.
      </p>
      <p>That covers, for example:</p>
      <ul>
        <li>a print that is cracked, peeling, smudged, misaligned or not the design you ordered;</li>
        <li>a wrong item, size or colour compared with your order;</li>
        <li>a mug that arrives chipped or broken, or any item damaged in transit;</li>
        <li>seams, stitching or materials that fail in normal use.</li>
      </ul>

      <h2>How to ask for a return</h2>
      <ol>
        <li>
          Email <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a> within {RETURN_WINDOW_DAYS} days of delivery.
        </li>
        <li>Include your order number (it is on your confirmation page) and a photo of the problem.</li>
        <li>Tell us whether you would prefer a replacement or a refund.</li>
      </ol>
      <p>
        We answer within {SUPPORT_RESPONSE_TIME}. Most of the time you don't need to send anything back; if we do need the item, we
        send you a prepaid label.
      </p>

      <h2>Refunds</h2>
      <p>
        Refunds go back to the card you paid with, including any shipping you paid for the affected item. Your bank may take a few
        business days to show it.
      </p>

      <h2>Sizing help</h2>
      <p>
        Not sure which size to order? Each product page lists the fit and fabric under Product Details, and our{" "}
        <Link to="/faq">FAQ</Link> has sizing tips. When in doubt, <Link to="/contact">ask us</Link> before you order.
      </p>
    </InfoPage>
  );
}
