import { Link } from "react-router-dom";
import { InfoPage } from "../features/info/InfoPage";
import { SUPPORT_EMAIL, SUPPORT_RESPONSE_TIME } from "../features/info/policies";

export default function ContactRoute() {
  return (
    <InfoPage
      title="Contact Us"
      description="How to reach Satire Supply Co. about an order, a design or anything else."
      lead={`Real people answer every message, usually within ${SUPPORT_RESPONSE_TIME}.`}
    >
      <h2>Email</h2>
      <p>
        Write to <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>. We answer Monday to Friday, within {SUPPORT_RESPONSE_TIME}.
      </p>

      <h2>About an order</h2>
      <p>Please include your order number and the email you ordered with, so we can find it quickly.</p>
      <ul>
        <li>
          Where is my parcel? <Link to="/track">Track your order</Link> for its current status.
        </li>
        <li>
          Something arrived damaged or defective? See <Link to="/returns">returns</Link> and send us a photo.
        </li>
        <li>
          Delivery times and rates are on the <Link to="/shipping">shipping page</Link>.
        </li>
      </ul>

      <h2>Designs, ideas and complaints</h2>
      <p>
        Have a joke that deserves a t-shirt, or think one of ours crossed a line? We read everything. Our{" "}
        <Link to="/content-policy">content policy</Link> explains what we print and what we don't.
      </p>

      <h2>Before you write</h2>
      <p>
        Many answers are already in the <Link to="/faq">FAQ</Link>.
      </p>
    </InfoPage>
  );
}
