import { ProsePage } from '../app/prose-page';

export default function PrivacyPage() {
  return (
    <ProsePage title="Privacy Policy" updated="November 2026">
      <p>K&amp;B Marine keeps only what it needs to run the service for you.</p>
      <h2>What we store</h2>
      <p>
        Your account (name, e-mail, a hashed password) and the profile details you add; your questions to the AI assistant and
        its answers, so you can reopen a conversation; your bookings with experts. Photos you send for analysis are processed
        and not kept.
      </p>
      <h2>Cookies</h2>
      <p>One session cookie keeps you signed in. There are no advertising or tracking cookies and no third-party scripts.</p>
      <h2>Who sees it</h2>
      <p>
        Experts see the details of bookings you make with them. Administrators can see accounts to run the service. When the
        service is configured to use an external AI model, your question is sent to that provider to be answered.
      </p>
      <h2>Your choices</h2>
      <p>You can change your profile at any time from My Profile, and sign out of every device from Settings.</p>
    </ProsePage>
  );
}
