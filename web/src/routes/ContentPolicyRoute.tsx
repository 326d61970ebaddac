import { Link } from "react-router-dom";
import { InfoPage } from "../features/info/InfoPage";
import { SUPPORT_EMAIL } from "../features/info/policies";

export default function ContentPolicyRoute() {
  return (
    <InfoPage
      title="Content Policy"
      description="What Satire Supply Co. prints and what it doesn't: satire of the powerful, never hate or harassment."
      lead="Satire should make people think and laugh. Here is where we draw the line."
    >
      <h2>What we print</h2>
      <ul>
        <li>Satire and parody of politics, institutions, policies, procedures and public figures in their public roles.</li>
        <li>Jokes at the expense of every party and ideology, including ones we agree with.</li>
        <li>Your own text and images, when they follow this policy and you have the right to use them.</li>
      </ul>

      <h2>What we don't print</h2>
      <ul>
        <li>Hate speech, or attacks on people for their race, ethnicity, religion, gender, sexuality, disability or origin.</li>
        <li>Harassment or threats of any person, calls to violence, or content that glorifies violence.</li>
        <li>Sexual content, and anything involving minors.</li>
        <li>Misinformation presented as fact, such as false claims about how, when or where to vote.</li>
        <li>Private people's names, photos or personal details without their consent.</li>
        <li>Other people's trademarks, logos or artwork without permission.</li>
      </ul>

      <h2>Custom designs</h2>
      <p>
        Designs made in the shop are checked before printing. If one breaks this policy we cancel that item and refund it in full.
      </p>

      <h2>Reporting a design</h2>
      <p>
        If you think something in the shop crosses a line, email <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a> with a link
        to it. We review every report. See also our <Link to="/disclaimer">satire disclaimer</Link>.
      </p>
    </InfoPage>
  );
}
