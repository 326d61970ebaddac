import { Link } from "react-router-dom";
import { InfoPage } from "../features/info/InfoPage";
import { RETURN_CONDITION, RETURN_WINDOW_DAYS, SHIPS_WITHIN, SUPPORT_EMAIL } from "../features/info/policies";

export default function TermsRoute() {
  return (
    <InfoPage title="Terms of Service" description="The terms for buying from Satire Supply Co.: orders, prices, shipping, returns and use of our designs.">
      <p>These terms apply when you use this shop or buy from it. By placing an order you agree to them.</p>

      <h2>Orders and prices</h2>
      <p>
        Prices are in US dollars. The price, shipping and total are shown on the checkout page before you pay, and that is what you
        are charged. An order is accepted once payment succeeds and you see your order confirmation. If we cannot make an item (for
        example, a print partner cannot source a blank), we tell you and refund it in full.
      </p>

      <h2>Made to order</h2>
      <p>
        Items are printed on demand after you order and ship within {SHIPS_WITHIN}. Colours on screen may differ slightly from the
        printed item. Delivery estimates are estimates, not guarantees; see <Link to="/shipping">Shipping Information</Link>.
      </p>

      <h2>Returns</h2>
      <p>
        You can return items within {RETURN_WINDOW_DAYS} days of delivery for {RETURN_CONDITION}, as described in our{" "}
        <Link to="/returns">returns policy</Link>. This does not limit any rights you have under the consumer law of your country.
      </p>

      <h2>Our designs</h2>
      <p>
        Designs, artwork and text in this shop belong to Satire Supply Co. or its artists. Buying a product lets you own and use that
        product; it does not license the design for reproduction. Our designs are satire and parody: see the{" "}
        <Link to="/disclaimer">satire disclaimer</Link>.
      </p>

      <h2>Designs you send us</h2>
      <p>
        If you submit text or images to be printed, you confirm that you have the right to use them and that they follow our{" "}
        <Link to="/content-policy">content policy</Link>. We may refuse to print anything that doesn't.
      </p>

      <h2>Liability</h2>
      <p>
        We are responsible for delivering what you ordered, made properly. We are not responsible for losses that could not
        reasonably be foreseen, or for jokes that land badly at family dinners.
      </p>

      <h2>Contact</h2>
      <p>
        Questions about these terms: <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
      </p>
    </InfoPage>
  );
}
