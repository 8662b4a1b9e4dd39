// The contact feature's door: the 'Contact Us' form and the administrators' queue, for their pages.
export { ContactForm, type ContactBookingOption } from './contact-form';
export { ContactQueue } from './contact-queue';
