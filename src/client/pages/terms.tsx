import { ProsePage } from '../app/prose-page';

export default function TermsPage() {
  return (
    <ProsePage title="Terms of Service" updated="November 2026">
      <p>By using K&amp;B Marine you agree to these terms.</p>
      <h2>Advice, not a guarantee</h2>
      <p>
        The AI assistant gives general guidance from a marine repair knowledge base. It cannot see or test your boat. Work on
        fuel, electrical and steering systems carries real risk: when in doubt, stop and book a certified expert.
      </p>
      <h2>Experts</h2>
      <p>
        Experts are independent professionals approved by K&amp;B Marine after reviewing their certifications and references.
        The agreement for a service is between you and the expert; K&amp;B Marine handles booking and payment.
      </p>
      <h2>Safety first</h2>
      <p>In an emergency on the water, call for help first: VHF channel 16 or your local emergency number.</p>
      <h2>Your account</h2>
      <p>Keep your password to yourself. We may suspend accounts that misuse the service or other people&apos;s data.</p>
    </ProsePage>
  );
}
