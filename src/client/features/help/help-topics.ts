/**
 * The Help Center's questions and answers (docs/PRODUCT.md#help-center), one topic per area of the
 * product, each with its anchor on /help. Every answer says what the product does now, as PRODUCT.md
 * describes it: a change there is a change here.
 */

export const HELP_TOPIC_IDS = ['accounts', 'bookings', 'payments', 'disputes', 'calls', 'boats'] as const;
export type HelpTopicId = (typeof HELP_TOPIC_IDS)[number];

export interface HelpQuestion {
  /** The question's own anchor on /help. */
  id: string;
  question: string;
  /** Paragraphs of plain text. */
  answer: string[];
}

export interface HelpTopic {
  id: HelpTopicId;
  title: string;
  questions: HelpQuestion[];
}

export const HELP_TOPICS: readonly HelpTopic[] = [
  {
    id: 'accounts',
    title: 'Your account',
    questions: [
      {
        id: 'create-account',
        question: 'How do I create an account?',
        answer: ["Choose 'Sign In' at the top of any page, then the 'Create Account' tab. Give your first and last name, your e-mail address and a password of at least 8 characters."],
      },
      {
        id: 'forgot-password',
        question: 'I forgot my password. What do I do?',
        answer: [
          "On the sign-in page choose 'Forgot password?' and enter your e-mail address. If an account uses it, we e-mail it a link to choose a new password; the link works for one hour.",
          'Choosing a new password signs you out everywhere else and makes any older reset link useless.',
        ],
      },
      {
        id: 'locked-out',
        question: 'Why does sign-in say there were too many failed attempts?',
        answer: [
          'After ten wrong passwords in ten minutes, your account refuses sign-ins from browsers it has not seen before for a few minutes. A browser you signed in with before can still try. Resetting your password lifts the wait at once.',
        ],
      },
      {
        id: 'change-email',
        question: 'How do I change my e-mail address?',
        answer: [
          'In My Profile, edit the e-mail address and enter your current password. We send a confirmation link to the new address; your account keeps the old address until you open the link, which works for 24 hours.',
        ],
      },
      {
        id: 'sign-out-everywhere',
        question: 'How do I sign out of other devices?',
        answer: ["In Settings, 'Where you are signed in' lists your sessions. 'Sign out of other sessions' ends all but this one. Changing your password does the same."],
      },
      {
        id: 'delete-account',
        question: 'Can I delete my account?',
        answer: [
          "There is no button for it. Write to us with 'Contact Us' while signed in and an administrator can delete it: your name and e-mail are removed, and so are your sessions, assistant conversations and boats. Your bookings stay, as the experts you booked keep their records of them.",
        ],
      },
      {
        id: 'become-expert',
        question: 'How do I become an expert?',
        answer: [
          "Follow 'Become an expert' at the bottom of any page and fill in the application while signed in. Our team reviews it, with its references and insurance details, within 5-7 business days and tells you the decision by e-mail.",
        ],
      },
    ],
  },
  {
    id: 'bookings',
    title: 'Booking an expert',
    questions: [
      {
        id: 'book-video',
        question: 'How do I book a video consultation?',
        answer: [
          "Choose an expert from 'Video Consultation' or the expert listing, describe the problem, and pick a date and one of the free times. A consultation lasts 30 minutes at the expert's video rate, shown before you book.",
        ],
      },
      {
        id: 'book-onsite',
        question: 'How does an onsite visit work?',
        answer: [
          "Book from 'Onsite Request' with the boat's address, a contact phone, the type of boat and the hours you expect (1 to 8). The estimate is the expert's hourly rate for those hours; parts are billed separately. The final invoice counts the hours actually worked.",
        ],
      },
      {
        id: 'confirmation',
        question: 'When is my booking confirmed?',
        answer: [
          "Some experts confirm at once; otherwise your booking shows 'Awaiting confirmation' until the expert confirms or declines it. A request nobody confirms expires 24 hours after it was made, or at its start if that is sooner. We e-mail you at each step.",
        ],
      },
      {
        id: 'cancel-reschedule',
        question: 'How do I cancel or move a booking?',
        answer: [
          "Open the booking from My Bookings. Before it starts you can 'Cancel booking', giving a reason, or 'Reschedule' to another free time. A moved booking with an expert who does not confirm at once waits for their confirmation again.",
        ],
      },
      {
        id: 'reminders',
        question: 'Will I be reminded?',
        answer: ['Yes: you and the expert get an e-mail 24 hours and 1 hour before a confirmed booking starts, with the call link or the boat\'s address.'],
      },
      {
        id: 'messages',
        question: 'How do I talk to my expert before the booking?',
        answer: [
          "Write on the booking's page: text, or photos with a caption. The expert sees a message at once when their page is open, and gets an e-mail if it waits unread for 15 minutes.",
        ],
      },
    ],
  },
  {
    id: 'payments',
    title: 'Payments and invoices',
    questions: [
      {
        id: 'when-pay',
        question: 'When do I pay?',
        answer: [
          'Nothing is charged when you book. Once the service is done, the expert completes the booking and its final invoice is issued; we e-mail it to you with its PDF. An invoice is due a week after it is issued.',
        ],
      },
      {
        id: 'how-pay',
        question: 'How can I pay?',
        answer: [
          "When card payment is available, pay on the booking's page with your card. You can also pay the expert in person (cash, cheque or card on site): they record it, and you confirm with 'Yes, I paid'.",
        ],
      },
      {
        id: 'invoice-contents',
        question: 'What is on my invoice?',
        answer: [
          "A video consultation is invoiced at its price. An onsite visit lists the hours worked at the booking's hourly rate, the parts and materials, and any travel fee. The booking's page has 'Download invoice (PDF)', which becomes the receipt once paid.",
        ],
      },
      {
        id: 'card-declined',
        question: 'My card was declined. What now?',
        answer: ["The invoice on the booking's page says so, and we e-mail you. You can try again with the same or another card, or pay the expert in person."],
      },
    ],
  },
  {
    id: 'disputes',
    title: 'Disputes and refunds',
    questions: [
      {
        id: 'dispute-invoice',
        question: 'I think my invoice is wrong. What can I do?',
        answer: [
          "Within 7 days of the invoice, choose 'Dispute this invoice' on the booking's page and say why. Payment waits while it is looked at.",
        ],
      },
      {
        id: 'dispute-outcome',
        question: 'What happens after I dispute an invoice?',
        answer: [
          'An administrator reviews it and decides: keep the invoice, lower an unpaid one, or refund part or all of a paid one (to the card, for a card payment). You and the expert are told each step by e-mail.',
        ],
      },
    ],
  },
  {
    id: 'calls',
    title: 'Video calls',
    questions: [
      {
        id: 'join-call',
        question: 'How do I join my video call?',
        answer: [
          "Use the call link in your confirmation e-mail or 'Join call' on the booking's page. The room opens 10 minutes before the start and closes 30 minutes after the scheduled end, and only once the expert has confirmed the booking.",
        ],
      },
      {
        id: 'call-needs',
        question: 'What do I need for a call?',
        answer: [
          'A browser with a camera and microphone, and permission for the page to use them. In the call you can mute, turn the camera off, share your screen, and switch to low-bandwidth mode on a weak connection.',
        ],
      },
      {
        id: 'call-recorded',
        question: 'Are calls recorded?',
        answer: [
          'No. The video goes directly between you and the expert and is never recorded. Afterwards the expert writes a follow-up summary of the findings and next steps, which we e-mail to you.',
        ],
      },
      {
        id: 'call-dropped',
        question: 'The call dropped. What should I do?',
        answer: ["The page shows 'Reconnecting...' and tries again by itself. If it does not recover, reload the page or open the call link again; joining from another window moves the call there."],
      },
    ],
  },
  {
    id: 'boats',
    title: 'My Boats',
    questions: [
      {
        id: 'add-boat',
        question: 'Why add my boat?',
        answer: [
          "Keep each boat once (up to 20) in My Boats, from the menu under your name: its type, make, model, year, length, hull, propulsion, up to four engines, home marina and a photo. The booking forms then offer it, and the assistant takes it into account.",
        ],
      },
      {
        id: 'who-sees-boat',
        question: 'Who can see my boat?',
        answer: [
          "You, and administrators. An expert sees a boat only in a booking it is attached to, as it was when booked. The photo is stored without its location and shown only to you and administrators.",
        ],
      },
      {
        id: 'engine-hours',
        question: 'Why can I not lower the engine hours?',
        answer: [
          "Engine hours only go up, as the maintenance schedule counts on them. If you typed a mistake, correct it in the boat's form. The expert of a booking for the boat may record them too.",
        ],
      },
      {
        id: 'maintenance',
        question: 'How does the maintenance schedule work?',
        answer: [
          "A new boat starts with the usual tasks for its engines and hull, due by date, engine hours or both. We e-mail you 14 and 2 days before a due date. Mark a task done and a recurring one moves on; the work goes into the boat's history, which you can download as a service record (PDF).",
        ],
      },
    ],
  },
];

/** The address of a topic, or of one question, on the Help Center. */
export function helpPath(topic: HelpTopicId, questionId?: string): string {
  return `/help#${questionId ?? topic}`;
}
