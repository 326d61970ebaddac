import { InfoPage } from "../features/info/InfoPage";
import { SUPPORT_EMAIL } from "../features/info/policies";

export default function PrivacyRoute() {
  return (
    <InfoPage title="Privacy Policy" description="What Satire Supply Co. collects, why, and what we never do with it.">
      <p>We collect as little as we can to run the shop, and we never sell personal data.</p>

      <h2>What we collect</h2>
      <ul>
        <li>
          <strong>When you order:</strong> your email, name and shipping address, what you bought and what you paid. Your card is handled
          by our payment provider; we keep only its brand and last four digits.
        </li>
        <li>
          <strong>When you create an account:</strong> your email, display name and a securely hashed password (or your Google account
          id when you sign in with Google).
        </li>
        <li>
          <strong>When you join the newsletter:</strong> your email address.
        </li>
      </ul>

      <h2>What stays in your browser</h2>
      <p>
        Your cart and your light or dark theme choice are kept in your browser's local storage, not on our servers, until you check
        out. If you sign in, a session cookie keeps you signed in; it contains no personal data itself. We use no advertising or
        tracking cookies and no third-party analytics.
      </p>

      <h2>Why we use it</h2>
      <ul>
        <li>to make, ship and support your order, and to show it on your order status page;</li>
        <li>to let you see your orders when you are signed in;</li>
        <li>to send the newsletter, only if you subscribed.</li>
      </ul>

      <h2>Who we share it with</h2>
      <p>
        Only the people who need it to deliver your order: our print partners and carriers (name and shipping address) and our payment
        provider (payment details). Nobody else, unless the law requires it.
      </p>

      <h2>Your choices</h2>
      <p>
        On your account page you can download a copy of your data and delete your account. Deleting it removes your account, saved
        addresses and designs at once; your orders stay in our books without your name, email and address, which an order keeps until
        30 days after it ships (our return window). You can also ask us to correct your data, and you can leave the newsletter at any
        time. Write to <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
      </p>
    </InfoPage>
  );
}
