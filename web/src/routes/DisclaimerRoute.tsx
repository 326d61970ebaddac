import { Link } from "react-router-dom";
import { InfoPage } from "../features/info/InfoPage";

export default function DisclaimerRoute() {
  return (
    <InfoPage
      title="Satire Disclaimer"
      description="Everything Satire Supply Co. sells is satire and parody, not affiliated with or endorsed by any government, party or public figure."
    >
      <p>
        <strong>Everything in this shop is satire and parody.</strong> Our designs, product names, descriptions and memes comment on
        politics and public life through exaggeration and humor. They are not statements of fact.
      </p>
      <ul>
        <li>
          We are not affiliated with, endorsed by or sponsored by any government, agency, political party, campaign or public figure.
        </li>
        <li>Quotes, titles and slogans on our products are invented for comedic effect unless stated otherwise.</li>
        <li>Fictional committees, bills and officials are fictional. Any resemblance to real proceedings is, sadly, often unavoidable.</li>
        <li>Buying a product is not a political donation, and we don't pass proceeds to any party or campaign.</li>
      </ul>
      <p>
        Satire is protected expression in many countries, and we take it seriously by not taking anyone else too seriously. Our{" "}
        <Link to="/content-policy">content policy</Link> explains the limits we keep.
      </p>
    </InfoPage>
  );
}
