/** The 409s of applying, shared by the checks and the unique indexes that back them up in a race. */
export const ALREADY_PENDING = 'You already have an expert application being reviewed. We will e-mail you once it has been reviewed.';
export const ALREADY_EXPERT =
  'Your account already has an expert profile, so there is nothing to apply for. Open your expert workspace instead.';
export const NO_APPLICATION = 'You have not applied to become an expert yet.';
