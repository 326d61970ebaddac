import { Link } from "react-router-dom";
import { InfoPage } from "../features/info/InfoPage";
import { RETURN_CONDITION, RETURN_WINDOW_DAYS, SHIPS_WITHIN, SUPPORT_EMAIL } from "../features/info/policies";

export default function AboutRoute() {
  return (
    <InfoPage
      title="About Us"
      description="Satire Supply Co. prints political satire on t-shirts, mugs, hats and home goods, on demand."
      lead="We make merchandise for people who watch the news and laugh so they don't have to do the other thing."
    >
      <h2>Our mission</h2>
      <p>
        Politics takes itself very seriously. We don't. Satire Supply Co. turns the absurd moments of public life (the
        hearing about hearings, the eleven-hour speech, the form that requires a form) into things you can wear, sip from and give
        to the one relative who still reads the minutes.
      </p>

      <h2>What we value</h2>
      <ul>
        <li>
          <strong>Punching up.</strong> We joke about institutions, procedures and the powerful, never about people for who they are.
        </li>
        <li>
          <strong>Every side gets a turn.</strong> Red tape is bipartisan, and so is our sense of humor.
        </li>
        <li>
          <strong>Things that last.</strong> Good blanks and durable prints, so the joke outlives the news cycle.
        </li>
        <li>
          <strong>Straight answers.</strong> Clear prices, clear shipping times and a real person at the end of every email.
        </li>
      </ul>

      <h2>How print on demand works</h2>
      <p>
        Nothing sits in a warehouse waiting for a buyer. When you order, our print partners print your item, pack it and hand it to
        the carrier within {SHIPS_WITHIN}. Because every piece is made for you, we don't waste stock on slogans that aged badly, and
        we can put a new design in the shop the day the news hands it to us. It is also why we accept returns only for{" "}
        {RETURN_CONDITION}: see our <Link to="/returns">{RETURN_WINDOW_DAYS}-day returns policy</Link>.
      </p>

      <h2>A note on satire</h2>
      <p>
        Everything we sell is satire and parody. Our designs comment on politics and politicians; they are not endorsed by or
        affiliated with any government, party or public figure, and no quote on a mug should be taken as something anyone actually
        said. Read the full <Link to="/disclaimer">satire disclaimer</Link> and our <Link to="/content-policy">content policy</Link>.
      </p>

      <h2>Get in touch</h2>
      <ul>
        <li>
          Questions about an order: <Link to="/track">track your order</Link> or <Link to="/contact">contact us</Link>.
        </li>
        <li>
          Email: <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
        </li>
        <li>
          Answers to common questions: <Link to="/faq">FAQ</Link>.
        </li>
      </ul>
    </InfoPage>
  );
}
