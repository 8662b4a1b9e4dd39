import type { MailMessage } from '../../mail/mailer.js';
import { PRODUCT_NAME } from '../../../common/brand.js';

/** The applicant's receipt: what happens next and when (5-7 business days, docs/PRODUCT.md#expert-application). */
export function applicationReceivedEmail(options: { to: string; firstName: string; specialty: string; baseUrl: string }): MailMessage {
  return {
    to: options.to,
    subject: `We received your ${PRODUCT_NAME} expert application`,
    text: [
      `Hello ${options.firstName},`,
      '',
      `Thank you for applying to join ${PRODUCT_NAME} as an expert (${options.specialty}).`,
      '',
      'Our team reviews every application, its references and insurance details within 5-7 business days. We will e-mail you once your application has been reviewed.',
      '',
      'Until then you can keep using your account as a boat owner, and see where your application stands at any time:',
      `${options.baseUrl}/expert/apply`,
      '',
      PRODUCT_NAME,
    ].join('\n'),
  };
}
