/** The payment step's wording without a payment provider, shown before a booking is made and after. */
export const PAY_AFTER_SERVICE = 'Pay after service completion';
