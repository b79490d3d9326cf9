import { Link } from 'react-router';
import { StaticPage } from '../layouts/static-page';
import { paths } from '../../lib/paths';

export function TermsPage() {
  return (
    <StaticPage
      eyebrow="Legal"
      title="Terms of use"
      intro="These terms explain what you can expect from DevPlay and what we expect from you. By creating an account you agree to them."
      updated="1 January 2025"
    >
      <section>
        <h2>1. Your account</h2>
        <ul>
          <li>You need a valid e-mail address, which you confirm with a code we send you.</li>
          <li>
            Keep your password to yourself. You are responsible for what happens under your account;
            tell us at once if you think someone else is using it.
          </li>
          <li>One person, one account. Usernames that impersonate others may be changed.</li>
          <li>
            You must be old enough to use online services without parental consent where you live.
          </li>
        </ul>
      </section>

      <section>
        <h2>2. What you post</h2>
        <p>
          Posts, comments, images, videos and messages stay yours. You give DevPlay the permission
          needed to store and show them to the people you share them with, and nothing more. When
          you delete something, we stop showing it.
        </p>
        <p>
          Only post what you have the right to share. No malware, no leaked credentials, no
          copyrighted code or game assets you do not own.
        </p>
      </section>

      <section>
        <h2>3. Fair play</h2>
        <ul>
          <li>Be respectful. No harassment, hate speech, threats or doxxing.</li>
          <li>No spam, scams, bots or mass-following.</li>
          <li>
            Tournaments are played fairly: no cheats, smurf accounts or match fixing. Admins fix the
            bracket and their decisions on results are final.
          </li>
        </ul>
      </section>

      <section>
        <h2>4. Balance and transfers</h2>
        <p>
          Your balance is shown in euro and can be sent to other members. Transfers are final once
          sent, so check the recipient before you confirm. We may hold or reverse transfers that
          look like fraud.
        </p>
      </section>

      <section>
        <h2>5. Moderation and ending your account</h2>
        <p>
          Admins may remove content or accounts that break these terms. You can delete your account
          at any time in Settings; your profile, posts and comments are removed with it.
        </p>
      </section>

      <section>
        <h2>6. The service</h2>
        <p>
          DevPlay is provided as it is. We work to keep it available and your data safe, but we
          cannot promise it will never be interrupted. Weather and news widgets come from third
          parties and may be inaccurate.
        </p>
      </section>

      <section>
        <h2>7. Changes and contact</h2>
        <p>
          If these terms change in a way that matters, we tell you before the change takes effect.
          Questions? See the <Link to={paths.contact}>contact page</Link>.
        </p>
      </section>
    </StaticPage>
  );
}
