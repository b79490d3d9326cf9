import { Link } from 'react-router';
import { StaticPage } from '../layouts/static-page';
import { paths } from '../../lib/paths';

export function PrivacyPage() {
  return (
    <StaticPage
      eyebrow="Legal"
      title="Privacy policy"
      intro="We collect what DevPlay needs to work, we do not sell it, and you can take it with you or delete it."
      updated="1 January 2025"
    >
      <section>
        <h2>What we store</h2>
        <ul>
          <li>Account: e-mail address, username and your password as a one-way hash.</li>
          <li>Profile: avatar, full name, age and bio, if you fill them in.</li>
          <li>
            Activity: posts, comments, likes, follows, messages, transfers, calendar days and
            tournament entries.
          </li>
          <li>Security logs: sign-in times and IP addresses, kept to stop abuse.</li>
        </ul>
      </section>

      <section>
        <h2>Why we store it</h2>
        <p>
          To run your account, show your content to the people you share it with, deliver messages,
          keep balances correct and protect the community from spam and fraud.
        </p>
      </section>

      <section>
        <h2>Cookies</h2>
        <p>
          One cookie keeps you signed in. It cannot be read by scripts and is only sent to our API.
          There are no advertising or tracking cookies.
        </p>
      </section>

      <section>
        <h2>Who sees it</h2>
        <ul>
          <li>Other members see your public profile, posts and comments.</li>
          <li>Messages are visible only to you and the person you write to.</li>
          <li>Your e-mail address is never shown to other members.</li>
          <li>
            Weather and news are fetched by our server, so the providers never see who you are.
          </li>
        </ul>
      </section>

      <section>
        <h2>How long we keep it</h2>
        <p>
          As long as your account exists. When you delete your account, your data is removed within
          30 days; backups roll over within another 30 days.
        </p>
      </section>

      <section>
        <h2>Your rights</h2>
        <p>
          You can see and edit your data in your profile and settings, delete your account there,
          and ask us for a copy of everything we hold about you. Write to us through the{' '}
          <Link to={paths.contact}>contact page</Link>.
        </p>
      </section>
    </StaticPage>
  );
}
